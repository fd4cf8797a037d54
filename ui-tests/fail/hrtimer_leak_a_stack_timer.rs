// Issue 21, item 1: a timer on the stack, started and leaked while queued, so that
// its stack frame is gone when it fires. Starting a borrowed timer (`Pin<&T>`) is
// `unsafe` (`UnsafeHrTimerPointer::start`); only the closure-scoped `start_scoped`,
// which cancels before returning, is safe.
use pinned_init::pin_data;
mod bindings {
    pub use ui_tests::bindings::*;
}

typed_clocks::declare_clocks! {
    unsafe(bindings = crate::bindings);
    kernel_services = true;
    Monotonic { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC, hrtimer: true },
    RealTime { getter: ktime_get_real, monotonic: false, clockid: CLOCK_REALTIME, hrtimer: true },
}
use core::pin::Pin;
use kernel_services::hrtimer::*;
use typed_clocks::Delta;

use pinned_init::{pin_init, stack_pin_init};

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

typed_clocks::impl_has_hr_timer! {
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
