// `Instant<A> - Instant<B>` does not compile: the difference of instants of two
// different clocks is meaningless (their epochs differ, and drift apart on suspend).
use typed_clocks::Instant;

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1 },
    BootTime { getter: ktime_get_boottime, monotonic: true, clockid: 1 },
}

fn main() {
    let start = Instant::<Monotonic>::from_ktime(0);
    let now = Instant::<BootTime>::from_ktime(5);
    let _ = now - start;
}
