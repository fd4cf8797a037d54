// A coarse clock advances only at the tick and has no hrtimer base of its own: a timer
// mode on it does not compile (use the fine clock, `Monotonic`).
use pinned_init::pin_data;
mod bindings {
    pub use ui_tests::bindings::*;
}

typed_clocks::declare_clocks! {
    unsafe(bindings = crate::bindings);
    kernel_services = true;
    Monotonic { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC, hrtimer: true },
    MonotonicCoarse { getter: ktime_get_coarse, monotonic: true, clockid: CLOCK_MONOTONIC_COARSE, resolution: tick },
}
use kernel_services::hrtimer::{AbsoluteMode, HrTimer};

#[pin_data]
struct Timeout {
    #[pin]
    timer: HrTimer<Self>,
}

typed_clocks::impl_has_hr_timer! {
    impl HasHrTimer<Self> for Timeout {
        mode: AbsoluteMode<MonotonicCoarse>,
        field: self.timer
    }
}

fn main() {}
