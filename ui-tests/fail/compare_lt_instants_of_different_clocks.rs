// `Instant<A> < Instant<B>` does not compile: ordering is only defined within one clock.
use typed_clocks::Instant;

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1 },
    RealTime { getter: ktime_get_real, monotonic: false, clockid: 0 },
}

fn main() {
    let deadline = Instant::<RealTime>::from_ktime(10);
    let now = Instant::<Monotonic>::from_ktime(5);
    let _ = now < deadline;
}
