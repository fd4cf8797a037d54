// Issue 21, item 1: a timer on the stack, started and leaked while queued, so that
// its stack frame is gone when it fires. Starting a borrowed timer (`Pin<&T>`) is
// `unsafe` (`UnsafeHrTimerPointer::start`); only the closure-scoped `start_scoped`,
// which cancels before returning, is safe.
use kernel::prelude::*;
use kernel::time::hrtimer::*;
use kernel::time::{Delta, Monotonic};
use pinned_init::stack_pin_init;

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

/// Leaves a queued timer behind in a stack frame that is gone.
fn leak() {
    stack_pin_init!(let timer = pin_init!(Alarm { timer <- HrTimer::new() }));
    let handle = timer.as_ref().start(Delta::from_millis(1));
    core::mem::forget(handle);
}

fn main() {}
