// SPDX-License-Identifier: GPL-2.0

//! The hrtimers held across a suspend and across wall-clock steps (the generated
//! `hrtimer` module over `kernel::bindings`). Each timer lives in a [`ModuleTimer`], a static
//! place that module init sets up in place and module exit cancels and drops, so it is
//! pinned and outlives the proc commands that arm and read it; one callback type,
//! [`Stamp`], records when it ran on three clocks. A timer that outlives the commands
//! that start it has no scope to be started in, so starting is the `unsafe`
//! `raw_start`, whose contract the module upholds by cancelling at exit. Everything
//! that touches the timer API is in this file.

use core::cell::UnsafeCell;
use core::marker::PhantomData;
use core::mem::MaybeUninit;
use core::pin::Pin;
use core::sync::atomic::{AtomicBool, AtomicI64, AtomicU32, Ordering};
use kernel::time::{hrtimer, BootTime, Monotonic, RealTime};
use kernel::time::{Delta, Instant, Ktime};

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

/// A module-lifetime place for one timer: set up in place by [`ModuleTimer::init`]
/// (module init), cancelled and dropped by [`ModuleTimer::exit`] (module exit).
pub(crate) struct ModuleTimer<M: hrtimer::HrTimerMode> {
    timer: UnsafeCell<MaybeUninit<Timer<M>>>,
    ready: AtomicBool,
}

// SAFETY: the timer is shared only as `&Timer<M>` (itself `Sync`: `Stamp` is atomics),
// once `init` has written it, and `exit` runs when nothing else does.
unsafe impl<M: hrtimer::HrTimerMode> Sync for ModuleTimer<M> {}

impl<M: hrtimer::HrTimerMode> ModuleTimer<M> {
    const fn new() -> Self {
        ModuleTimer {
            timer: UnsafeCell::new(MaybeUninit::uninit()),
            ready: AtomicBool::new(false),
        }
    }

    /// Sets the timer up in place. Module init only, once.
    fn init(&'static self) {
        // SAFETY: the place is a static's, writable and aligned, never moved, and not
        // reused before `exit` drops the timer in place; module init runs once, before
        // anything else uses it.
        unsafe { hrtimer::HrTimer::new(Stamp::<M>::new()).init(self.timer.get().cast()) };
        self.ready.store(true, Ordering::Release);
    }

    /// The timer; `None` before `init`.
    fn get(&'static self) -> Option<Pin<&'static Timer<M>>> {
        if !self.ready.load(Ordering::Acquire) {
            return None;
        }
        // SAFETY: `init` wrote the timer, and it stays in place until `exit`, which
        // runs when no command does.
        Some(unsafe { Pin::new_unchecked(&*self.timer.get().cast::<Timer<M>>()) })
    }

    /// Starts the timer, if set up.
    fn start<E: hrtimer::HrTimerExpiresFor<M>>(&'static self, expires: E) {
        if let Some(timer) = self.get() {
            // SAFETY: the timer lives in this static until `exit` cancels it (waiting
            // for a running callback) before dropping it; its data borrows nothing.
            unsafe { hrtimer::HrTimer::raw_start(&*timer, expires) };
        }
    }

    /// What the timer's [`Stamp`] recorded.
    fn fired(&'static self) -> Fired {
        let Some(timer) = self.get() else {
            return Fired {
                runs: 0,
                mono: Instant::from_ktime(0),
                boot: Instant::from_ktime(0),
                real: Instant::from_ktime(0),
            };
        };
        let stamp = timer.get_ref().data();
        Fired {
            runs: stamp.runs.load(Ordering::Acquire),
            mono: Instant::from_ktime(stamp.mono.load(Ordering::Relaxed)),
            boot: Instant::from_ktime(stamp.boot.load(Ordering::Relaxed)),
            real: Instant::from_ktime(stamp.real.load(Ordering::Relaxed)),
        }
    }

    /// Cancels the timer (waiting for a running callback) and drops it. Module exit
    /// only, when no command runs.
    fn exit(&'static self) {
        if self.ready.swap(false, Ordering::AcqRel) {
            let timer = self.timer.get().cast::<Timer<M>>();
            // SAFETY: `init` wrote the timer and nothing uses it any more: module exit
            // removed the proc file first. `drop_in_place` cancels it (its `Drop`)
            // before the place is given up with the module.
            unsafe { core::ptr::drop_in_place(timer) };
        }
    }
}

static SUSPEND_BOOT: ModuleTimer<hrtimer::RelativeMode<BootTime>> = ModuleTimer::new();
static SUSPEND_MONO: ModuleTimer<hrtimer::RelativeMode<Monotonic>> = ModuleTimer::new();
static STEP_REAL: ModuleTimer<hrtimer::AbsoluteMode<RealTime>> = ModuleTimer::new();
static STEP_MONO_BACK: ModuleTimer<hrtimer::RelativeMode<Monotonic>> = ModuleTimer::new();
static STEP_MONO_FORWARD: ModuleTimer<hrtimer::RelativeMode<Monotonic>> = ModuleTimer::new();

/// Sets every timer of this file up (module init).
pub(crate) fn init_all() {
    SUSPEND_BOOT.init();
    SUSPEND_MONO.init();
    STEP_REAL.init();
    STEP_MONO_BACK.init();
    STEP_MONO_FORWARD.init();
}

/// Arms the suspend pair: `RelativeMode<BootTime>` and `RelativeMode<Monotonic>`, both
/// `after` from now.
pub(crate) fn arm_suspend_pair(after: Delta) {
    SUSPEND_BOOT.start(after);
    SUSPEND_MONO.start(after);
}

/// `(BootTime timer, Monotonic timer)` of the suspend pair.
pub(crate) fn suspend_pair() -> (Fired, Fired) {
    (SUSPEND_BOOT.fired(), SUSPEND_MONO.fired())
}

/// Arms the `AbsoluteMode<RealTime>` timer of the steps at `at`.
pub(crate) fn arm_step_real(at: Instant<RealTime>) {
    STEP_REAL.start(at);
}

/// The `AbsoluteMode<RealTime>` timer of the steps.
pub(crate) fn step_real() -> Fired {
    STEP_REAL.fired()
}

/// Arms the relative `Monotonic` timer held across the backward step.
pub(crate) fn arm_step_mono_back(after: Delta) {
    STEP_MONO_BACK.start(after);
}

/// The relative `Monotonic` timer held across the backward step.
pub(crate) fn step_mono_back() -> Fired {
    STEP_MONO_BACK.fired()
}

/// Arms the relative `Monotonic` timer held across the forward step.
pub(crate) fn arm_step_mono_forward(after: Delta) {
    STEP_MONO_FORWARD.start(after);
}

/// The relative `Monotonic` timer held across the forward step.
pub(crate) fn step_mono_forward() -> Fired {
    STEP_MONO_FORWARD.fired()
}

/// Cancels and drops every timer of this file (module exit).
pub(crate) fn cancel_all() {
    SUSPEND_BOOT.exit();
    SUSPEND_MONO.exit();
    STEP_REAL.exit();
    STEP_MONO_BACK.exit();
    STEP_MONO_FORWARD.exit();
}

/// Sleeps in 1 ms steps until `done()` or `limit` has passed on `Monotonic`.
pub(crate) fn wait_until(limit: Delta, done: impl Fn() -> bool) {
    let start = Instant::<Monotonic>::now();
    while !done() && start.elapsed() < limit {
        kernel::time::delay::fsleep(Delta::from_millis(1));
    }
}

/// A raw `ktime_t` as an instant of `Monotonic` (for the kernel's own readings).
pub(crate) fn mono_at(ktime: Ktime) -> Instant<Monotonic> {
    Instant::from_ktime(ktime)
}
