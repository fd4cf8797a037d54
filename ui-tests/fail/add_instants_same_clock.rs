// `Instant<A> + Instant<A>` does not compile: a point in time plus a point in time
// is not a time. Add a `Delta` instead.
use typed_clocks::Instant;

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1 },
}

fn main() {
    let a = Instant::<Monotonic>::from_ktime(1);
    let b = Instant::<Monotonic>::from_ktime(2);
    let _ = a + b;
}
