// `Instant::to_clock` only converts between clocks the table relates through a
// timekeeper offset; two unrelated clocks do not convert.
use time_core::Instant;

time_core::declare_clocks! {
    Monotonic { getter: ktime_get, monotonic: true },
    MonotonicRaw { getter: ktime_get_raw, monotonic: true },
}

fn main() {
    let _ = Instant::<Monotonic>::from_ktime(0).to_clock::<MonotonicRaw>();
}
