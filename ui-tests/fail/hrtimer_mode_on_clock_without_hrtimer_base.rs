// The kernel has hrtimer bases for CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_BOOTTIME and
// CLOCK_TAI only: a timer mode on another clock (here one declared without
// `hrtimer = true`) has no base to run on.
use pinned_init::pin_data;
mod bindings {
    pub use ui_tests::bindings::*;
}

typed_clocks::declare_clocks! {
    unsafe(bindings = crate::bindings);
    kernel_services = true;
    Monotonic { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC },
}
use kernel_services::hrtimer::{HrTimer, RelativeMode};

#[pin_data]
struct Tick {
    #[pin]
    timer: HrTimer<Self>,
}

typed_clocks::impl_has_hr_timer! {
    impl HasHrTimer<Self> for Tick {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

fn main() {}
