// A timer in a relative mode expires a span from now: an instant is for the absolute
// modes.
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
use typed_clocks::Instant;

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

fn arm(alarm: Pin<&Alarm>) {
    alarm.start_scoped(Instant::<Monotonic>::now(), || ());
}

fn main() {}
