// A timer is forwarded from a time of the clock it runs on (`HrTimerInstant<Self>`,
// here `Instant<BootTime>`): forwarding a BootTime timer from the monotonic clock's
// time, which stops in suspend, does not compile.
use kernel::prelude::*;
use kernel::time::hrtimer::*;
use kernel::time::{BootTime, Delta, Instant, Monotonic};

#[pin_data]
struct Heartbeat {
    #[pin]
    timer: HrTimer<Self>,
}

impl HrTimerCallback for Heartbeat {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(_this: Pin<&Self>, mut ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        ctx.forward(Instant::<Monotonic>::now(), Delta::from_millis(1));
        HrTimerRestart::Restart
    }
}

kernel::impl_has_hr_timer! {
    impl HasHrTimer<Self> for Heartbeat {
        mode: AbsoluteMode<BootTime>,
        field: self.timer
    }
}

fn main() {}
