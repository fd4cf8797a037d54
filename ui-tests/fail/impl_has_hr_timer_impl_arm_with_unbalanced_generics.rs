// With patch 0001's `impl_has_hr_timer!`, the one arm that
// writes the `unsafe impl<…>` is `@impl`, and it checks the generic parameters itself:
// called directly with parameters that close the `<` to add
// `unsafe impl<T> Sync for Shared<T>`, it is refused with the macro's own message.
#![forbid(unsafe_code)]

use core::cell::Cell;
use kernel::prelude::*;
use kernel::time::hrtimer::*;

pub struct Shared<T>(pub Cell<T>);

#[pin_data]
struct Holder<T> {
    #[pin]
    timer: HrTimer<Self>,
    value: T,
}

kernel::impl_has_hr_timer! {
    @impl [T> Sync for Shared<T> {} #[cfg(any())] impl<T]
    Holder<T>, Holder<T>, RelativeMode<kernel::time::Monotonic>, timer
}

fn main() {}
