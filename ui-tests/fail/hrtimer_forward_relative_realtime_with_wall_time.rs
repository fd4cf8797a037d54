// The kernel queues a relative `CLOCK_REALTIME` timer on the monotonic base: its
// expiry is a monotonic time, so `forward`'s `now` is an `Instant<Monotonic>`
// (`HrTimerInstant<Self>`). Forwarding from the wall clock's time does not compile.
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
struct Wall {
    #[pin]
    timer: HrTimer<Self>,
}

impl HrTimerCallback for Wall {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(_this: Pin<&Self>, mut ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        ctx.forward(Instant::<RealTime>::now(), Delta::from_millis(1));
        HrTimerRestart::Restart
    }
}

typed_clocks::impl_has_hr_timer! {
    impl HasHrTimer<Self> for Wall {
        mode: RelativeMode<RealTime>,
        field: self.timer
    }
}

fn main() {}
