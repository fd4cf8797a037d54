// A timer in an absolute mode on RealTime expires at a RealTime instant: starting it
// with a Monotonic instant would fire it at a time that means something else.
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
use typed_clocks::{Delta, Instant};

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
        mode: AbsoluteMode<RealTime>,
        field: self.timer
    }
}

fn arm(alarm: Pin<&Alarm>) {
    alarm.start_scoped(Instant::<Monotonic>::now() + Delta::from_secs(1), || ());
}

fn main() {}
