// SPDX-License-Identifier: GPL-2.0

//! The hrtimers held across a suspend and across wall-clock steps
//! (`kernel::time::hrtimer`). Each is a [`Stamp`], which records when its timer ran on
//! three clocks, in an `Arc` that module init allocates; a proc command starts it
//! through the `Arc` (a safe start: the data is `'static`) and keeps the handle, and
//! module exit drops the handle (cancelling the timer) and the `Arc`.

use core::marker::PhantomData;
use core::sync::atomic::{AtomicI64, AtomicU32, Ordering};
use kernel::prelude::*;
use kernel::sync::{Arc, ArcBorrow};
use kernel::time::hrtimer::{self, ArcHrTimerHandle, HrTimerPointer};
use kernel::time::{BootTime, Monotonic, RealTime};
use kernel::time::{Delta, Instant};

use crate::harness::Serialized;
use crate::{instant_at, ktime_of, Mode};

/// When a timer ran, on `Monotonic`, `BootTime` and `RealTime`, and how many times.
#[pin_data]
pub(crate) struct Stamp<M> {
    #[pin]
    timer: hrtimer::HrTimer<Self>,
    mono: AtomicI64,
    boot: AtomicI64,
    real: AtomicI64,
    runs: AtomicU32,
    _mode: PhantomData<fn() -> M>,
}

kernel::impl_has_hr_timer! {
    impl{M: Mode} HasHrTimer<Self> for Stamp<M> {
        mode: M,
        field: self.timer
    }
}

impl<M: Mode> Stamp<M> {
    fn new() -> impl PinInit<Self> {
        pin_init!(Self {
            timer <- hrtimer::HrTimer::new(),
            mono: AtomicI64::new(0),
            boot: AtomicI64::new(0),
            real: AtomicI64::new(0),
            runs: AtomicU32::new(0),
            _mode: PhantomData,
        })
    }
}

impl<M: Mode> hrtimer::HrTimerCallback for Stamp<M> {
    type Pointer<'a> = Arc<Self>;

    fn run(
        this: ArcBorrow<'_, Self>,
        _ctx: hrtimer::HrTimerCallbackContext<'_, Self>,
    ) -> hrtimer::HrTimerRestart {
        this.mono
            .store(ktime_of(Instant::<Monotonic>::now()), Ordering::Relaxed);
        this.boot
            .store(ktime_of(Instant::<BootTime>::now()), Ordering::Relaxed);
        this.real
            .store(ktime_of(Instant::<RealTime>::now()), Ordering::Relaxed);
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

/// A module-lifetime timer: its [`Stamp`] in an `Arc` (module init), and the handle of
/// its start, held from the command that arms it until module exit drops both, which
/// cancels it (waiting for a running callback).
pub(crate) struct ModuleTimer<M: Mode> {
    state: Serialized<Option<Held<M>>>,
}

/// A module timer's `Stamp`, and the handle of its start while it is armed.
type Held<M> = (Arc<Stamp<M>>, Option<ArcHrTimerHandle<Stamp<M>>>);

impl<M: Mode> ModuleTimer<M> {
    const fn new() -> Self {
        ModuleTimer {
            state: Serialized::new(None),
        }
    }

    /// Allocates the timer and sets it up in place. Module init only, once.
    fn init(&'static self) -> Result {
        let stamp = Arc::pin_init(Stamp::<M>::new(), GFP_KERNEL)?;
        // SAFETY: module init, before the proc file exists: nothing else runs here.
        *unsafe { self.state.get() } = Some((stamp, None));
        Ok(())
    }

    /// Starts the timer (a proc command), if set up.
    fn start(&'static self, expires: M::Expires) {
        // SAFETY: proc commands run one at a time.
        if let Some((stamp, handle)) = unsafe { self.state.get() } {
            // A new start replaces the old one: drop (cancel) the old handle first.
            drop(handle.take());
            *handle = Some(stamp.clone().start(expires));
        }
    }

    /// What the timer's [`Stamp`] recorded (a proc command).
    fn fired(&'static self) -> Fired {
        // SAFETY: proc commands run one at a time.
        let Some((stamp, _)) = (unsafe { self.state.get() }) else {
            return Fired {
                runs: 0,
                mono: instant_at(0),
                boot: instant_at(0),
                real: instant_at(0),
            };
        };
        Fired {
            runs: stamp.runs.load(Ordering::Acquire),
            mono: instant_at(stamp.mono.load(Ordering::Relaxed)),
            boot: instant_at(stamp.boot.load(Ordering::Relaxed)),
            real: instant_at(stamp.real.load(Ordering::Relaxed)),
        }
    }

    /// Cancels the timer (dropping its handle waits for a running callback) and frees
    /// it. Module exit only, after the proc file is gone.
    fn exit(&'static self) {
        // SAFETY: module exit, after the proc file is removed: nothing else runs here.
        drop(unsafe { self.state.get() }.take());
    }
}

static SUSPEND_BOOT: ModuleTimer<hrtimer::RelativeMode<BootTime>> = ModuleTimer::new();
static SUSPEND_MONO: ModuleTimer<hrtimer::RelativeMode<Monotonic>> = ModuleTimer::new();
static STEP_REAL: ModuleTimer<hrtimer::AbsoluteMode<RealTime>> = ModuleTimer::new();
static STEP_MONO_BACK: ModuleTimer<hrtimer::RelativeMode<Monotonic>> = ModuleTimer::new();
static STEP_MONO_FORWARD: ModuleTimer<hrtimer::RelativeMode<Monotonic>> = ModuleTimer::new();

/// Sets every timer of this file up (module init).
pub(crate) fn init_all() -> Result {
    SUSPEND_BOOT.init()?;
    SUSPEND_MONO.init()?;
    STEP_REAL.init()?;
    STEP_MONO_BACK.init()?;
    STEP_MONO_FORWARD.init()
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
pub(crate) fn mono_at(ktime: i64) -> Instant<Monotonic> {
    instant_at(ktime)
}
