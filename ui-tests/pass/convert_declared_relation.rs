// A conversion the table declares compiles: `Boot` is `Mono` + `TK_OFFS_BOOT`, so
// `Mono -> Boot` and back go through the bindings module's `ktime_mono_to_any`.
use typed_clocks::{ext::InstantExt, Instant};

mod b {
    #![allow(non_upper_case_globals)]
    pub const tk_offsets_TK_OFFS_BOOT: u32 = 1;
    pub unsafe fn ktime_mono_to_any(ktime: i64, _offset: u32) -> i64 {
        ktime + 7
    }
    pub unsafe fn m() -> i64 {
        100
    }
    pub unsafe fn bt() -> i64 {
        107
    }
    pub unsafe fn r() -> i64 {
        3
    }
}

typed_clocks::declare_clocks! {
    unsafe(bindings = b);
    Mono { getter: m, monotonic: true, clockid: 1, offset_base: true },
    Boot { getter: bt, monotonic: true, clockid: 1, offset: TK_OFFS_BOOT },
    Raw { getter: r, monotonic: true, clockid: 1 },
}

fn main() {
    let mono = Instant::<Mono>::now();
    let boot: Instant<Boot> = mono.to_clock::<Boot>();
    assert_eq!(boot, Instant::<Boot>::now());
    assert_eq!(Instant::<Raw>::now().to_ktime(), 3);
}
