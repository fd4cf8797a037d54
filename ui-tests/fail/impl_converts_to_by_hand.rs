// The conversions of a table's clocks are the table's: `declare_clocks!` implements
// `ConvertsTo` between the offset base and each offset row, so a conversion written by
// hand for such a pair (here one that ignores the offset) is a conflicting impl.
use typed_clocks::{ConvertsTo, Instant};

mod b {
    #![allow(non_upper_case_globals)]
    pub const tk_offsets_TK_OFFS_BOOT: u32 = 1;
    pub unsafe fn ktime_mono_to_any(ktime: i64, _offset: u32) -> i64 {
        ktime
    }
    pub unsafe fn m() -> i64 {
        0
    }
    pub unsafe fn bt() -> i64 {
        0
    }
}

typed_clocks::declare_clocks! {
    unsafe(bindings = b);
    Mono { getter: m, monotonic: true, clockid: 1, offset_base: true },
    Boot { getter: bt, monotonic: true, clockid: 7, offset: TK_OFFS_BOOT },
}

impl ConvertsTo<Boot> for Mono {
    fn to_clock(instant: Instant<Mono>) -> Instant<Boot> {
        Instant::from_ktime(instant.as_nanos())
    }
}

fn main() {}
