// `impl_has_hr_timer!`'s internal arms are exported with it, so a caller can name the
// arm that writes the `unsafe impl<…>` directly, past the public arm's walk over the
// generic parameters. Patch 0001's `@generics [] [] [GENERICS] …` arm pastes them
// unchecked: here it adds `unsafe impl<T> Sync for Shared<T>`, two threads racing on
// a `Cell`, in a crate that forbids unsafe code. With the fix proposed for it, the arm
// hands them to `@impl`, which checks them: refused with the macro's own message.
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
    @generics [] [] [T> Sync for Shared<T> {} #[cfg(any())] impl<T]
    Holder<T>, Holder<T>, RelativeMode<kernel::time::Monotonic>, timer
}

fn main() {}
