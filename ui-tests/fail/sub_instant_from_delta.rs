// `Delta - Instant` does not compile: the order is `Instant - Delta`.
use typed_clocks::{Delta, Instant};

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1 },
}

fn main() {
    let now = Instant::<Monotonic>::from_ktime(1_000);
    let _ = Delta::from_nanos(10) - now;
}
