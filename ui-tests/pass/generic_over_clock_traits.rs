// Generic code works over any clock with `C: ClockSource`, and may call `elapsed()`
// with `C: MonotonicClock`.
use typed_clocks::{ext::{ClockSourceExt, InstantExt}, ClockSource, Delta, Instant, MonotonicClock};

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: pass_generic_mono, monotonic: true, clockid: 1 },
    RealTime { getter: pass_generic_real, monotonic: false, clockid: 0 },
}

#[unsafe(no_mangle)]
extern "C" fn pass_generic_mono() -> typed_clocks::Ktime {
    500
}

#[unsafe(no_mangle)]
extern "C" fn pass_generic_real() -> typed_clocks::Ktime {
    7
}

fn describe<C: ClockSourceExt>(at: Instant<C>) -> (&'static str, bool, typed_clocks::Ktime) {
    (C::NAME, C::MONOTONIC, at.to_ktime())
}

fn time_since<C: MonotonicClock>(start: Instant<C>) -> Delta {
    start.elapsed()
}

fn span<C: ClockSource>(a: Instant<C>, b: Instant<C>) -> Delta {
    b - a
}

fn main() {
    assert_eq!(describe(Instant::<RealTime>::now()), ("RealTime", false, 7));
    assert_eq!(
        describe(Instant::<Monotonic>::now()),
        ("Monotonic", true, 500)
    );
    assert_eq!(RealTime::ID, 0);
    assert_eq!(Monotonic::ID, 1);
    assert_eq!(
        time_since(Instant::<Monotonic>::from_ktime(200)),
        Delta::from_nanos(300)
    );
    let a = Instant::<RealTime>::from_ktime(1);
    assert_eq!(span(a, Instant::from_ktime(4)), Delta::from_nanos(3));
}
