//! Intrusive high-resolution timers, typed by clock: upstream's
//! `kernel::time::hrtimer` (Linux 7.3), shared by the kernel crate and the host.
//!
//! A timer is an [`HrTimer`] field of the struct it calls back, `T`; `T` says which
//! field and which [`HrTimerMode`] with [`impl_has_hr_timer!`](crate::impl_has_hr_timer)
//! ([`HasHrTimer`]), and what happens when it expires with [`HrTimerCallback`]. The
//! callback's [`Pointer`](HrTimerCallback::Pointer) is the pointer type the timer is
//! started through: an owned one (the kernel crate's `Arc<T>` and `Pin<KBox<T>>`)
//! implements [`HrTimerPointer`] with a safe `start`; a borrowed `Pin<&T>` or
//! `Pin<&mut T>` implements [`UnsafeHrTimerPointer`], and starts safely only through
//! [`ScopedHrTimerPointer::start_scoped`], which cancels the timer before returning.
//! Starting returns a handle ([`HrTimerHandle`]); dropping it cancels the timer and
//! waits for its callback.
//!
//! A timer's mode fixes its clock and how its expiry is given: the absolute modes
//! (`AbsoluteMode<C>`, …) expire at an [`Instant<C>`] of their clock, the relative
//! ones (`RelativeMode<C>`, …) a [`Delta`] from now. Starting a `RealTime` timer with
//! a `Monotonic` instant, or an absolute timer with a `Delta`, does not compile. Modes
//! exist only for clocks with a kernel hrtimer base ([`HrTimerClock`]: `hrtimer = true`
//! in the clock table), and timers run only on the clocks of a table with kernel
//! services ([`HrTimerBase`]), which bind the C functions.
//!
//! The C side (`hrtimer_setup`, `hrtimer_start_range_ns`, `hrtimer_cancel`, …) comes
//! from the table's bindings module through [`HrTimerBindings`], implemented by the
//! kernel services of `declare_clocks!` (`kernel_services = true`), whose
//! `kernel_services::hrtimer` module names `HrTimer<T>` with it filled in.
//!
//! # States
//!
//! As upstream: a timer is **stopped** until started; **started** (queued on its
//! clock's base) until it expires; **running** while its callback runs, after which
//! it is started again if the callback returned [`HrTimerRestart::Restart`] and
//! stopped otherwise. Cancelling stops a started timer and waits for a running
//! callback to return.
//!
//! # Where this differs from upstream
//!
//! - Expiries reach C in `0..=KTIME_MAX`: a negative one (a negative `Delta`, or an
//!   `Instant` before the clock's epoch) is clamped to 0, where the kernel would
//!   `WARN_ON_ONCE` in `hrtimer_reprogram()`. So is the `now` of `forward`, which the
//!   kernel subtracts from the expiry with wrapping arithmetic.
//! - `forward` and `forward_now` of a queued timer (one that its own callback
//!   restarted) return 0 and leave the expiry alone (`hrtimer_is_queued()` first),
//!   where `hrtimer_forward()` would `WARN_ON`.
//! - A timer's instants are of the clock of the base it is queued on
//!   ([`BaseClockOf`]): [`HrTimerInstant<T>`], the expiry
//!   ([`HrTimer::expires`]) and `forward`'s `now` are `Instant<Monotonic>` for a
//!   relative `CLOCK_REALTIME` timer, which the kernel queues on the monotonic base
//!   (upstream types them `Instant<RealTime>`: forwarding from the wall clock's time
//!   then reports some 1.7e12 overruns). [`HrTimerMode::Clock`] is still the clock
//!   the mode names, whose id the timer is set up with. A table with a
//!   `CLOCK_REALTIME` hrtimer clock and no `CLOCK_MONOTONIC` one has no relative modes
//!   for it.
//! - `forward_now` forwards from the time of the base the timer is queued on
//!   (`hrtimer_forward_now()`), as `HrTimerInstant::<T>::now()` reads it.
//! - A timer is set up with `hrtimer_setup_on_stack()` where its place is on the
//!   current task's stack, and `destroy_hrtimer_on_stack()` is called when it is
//!   dropped there, so `CONFIG_DEBUG_OBJECTS_TIMERS` accepts stack timers.
//! - A `#[repr(packed)]` struct cannot hold an [`HrTimer`] at any depth (E0588). A
//!   generic packed struct instantiated with a struct that holds one can, and may
//!   place the C timer misaligned: [`HrTimer::new`] then leaves it zero-filled, never
//!   set up; starting it does nothing (it never runs), cancelling finds it stopped,
//!   and no C function ever sees it.
//! - Cancelling a timer from its own callback (dropping its last handle there, say)
//!   would wait for itself for ever; the cancel warns once and returns instead, and a
//!   handle dropped there keeps its data for good (a leak) rather than free it under
//!   the running callback. [`try_cancel`](crate::ext::HrTimerExt::try_cancel) never waits.
//!
//! # Limits (the same as upstream's)
//!
//! - Forwarding a timer from its callback while another thread restarts the same
//!   timer (through a second handle) between the check that it is not queued and the
//!   forward forwards a queued timer: the kernel warns (`WARN_ON(timer->is_queued)`)
//!   and leaves the expiry alone. Restart a periodic timer from one place only: its
//!   callback, or one handle.
//! - Two timers whose callbacks cancel each other (drop a handle of the other, or
//!   [`HrTimerHandle::cancel`]) while they run on two CPUs: each cancel waits for the
//!   other callback for ever (the cancel refuses only a wait on its own CPU). A hard
//!   lockup ("Watchdog detected hard LOCKUP") for hard-interrupt timers, a soft lockup
//!   ("BUG: soft lockup") and RCU stalls for soft ones. A callback must not cancel a
//!   timer whose callback may cancel its own;
//!   [`try_cancel`](crate::ext::HrTimerExt::try_cancel) never waits.
//! - A generic `#[repr(packed)]` struct whose timer happens to be aligned: Rust moves
//!   a packed struct's fields to an aligned copy before dropping them, so
//!   `hrtimer_destroy_in_place()` runs on that copy of the stopped timer, and
//!   debugobjects keeps tracking the original place of a stack timer until its stack
//!   is freed (no warning, no access to the timer). Keep timers out of packed
//!   structs.
//! - A handle of an owned pointer may be leaked (`mem::forget`): the timer stays
//!   queued for as long as the kernel runs, with its data. In a module, the
//!   callback's code goes with the module: a module must cancel its timers (drop
//!   their handles) before it is unloaded.
//!
//! C header: `include/linux/hrtimer.h`.

mod bindings;
mod mode;
mod pin;
mod pin_mut;

use core::cell::UnsafeCell;
use core::ffi::c_void;
use core::marker::{PhantomData, PhantomPinned};
use core::mem::{size_of, MaybeUninit};
use core::pin::Pin;
use core::ptr::{addr_of, NonNull};

use pin_init::PinInit;

use crate::clock::HrTimerClock;
use crate::delta::Delta;
use crate::instant::Instant;

pub use bindings::{HrTimerBase, HrTimerBindings, NoHrTimerBindings};
pub use mode::raw_mode;
pub use mode::{
    AbsoluteHardMode, AbsoluteMode, AbsolutePinnedHardMode, AbsolutePinnedMode,
    AbsolutePinnedSoftMode, AbsoluteSoftMode, BaseClockOf, HrTimerExpires, HrTimerExpiryBase,
    HrTimerMode, RawHrTimerMode, RelativeHardMode, RelativeMode, RelativePinnedHardMode,
    RelativePinnedMode, RelativePinnedSoftMode, RelativeSoftMode, KTIME_MAX,
};
pub use pin::PinHrTimerHandle;
pub use pin_mut::PinMutHrTimerHandle;

/// The bindings of the clock of the timer mode `M`.
pub type BindingsOf<M> = <<M as HrTimerMode>::Clock as HrTimerClock>::Bindings;

/// The [`HrTimer`] type of the struct `T`: `HrTimer<T, B>` with the bindings `B` of
/// the clock of `T`'s mode.
pub type HrTimerOf<T> = HrTimer<T, BindingsOf<<T as HasHrTimer<T>>::TimerMode>>;

/// The instant type of the timer of `T`: an [`Instant`] of the clock of the hrtimer
/// base it is queued on ([`BaseClockOf`]): the mode's clock, except for the
/// relative modes of `CLOCK_REALTIME`, queued on the `CLOCK_MONOTONIC` base.
pub type HrTimerInstant<T> = Instant<BaseClockOf<<T as HasHrTimer<T>>::TimerMode>>;

/// A high-resolution timer: a C `struct hrtimer` of the bindings `B`, as a field of
/// the struct `T` whose callback it runs.
///
/// Drivers name it `HrTimer<T>` from the kernel services' `hrtimer` module, which
/// fills in `B`. [`HrTimer::new`] returns its initializer; the C timer is set up where
/// the field is, and stays there.
///
/// A `#[repr(packed)]` struct cannot hold it, however deep (E0588); a generic one
/// instantiated with a struct that holds it can, and places the C timer where it may
/// be misaligned: such a timer is never set up, never queued and never runs (starting
/// it does nothing, cancelling it finds it stopped).
///
/// # Invariants
///
/// * Where `self.timer` is aligned for `B::RawHrTimer`, it was set up by `B::setup`
///   where it is and has not moved since, or it is a copy that Rust moved out of a
///   `#[repr(packed)]` struct to drop it (of a set-up or a zero-filled timer).
/// * Where it is not, it is zero-filled and never passed to C.
#[repr(C)]
pub struct HrTimer<T, B: HrTimerBindings> {
    timer: UnsafeCell<MaybeUninit<B::RawHrTimer>>,
    // `!Unpin`: the C timer must not move once set up.
    _pin: PhantomPinned,
    _t: PhantomData<T>,
    _not_packed: NotPacked,
}

/// Zero-sized, with a `#[repr(align)]`: a `#[repr(packed)]` struct that holds one at
/// any depth (an [`HrTimer`], or a struct with one) does not compile (E0588), since
/// it would misalign the C timer. The layout of `HrTimer` stays that of the C timer.
#[repr(align(1))]
struct NotPacked;

// SAFETY: the C timer has no thread affinity: it may be set up, started, cancelled
// and dropped from any thread.
unsafe impl<T, B: HrTimerBindings> Send for HrTimer<T, B> {}

// SAFETY: every operation through `&HrTimer` (start, cancel, `try_cancel`, the
// `expires` snapshot) takes the C timer's base lock or is a racy read the C side
// allows.
unsafe impl<T, B: HrTimerBindings> Sync for HrTimer<T, B> {}

impl<T, B: HrTimerBindings> HrTimer<T, B> {
    /// The initializer of a stopped timer for `T` (a `PinInit`): it sets the C timer
    /// up where it is written, for the clock and mode of `T`'s
    /// [`HasHrTimer::TimerMode`].
    // Upstream's name and shape: `new` returns the initializer of `Self`.
    #[allow(clippy::new_ret_no_self)]
    pub fn new() -> impl PinInit<Self>
    where
        T: HrTimerCallback,
        T: HasHrTimer<T>,
    {
        // `B` need not be the bindings of `T`'s mode (so that generic code's
        // `HrTimer::new()` compiles as upstream's): a timer starts only through
        // `HasHrTimer::start`, on the struct's own field, whose type
        // `impl_has_hr_timer!` checks to be `HrTimer<T, BindingsOf<T::TimerMode>>`.
        // A timer of other bindings is set up, never started, and destroyed on drop.
        let setup = move |place: *mut Self| {
            // SAFETY: `pin_init` passes a pointer to memory for a `Self`.
            let timer = unsafe { Self::raw_get(place) };
            if !timer.is_aligned() {
                // INVARIANT: a misaligned C timer is zero-filled, and never set up.
                // SAFETY: `place` is writable memory for a `Self`; bytes need no
                // alignment.
                unsafe { core::ptr::write_bytes(place.cast::<u8>(), 0, size_of::<Self>()) };
                return Ok(());
            }
            // INVARIANT: `B::setup` sets the C timer up at `place`, which `pin_init`
            // keeps where it is from here on.
            // SAFETY: `pin_init` passes a pointer to memory for a `Self` that stays
            // pinned from now on; `timer` is inside it and aligned, and `setup` does
            // not need the C timer to be initialized before the call. The clock is an
            // `HrTimerClock`, whose id has an hrtimer base (that trait's contract).
            unsafe {
                B::setup::<T>(
                    timer,
                    <<T::TimerMode as HrTimerMode>::Clock as crate::clock::ClockSource>::ID,
                    <T::TimerMode as HrTimerMode>::C_MODE,
                );
            }
            Ok(())
        };
        // SAFETY: the closure initializes the whole of `Self` (the C timer, set up or
        // zero-filled; the other fields are zero-sized) and never fails.
        unsafe { pin_init::pin_init_from_closure(setup) }
    }

    /// The C timer of the timer `this` points to, derived without a reference.
    ///
    /// # Safety
    ///
    /// `this` must point into an allocation at least the size of `Self`.
    #[inline]
    pub(crate) unsafe fn raw_get(this: *const Self) -> *mut B::RawHrTimer {
        // SAFETY: the field is inside the allocation (the caller's promise); no
        // reference is made.
        let cell = unsafe { addr_of!((*this).timer) };
        UnsafeCell::raw_get(cell).cast()
    }

    /// The C timer of the timer `this` points to if it is set up: `None` where it is
    /// misaligned (never set up), or an aligned copy of a timer that was never set up
    /// (the invariant: zero-filled), such as the one the `Drop` of a struct moved out
    /// of a `#[repr(packed)]` struct sees.
    ///
    /// # Safety
    ///
    /// `this` must point to a valid `Self`.
    #[inline]
    unsafe fn set_up(this: *const Self) -> Option<*mut B::RawHrTimer> {
        // SAFETY: `this` points to a valid `Self` (the caller's promise).
        let timer = unsafe { Self::raw_get(this) };
        // SAFETY: an aligned C timer of a valid `Self` is set up or zero-filled (the
        // invariant).
        (timer.is_aligned() && unsafe { B::is_set_up(timer) }).then_some(timer)
    }

    /// Stops the timer `this` points to, waiting for its callback if it runs, and
    /// returns whether it was queued. Called from the timer's own callback (where it
    /// would wait for itself for ever), it warns once and returns `false` instead.
    ///
    /// A concurrent start may queue the timer again before this returns. Drivers
    /// cancel through a handle ([`HrTimerHandle::cancel`], or by dropping it).
    ///
    /// # Safety
    ///
    /// `this` must point to a valid `Self`.
    #[inline]
    pub(crate) unsafe fn raw_cancel(this: *const Self) -> bool {
        // SAFETY: the caller's promise.
        matches!(unsafe { Self::raw_cancel_checked(this) }, Ok(true))
    }

    /// [`raw_cancel`](Self::raw_cancel) for a handle's `drop`: `Ok(queued)` once the
    /// timer is stopped and its callback is not running. Called from the timer's own
    /// callback, it warns once, leaves the timer as it is and returns
    /// [`Err(CallbackRunning)`](CallbackRunning): that callback still uses the timer's
    /// data, so the handle must keep the data alive instead of releasing it.
    ///
    /// # Safety
    ///
    /// `this` must point to a valid `Self`.
    #[inline]
    pub(crate) unsafe fn raw_cancel_checked(this: *const Self) -> Result<bool, CallbackRunning> {
        // SAFETY: `this` points to a valid `Self` (the caller's promise).
        let Some(timer) = (unsafe { Self::set_up(this) }) else {
            return Ok(false);
        };
        // SAFETY: `timer` is set up (in its place, or a stopped copy as in
        // `try_cancel`, which `hrtimer_cancel_checked()` finds inactive); `cancel` may
        // be called on any set-up timer.
        cancel_result(unsafe { B::cancel(timer) })
    }

    /// Cancels the timer unless its callback is running, without waiting: `Ok(true)`
    /// if it was queued and is now stopped, `Ok(false)` if it was stopped,
    /// [`Err(CallbackRunning)`](CallbackRunning) if its callback is running (the
    /// timer is then left alone). Callable anywhere, its own callback included.
    #[inline]
    pub(crate) fn try_cancel(&self) -> Result<bool, CallbackRunning> {
        // SAFETY: `self` is a valid `Self`.
        let Some(timer) = (unsafe { Self::set_up(self) }) else {
            return Ok(false);
        };
        // SAFETY: `timer` is set up: in its place, or a copy of a stopped timer that a
        // `Drop` of the struct moved out of a packed struct sees, which
        // `hrtimer_try_to_cancel()` finds inactive (neither queued nor running).
        cancel_result(unsafe { B::try_to_cancel(timer) })
    }

    /// `hrtimer_forward()` of the timer `self_ptr` points to, from `now` clamped to
    /// `0..=KTIME_MAX`; 0 without a forward if the timer is queued.
    ///
    /// # Safety
    ///
    /// `self_ptr` must point to a valid `Self` that nothing else starts concurrently:
    /// the caller has exclusive access to it (no handle is alive, so the timer is
    /// stopped), or is its running callback. A restart by that callback before the
    /// forward leaves the timer queued, and the forward returns 0; one by another
    /// thread racing with it is the limit shared with upstream (module docs).
    #[inline]
    unsafe fn raw_forward(self_ptr: *mut Self, now: HrTimerInstant<T>, interval: Delta) -> u64
    where
        T: HasHrTimer<T>,
    {
        // SAFETY: `self_ptr` points to a valid `Self` (the caller's promise).
        let Some(timer) = (unsafe { Self::set_up(self_ptr) }) else {
            return 0;
        };
        // SAFETY: a set-up timer (`set_up`), started by no one else meanwhile (or,
        // in the race the contract names, the kernel's `WARN_ON` and the shared
        // limit); `now` is in `0..=KTIME_MAX`.
        unsafe {
            B::forward(
                timer,
                mode::clamp_expiry(now.to_ktime()),
                interval.as_nanos(),
            )
        }
    }

    /// `hrtimer_forward_now()` of the timer `self_ptr` points to.
    ///
    /// # Safety
    ///
    /// As [`raw_forward`](Self::raw_forward).
    #[inline]
    unsafe fn raw_forward_now(self_ptr: *mut Self, interval: Delta) -> u64 {
        // SAFETY: as in `raw_forward`.
        let Some(timer) = (unsafe { Self::set_up(self_ptr) }) else {
            return 0;
        };
        // SAFETY: as in `raw_forward`.
        unsafe { B::forward_now(timer, interval.as_nanos()) }
    }

    /// Moves the expiry on by whole `interval`s until it is after `now`, and returns
    /// how many intervals that took: 0 when the expiry already is after `now`
    /// (`hrtimer_forward()`). `now` is an instant of the base the timer is queued on
    /// ([`HrTimerInstant`]).
    ///
    /// Outside the timer's callback, `Pin<&mut HrTimer>` means that no handle of the
    /// timer is alive, so it is stopped. The callback of a `Pin<KBox<T>>` or
    /// `Pin<&mut T>` timer gets `Pin<&mut T>` too: there the timer is not queued
    /// unless the callback restarted it, and then this returns 0 and leaves the
    /// expiry alone. From a callback, [`HrTimerCallbackContext::forward`] says it
    /// plainly. A `now` before the clock's epoch counts as 0, as expiries do.
    pub fn forward(self: Pin<&mut Self>, now: HrTimerInstant<T>, interval: Delta) -> u64
    where
        T: HasHrTimer<T>,
    {
        // SAFETY: nothing moves out of `self`.
        let this = unsafe { self.get_unchecked_mut() };
        // SAFETY: `Pin<&mut Self>` is exclusive access to a valid `Self`: a stopped
        // timer, or the one whose callback this is (`raw_forward`'s contract).
        unsafe { Self::raw_forward(this, now, interval) }
    }

    /// [`forward`](Self::forward) from the current time of the base the timer is
    /// queued on (`hrtimer_forward_now()`): for a relative `CLOCK_REALTIME` timer, the
    /// monotonic base.
    pub fn forward_now(self: Pin<&mut Self>, interval: Delta) -> u64
    where
        T: HasHrTimer<T>,
    {
        // SAFETY: nothing moves out of `self`.
        let this = unsafe { self.get_unchecked_mut() };
        // SAFETY: as in `forward`.
        unsafe { Self::raw_forward_now(this, interval) }
    }

    /// When the timer expires (or last expired): a snapshot, which a concurrent start
    /// or forward may change at once. An instant of the base the timer is queued on
    /// ([`HrTimerInstant`]): the monotonic base for a relative `CLOCK_REALTIME` timer.
    pub fn expires(&self) -> HrTimerInstant<T>
    where
        T: HasHrTimer<T>,
    {
        // SAFETY: `self` is a valid `Self`.
        let Some(timer) = (unsafe { Self::set_up(self) }) else {
            return Instant::from_ktime(0);
        };
        // SAFETY: a set-up timer (or a copy of one, as in `try_cancel`); the read is
        // racy by design (a READ_ONCE in the kernel).
        Instant::from_ktime(unsafe { B::expires(timer) })
    }
}

impl<T, B: HrTimerBindings> Drop for HrTimer<T, B> {
    fn drop(&mut self) {
        let this: *const Self = self;
        // `self` is in its place, or a copy moved out of a `#[repr(packed)]` struct, of
        // a set-up or a zero-filled timer (invariant).
        // SAFETY: `self` is a valid `Self`.
        let Some(timer) = (unsafe { Self::set_up(this) }) else {
            return;
        };
        // SAFETY: a set-up timer about to go away: by the handle contracts it is
        // stopped, so `destroy` (which undoes what `setup` registered for a timer on
        // the stack) may run.
        unsafe { B::destroy(timer) };
    }
}

/// The result of `hrtimer_cancel_checked()` or `hrtimer_try_to_cancel()`: 1 if the
/// timer was queued, 0 if not, -1 if its callback is running.
fn cancel_result(ret: i32) -> Result<bool, CallbackRunning> {
    match ret {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(CallbackRunning),
    }
}

/// The callback of an [`HrTimer`] was running, so
/// [`try_cancel`](crate::ext::HrTimerExt::try_cancel) left the timer alone.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct CallbackRunning;

/// A pointer type that starts a timer safely: an owned pointer to a struct with an
/// [`HrTimer`] field (the kernel crate's `Arc<T>` and `Pin<KBox<T>>`).
///
/// `Sync`, because the timer's callback runs in another context (a hard or soft
/// interrupt) with a pointer derived from this one. Starting returns a handle
/// ([`HrTimerHandle`]); a timer may be started again while started (it is then
/// restarted), and several handles of one timer may exist: each can cancel it.
///
/// A handle may be leaked, leaving the timer queued for good, so what an implementer
/// points to must not borrow anything: the `Arc` and `Pin<KBox>` implementations
/// require `T: 'static`. Starting a timer is `unsafe` ([`HasHrTimer::start`]), so an
/// implementation for a borrowed pointer has to vouch for that in an `unsafe` block.
pub trait HrTimerPointer: Sync + Sized {
    /// The mode of the timer: its clock, and how its expiry is given.
    type TimerMode: HrTimerMode;

    /// The handle [`start`](Self::start) returns. Dropping it must stop the timer and
    /// wait for a running callback, or, in that callback itself, keep the data alive
    /// ([`HrTimerHandle`]'s contract).
    type TimerHandle: HrTimerHandle;

    /// Queues the timer to expire at `expires` (restarting it if it is queued).
    fn start(self, expires: <Self::TimerMode as HrTimerMode>::Expires) -> Self::TimerHandle;
}

/// A pointer type whose handle must not be leaked: a borrowed pointer to a struct with
/// an [`HrTimer`] field (`Pin<&T>`, `Pin<&mut T>`), whose borrow may end while a leaked
/// handle's timer is still queued. [`ScopedHrTimerPointer::start_scoped`] starts such a
/// timer safely.
///
/// # Safety
///
/// The pointee must outlive every handle [`start`](Self::start) returns.
pub unsafe trait UnsafeHrTimerPointer: Sync + Sized {
    /// The mode of the timer: its clock, and how its expiry is given.
    type TimerMode: HrTimerMode;

    /// The handle [`start`](Self::start) returns.
    ///
    /// # Safety
    ///
    /// Dropping it must stop the timer and wait for a running callback
    /// ([`HrTimerHandle`]'s contract).
    type TimerHandle: HrTimerHandle;

    /// Queues the timer to expire at `expires` (restarting it if it is queued).
    ///
    /// # Safety
    ///
    /// The caller keeps the timer's struct alive until the timer is dead: dropping
    /// the handle in time (never leaking it) does that.
    unsafe fn start(self, expires: <Self::TimerMode as HrTimerMode>::Expires) -> Self::TimerHandle;
}

/// Starts a timer for the length of a closure: the safe way to start a borrowed one.
///
/// # Safety
///
/// `start_scoped` must not return before the timer is dead and its callback is not
/// running.
pub unsafe trait ScopedHrTimerPointer {
    /// The mode of the timer: its clock, and how its expiry is given.
    type TimerMode: HrTimerMode;

    /// Queues the timer to expire at `expires`, runs `f`, then cancels the timer
    /// (waiting for a running callback) and returns what `f` returned.
    fn start_scoped<T, F>(self, expires: <Self::TimerMode as HrTimerMode>::Expires, f: F) -> T
    where
        F: FnOnce() -> T;
}

// SAFETY: the handle of `UnsafeHrTimerPointer::start` is dropped before returning, and
// dropping it stops the timer and waits for its callback. The exception, a
// `start_scoped` in the timer's own callback (the cancel warns and returns), happens
// only under an outer start of the same `T` (the pointer types with `start_scoped` are
// `Pin<&T>` and `Pin<&mut T>`, whose callbacks run only under one), which stops the
// timer and waits before its borrow ends.
unsafe impl<T> ScopedHrTimerPointer for T
where
    T: UnsafeHrTimerPointer,
{
    type TimerMode = T::TimerMode;

    fn start_scoped<U, F>(
        self,
        expires: <<T as UnsafeHrTimerPointer>::TimerMode as HrTimerMode>::Expires,
        f: F,
    ) -> U
    where
        F: FnOnce() -> U,
    {
        // SAFETY: the handle is dropped below, before `self`'s borrow can end.
        let handle = unsafe { UnsafeHrTimerPointer::start(self, expires) };
        let t = f();
        drop(handle);
        t
    }
}

/// The callback side of a pointer type: what the C timer's callback calls, and what
/// the struct's [`HrTimerCallback::run`] receives.
pub trait RawHrTimerCallback {
    /// What [`HrTimerCallback::run`] receives: `Self`, or a pointer derived from it
    /// (`ArcBorrow<T>` for `Arc<T>`, `Pin<&mut T>` for `Pin<KBox<T>>`).
    type CallbackTarget<'a>;

    /// Runs the callback of the timer whose C timer (`struct hrtimer *`) is `this`:
    /// the bindings' C callback calls it, and returns what it returns to the hrtimer
    /// code.
    ///
    /// # Safety
    ///
    /// Only the C callback that [`HrTimerBindings::setup`] installs may call it, with
    /// the C timer of an [`HrTimer`] that was started through `Self`.
    unsafe fn run(this: *mut c_void) -> HrTimerRestart;
}

/// A struct with an [`HrTimer`] field: what happens when the timer expires.
pub trait HrTimerCallback {
    /// The pointer type the timer is started through.
    type Pointer<'a>: RawHrTimerCallback;

    /// Called when the timer expires, with the struct (through the pointer type's
    /// callback target) and a context that can move the expiry on.
    fn run(
        this: <Self::Pointer<'_> as RawHrTimerCallback>::CallbackTarget<'_>,
        ctx: HrTimerCallbackContext<'_, Self>,
    ) -> HrTimerRestart
    where
        Self: Sized,
        Self: HasHrTimer<Self>;
}

/// Runs the callback of `T` for the C timer `this`: what the C callback that
/// [`HrTimerBindings::setup`] installs calls.
///
/// # Safety
///
/// As [`RawHrTimerCallback::run`] of `T`'s pointer type.
#[inline]
pub unsafe fn run_callback<T: HrTimerCallback>(this: *mut c_void) -> HrTimerRestart {
    // SAFETY: the caller's promise.
    unsafe { <T::Pointer<'_> as RawHrTimerCallback>::run(this) }
}

/// A started timer, as a pointer type's `start` returns it. Several handles of one
/// timer may exist.
///
/// # Safety
///
/// Dropping the handle must stop the timer if it is queued, and if its callback is
/// running, wait for it to return (calling [`cancel`](Self::cancel) from `drop` does
/// both). Dropped in that callback itself, where the cancel cannot wait, the handle
/// must keep the timer's data alive (see
/// [`raw_cancel_checked`](crate::ext::HrTimerExt::raw_cancel_checked)).
pub unsafe trait HrTimerHandle {
    /// Stops the timer, waiting for its callback if it runs, and returns whether it
    /// was queued. A concurrent start may queue it again before this returns.
    fn cancel(&mut self) -> bool;
}

/// A struct with an [`HrTimer`] field: which field, and the timer's mode. Implement it
/// with [`impl_has_hr_timer!`](crate::impl_has_hr_timer).
///
/// # Safety
///
/// The struct has a field of type `HrTimer<T, …>`, and every method below is about
/// that one field, as documented.
pub unsafe trait HasHrTimer<T> {
    /// The mode of the timer: its clock, and how its expiry is given.
    type TimerMode: HrTimerMode;

    /// The timer field of the struct `this` points to, derived without a reference.
    ///
    /// # Safety
    ///
    /// `this` must point to a valid `Self`.
    unsafe fn raw_get_timer(this: *const Self) -> *const HrTimer<T, BindingsOf<Self::TimerMode>>;

    /// The struct whose timer field `ptr` points to: the inverse of
    /// [`raw_get_timer`](Self::raw_get_timer).
    ///
    /// # Safety
    ///
    /// `ptr` must point to the timer field of a `Self`.
    unsafe fn timer_container_of(ptr: *mut HrTimer<T, BindingsOf<Self::TimerMode>>) -> *mut Self
    where
        Self: Sized;

    /// The C timer of the struct `this` points to, derived without a reference.
    ///
    /// # Safety
    ///
    /// `this` must point to a valid `Self`.
    unsafe fn c_timer_ptr(
        this: *const Self,
    ) -> *const <BindingsOf<Self::TimerMode> as HrTimerBindings>::RawHrTimer {
        // SAFETY: `this` points to a valid `Self` (the caller's promise).
        let timer = unsafe { Self::raw_get_timer(this) };
        // SAFETY: `timer` is the timer field of that `Self`.
        unsafe { HrTimer::raw_get(timer) }
    }

    /// Queues the timer of the struct `this` points to, to expire at `expires`
    /// (restarting it if it is queued). The expiry reaches C in `0..=KTIME_MAX`: a
    /// negative one is clamped to 0 (expired), where the kernel would warn. A timer
    /// that [`HrTimer::new`] could not set up (misaligned) is left stopped.
    ///
    /// # Safety
    ///
    /// `this` must point to a valid `Self`, which stays alive until the timer is
    /// stopped (not restarted by its callback) and its callback has returned.
    unsafe fn start(this: *const Self, expires: <Self::TimerMode as HrTimerMode>::Expires) {
        // SAFETY: `this` points to a valid `Self` (the caller's promise), whose timer
        // field is in its place.
        let Some(timer) = (unsafe { HrTimer::set_up(Self::raw_get_timer(this)) }) else {
            // Misaligned, never set up: it never runs.
            return;
        };
        // SAFETY: the set-up timer of a valid `Self` (the caller's promise and
        // `HrTimer`'s invariant), kept alive while queued; the expiry is in
        // `0..=KTIME_MAX`.
        unsafe {
            <BindingsOf<Self::TimerMode> as HrTimerBindings>::start_range_ns(
                timer,
                mode::clamp_expiry(expires.as_nanos()),
                0,
                <Self::TimerMode as HrTimerMode>::C_MODE,
            );
        }
    }
}

/// What a callback asks for when it returns: the C `enum hrtimer_restart`, as upstream's
/// (`#[repr(u32)]`, with the C values).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[repr(u32)]
pub enum HrTimerRestart {
    /// The timer stops (`HRTIMER_NORESTART`).
    NoRestart = 0,
    /// The timer is queued again at its expiry, which the callback normally moved on
    /// with [`HrTimerCallbackContext::forward`] (`HRTIMER_RESTART`).
    Restart = 1,
}

/// What a running callback may do to its own timer: move its expiry on before it
/// returns [`HrTimerRestart::Restart`].
///
/// # Invariants
///
/// * It exists only while the callback of the timer `self.0` runs.
/// * `self.0` points to a live, set-up [`HrTimer`].
pub struct HrTimerCallbackContext<'a, T: HasHrTimer<T>>(NonNull<HrTimerOf<T>>, PhantomData<&'a ()>);

impl<'a, T: HasHrTimer<T>> HrTimerCallbackContext<'a, T> {
    /// The context of the callback of `timer`, for a pointer type's
    /// [`RawHrTimerCallback::run`].
    ///
    /// # Safety
    ///
    /// The caller is the callback of `timer`, a live, set-up timer, and the context
    /// does not outlive the callback.
    pub(crate) unsafe fn from_raw(timer: *mut HrTimerOf<T>) -> Self {
        // INVARIANT: the caller's promise.
        // SAFETY: a live timer is not null.
        Self(unsafe { NonNull::new_unchecked(timer) }, PhantomData)
    }

    /// Moves the expiry on by whole `interval`s until it is after `now`, and returns
    /// how many intervals that took (as [`HrTimer::forward`]). After the callback
    /// restarted its timer (through a handle or a pointer), the timer is queued again:
    /// this returns 0 and leaves the expiry alone, where `hrtimer_forward()` would
    /// warn.
    pub fn forward(&mut self, now: HrTimerInstant<T>, interval: Delta) -> u64 {
        // SAFETY: this is the timer's callback, and the timer is live (invariants).
        unsafe { HrTimerOf::<T>::raw_forward(self.0.as_ptr(), now, interval) }
    }

    /// [`forward`](Self::forward) from the current time of the base the timer is
    /// queued on (`hrtimer_forward_now()`): the usual step of a periodic timer. As
    /// `forward`, 0 after a restart.
    pub fn forward_now(&mut self, duration: Delta) -> u64 {
        // SAFETY: as in `forward`.
        unsafe { HrTimerOf::<T>::raw_forward_now(self.0.as_ptr(), duration) }
    }
}

/// Implements [`HasHrTimer`] for a struct with an [`HrTimer`] field:
///
/// ```text
/// impl_has_hr_timer! {
///     impl HasHrTimer<Self> for Blinker { mode: RelativeMode<Monotonic>, field: self.timer }
/// }
/// ```
///
/// Generic structs list their generics in braces: `impl{T: Send} HasHrTimer<Self> for
/// Blinker<T> { … }`. The expansion is sound by construction, so no `unsafe` is asked
/// of the caller: `raw_get_timer` compiles only if the field has the timer's type and
/// can be borrowed (so not in a `#[repr(packed)]` struct, where the C timer would be
/// misaligned), and `timer_container_of` steps back by the offset of that same field
/// of `Self`.
#[macro_export]
macro_rules! impl_has_hr_timer {
    (
        impl$({$($generics:tt)*})?
            HasHrTimer<$timer_type:ty>
            for $self:ty
        {
            mode : $mode:ty,
            field : self.$field:ident $(,)?
        }
        $($rest:tt)*
    ) => {
        // SAFETY: `raw_get_timer` compiles only if the field is an `HrTimer` of the
        // mode's bindings and is aligned (a reference to it compiles), and
        // `timer_container_of` steps back from that field to the `Self` that holds it.
        unsafe impl$(<$($generics)*>)? $crate::hrtimer::HasHrTimer<$timer_type> for $self {
            type TimerMode = $mode;

            #[inline]
            unsafe fn raw_get_timer(
                this: *const Self,
            ) -> *const $crate::hrtimer::HrTimer<$timer_type, $crate::hrtimer::BindingsOf<$mode>> {
                // Never called: it compiles only if the field can be borrowed, which a
                // field of a `#[repr(packed)]` struct cannot (E0793), so the C timer is
                // aligned.
                let _ = |this: &Self| {
                    let _ = &this.$field;
                };
                // SAFETY: `this` points to a valid `Self` (the caller's promise).
                unsafe { $crate::__private::core::ptr::addr_of!((*this).$field) }
            }

            #[inline]
            unsafe fn timer_container_of(
                ptr: *mut $crate::hrtimer::HrTimer<$timer_type, $crate::hrtimer::BindingsOf<$mode>>,
            ) -> *mut Self {
                // SAFETY: `ptr` points to the field `$field` of a `Self` (the caller's
                // promise), so stepping back by its offset stays inside that `Self`.
                unsafe {
                    ptr.cast::<$crate::__private::u8>()
                        .sub($crate::__private::core::mem::offset_of!(Self, $field))
                        .cast::<Self>()
                }
            }
        }
    }
}
