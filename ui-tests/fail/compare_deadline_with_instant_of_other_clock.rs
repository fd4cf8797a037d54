// A deadline stays on its clock: checking a `Deadline<Monotonic>` against a `BootTime`
// reading does not compile (after a suspend the two clocks disagree).
use typed_clocks::{Deadline, Delta, Instant};

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1 },
    BootTime { getter: ktime_get_boottime, monotonic: true, clockid: 1 },
}

fn main() {
    let deadline = Deadline::at(Instant::<Monotonic>::from_ktime(0) + Delta::from_millis(5));
    let now = Instant::<BootTime>::from_ktime(1);
    let _ = now >= deadline.instant();
}
