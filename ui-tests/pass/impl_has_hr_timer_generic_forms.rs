// `impl_has_hr_timer!` for generic types, as upstream's callers write it: parameters
// with bounds, bounds with generic arguments (closed by `>>`), `Fn() -> u32` (whose
// `->` is not a closing `>`), lifetimes and const parameters. Under
// `#![forbid(unsafe_code)]`: the macro asks no `unsafe` of its caller because its
// expansion is sound for every input, and the lint does not look into it.
#![forbid(unsafe_code)]

use kernel::prelude::*;
use kernel::time::hrtimer::*;
use kernel::time::{BootTime, Monotonic};

#[pin_data]
struct Holder<T> {
    #[pin]
    timer: HrTimer<Self>,
    value: T,
}

kernel::impl_has_hr_timer! {
    impl{T: Send} HasHrTimer<Self> for Holder<T> {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

#[pin_data]
struct Callback<F> {
    #[pin]
    timer: HrTimer<Self>,
    f: F,
}

kernel::impl_has_hr_timer! {
    impl{F: Fn() -> u32} HasHrTimer<Self> for Callback<F> {
        mode: AbsoluteMode<BootTime>,
        field: self.timer
    }
}

#[pin_data]
struct Nested<'a, T, const N: usize> {
    #[pin]
    timer: HrTimer<Self>,
    values: &'a [Option<Vec<T>>; N],
}

kernel::impl_has_hr_timer! {
    impl{'a, T: Into<Option<Vec<u8>>>, const N: usize} HasHrTimer<Self> for Nested<'a, T, N> {
        mode: RelativeMode<Monotonic>,
        field: self.timer,
    }
}

fn has_timer<T: HasHrTimer<T>>() -> usize {
    core::mem::size_of::<T::TimerMode>()
}

fn main() {
    assert_eq!(has_timer::<Holder<u8>>(), 0);
    assert_eq!(has_timer::<Callback<fn() -> u32>>(), 0);
    assert_eq!(has_timer::<Nested<'static, Vec<u8>, 2>>(), 0);
}
