// A timer in an absolute mode expires at an instant of its clock, not after a span:
// a `Delta` is for the relative modes.
use kernel::prelude::*;
use kernel::time::hrtimer::*;
use kernel::time::{Delta, Monotonic};

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
        mode: AbsoluteMode<Monotonic>,
        field: self.timer
    }
}

fn arm(alarm: Pin<&Alarm>) {
    alarm.start_scoped(Delta::from_secs(1), || ());
}

fn main() {}
