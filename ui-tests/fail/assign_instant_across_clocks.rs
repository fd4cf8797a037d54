// A variable of type `Instant<Monotonic>` cannot be assigned an `Instant<RealTime>`.
use typed_clocks::Instant;

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1 },
    RealTime { getter: ktime_get_real, monotonic: false, clockid: 0 },
}

fn main() {
    let mut last: Instant<Monotonic> = Instant::from_ktime(0);
    let wall = Instant::<RealTime>::from_ktime(5);
    last = wall;
    let _ = last;
}
