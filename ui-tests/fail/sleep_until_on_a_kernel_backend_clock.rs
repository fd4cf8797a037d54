// `posix::sleep_until` waits with `clock_nanosleep` on the deadline's own clock, so
// the clock must have a POSIX clock id: a clock of the kernel backend (read by its C
// getter) cannot be slept on.
use typed_clocks::{posix, Deadline, Instant};

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1 },
}

fn main() {
    let deadline = Deadline::at(Instant::<Monotonic>::from_ktime(0));
    let _ = posix::sleep_until(deadline);
}
