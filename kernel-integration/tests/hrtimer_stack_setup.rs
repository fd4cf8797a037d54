//! Patch 0002: a timer on the stack is set up with `hrtimer_setup_on_stack()`, one
//! elsewhere with `hrtimer_setup()`. The host C model checks that as debugobjects
//! (`CONFIG_DEBUG_OBJECTS_TIMERS`) does, and warns "object … is on stack, but NOT
//! annotated" (or the reverse) otherwise; the check itself is shown to work on a plain
//! `hrtimer_setup()` of a stack place.
//!
//! Its own binary, so that the warnings it counts are its own.

use core::sync::atomic::{AtomicU32, Ordering};

use kernel::alloc::flags::GFP_KERNEL;
use kernel::bindings;
use kernel::impl_has_hr_timer;
use kernel::prelude::*;
use kernel::time::hrtimer::{
    HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerPointer, HrTimerRestart, RelativeMode,
    ScopedHrTimerPointer,
};
use kernel::time::{Delta, Monotonic};
use kernel::timekeeper;
use pinned_init::stack_pin_init;

mod support;
use support::warnings;

const MS: Delta = Delta::from_millis(1);

/// A timer started through `Pin<&Self>` (on the stack) that counts its callbacks.
#[pin_data]
struct OnStack {
    #[pin]
    timer: HrTimer<Self>,
    runs: AtomicU32,
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for OnStack {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

impl HrTimerCallback for OnStack {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.runs.fetch_add(1, Ordering::Relaxed);
        HrTimerRestart::NoRestart
    }
}

/// The same, started through `Pin<&mut Self>`.
#[pin_data]
struct OnStackMut {
    #[pin]
    timer: HrTimer<Self>,
    runs: AtomicU32,
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for OnStackMut {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

impl HrTimerCallback for OnStackMut {
    type Pointer<'a> = Pin<&'a mut Self>;

    fn run(this: Pin<&mut Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.runs.fetch_add(1, Ordering::Relaxed);
        HrTimerRestart::NoRestart
    }
}

/// The same, in a `KBox` (not on the stack).
#[pin_data]
struct InABox {
    #[pin]
    timer: HrTimer<Self>,
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for InABox {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

impl HrTimerCallback for InABox {
    type Pointer<'a> = Pin<KBox<Self>>;

    fn run(_this: Pin<&mut Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        HrTimerRestart::NoRestart
    }
}

#[test]
fn stack_timers_are_set_up_as_stack_timers_and_others_not() {
    let tk = timekeeper::test_mode();
    let before = warnings();

    stack_pin_init!(let shared = pin_init!(OnStack {
        timer <- HrTimer::new(),
        runs: AtomicU32::new(0),
    }));
    shared
        .as_ref()
        .start_scoped(MS, || tk.advance(MS).expect("advance"));
    assert_eq!(shared.runs.load(Ordering::Relaxed), 1);
    assert_eq!(warnings(), before, "a `Pin<&T>` timer on the stack");

    stack_pin_init!(let exclusive = pin_init!(OnStackMut {
        timer <- HrTimer::new(),
        runs: AtomicU32::new(0),
    }));
    exclusive
        .as_mut()
        .start_scoped(MS, || tk.advance(MS).expect("advance"));
    assert_eq!(exclusive.runs.load(Ordering::Relaxed), 1);
    assert_eq!(warnings(), before, "a `Pin<&mut T>` timer on the stack");

    let Ok(boxed) = KBox::pin_init(pin_init!(InABox { timer <- HrTimer::new() }), GFP_KERNEL);
    drop(boxed.start(MS));
    assert_eq!(warnings(), before, "a timer in a `KBox`");
}

#[test]
fn the_model_warns_about_a_stack_timer_set_up_as_another() {
    let _tk = timekeeper::test_mode();
    let before = warnings();
    unsafe extern "C" fn noop(_timer: *mut bindings::hrtimer) -> bindings::hrtimer_restart {
        bindings::hrtimer_restart::HRTIMER_NORESTART
    }
    let mut raw = core::mem::MaybeUninit::<bindings::hrtimer>::uninit();
    // SAFETY: `raw` is writable memory for a C timer, never started.
    unsafe {
        bindings::hrtimer_setup(
            raw.as_mut_ptr(),
            Some(noop),
            bindings::CLOCK_MONOTONIC as _,
            bindings::hrtimer_mode_HRTIMER_MODE_REL,
        )
    };
    assert_eq!(
        warnings(),
        before + 1,
        "plain hrtimer_setup() of a stack place"
    );
}
