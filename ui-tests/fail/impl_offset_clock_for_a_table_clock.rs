// `ConvertsTo` follows from each clock's `OffsetClock` relation, which
// `declare_clocks!` implements for every row: a row the table relates to no other
// (here the raw clock) cannot be given a base by hand.
use typed_clocks::__private::OffsetClock;
use typed_clocks::Ktime;

mod bindings {
    #![allow(non_upper_case_globals)]
    pub const tk_offsets_TK_OFFS_BOOT: u32 = 1;
    /// # Safety
    /// Test double of the C function.
    pub unsafe fn ktime_mono_to_any(ktime: i64, _offset: u32) -> i64 { ktime }
    /// # Safety
    /// Test double of the C function.
    pub unsafe fn mono() -> i64 { 1 }
    /// # Safety
    /// Test double of the C function.
    pub unsafe fn raw() -> i64 { 2 }
}

typed_clocks::declare_clocks! {
    unsafe(bindings = bindings);
    Monotonic { getter: mono, monotonic: true, clockid: 1, offset_base: true },
    MonotonicRaw { getter: raw, monotonic: true, clockid: 4 },
}

impl OffsetClock for MonotonicRaw {
    type Base = Monotonic;
    fn offset() -> Ktime {
        0
    }
}

fn main() {}
