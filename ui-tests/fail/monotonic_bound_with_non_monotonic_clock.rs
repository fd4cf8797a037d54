// A generic API that requires `C: MonotonicClock` (e.g. a timeout helper) rejects a
// clock declared `monotonic = false`.
use typed_clocks::{Delta, Instant, MonotonicClock};

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    RealTime { getter: ktime_get_real, monotonic: false, clockid: 0 },
}

fn time_since<C: MonotonicClock>(start: Instant<C>) -> Delta {
    start.elapsed()
}

fn main() {
    let _ = time_since(Instant::<RealTime>::from_ktime(0));
}
