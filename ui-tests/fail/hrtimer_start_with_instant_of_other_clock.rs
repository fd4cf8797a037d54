// A timer in an absolute mode on RealTime expires at a RealTime instant: starting it
// with a Monotonic instant would fire it at a time that means something else.
use kernel::prelude::*;
use kernel::time::hrtimer::*;
use kernel::time::{Delta, Instant, Monotonic, RealTime};

#[pin_data]
struct Alarm {
    #[pin]
    timer: HrTimer<Self>,
}

impl HrTimerCallback for Alarm {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(_this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        HrTimerRestart::NoRestart
    }
}

kernel::impl_has_hr_timer! {
    impl HasHrTimer<Self> for Alarm {
        mode: AbsoluteMode<RealTime>,
        field: self.timer
    }
}

fn arm(alarm: Pin<&Alarm>) {
    alarm.start_scoped(Instant::<Monotonic>::now() + Delta::from_secs(1), || ());
}

fn main() {}
