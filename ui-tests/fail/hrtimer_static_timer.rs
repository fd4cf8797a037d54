// Issue 21, item 2: a `static` timer is never dropped, so module unload would free it
// (and its callback's code) while it is queued. `HrTimer::new` returns an initializer
// that sets the C timer up in place (`impl PinInit<Self>`), not a timer, and is not
// `const`: there is no `static` timer to start.
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
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

static ALARM: Alarm = Alarm { timer: HrTimer::new() };

fn main() {
    let _handle = Pin::static_ref(&ALARM).start_scoped(Delta::from_millis(1), || ());
}
