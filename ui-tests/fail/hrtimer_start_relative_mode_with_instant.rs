// A timer in a relative mode expires a span from now: an instant is for the absolute
// modes.
use core::pin::Pin;
use typed_clocks::hrtimer::{
    HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerRestart, RelativeMode,
};
use typed_clocks::hrtimer::{HrTimerBindings, ScopedHrTimerPointer};
use typed_clocks::Instant;

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1, hrtimer: true },
}

struct Tick;

impl HrTimerCallback for Tick {
    type TimerMode = RelativeMode<Monotonic>;

    fn run(_this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        HrTimerRestart::NoRestart
    }
}

fn arm<K: HrTimerBindings>(timer: Pin<&HrTimer<Tick, K>>) {
    timer.start_scoped(Instant::<Monotonic>::now(), || ());
}

fn main() {}
