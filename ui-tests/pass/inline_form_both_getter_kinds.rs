// The inline form, once with `extern "C"` getters declared by the macro and once with
// a bindings module (options first, each ending with `;`).
use typed_clocks::{ext::InstantExt, Delta, Instant};

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: pass_inline_mono, monotonic: true, clockid: 1, doc: "Since boot." },
    RealTime { getter: pass_inline_real, monotonic: false, clockid: 0 },
}

mod bound {
    typed_clocks::declare_clocks! {
        unsafe(bindings = crate::bindings);
        Raw { getter: raw_get, monotonic: true, clockid: CLOCK_MONOTONIC_RAW },
    }
}

mod bindings {
    pub unsafe fn raw_get() -> i64 {
        9
    }
    pub const CLOCK_MONOTONIC_RAW: u32 = 4;
}

#[unsafe(no_mangle)]
extern "C" fn pass_inline_mono() -> typed_clocks::Ktime {
    10
}

#[unsafe(no_mangle)]
extern "C" fn pass_inline_real() -> typed_clocks::Ktime {
    20
}

fn main() {
    use typed_clocks::ClockSource;
    assert_eq!(Instant::<Monotonic>::now().to_ktime(), 10);
    assert_eq!(Instant::<RealTime>::now().to_ktime(), 20);
    assert_eq!(Instant::<bound::Raw>::now().elapsed(), Delta::ZERO);
    assert_eq!(bound::Raw::ID, 4);
}
