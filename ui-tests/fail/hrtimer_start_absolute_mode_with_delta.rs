// A timer in an absolute mode expires at an instant of its clock, not after a span:
// `start(Delta)` is for the relative modes.
use core::pin::Pin;
use typed_clocks::hrtimer::{
    AbsoluteMode, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerRestart,
};
use typed_clocks::hrtimer::{HrTimerBindings, ScopedHrTimerPointer};
use typed_clocks::Delta;

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1, hrtimer: true },
}

struct Alarm;

impl HrTimerCallback for Alarm {
    type TimerMode = AbsoluteMode<Monotonic>;

    fn run(_this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        HrTimerRestart::NoRestart
    }
}

fn arm<K: HrTimerBindings>(timer: Pin<&HrTimer<Alarm, K>>) {
    timer.start_scoped(Delta::from_millis(5), || ());
}

fn main() {}
