// A clock declared `monotonic = false` cannot be declared monotonic by hand: that
// would make `elapsed()` available on a clock that can jump backwards.
typed_clocks::declare_clocks! {
    unsafe(extern "C");
    RealTime { getter: ktime_get_real, monotonic: false },
}

impl typed_clocks::MonotonicClock for RealTime {}

fn main() {}
