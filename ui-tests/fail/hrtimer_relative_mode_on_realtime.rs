// The kernel queues a relative `CLOCK_REALTIME` timer on the monotonic base, so its
// expiry would be a monotonic time typed as a wall-clock one: there is no relative
// mode of `RealTime` (a relative timer is a `Monotonic` one; the absolute modes of
// `RealTime` remain).
use kernel::prelude::*;
use kernel::time::hrtimer::*;
use kernel::time::RealTime;

#[pin_data]
struct Wall {
    #[pin]
    timer: HrTimer<Self>,
}

kernel::impl_has_hr_timer! {
    impl HasHrTimer<Self> for Wall {
        mode: RelativeMode<RealTime>,
        field: self.timer
    }
}

fn main() {}
