// A `#[repr(packed)]` struct around a struct that holds a timer would misalign the C
// timer, which `impl_has_hr_timer!`'s check on the timer's own struct cannot see.
// `HrTimer` holds a `#[repr(align)]` type, and a packed struct cannot hold one at any
// depth (E0588).
use pinned_init::pin_data;
mod bindings {
    pub use ui_tests::bindings::*;
}

typed_clocks::declare_clocks! {
    unsafe(bindings = crate::bindings);
    kernel_services = true;
    Monotonic { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC, hrtimer: true },
}
use core::pin::Pin;
use kernel_services::hrtimer::*;

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

typed_clocks::impl_has_hr_timer! {
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
