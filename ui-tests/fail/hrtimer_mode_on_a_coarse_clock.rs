// A coarse clock advances only at the tick and has no hrtimer base of its own: a timer
// mode on it does not compile (use the fine clock, `Monotonic`).
use core::pin::Pin;
use typed_clocks::hrtimer::{AbsoluteMode, HrTimerCallback, HrTimerCallbackContext, HrTimerRestart};

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    MonotonicCoarse { getter: ktime_get_coarse, monotonic: true, clockid: 6, resolution: tick },
}

struct Timeout;

impl HrTimerCallback for Timeout {
    type TimerMode = AbsoluteMode<MonotonicCoarse>;

    fn run(_this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        HrTimerRestart::NoRestart
    }
}

fn main() {}
