// A timer in a `#[repr(packed)]` struct would be misaligned, and C would set it up and
// queue it through that pointer. `impl_has_hr_timer!` asks no `unsafe` of its caller,
// so it must refuse such a field: a reference to it does not compile (E0793).
use kernel::prelude::*;
use kernel::time::hrtimer::*;
use kernel::time::Monotonic;

#[pin_data]
#[repr(C, packed)]
struct Ticks {
    pad: u8,
    #[pin]
    timer: HrTimer<Self>,
}

impl HrTimerCallback for Ticks {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(_this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        HrTimerRestart::NoRestart
    }
}

kernel::impl_has_hr_timer! {
    impl HasHrTimer<Self> for Ticks {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

fn main() {}
