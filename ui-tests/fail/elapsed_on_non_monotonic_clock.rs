// `elapsed()` exists only on monotonic clocks: on a clock that can be stepped
// backwards (RealTime) it would silently return nonsense.
use typed_clocks::Instant;

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    RealTime { getter: ktime_get_real, monotonic: false, clockid: 0 },
}

fn main() {
    let start = Instant::<RealTime>::from_ktime(0);
    let _ = start.elapsed();
}
