// The kernel has hrtimer bases for CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_BOOTTIME and
// CLOCK_TAI only: a timer mode on another clock (here `MonotonicRaw`,
// CLOCK_MONOTONIC_RAW) has no base to run on.
use kernel::prelude::*;
use kernel::time::hrtimer::*;
use kernel::time::MonotonicRaw;

#[pin_data]
struct Tick {
    #[pin]
    timer: HrTimer<Self>,
}

kernel::impl_has_hr_timer! {
    impl HasHrTimer<Self> for Tick {
        mode: AbsoluteMode<MonotonicRaw>,
        field: self.timer
    }
}

fn main() {}
