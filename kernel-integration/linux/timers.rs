// SPDX-License-Identifier: GPL-2.0

//! The hrtimers held across a suspend and across wall-clock steps, with the current
//! `hrtimer` API of time-core (the generated `hrtimer` module over `kbind`). Each timer
//! is a `static` (so it is pinned and outlives the proc commands that arm and read
//! it) with one callback type, [`Stamp`], that records when it ran on three clocks.
//! Everything that touches the timer API is in this file, in small functions.

use crate::{hrtimer, BootTime, Monotonic, RealTime};
use core::marker::PhantomData;
use core::pin::Pin;
use core::sync::atomic::{AtomicI64, AtomicU32, Ordering};
use time_core::{Delta, Instant, Ktime};

/// When a timer ran, on `Monotonic`, `BootTime` and `RealTime`, and how many times.
pub(crate) struct Stamp<M> {
    mono: AtomicI64,
    boot: AtomicI64,
    real: AtomicI64,
    runs: AtomicU32,
    _mode: PhantomData<fn() -> M>,
}

impl<M> Stamp<M> {
    const fn new() -> Self {
        Stamp {
            mono: AtomicI64::new(0),
            boot: AtomicI64::new(0),
            real: AtomicI64::new(0),
            runs: AtomicU32::new(0),
            _mode: PhantomData,
        }
    }
}

impl<M: hrtimer::HrTimerMode> hrtimer::HrTimerCallback for Stamp<M> {
    type TimerMode = M;

    fn run(
        this: Pin<&Self>,
        _ctx: hrtimer::HrTimerCallbackContext<'_, Self>,
    ) -> hrtimer::HrTimerRestart {
        this.mono
            .store(Instant::<Monotonic>::now().to_ktime(), Ordering::Relaxed);
        this.boot
            .store(Instant::<BootTime>::now().to_ktime(), Ordering::Relaxed);
        this.real
            .store(Instant::<RealTime>::now().to_ktime(), Ordering::Relaxed);
        this.runs.fetch_add(1, Ordering::Release);
        hrtimer::HrTimerRestart::NoRestart
    }
}

/// What a [`Stamp`] recorded.
#[derive(Clone, Copy)]
pub(crate) struct Fired {
    pub(crate) runs: u32,
    pub(crate) mono: Instant<Monotonic>,
    pub(crate) boot: Instant<BootTime>,
    pub(crate) real: Instant<RealTime>,
}

type Timer<M> = hrtimer::HrTimer<Stamp<M>>;

static SUSPEND_BOOT: Timer<hrtimer::RelativeMode<BootTime>> = hrtimer::HrTimer::new(Stamp::new());
static SUSPEND_MONO: Timer<hrtimer::RelativeMode<Monotonic>> = hrtimer::HrTimer::new(Stamp::new());
static STEP_REAL: Timer<hrtimer::AbsoluteMode<RealTime>> = hrtimer::HrTimer::new(Stamp::new());
static STEP_MONO_BACK: Timer<hrtimer::RelativeMode<Monotonic>> =
    hrtimer::HrTimer::new(Stamp::new());
static STEP_MONO_FORWARD: Timer<hrtimer::RelativeMode<Monotonic>> =
    hrtimer::HrTimer::new(Stamp::new());

fn fired<M: hrtimer::HrTimerMode>(timer: &'static Timer<M>) -> Fired {
    let stamp = timer.data();
    let runs = stamp.runs.load(Ordering::Acquire);
    Fired {
        runs,
        mono: Instant::from_ktime(stamp.mono.load(Ordering::Relaxed)),
        boot: Instant::from_ktime(stamp.boot.load(Ordering::Relaxed)),
        real: Instant::from_ktime(stamp.real.load(Ordering::Relaxed)),
    }
}

/// Arms the suspend pair: `RelativeMode<BootTime>` and `RelativeMode<Monotonic>`, both
/// `after` from now.
pub(crate) fn arm_suspend_pair(after: Delta) {
    Pin::static_ref(&SUSPEND_BOOT).start(after);
    Pin::static_ref(&SUSPEND_MONO).start(after);
}

/// `(BootTime timer, Monotonic timer)` of the suspend pair.
pub(crate) fn suspend_pair() -> (Fired, Fired) {
    (fired(&SUSPEND_BOOT), fired(&SUSPEND_MONO))
}

/// Arms the `AbsoluteMode<RealTime>` timer of the steps at `at`.
pub(crate) fn arm_step_real(at: Instant<RealTime>) {
    Pin::static_ref(&STEP_REAL).start(at);
}

/// The `AbsoluteMode<RealTime>` timer of the steps.
pub(crate) fn step_real() -> Fired {
    fired(&STEP_REAL)
}

/// Arms the relative `Monotonic` timer held across the backward step.
pub(crate) fn arm_step_mono_back(after: Delta) {
    Pin::static_ref(&STEP_MONO_BACK).start(after);
}

/// The relative `Monotonic` timer held across the backward step.
pub(crate) fn step_mono_back() -> Fired {
    fired(&STEP_MONO_BACK)
}

/// Arms the relative `Monotonic` timer held across the forward step.
pub(crate) fn arm_step_mono_forward(after: Delta) {
    Pin::static_ref(&STEP_MONO_FORWARD).start(after);
}

/// The relative `Monotonic` timer held across the forward step.
pub(crate) fn step_mono_forward() -> Fired {
    fired(&STEP_MONO_FORWARD)
}

/// Cancels every timer of this file (module exit: statics are never dropped).
pub(crate) fn cancel_all() {
    Pin::static_ref(&SUSPEND_BOOT).cancel();
    Pin::static_ref(&SUSPEND_MONO).cancel();
    Pin::static_ref(&STEP_REAL).cancel();
    Pin::static_ref(&STEP_MONO_BACK).cancel();
    Pin::static_ref(&STEP_MONO_FORWARD).cancel();
}

/// Sleeps in 1 ms steps until `done()` or `limit` has passed on `Monotonic`.
pub(crate) fn wait_until(limit: Delta, done: impl Fn() -> bool) {
    let start = Instant::<Monotonic>::now();
    while !done() && start.elapsed() < limit {
        crate::delay::fsleep(Delta::from_millis(1));
    }
}

/// A raw `ktime_t` as an instant of `Monotonic` (for the kernel's own readings).
pub(crate) fn mono_at(ktime: Ktime) -> Instant<Monotonic> {
    Instant::from_ktime(ktime)
}
