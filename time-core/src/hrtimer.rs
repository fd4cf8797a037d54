//! High-resolution timers typed by clock: the type layer of upstream's
//! `kernel::time::hrtimer`, and [`HrTimer`], a pinned timer whose callback returns
//! [`HrTimerRestart`].
//!
//! A timer's [`HrTimerMode`] fixes its clock and how its expiry is given: the
//! absolute modes (`AbsoluteMode<C>`, …) expire at an [`Instant<C>`] of their clock,
//! the relative ones (`RelativeMode<C>`, …) a [`Delta`] from now. Starting a
//! `RealTime` timer with a `Monotonic` instant, or an absolute timer with a `Delta`,
//! does not compile. Modes exist only for clocks with a kernel hrtimer base
//! ([`HrTimerClock`]: `hrtimer = true` in the clock table).
//!
//! The C calls (`hrtimer_setup`, `hrtimer_start_range_ns`, `hrtimer_cancel`,
//! `hrtimer_forward`) come from the bindings module through [`KernelServices`],
//! implemented by the kernel services template (`kernel_services = true`), whose
//! generated `hrtimer` module names `HrTimer<T>` with the table's services filled in.
//!
//! # States
//!
//! As upstream: a timer is **stopped** until started; **started** (queued on its
//! clock's base) until it expires; **running** while its callback runs, after which
//! it is started again if the callback returned [`HrTimerRestart::Restart`] and
//! stopped otherwise. [`HrTimer::cancel`] stops a started timer and waits for a
//! running callback to return. Dropping a timer cancels it.
//!
//! C header: `include/linux/hrtimer.h`.

use core::cell::UnsafeCell;
use core::marker::{PhantomData, PhantomPinned};
use core::mem::MaybeUninit;
use core::pin::Pin;
use core::ptr::NonNull;
use core::sync::atomic::{AtomicU8, Ordering};

use crate::clock::{HrTimerClock, Ktime};
use crate::delta::Delta;
use crate::instant::Instant;
use crate::services::KernelServices;

/// What a timer callback asks for: upstream's `HrTimerRestart`.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum HrTimerRestart {
    /// The timer stops (`HRTIMER_NORESTART`).
    NoRestart,
    /// The timer is queued again at its expiry time, which the callback normally
    /// moved on with [`HrTimerCallbackContext::forward`] (`HRTIMER_RESTART`).
    Restart,
}

/// A timer's expiry as the C functions take it: an [`Instant<C>`] for absolute modes,
/// a [`Delta`] from now for relative ones (upstream's `HrTimerExpires`).
pub trait HrTimerExpires {
    /// The expiry as a `ktime_t`: nanoseconds since the clock's epoch, or from now.
    fn as_nanos(&self) -> i64;
}

impl<C: crate::clock::ClockSource> HrTimerExpires for Instant<C> {
    #[inline]
    fn as_nanos(&self) -> i64 {
        self.to_ktime()
    }
}

impl HrTimerExpires for Delta {
    #[inline]
    fn as_nanos(&self) -> i64 {
        Delta::as_nanos(*self)
    }
}

/// The C `enum hrtimer_mode` of a mode, which the kernel services template maps to the
/// bindings' `hrtimer_mode_HRTIMER_MODE_*` constants.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
#[allow(missing_docs)]
pub enum RawHrTimerMode {
    Abs,
    Rel,
    AbsPinned,
    RelPinned,
    AbsSoft,
    RelSoft,
    AbsPinnedSoft,
    RelPinnedSoft,
    AbsHard,
    RelHard,
    AbsPinnedHard,
    RelPinnedHard,
}

mod sealed {
    pub trait Sealed {}
}

/// How a timer runs: its clock, whether its expiry is absolute or relative, and the
/// C mode flags (upstream's `HrTimerMode`). Implemented by the twelve mode types only.
pub trait HrTimerMode: sealed::Sealed {
    /// The C mode.
    const C_MODE: RawHrTimerMode;
    /// The clock whose hrtimer base the timer is queued on.
    type Clock: HrTimerClock;
    /// What [`HrTimer::start`] takes: `Instant<Self::Clock>` or `Delta`.
    type Expires: HrTimerExpires;
}

/// `Self` is a valid expiry for a timer in mode `M`: `Instant<C>` for the absolute
/// modes on clock `C`, `Delta` for the relative ones. The bound of [`HrTimer::start`],
/// there to explain a wrong expiry.
#[diagnostic::on_unimplemented(
    message = "a timer in mode `{M}` cannot be started with a `{Self}`",
    label = "not the expiry of this timer's mode",
    note = "an absolute mode (`AbsoluteMode<C>`, …) expires at an `Instant<C>` of its own clock `C`, read with `Instant::<C>::now()` or built with `Instant::<C>::from_ktime`; a relative mode (`RelativeMode<C>`, …) expires after a `Delta` from now",
    note = "to wait for a span on an absolute timer, add it to the clock's current time: `Instant::<C>::now() + delta`"
)]
pub trait HrTimerExpiresFor<M: HrTimerMode>: HrTimerExpires {}

macro_rules! modes {
    ($($(#[$doc:meta])* $name:ident = $raw:ident, $expires:ident;)*) => {$(
        $(#[$doc])*
        pub struct $name<C: HrTimerClock>(PhantomData<fn() -> C>);

        impl<C: HrTimerClock> sealed::Sealed for $name<C> {}

        impl<C: HrTimerClock> HrTimerMode for $name<C> {
            const C_MODE: RawHrTimerMode = RawHrTimerMode::$raw;
            type Clock = C;
            type Expires = modes!(@expires $expires C);
        }

        impl<C: HrTimerClock> HrTimerExpiresFor<$name<C>> for modes!(@expires $expires C) {}
    )*};
    (@expires Instant $c:ident) => { Instant<$c> };
    (@expires Delta $c:ident) => { Delta };
}

modes! {
    /// Expires at an absolute time on clock `C` (`HRTIMER_MODE_ABS`).
    AbsoluteMode = Abs, Instant;
    /// Expires after a delay from now, measured on clock `C` (`HRTIMER_MODE_REL`).
    RelativeMode = Rel, Delta;
    /// Absolute, pinned to the CPU that starts it (`HRTIMER_MODE_ABS_PINNED`).
    AbsolutePinnedMode = AbsPinned, Instant;
    /// Relative, pinned to the CPU that starts it (`HRTIMER_MODE_REL_PINNED`).
    RelativePinnedMode = RelPinned, Delta;
    /// Absolute, run in softirq context (`HRTIMER_MODE_ABS_SOFT`).
    AbsoluteSoftMode = AbsSoft, Instant;
    /// Relative, run in softirq context (`HRTIMER_MODE_REL_SOFT`).
    RelativeSoftMode = RelSoft, Delta;
    /// Absolute, pinned, run in softirq context (`HRTIMER_MODE_ABS_PINNED_SOFT`).
    AbsolutePinnedSoftMode = AbsPinnedSoft, Instant;
    /// Relative, pinned, run in softirq context (`HRTIMER_MODE_REL_PINNED_SOFT`).
    RelativePinnedSoftMode = RelPinnedSoft, Delta;
    /// Absolute, run in hard interrupt context also on PREEMPT_RT (`HRTIMER_MODE_ABS_HARD`).
    AbsoluteHardMode = AbsHard, Instant;
    /// Relative, run in hard interrupt context also on PREEMPT_RT (`HRTIMER_MODE_REL_HARD`).
    RelativeHardMode = RelHard, Delta;
    /// Absolute, pinned, hard interrupt context (`HRTIMER_MODE_ABS_PINNED_HARD`).
    AbsolutePinnedHardMode = AbsPinnedHard, Instant;
    /// Relative, pinned, hard interrupt context (`HRTIMER_MODE_REL_PINNED_HARD`).
    RelativePinnedHardMode = RelPinnedHard, Delta;
}

/// The instant type of the clock of `T`'s timer mode (upstream's `HrTimerInstant<T>`).
pub type HrTimerInstant<T> = Instant<<<T as HrTimerCallback>::TimerMode as HrTimerMode>::Clock>;

/// The data of an [`HrTimer`] and what happens when it expires (upstream's
/// `HrTimerCallback`, with the mode that upstream's `HasHrTimer` carries).
///
/// `Sync`, because the callback runs in another context (an interrupt in the kernel;
/// on the host, the thread that moves the test timekeeper).
pub trait HrTimerCallback: Sync + Sized {
    /// The timer's mode: its clock and the kind of expiry it is started with.
    type TimerMode: HrTimerMode;

    /// Called when the timer expires, with the timer's data and a context that can
    /// move the expiry on for a restart.
    fn run(this: Pin<&Self>, ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart;
}

const UNINIT: u8 = 0;
const SETTING_UP: u8 = 1;
const READY: u8 = 2;

/// A high-resolution timer holding its data `T`, on the clock of `T`'s
/// [`HrTimerMode`], backed by a C `struct hrtimer` of the services `K`.
///
/// Drivers name it `hrtimer::HrTimer<T>` from the kernel services template, which fills
/// in `K`. The timer is pinned while it may be started: [`start`](Self::start) and
/// [`cancel`](Self::cancel) take `Pin<&Self>`, and dropping the timer cancels it, so
/// the C side never holds a pointer to freed memory. The C timer is set up
/// (`hrtimer_setup`) in place at the first start, as the C struct must not move after
/// setup.
///
/// ```text
/// struct Blinker { toggles: AtomicU32 }
/// impl HrTimerCallback for Blinker {
///     type TimerMode = RelativeMode<Monotonic>;
///     fn run(this: Pin<&Self>, mut ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
///         this.toggles.fetch_add(1, Relaxed);
///         ctx.forward_now(Delta::from_millis(500));
///         HrTimerRestart::Restart
///     }
/// }
/// let timer = pin!(HrTimer::new(Blinker { toggles: AtomicU32::new(0) }));
/// timer.as_ref().start(Delta::from_millis(500));
/// ```
///
/// # Invariants
///
/// `raw` is set up by `K::hrtimer_setup` once `state` is `READY`, and `state` never
/// leaves `READY`; until then the C side has never seen the timer. `raw` is the first
/// field of this `repr(C)` struct, so a pointer to it is a pointer to the timer.
#[repr(C)]
pub struct HrTimer<T, K: KernelServices> {
    raw: UnsafeCell<MaybeUninit<K::RawHrTimer>>,
    state: AtomicU8,
    data: T,
    _pin: PhantomPinned,
}

// SAFETY: the C timer belongs to the `HrTimer` and the C side serializes access to it;
// the data is only shared (with the callback) when `T: Sync`, and sent with the timer.
unsafe impl<T: Send, K: KernelServices> Send for HrTimer<T, K> {}
// SAFETY: as above: the C timer functions lock the timer's base; the callback and every
// method get `&T` only.
unsafe impl<T: Sync, K: KernelServices> Sync for HrTimer<T, K> {}

impl<T, K: KernelServices> HrTimer<T, K> {
    /// A stopped timer holding `data`.
    #[inline]
    pub const fn new(data: T) -> Self {
        HrTimer {
            raw: UnsafeCell::new(MaybeUninit::uninit()),
            state: AtomicU8::new(UNINIT),
            data,
            _pin: PhantomPinned,
        }
    }

    /// The timer's data.
    #[inline]
    pub fn data(&self) -> &T {
        &self.data
    }

    #[inline]
    fn raw_ptr(&self) -> *mut K::RawHrTimer {
        self.raw.get().cast()
    }

    #[inline]
    fn is_set_up(&self) -> bool {
        self.state.load(Ordering::Acquire) == READY
    }
}

impl<T: HrTimerCallback, K: KernelServices> HrTimer<T, K> {
    /// Sets the C timer up in place, once.
    fn set_up(self: Pin<&Self>) {
        loop {
            match self.state.compare_exchange(
                UNINIT,
                SETTING_UP,
                Ordering::Acquire,
                Ordering::Acquire,
            ) {
                Ok(_) => {
                    let clock = <<T::TimerMode as HrTimerMode>::Clock as HrTimerClock>::CLOCKID;
                    // SAFETY: `raw` is pinned with `self` and no one else set it up
                    // (this thread won the transition from UNINIT); `hrtimer_setup`
                    // initializes it and needs no prior initialization.
                    unsafe {
                        K::hrtimer_setup::<T>(
                            self.raw_ptr(),
                            clock,
                            <T::TimerMode as HrTimerMode>::C_MODE,
                        )
                    };
                    self.state.store(READY, Ordering::Release);
                    return;
                }
                Err(READY) => return,
                Err(_) => core::hint::spin_loop(),
            }
        }
    }

    /// Starts the timer (upstream's `start`): queues it on its clock's base to expire
    /// at `expires`, an [`Instant`] of the mode's clock for absolute modes or a
    /// [`Delta`] from now for relative ones. A started timer is moved to the new
    /// expiry. The callback runs once the clock reaches the expiry.
    #[inline]
    pub fn start<E: HrTimerExpiresFor<T::TimerMode>>(self: Pin<&Self>, expires: E) {
        self.set_up();
        // SAFETY: the timer is set up (type invariant after `set_up`) and pinned; the
        // drop guarantee of `Pin` and `Drop` cancelling it keep it alive while queued.
        unsafe {
            K::hrtimer_start_range_ns(
                self.raw_ptr(),
                expires.as_nanos(),
                0,
                <T::TimerMode as HrTimerMode>::C_MODE,
            )
        }
    }

    /// Stops the timer; if its callback is running, waits for it to return. Returns
    /// whether the timer was started (queued) when called. A callback running on
    /// another context may start it again right after.
    #[inline]
    pub fn cancel(self: Pin<&Self>) -> bool {
        self.cancel_raw()
    }

    fn cancel_raw(&self) -> bool {
        if !self.is_set_up() {
            return false;
        }
        // SAFETY: set up (checked above); `hrtimer_cancel` may be called on any set-up
        // timer and waits for a running callback.
        unsafe { K::hrtimer_cancel(self.raw_ptr()) }
    }

    /// Moves the expiry on by whole `interval`s until it is after `now`, returning how
    /// many intervals that took (0 if the expiry already is after `now`), as
    /// upstream's `forward` and the kernel's `hrtimer_forward()`.
    ///
    /// The kernel forwards only a timer that is not queued; this stops the timer
    /// first ([`cancel`](Self::cancel)), so a started timer must be started again.
    /// In the callback, use [`HrTimerCallbackContext::forward`] instead.
    pub fn forward(self: Pin<&mut Self>, now: HrTimerInstant<T>, interval: Delta) -> u64 {
        let this = self.into_ref();
        this.set_up();
        this.cancel_raw();
        // SAFETY: set up, stopped, and no callback is running (cancel waited for it).
        unsafe { K::hrtimer_forward(this.raw_ptr(), now.to_ktime(), interval.as_nanos()) }
    }

    /// [`forward`](Self::forward) from the clock's current time.
    #[inline]
    pub fn forward_now(self: Pin<&mut Self>, interval: Delta) -> u64 {
        self.forward(HrTimerInstant::<T>::now(), interval)
    }

    /// When the timer expires (or last expired), on its clock: a snapshot, as
    /// upstream's `expires`. `None` for a timer never started.
    ///
    /// As in the kernel, a relative `CLOCK_REALTIME` timer is queued on the monotonic
    /// base, so for `RelativeMode<RealTime>` the value is a monotonic time.
    #[inline]
    pub fn expires(&self) -> Option<HrTimerInstant<T>> {
        if !self.is_set_up() {
            return None;
        }
        // SAFETY: set up; the read is racy by design (READ_ONCE in the kernel).
        Some(Instant::from_ktime(unsafe {
            K::hrtimer_expires(self.raw_ptr())
        }))
    }
}

impl<T, K: KernelServices> Drop for HrTimer<T, K> {
    fn drop(&mut self) {
        if self.is_set_up() {
            // SAFETY: set up; after `hrtimer_cancel` the timer is neither queued nor
            // running, so the C side holds no pointer into `self` once it returns.
            unsafe { K::hrtimer_cancel(self.raw_ptr()) };
        }
    }
}

/// Runs `T`'s callback for the C timer `raw`: what the kernel services template's
/// `extern "C"` trampoline calls.
///
/// # Safety
///
/// `raw` must be the C timer of a live, pinned `HrTimer<T, K>` set up with this
/// trampoline, called by the hrtimer base as the timer's callback.
#[doc(hidden)]
pub unsafe fn run_callback<T: HrTimerCallback, K: KernelServices>(
    raw: *mut K::RawHrTimer,
) -> HrTimerRestart {
    let timer = raw.cast::<HrTimer<T, K>>();
    // SAFETY: by the caller's promise `raw` is the first field of a live `HrTimer<T, K>`
    // (`repr(C)`), which is pinned, and only shared references to its data exist.
    let data = unsafe { Pin::new_unchecked(&(*timer).data) };
    let ctx = HrTimerCallbackContext {
        // SAFETY: `raw` is not null: it points into a live timer.
        raw: unsafe { NonNull::new_unchecked(raw.cast()) },
        forward: forward_raw::<K>,
        _timer: PhantomData,
    };
    T::run(data, ctx)
}

/// # Safety
///
/// `raw` is a set-up C timer of `K` whose callback is running.
unsafe fn forward_raw<K: KernelServices>(raw: NonNull<()>, now: Ktime, interval: Ktime) -> u64 {
    // SAFETY: by the caller's promise; the kernel allows forwarding in the callback.
    unsafe { K::hrtimer_forward(raw.as_ptr().cast(), now, interval) }
}

/// What a running callback may do to its own timer (upstream's
/// `HrTimerCallbackContext`): move the expiry on before returning
/// [`HrTimerRestart::Restart`].
///
/// # Invariants
///
/// Exists only during the callback of the timer `raw`, and `forward` is the
/// `hrtimer_forward` of that timer's services.
pub struct HrTimerCallbackContext<'a, T: HrTimerCallback> {
    raw: NonNull<()>,
    forward: unsafe fn(NonNull<()>, Ktime, Ktime) -> u64,
    _timer: PhantomData<&'a T>,
}

impl<T: HrTimerCallback> HrTimerCallbackContext<'_, T> {
    /// Moves the expiry on by whole `interval`s until it is after `now`; returns the
    /// number of intervals (the overruns), 0 if it already is after `now`.
    #[inline]
    pub fn forward(&mut self, now: HrTimerInstant<T>, interval: Delta) -> u64 {
        // SAFETY: in the callback of `raw` (type invariant).
        unsafe { (self.forward)(self.raw, now.to_ktime(), interval.as_nanos()) }
    }

    /// [`forward`](Self::forward) from the clock's current time: the usual step of a
    /// periodic timer.
    #[inline]
    pub fn forward_now(&mut self, interval: Delta) -> u64 {
        self.forward(HrTimerInstant::<T>::now(), interval)
    }
}
