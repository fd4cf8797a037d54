// Issue 21, item 2: a `static` timer is never dropped, so module unload would free it
// (and its callback's code) while it is queued. `HrTimer::new` returns an initializer
// that sets the C timer up in place (upstream's `impl PinInit<Self>`), not a timer,
// and is not `const`: there is no `static` timer to start.
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

static ALARM: Alarm = Alarm { timer: HrTimer::new() };

fn main() {
    let _handle = Pin::static_ref(&ALARM).start_scoped(Delta::from_millis(1), || ());
}
