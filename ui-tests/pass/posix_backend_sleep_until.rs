// The posix backend: clocks read with `clock_gettime(clockid)`, and a deadline waited
// for on its own clock with `posix::sleep_until`.
use typed_clocks::{posix, Deadline, Delta, Instant};

typed_clocks::declare_clocks! {
    backend = posix;
    Monotonic { monotonic: true, clockid: CLOCK_MONOTONIC },
    BootTime { monotonic: true, clockid: CLOCK_BOOTTIME },
}

fn main() {
    let start = Instant::<Monotonic>::now();
    let deadline = Deadline::<Monotonic>::after(Delta::from_millis(1));
    posix::sleep_until(deadline).expect("CLOCK_MONOTONIC can be slept on");
    assert!(deadline.has_passed());
    assert!(start.elapsed() >= Delta::from_millis(1));
    posix::sleep_until(Deadline::<BootTime>::after(Delta::from_micros(10))).unwrap();
}
