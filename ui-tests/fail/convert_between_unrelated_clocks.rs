// `InstantExt::to_clock` converts only between clocks the table relates through a
// timekeeper offset. Here `Boot` is `Mono` + `TK_OFFS_BOOT` (so `Mono -> Boot`
// compiles, see `pass/convert_declared_relation.rs`), but `Raw` has no offset: no
// conversion between `Mono` and `Raw` exists.
use typed_clocks::{ext::InstantExt, Instant};

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
    pub unsafe fn r() -> i64 {
        0
    }
}

typed_clocks::declare_clocks! {
    unsafe(bindings = b);
    Mono { getter: m, monotonic: true, clockid: 1, offset_base: true },
    Boot { getter: bt, monotonic: true, clockid: 1, offset: TK_OFFS_BOOT },
    Raw { getter: r, monotonic: true, clockid: 1 },
}

fn main() {
    let _ = Instant::<Mono>::now().to_clock::<Raw>();
}
