// `impl_has_hr_timer!`'s internal arms are exported with it, so a caller can name the
// arm that writes the `unsafe impl<…>` directly, past the public arm's walk over the
// generic parameters. Pasted unchecked, they would add `unsafe impl<T> Sync for
// Shared<T>`, two threads racing on a `Cell`, in a crate that forbids unsafe code.
// Patch 0001's `@generics [] [] [GENERICS] …` arm hands them to `@impl`, which walks
// them again: refused with the macro's own message.
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
