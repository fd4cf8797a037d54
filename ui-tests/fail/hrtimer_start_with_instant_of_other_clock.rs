// A timer in an absolute mode on RealTime expires at a RealTime instant: starting it
// with a Monotonic instant would fire it at a time that means something else.
use core::pin::Pin;
use typed_clocks::hrtimer::{
    AbsoluteMode, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerRestart,
};
use typed_clocks::hrtimer::{HrTimerBindings, ScopedHrTimerPointer};
use typed_clocks::{Delta, Instant};

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1, hrtimer: true },
    RealTime { getter: ktime_get_real, monotonic: false, clockid: 0, hrtimer: true },
}

struct Alarm;

impl HrTimerCallback for Alarm {
    type TimerMode = AbsoluteMode<RealTime>;

    fn run(_this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        HrTimerRestart::NoRestart
    }
}

fn arm<K: HrTimerBindings>(timer: Pin<&HrTimer<Alarm, K>>) {
    timer.start_scoped(Instant::<Monotonic>::now() + Delta::from_secs(1), || ());
}

fn main() {}
