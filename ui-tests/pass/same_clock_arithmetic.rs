// Within one clock, instants and deltas combine as expected.
use typed_clocks::{ext::InstantExt, Delta, Instant};

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: pass_arith_ktime_get, monotonic: true, clockid: 1 },
}

#[unsafe(no_mangle)]
extern "C" fn pass_arith_ktime_get() -> typed_clocks::Ktime {
    1_000_000
}

fn main() {
    let start = Instant::<Monotonic>::from_ktime(1_000);
    let later = start + Delta::from_micros(5);
    assert_eq!(later.to_ktime(), 6_000);
    assert_eq!(later - start, Delta::from_nanos(5_000));
    assert_eq!(later - Delta::from_micros(5), start);
    assert!(start < later && start != later);
    assert_eq!(
        start
            .checked_add(Delta::from_nanos(1))
            .map(Instant::to_ktime),
        Some(1_001)
    );
    assert_eq!(start.saturating_duration_since(later), Delta::ZERO);
    let now = Instant::<Monotonic>::now();
    assert_eq!(now.to_ktime(), 1_000_000);
    assert_eq!(now.elapsed(), Delta::ZERO);
    let copy = now;
    assert_eq!(copy, now);
}
