// `Instant<A> + Instant<B>` does not compile either.
use typed_clocks::Instant;

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1 },
    BootTime { getter: ktime_get_boottime, monotonic: true, clockid: 1 },
}

fn main() {
    let a = Instant::<Monotonic>::from_ktime(1);
    let b = Instant::<BootTime>::from_ktime(2);
    let _ = a + b;
}
