// A timer in a relative mode expires a span from now: an instant is for the absolute
// modes.
use kernel::prelude::*;
use kernel::time::hrtimer::*;
use kernel::time::{Instant, Monotonic};

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
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

fn arm(alarm: Pin<&Alarm>) {
    alarm.start_scoped(Instant::<Monotonic>::now(), || ());
}

fn main() {}
