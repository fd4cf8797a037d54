// SPDX-License-Identifier: GPL-2.0

//! Hrtimers on every clock with an hrtimer base, on the stack: a periodic timer that
//! forwards itself, an absolute timer, and `cancel`.
//!
//! Each timer lives in a helper that returns what it saw; the test asserts after the
//! timer is gone, since a failed KUnit assertion ends the test's thread at once.

use super::Ktime;
use crate::prelude::*;
use crate::time::hrtimer::{
    self, HrTimerCallback, HrTimerCallbackContext, HrTimerHandle, HrTimerMode, HrTimerRestart,
    ScopedHrTimerPointer, UnsafeHrTimerPointer,
};
use crate::time::{delay, Delta, HrTimerClock, Instant, Monotonic};
use core::marker::PhantomData;
use core::pin::Pin;
use core::sync::atomic::{AtomicI64, AtomicU32, Ordering};
use pin_init::stack_pin_init;

/// The period of the periodic timers.
const PERIOD: Delta = Delta::from_millis(2);

/// A mode of an hrtimer.
trait Mode: HrTimerMode + 'static {}

impl<M: HrTimerMode + 'static> Mode for M {}

/// Sleeps in steps of 1 ms until `done()`, for at most ten seconds of `Monotonic`: a
/// timer that has not run by then never will.
fn wait_for(done: impl Fn() -> bool) {
    let start = Instant::<Monotonic>::now();
    while !done() && start.elapsed() < Delta::from_secs(10) {
        delay::fsleep(Delta::from_millis(1));
    }
}

/// A timer in mode `M` that records on `Monotonic` when it runs, and forwards itself
/// by one period from its base's time (`forward_now`) until it has run three times.
#[pin_data]
struct Periodic<M> {
    #[pin]
    timer: hrtimer::HrTimer<Self>,
    ran_at: [AtomicI64; 3],
    runs: AtomicU32,
    _mode: PhantomData<fn() -> M>,
}

crate::impl_has_hr_timer! {
    impl{M: Mode} HasHrTimer<Self> for Periodic<M> {
        mode: M,
        field: self.timer
    }
}

impl<M: Mode> Periodic<M> {
    fn new() -> impl PinInit<Self> {
        pin_init!(Self {
            timer <- hrtimer::HrTimer::new(),
            ran_at: [AtomicI64::new(0), AtomicI64::new(0), AtomicI64::new(0)],
            runs: AtomicU32::new(0),
            _mode: PhantomData,
        })
    }
}

impl<M: Mode> HrTimerCallback for Periodic<M> {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(this: Pin<&Self>, mut ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        let n = this.runs.fetch_add(1, Ordering::Relaxed) as usize;
        if let Some(slot) = this.ran_at.get(n) {
            slot.store(Instant::<Monotonic>::now().as_nanos(), Ordering::Relaxed);
        }
        if n + 1 >= this.ran_at.len() {
            return HrTimerRestart::NoRestart;
        }
        ctx.forward_now(PERIOD);
        HrTimerRestart::Restart
    }
}

/// What a periodic timer did: how often it ran, and whether its n-th run came no
/// earlier than n periods after it was started.
struct Runs {
    runs: u32,
    on_time: bool,
}

/// A periodic timer in the relative mode `M`, on the stack, started for one period.
fn periodic<M: Mode<Expires = Delta>>() -> Runs {
    stack_pin_init!(let timer = Periodic::<M>::new());
    let timer = timer.into_ref();
    let start = Instant::<Monotonic>::now();
    timer.start_scoped(PERIOD, || {
        wait_for(|| timer.runs.load(Ordering::Relaxed) >= 3)
    });
    let mut n = 0;
    let on_time = timer.ran_at.iter().all(|at| {
        n += 1;
        at.load(Ordering::Relaxed) - start.as_nanos() >= (PERIOD * n).as_nanos()
    });
    Runs {
        runs: timer.runs.load(Ordering::Relaxed),
        on_time,
    }
}

/// What `cancel` said of a started timer and then of the same timer idle, and how
/// often its callback ran.
struct Cancelled {
    started: bool,
    idle: bool,
    runs: u32,
}

/// A periodic timer in the relative mode `M`, started ten seconds ahead and cancelled at
/// once.
fn cancelled<M: Mode<Expires = Delta>>() -> Cancelled {
    stack_pin_init!(let timer = Periodic::<M>::new());
    let timer = timer.into_ref();
    // SAFETY: The handle is dropped at the end of this block, which cancels the timer,
    // before `timer` goes out of scope; it is never leaked.
    let (started, idle) = unsafe {
        let mut handle = timer.start(Delta::from_secs(10));
        let started = handle.cancel();
        (started, !handle.cancel())
    };
    Cancelled {
        started,
        idle,
        runs: timer.runs.load(Ordering::Relaxed),
    }
}

/// A one-shot timer at an absolute time on clock `C`: records when it ran, on `C`.
#[pin_data]
struct AtInstant<C: HrTimerClock> {
    #[pin]
    timer: hrtimer::HrTimer<Self>,
    ran_at: AtomicI64,
    runs: AtomicU32,
    _clock: PhantomData<fn() -> C>,
}

crate::impl_has_hr_timer! {
    impl{C: HrTimerClock} HasHrTimer<Self> for AtInstant<C> {
        mode: hrtimer::AbsoluteMode<C>,
        field: self.timer
    }
}

impl<C: HrTimerClock> AtInstant<C> {
    fn new() -> impl PinInit<Self> {
        pin_init!(Self {
            timer <- hrtimer::HrTimer::new(),
            ran_at: AtomicI64::new(0),
            runs: AtomicU32::new(0),
            _clock: PhantomData,
        })
    }
}

impl<C: HrTimerClock> HrTimerCallback for AtInstant<C> {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.ran_at
            .store(Instant::<C>::now().as_nanos(), Ordering::Relaxed);
        this.runs.fetch_add(1, Ordering::Relaxed);
        HrTimerRestart::NoRestart
    }
}

/// An absolute timer on `C`, 2 ms ahead, on the stack: how often it ran, and how late
/// after its expiry, on `C`.
fn absolute<C: HrTimerClock>() -> (u32, Ktime) {
    stack_pin_init!(let timer = AtInstant::<C>::new());
    let timer = timer.into_ref();
    let expires = Instant::<C>::now() + Delta::from_millis(2);
    timer.start_scoped(expires, || {
        wait_for(|| timer.runs.load(Ordering::Relaxed) >= 1)
    });
    let late = timer.ran_at.load(Ordering::Relaxed) - expires.as_nanos();
    (timer.runs.load(Ordering::Relaxed), late)
}

/// A relative timer on `Monotonic` that counts its runs.
#[pin_data]
struct Counted {
    #[pin]
    timer: hrtimer::HrTimer<Self>,
    runs: AtomicU32,
}

crate::impl_has_hr_timer! {
    impl HasHrTimer<Self> for Counted {
        mode: hrtimer::RelativeMode<Monotonic>,
        field: self.timer
    }
}

impl Counted {
    fn new() -> impl PinInit<Self> {
        pin_init!(Self {
            timer <- hrtimer::HrTimer::new(),
            runs: AtomicU32::new(0),
        })
    }
}

impl HrTimerCallback for Counted {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.runs.fetch_add(1, Ordering::Relaxed);
        HrTimerRestart::NoRestart
    }
}

/// A relative timer on `Monotonic` started `delta` from now, on the stack: how often it
/// ran within ten seconds.
fn relative(delta: Delta) -> u32 {
    stack_pin_init!(let timer = Counted::new());
    let timer = timer.into_ref();
    timer.start_scoped(delta, || {
        wait_for(|| timer.runs.load(Ordering::Relaxed) >= 1)
    });
    timer.runs.load(Ordering::Relaxed)
}

#[macros::kunit_tests(rust_time_hrtimer)]
mod tests {
    use super::*;
    use crate::time::hrtimer::{RelativeMode, RelativeSoftMode};
    use crate::time::{BootTime, RealTime, Tai};

    #[test]
    fn monotonic_periodic_forward_now() {
        let runs = periodic::<RelativeMode<Monotonic>>();
        assert_eq!(runs.runs, 3);
        assert!(runs.on_time);
    }

    #[test]
    fn boottime_periodic_forward_now() {
        let runs = periodic::<RelativeMode<BootTime>>();
        assert_eq!(runs.runs, 3);
        assert!(runs.on_time);
    }

    #[test]
    fn tai_periodic_forward_now() {
        let runs = periodic::<RelativeMode<Tai>>();
        assert_eq!(runs.runs, 3);
        assert!(runs.on_time);
    }

    #[test]
    fn tai_soft_periodic_forward_now() {
        let runs = periodic::<RelativeSoftMode<Tai>>();
        assert_eq!(runs.runs, 3);
        assert!(runs.on_time);
    }

    #[test]
    fn absolute_not_early_on_every_base() {
        let timers = [
            absolute::<Monotonic>(),
            absolute::<RealTime>(),
            absolute::<BootTime>(),
            absolute::<Tai>(),
        ];
        for (runs, late) in timers {
            assert_eq!(runs, 1);
            assert!(late >= 0);
        }
    }

    #[test]
    fn relative_with_a_negative_delta_runs_at_once() {
        assert_eq!(relative(Delta::from_nanos(-1)), 1);
    }

    #[test]
    fn cancel_on_every_base() {
        let timers = [
            cancelled::<RelativeMode<Monotonic>>(),
            cancelled::<RelativeMode<BootTime>>(),
            cancelled::<RelativeMode<Tai>>(),
        ];
        for cancelled in timers {
            assert!(cancelled.started && cancelled.idle);
            assert_eq!(cancelled.runs, 0);
        }
    }
}
