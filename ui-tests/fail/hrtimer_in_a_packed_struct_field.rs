// A `#[repr(packed)]` struct around a struct that holds a timer would misalign the C
// timer, which `impl_has_hr_timer!`'s check on the timer's own struct cannot see.
// `HrTimer` holds a `#[repr(align)]` type, and a packed struct cannot hold one at any
// depth (E0588).
use kernel::prelude::*;
use kernel::time::hrtimer::*;
use kernel::time::Monotonic;

#[pin_data]
struct Inner {
    #[pin]
    timer: HrTimer<Self>,
}

impl HrTimerCallback for Inner {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(_this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        HrTimerRestart::NoRestart
    }
}

kernel::impl_has_hr_timer! {
    impl HasHrTimer<Self> for Inner {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

#[pin_data]
#[repr(C, packed)]
struct Outer {
    tag: u8,
    #[pin]
    inner: Inner,
}

fn main() {}
