// A table with a `CLOCK_REALTIME` hrtimer clock and no `CLOCK_MONOTONIC` one has no
// relative modes for it: the kernel queues them on the monotonic base, and the table
// has no clock to type their expiries by. The absolute modes remain.
use pinned_init::pin_data;
mod bindings {
    pub use ui_tests::bindings::*;
}

typed_clocks::declare_clocks! {
    unsafe(bindings = crate::bindings);
    kernel_services = true;
    Monotonic { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC },
    RealTime { getter: ktime_get_real, monotonic: false, clockid: CLOCK_REALTIME, hrtimer: true },
}
use kernel_services::hrtimer::*;

#[pin_data]
struct Wall {
    #[pin]
    timer: HrTimer<Self>,
}

typed_clocks::impl_has_hr_timer! {
    impl HasHrTimer<Self> for Wall {
        mode: RelativeMode<RealTime>,
        field: self.timer
    }
}

fn main() {}
