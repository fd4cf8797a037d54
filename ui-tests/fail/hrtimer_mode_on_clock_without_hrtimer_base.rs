// The kernel has hrtimer bases for CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_BOOTTIME and
// CLOCK_TAI only: a timer mode on another clock (here one declared without
// `hrtimer = true`) has no base to run on.
use core::pin::Pin;
use typed_clocks::hrtimer::{HrTimerCallback, HrTimerCallbackContext, HrTimerRestart, RelativeMode};

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    MonotonicRaw { getter: ktime_get_raw, monotonic: true, clockid: 4 },
}

struct Tick;

impl HrTimerCallback for Tick {
    type TimerMode = RelativeMode<MonotonicRaw>;

    fn run(_this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        HrTimerRestart::NoRestart
    }
}

fn main() {}
