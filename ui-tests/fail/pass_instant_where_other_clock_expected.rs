// A function that takes `Instant<BootTime>` does not accept `Instant<Monotonic>`.
use typed_clocks::Instant;

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1 },
    BootTime { getter: ktime_get_boottime, monotonic: true, clockid: 1 },
}

fn record_wakeup(_at: Instant<BootTime>) {}

fn main() {
    let now = Instant::<Monotonic>::from_ktime(5);
    record_wakeup(now);
}
