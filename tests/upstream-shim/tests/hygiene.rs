//! The kernel's `impl_has_hr_timer!` expanded in hostile modules, `#![no_implicit_prelude]`
//! and a `mod core {}` shadowing `core`, for a plain timer struct and a generic one
//! (whose bound closes two `<` with one `>>`), and the timers then working on the host
//! hrtimer base: the macro's expansion names what it uses by absolute paths.

use core::marker::PhantomData;
use core::sync::atomic::{AtomicU32, Ordering};

use kernel::prelude::*;
use kernel::time::hrtimer::{
    HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerRestart, ScopedHrTimerPointer,
};
use kernel::time::Delta;
use kernel::timekeeper;
use pinned_init::stack_pin_init;

/// A timer that counts its callbacks.
#[pin_data]
struct Tick {
    #[pin]
    timer: HrTimer<Self>,
    runs: AtomicU32,
}

impl HrTimerCallback for Tick {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.runs.fetch_add(1, Ordering::Relaxed);
        HrTimerRestart::NoRestart
    }
}

/// A generic timer that counts its callbacks.
#[pin_data]
struct GenericTick<T> {
    #[pin]
    timer: HrTimer<Self>,
    runs: AtomicU32,
    _t: PhantomData<fn() -> T>,
}

impl<T: 'static + Into<Vec<u8>>> HrTimerCallback for GenericTick<T> {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.runs.fetch_add(1, Ordering::Relaxed);
        HrTimerRestart::NoRestart
    }
}

/// `impl_has_hr_timer!` under `#![no_implicit_prelude]`, beside a `mod core {}`.
mod has_timer {
    #![no_implicit_prelude]
    #![allow(dead_code)]
    mod core {}
    use super::{GenericTick, Tick};
    ::kernel::impl_has_hr_timer! {
        impl HasHrTimer<Self> for Tick {
            mode: ::kernel::time::hrtimer::RelativeMode<::kernel::time::Monotonic>,
            field: self.timer
        }
    }
    ::kernel::impl_has_hr_timer! {
        impl{T: 'static + ::std::convert::Into<::std::vec::Vec<u8>>} HasHrTimer<Self> for GenericTick<T> {
            mode: ::kernel::time::hrtimer::RelativeMode<::kernel::time::BootTime>,
            field: self.timer,
        }
    }
}

#[test]
fn timers_of_an_expansion_in_hostile_modules_run() {
    let tk = timekeeper::test_mode();
    stack_pin_init!(let tick = pin_init!(Tick {
        timer <- HrTimer::new(),
        runs: AtomicU32::new(0),
    }));
    stack_pin_init!(let generic = pin_init!(GenericTick::<String> {
        timer <- HrTimer::new(),
        runs: AtomicU32::new(0),
        _t: PhantomData,
    }));
    tick.as_ref().start_scoped(Delta::from_millis(1), || {
        generic.as_ref().start_scoped(Delta::from_millis(2), || {
            tk.advance(Delta::from_millis(2)).expect("advance");
        });
    });
    assert_eq!(tick.runs.load(Ordering::Relaxed), 1);
    assert_eq!(generic.runs.load(Ordering::Relaxed), 1);
}
