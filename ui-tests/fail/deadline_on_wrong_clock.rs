// A deadline stays on its clock: a `Deadline<BootTime>` cannot be built from a
// `Monotonic` instant plus a timeout.
use typed_clocks::{Deadline, Delta, Instant};

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1 },
    BootTime { getter: ktime_get_boottime, monotonic: true, clockid: 1 },
}

fn main() {
    let start = Instant::<Monotonic>::from_ktime(0);
    let _deadline: Deadline<BootTime> = Deadline::at(start + Delta::from_millis(5));
}
