// A coarse clock advances only at the tick and has no hrtimer base of its own: a timer
// mode on it does not compile (use the fine clock, `Monotonic`).
use kernel::prelude::*;
use kernel::time::hrtimer::*;
use kernel::time::MonotonicCoarse;

#[pin_data]
struct Timeout {
    #[pin]
    timer: HrTimer<Self>,
}

kernel::impl_has_hr_timer! {
    impl HasHrTimer<Self> for Timeout {
        mode: RelativeMode<MonotonicCoarse>,
        field: self.timer
    }
}

fn main() {}
