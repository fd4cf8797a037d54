// `impl_has_hr_timer!` pastes its generic parameters into the `unsafe impl<…>` it
// writes. Parameters that close that `<` themselves (with `>`, or `>>` that the parser
// splits, or `>=`) would add items of their own after it, here an
// `unsafe impl<T> Sync for Shared<T>` that lets two threads race on a `Cell`, in a
// crate that forbids unsafe code. Each is refused with the macro's own message (not
// by the lint: the crate's other `impl_has_hr_timer!` expansions compile under it).
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
    impl{T> Sync for Shared<T> {} #[cfg(any())] impl<T}
        HasHrTimer<Self> for Holder<T> {
        mode: RelativeMode<kernel::time::Monotonic>,
        field: self.timer
    }
}

kernel::impl_has_hr_timer! {
    impl{T: Into<T>> Sync for Shared<T> {} #[cfg(any())] impl<T: Into<T>}
        HasHrTimer<Self> for Holder<T> {
        mode: RelativeMode<kernel::time::Monotonic>,
        field: self.timer
    }
}

kernel::impl_has_hr_timer! {
    impl{T>= Sync for Shared<T> {} #[cfg(any())] impl<T}
        HasHrTimer<Self> for Holder<T> {
        mode: RelativeMode<kernel::time::Monotonic>,
        field: self.timer
    }
}

kernel::impl_has_hr_timer! {
    impl{T: Into<Option<T>}
        HasHrTimer<Self> for Holder<T> {
        mode: RelativeMode<kernel::time::Monotonic>,
        field: self.timer
    }
}

fn main() {}
