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
//! - Expiries reach C in `0..=KTIME_MAX`: a negative one (a user's
//!   [`HrTimerExpires`], or an `Instant` before the epoch) is clamped to 0, where the
//!   kernel would `WARN_ON_ONCE` in `hrtimer_reprogram()`.
//! - `forward_now` forwards from the time of the base the timer is queued on
//!   (`hrtimer_forward_now()`): a relative `CLOCK_REALTIME` timer is queued on the
//!   monotonic base.
//! - A timer is set up with `hrtimer_setup_on_stack()` where its place is on the
//!   current task's stack, and `destroy_hrtimer_on_stack()` is called when it is
//!   dropped there, so `CONFIG_DEBUG_OBJECTS_TIMERS` accepts stack timers.
//! - Cancelling a timer from its own callback (dropping its last handle there, say)
//!   would wait for itself for ever; the cancel warns once and returns instead.
//!   [`HrTimer::try_cancel`] never waits.
//!
//! # Limits (the same as upstream's)
//!
//! - Forwarding a timer from its callback while another thread restarts the same
//!   timer (through a second handle) forwards a queued timer: the kernel warns
//!   (`WARN_ON(timer->state & HRTIMER_STATE_ENQUEUED)`) and the write races with the
//!   base. Restart a periodic timer from one place only.
//! - A handle of an owned pointer may be leaked (`mem::forget`): the timer stays
//!   queued for as long as the kernel runs, with its data. In a module, the
//!   callback's code goes with the module: a module must cancel its timers (drop
//!   their handles) before it is unloaded.
//!
//! C header: [`include/linux/hrtimer.h`](srctree/include/linux/hrtimer.h).

mod bindings;
mod mode;
mod pin;
mod pin_mut;

use core::cell::UnsafeCell;
use core::ffi::c_void;
use core::marker::{PhantomData, PhantomPinned};
use core::mem::MaybeUninit;
use core::pin::Pin;
use core::ptr::{addr_of, NonNull};

use pin_init::PinInit;

use crate::clock::HrTimerClock;
use crate::delta::Delta;
use crate::instant::Instant;

pub use bindings::{HrTimerBase, HrTimerBindings, NoHrTimerBindings};
pub use mode::{
    AbsoluteHardMode, AbsoluteMode, AbsolutePinnedHardMode, AbsolutePinnedMode,
    AbsolutePinnedSoftMode, AbsoluteSoftMode, HrTimerExpires, HrTimerMode, RawHrTimerMode,
    RelativeHardMode, RelativeMode, RelativePinnedHardMode, RelativePinnedMode,
    RelativePinnedSoftMode, RelativeSoftMode, KTIME_MAX,
};
pub use pin::PinHrTimerHandle;
pub use pin_mut::PinMutHrTimerHandle;

/// The bindings of the clock of the timer mode `M`.
pub type BindingsOf<M> = <<M as HrTimerMode>::Clock as HrTimerClock>::Bindings;

/// The [`HrTimer`] type of the struct `T`: `HrTimer<T, B>` with the bindings `B` of
/// the clock of `T`'s mode.
pub type HrTimerOf<T> = HrTimer<T, BindingsOf<<T as HasHrTimer<T>>::TimerMode>>;

/// A type-alias to refer to the [`Instant<C>`] for a given `T` from [`HrTimer<T>`].
///
/// Where `C` is the [`ClockSource`] of the [`HrTimer`].
pub type HrTimerInstant<T> = Instant<<<T as HasHrTimer<T>>::TimerMode as HrTimerMode>::Clock>;

/// A timer backed by a C `struct hrtimer` of the bindings `B`.
///
/// Drivers name it `HrTimer<T>` from the kernel services' `hrtimer` module, which
/// fills in `B`. It is a field of `T`, made in place by [`HrTimer::new`]'s
/// initializer.
///
/// # Invariants
///
/// * `self.timer` is initialized by `B::setup`, where it is, and has not moved since.
#[repr(C)]
pub struct HrTimer<T, B: HrTimerBindings> {
    timer: UnsafeCell<MaybeUninit<B::RawHrTimer>>,
    // `!Unpin`: the C timer must not move once set up (upstream's `Opaque`).
    _pin: PhantomPinned,
    _t: PhantomData<T>,
}

// SAFETY: Ownership of an `HrTimer` can be moved to other threads and
// used/dropped from there.
unsafe impl<T, B: HrTimerBindings> Send for HrTimer<T, B> {}

// SAFETY: Timer operations are locked on the C side, so it is safe to operate
// on a timer from multiple threads.
unsafe impl<T, B: HrTimerBindings> Sync for HrTimer<T, B> {}

impl<T, B: HrTimerBindings> HrTimer<T, B> {
    /// Return an initializer for a new timer instance.
    // Upstream's name and shape: `new` returns the initializer of `Self`.
    #[allow(clippy::new_ret_no_self)]
    pub fn new() -> impl PinInit<Self>
    where
        T: HrTimerCallback,
        T: HasHrTimer<T>,
        <T::TimerMode as HrTimerMode>::Clock: HrTimerClock<Bindings = B>,
    {
        let setup = move |place: *mut Self| {
            // INVARIANT: `B::setup` initializes the C timer at `place`, which
            // `pin_init` keeps there (pinned) from here on.
            // SAFETY: By design of `pin_init!`, `place` is a pointer to a live
            // allocation of `Self`, pinned from now on; `raw_get` stays inside it, and
            // `setup` does not need the C timer to be initialized before the call.
            unsafe {
                B::setup::<T>(
                    Self::raw_get(place),
                    <<T::TimerMode as HrTimerMode>::Clock as HrTimerClock>::CLOCKID,
                    <T::TimerMode as HrTimerMode>::C_MODE,
                );
            }
            Ok(())
        };
        // SAFETY: the closure initializes every byte of `Self` that needs it (the C
        // timer; the rest is zero-sized) and never fails.
        unsafe { pin_init::pin_init_from_closure(setup) }
    }

    /// Get a pointer to the contained C timer.
    ///
    /// This function is useful to get access to the value without creating
    /// intermediate references.
    ///
    /// # Safety
    ///
    /// `this` must point to a live allocation of at least the size of `Self`.
    #[inline]
    pub unsafe fn raw_get(this: *const Self) -> *mut B::RawHrTimer {
        // SAFETY: The field projection to `timer` does not go out of bounds,
        // because the caller of this function promises that `this` points to an
        // allocation of at least the size of `Self`.
        let cell = unsafe { addr_of!((*this).timer) };
        UnsafeCell::raw_get(cell).cast()
    }

    /// Cancel an initialized and potentially running timer.
    ///
    /// If the timer handler is running, this function will block until the
    /// handler returns. Called from the timer's own callback (which would wait for
    /// itself for ever), it warns once and returns instead.
    ///
    /// Note that the timer might be started by a concurrent start operation. If
    /// so, the timer might not be in the **stopped** state when this function
    /// returns.
    ///
    /// Users of the `HrTimer` API would not usually call this method directly.
    /// Instead they would use the safe [`HrTimerHandle::cancel`] on the handle
    /// returned when the timer was started.
    ///
    /// Returns `true` if the timer was started (queued).
    ///
    /// # Safety
    ///
    /// `this` must point to a valid `Self`.
    #[inline]
    pub unsafe fn raw_cancel(this: *const Self) -> bool {
        // SAFETY: `this` points to a valid, so set-up, `HrTimer` (contract,
        // invariant); `cancel` may be called on any set-up timer.
        unsafe { B::cancel(Self::raw_get(this)) }
    }

    /// Cancels the timer unless its callback is running, without waiting: `Ok(true)`
    /// if it was started (queued) and is now stopped, `Ok(false)` if it was stopped,
    /// [`Err(CallbackRunning)`](CallbackRunning) if its callback is running (the
    /// timer is then left alone). Callable anywhere, its own callback included.
    #[inline]
    pub fn try_cancel(&self) -> Result<bool, CallbackRunning> {
        // SAFETY: `self` is a valid, so set-up, timer (invariant).
        match unsafe { B::try_to_cancel(Self::raw_get(self)) } {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(CallbackRunning),
        }
    }

    /// Forward the timer expiry for a given timer pointer.
    ///
    /// # Safety
    ///
    /// - `self_ptr` must point to a valid `Self`.
    /// - The caller must either have exclusive access to the data pointed at by `self_ptr`, or be
    ///   within the context of the timer callback.
    #[inline]
    unsafe fn raw_forward(self_ptr: *mut Self, now: HrTimerInstant<T>, interval: Delta) -> u64
    where
        T: HasHrTimer<T>,
    {
        // SAFETY:
        // * The C API requirements for this function are fulfilled by our safety contract.
        // * `self_ptr` is guaranteed to point to a valid `Self` via our safety contract
        unsafe { B::forward(Self::raw_get(self_ptr), now.to_ktime(), interval.as_nanos()) }
    }

    /// Forward the timer expiry from the current time of its base.
    ///
    /// # Safety
    ///
    /// As [`raw_forward`](Self::raw_forward).
    #[inline]
    unsafe fn raw_forward_now(self_ptr: *mut Self, interval: Delta) -> u64 {
        // SAFETY: As `raw_forward`.
        unsafe { B::forward_now(Self::raw_get(self_ptr), interval.as_nanos()) }
    }

    /// Conditionally forward the timer.
    ///
    /// If the timer expires after `now`, this function does nothing and returns 0. If the timer
    /// expired at or before `now`, this function forwards the timer by `interval` until the timer
    /// expires after `now` and then returns the number of times the timer was forwarded by
    /// `interval`.
    ///
    /// This function is mainly useful for timer types which can provide exclusive access to the
    /// timer when the timer is not running. For forwarding the timer from within the timer callback
    /// context, see [`HrTimerCallbackContext::forward()`].
    ///
    /// Returns the number of overruns that occurred as a result of the timer expiry change.
    pub fn forward(self: Pin<&mut Self>, now: HrTimerInstant<T>, interval: Delta) -> u64
    where
        T: HasHrTimer<T>,
    {
        // SAFETY: `raw_forward` does not move `Self`
        let this = unsafe { self.get_unchecked_mut() };

        // SAFETY: By existence of `Pin<&mut Self>`, the pointer passed to `raw_forward` points to a
        // valid `Self` that we have exclusive access to.
        unsafe { Self::raw_forward(this, now, interval) }
    }

    /// Conditionally forward the timer.
    ///
    /// This is a variant of [`forward()`](Self::forward) that uses an interval after the current
    /// time of the base clock for the [`HrTimer`]: the base the timer is queued on, which for a
    /// relative `CLOCK_REALTIME` timer is the monotonic one (`hrtimer_forward_now()`).
    pub fn forward_now(self: Pin<&mut Self>, interval: Delta) -> u64
    where
        T: HasHrTimer<T>,
    {
        // SAFETY: `raw_forward_now` does not move `Self`
        let this = unsafe { self.get_unchecked_mut() };

        // SAFETY: By existence of `Pin<&mut Self>`, the pointer points to a valid `Self`
        // that we have exclusive access to.
        unsafe { Self::raw_forward_now(this, interval) }
    }

    /// Return the time expiry for this [`HrTimer`].
    ///
    /// This value should only be used as a snapshot, as the actual expiry time could change after
    /// this function is called. For a relative `CLOCK_REALTIME` timer it is a time of the
    /// monotonic base the kernel queues it on.
    pub fn expires(&self) -> HrTimerInstant<T>
    where
        T: HasHrTimer<T>,
    {
        // SAFETY: `self` is a valid, set-up timer; the read is racy by design (a
        // READ_ONCE in the kernel).
        Instant::from_ktime(unsafe { B::expires(Self::raw_get(self)) })
    }
}

impl<T, B: HrTimerBindings> Drop for HrTimer<T, B> {
    fn drop(&mut self) {
        let this: *const Self = self;
        // SAFETY: `self` is a valid, set-up timer (invariant), about to go away: by
        // the handle contracts it is stopped, so `destroy` (which undoes what `setup`
        // registered for a timer on the stack) may run.
        unsafe { B::destroy(Self::raw_get(this)) };
    }
}

/// The callback of an [`HrTimer`] was running, so [`HrTimer::try_cancel`] left the
/// timer alone.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct CallbackRunning;

/// Implemented by pointer types that point to structs that contain a [`HrTimer`].
///
/// `Self` must be [`Sync`] because it is passed to timer callbacks in another
/// thread of execution (hard or soft interrupt context).
///
/// Starting a timer returns a [`HrTimerHandle`] that can be used to manipulate
/// the timer. Note that it is OK to call the start function repeatedly, and
/// that more than one [`HrTimerHandle`] associated with a [`HrTimerPointer`] may
/// exist. A timer can be manipulated through any of the handles, and a handle
/// may represent a cancelled timer.
///
/// A handle may be leaked, leaving the timer queued for good, so what an implementer
/// points to must not borrow anything: the `Arc` and `Pin<KBox>` implementations
/// require `T: 'static`. Starting a timer is `unsafe` ([`HasHrTimer::start`]), so an
/// implementation for a borrowed pointer has to vouch for that in an `unsafe` block.
pub trait HrTimerPointer: Sync + Sized {
    /// The operational mode associated with this timer.
    ///
    /// This defines how the expiration value is interpreted.
    type TimerMode: HrTimerMode;

    /// A handle representing a started or restarted timer.
    ///
    /// If the timer is running or if the timer callback is executing when the
    /// handle is dropped, the drop method of [`HrTimerHandle`] should not return
    /// until the timer is stopped and the callback has completed.
    ///
    /// Note: When implementing this trait, consider that it is not unsafe to
    /// leak the handle.
    type TimerHandle: HrTimerHandle;

    /// Start the timer with expiry after `expires` time units. If the timer was
    /// already running, it is restarted with the new expiry time.
    fn start(self, expires: <Self::TimerMode as HrTimerMode>::Expires) -> Self::TimerHandle;
}

/// Unsafe version of [`HrTimerPointer`] for situations where leaking the
/// [`HrTimerHandle`] returned by `start` would be unsound. This is the case for
/// stack allocated timers.
///
/// Typical implementers are pinned references such as [`Pin<&T>`].
///
/// # Safety
///
/// Implementers of this trait must ensure that instances of types implementing
/// [`UnsafeHrTimerPointer`] outlives any associated [`HrTimerPointer::TimerHandle`]
/// instances.
pub unsafe trait UnsafeHrTimerPointer: Sync + Sized {
    /// The operational mode associated with this timer.
    ///
    /// This defines how the expiration value is interpreted.
    type TimerMode: HrTimerMode;

    /// A handle representing a running timer.
    ///
    /// # Safety
    ///
    /// If the timer is running, or if the timer callback is executing when the
    /// handle is dropped, the drop method of [`Self::TimerHandle`] must not return
    /// until the timer is stopped and the callback has completed.
    type TimerHandle: HrTimerHandle;

    /// Start the timer after `expires` time units. If the timer was already
    /// running, it is restarted at the new expiry time.
    ///
    /// # Safety
    ///
    /// Caller promises keep the timer structure alive until the timer is dead.
    /// Caller can ensure this by not leaking the returned [`Self::TimerHandle`].
    unsafe fn start(self, expires: <Self::TimerMode as HrTimerMode>::Expires) -> Self::TimerHandle;
}

/// A trait for stack allocated timers.
///
/// # Safety
///
/// Implementers must ensure that `start_scoped` does not return until the
/// timer is dead and the timer handler is not running.
pub unsafe trait ScopedHrTimerPointer {
    /// The operational mode associated with this timer.
    ///
    /// This defines how the expiration value is interpreted.
    type TimerMode: HrTimerMode;

    /// Start the timer to run after `expires` time units and immediately
    /// after call `f`. When `f` returns, the timer is cancelled.
    fn start_scoped<T, F>(self, expires: <Self::TimerMode as HrTimerMode>::Expires, f: F) -> T
    where
        F: FnOnce() -> T;
}

// SAFETY: By the safety requirement of [`UnsafeHrTimerPointer`], dropping the
// handle returned by [`UnsafeHrTimerPointer::start`] ensures that the timer is
// killed.
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
        // SAFETY: We drop the timer handle below before returning.
        let handle = unsafe { UnsafeHrTimerPointer::start(self, expires) };
        let t = f();
        drop(handle);
        t
    }
}

/// Implemented by [`HrTimerPointer`] implementers to give the C timer callback a
/// function to call.
// This is split from `HrTimerPointer` to make it easier to specify trait bounds.
pub trait RawHrTimerCallback {
    /// Type of the parameter passed to [`HrTimerCallback::run`]. It may be
    /// [`Self`], or a pointer type derived from [`Self`].
    type CallbackTarget<'a>;

    /// Callback to be called from C when timer fires: the bindings' C callback
    /// calls it with the C timer (`struct hrtimer *`) it was called with, and
    /// returns what it returns to the hrtimer code.
    ///
    /// # Safety
    ///
    /// Only to be called by the C callback of the `hrtimer` subsystem. `this` must
    /// point to the C timer of the [`HrTimer`] that was used to start the timer.
    unsafe fn run(this: *mut c_void) -> HrTimerRestart;
}

/// Implemented by structs that can be the target of a timer callback.
pub trait HrTimerCallback {
    /// The type whose [`RawHrTimerCallback::run`] method will be invoked when
    /// the timer expires.
    type Pointer<'a>: RawHrTimerCallback;

    /// Called by the timer logic when the timer fires.
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

/// A handle representing a potentially running timer.
///
/// More than one handle representing the same timer might exist.
///
/// # Safety
///
/// When dropped, the timer represented by this handle must be cancelled, if it
/// is running. If the timer handler is running when the handle is dropped, the
/// drop method must wait for the handler to return before returning.
///
/// Note: One way to satisfy the safety requirement is to call `Self::cancel` in
/// the drop implementation for `Self.`
pub unsafe trait HrTimerHandle {
    /// Cancel the timer. If the timer is in the running state, block till the
    /// handler has returned.
    ///
    /// Note that the timer might be started by a concurrent start operation. If
    /// so, the timer might not be in the **stopped** state when this function
    /// returns.
    ///
    /// Returns `true` if the timer was running.
    fn cancel(&mut self) -> bool;
}

/// Implemented by structs that contain timer nodes.
///
/// Clients of the timer API would usually safely implement this trait by using
/// the [`impl_has_hr_timer`](crate::impl_has_hr_timer) macro.
///
/// # Safety
///
/// Implementers of this trait must ensure that the implementer has a
/// [`HrTimer`] field and that all trait methods are implemented according to
/// their documentation. All the methods of this trait must operate on the same
/// field.
pub unsafe trait HasHrTimer<T> {
    /// The operational mode associated with this timer.
    ///
    /// This defines how the expiration value is interpreted.
    type TimerMode: HrTimerMode;

    /// Return a pointer to the [`HrTimer`] within `Self`.
    ///
    /// This function is useful to get access to the value without creating
    /// intermediate references.
    ///
    /// # Safety
    ///
    /// `this` must be a valid pointer.
    unsafe fn raw_get_timer(this: *const Self) -> *const HrTimer<T, BindingsOf<Self::TimerMode>>;

    /// Return a pointer to the struct that is containing the [`HrTimer`] pointed
    /// to by `ptr`.
    ///
    /// This function is useful to get access to the value without creating
    /// intermediate references.
    ///
    /// # Safety
    ///
    /// `ptr` must point to a [`HrTimer<T>`] field in a struct of type `Self`.
    unsafe fn timer_container_of(ptr: *mut HrTimer<T, BindingsOf<Self::TimerMode>>) -> *mut Self
    where
        Self: Sized;

    /// Get pointer to the contained C timer struct.
    ///
    /// This function is useful to get access to the value without creating
    /// intermediate references.
    ///
    /// # Safety
    ///
    /// `this` must be a valid pointer.
    unsafe fn c_timer_ptr(
        this: *const Self,
    ) -> *const <BindingsOf<Self::TimerMode> as HrTimerBindings>::RawHrTimer {
        // SAFETY: `this` is a valid pointer to a `Self`.
        let timer_ptr = unsafe { Self::raw_get_timer(this) };

        // SAFETY: timer_ptr points to an allocation of at least `HrTimer` size.
        unsafe { HrTimer::raw_get(timer_ptr) }
    }

    /// Start the timer contained in the `Self` pointed to by `self_ptr`. If
    /// it is already running it is removed and inserted.
    ///
    /// The expiry reaches C in `0..=KTIME_MAX`: a negative one is clamped to 0.
    ///
    /// # Safety
    ///
    /// - `this` must point to a valid `Self`.
    /// - Caller must ensure that the pointee of `this` lives until the timer
    ///   fires or is canceled.
    unsafe fn start(this: *const Self, expires: <Self::TimerMode as HrTimerMode>::Expires) {
        // SAFETY: By function safety requirement, `this` is a valid `Self`, whose
        // timer stays alive while queued; the expiry is in `0..=KTIME_MAX`.
        unsafe {
            <BindingsOf<Self::TimerMode> as HrTimerBindings>::start_range_ns(
                Self::c_timer_ptr(this).cast_mut(),
                mode::clamp_expiry(expires.as_nanos()),
                0,
                <Self::TimerMode as HrTimerMode>::C_MODE,
            );
        }
    }
}

/// Restart policy for timers.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum HrTimerRestart {
    /// Timer should not be restarted.
    NoRestart,
    /// Timer should be restarted.
    Restart,
}

/// Privileged smart-pointer for a [`HrTimer`] callback context.
///
/// Many [`HrTimer`] methods can only be called in two situations:
///
/// * When the caller has exclusive access to the `HrTimer` and the `HrTimer` is guaranteed not to
///   be running.
/// * From within the context of an `HrTimer`'s callback method.
///
/// This type provides access to said methods from within a timer callback context.
///
/// # Invariants
///
/// * The existence of this type means the caller is currently within the callback for an
///   [`HrTimer`].
/// * `self.0` always points to a live instance of [`HrTimer<T>`].
pub struct HrTimerCallbackContext<'a, T: HasHrTimer<T>>(NonNull<HrTimerOf<T>>, PhantomData<&'a ()>);

impl<'a, T: HasHrTimer<T>> HrTimerCallbackContext<'a, T> {
    /// Create a new [`HrTimerCallbackContext`].
    ///
    /// # Safety
    ///
    /// This function relies on the caller being within the context of a timer callback, so it must
    /// not be used anywhere except for within implementations of [`RawHrTimerCallback::run`]. The
    /// caller promises that `timer` points to a valid initialized instance of the C timer.
    ///
    /// The returned `Self` must not outlive the function context of [`RawHrTimerCallback::run`]
    /// where this function is called.
    pub unsafe fn from_raw(timer: *mut HrTimerOf<T>) -> Self {
        // SAFETY: The caller guarantees `timer` is a valid pointer to an initialized
        // C timer.
        // INVARIANT: Our safety contract ensures that we're within the context of a timer callback
        // and that `timer` points to a live instance of `HrTimer<T>`.
        Self(unsafe { NonNull::new_unchecked(timer) }, PhantomData)
    }

    /// Conditionally forward the timer.
    ///
    /// This function is identical to [`HrTimer::forward()`] except that it may only be used from
    /// within the context of a [`HrTimer`] callback.
    pub fn forward(&mut self, now: HrTimerInstant<T>, interval: Delta) -> u64 {
        // SAFETY:
        // - We are guaranteed to be within the context of a timer callback by our type invariants
        // - By our type invariants, `self.0` always points to a valid `HrTimer<T>`
        unsafe { HrTimerOf::<T>::raw_forward(self.0.as_ptr(), now, interval) }
    }

    /// Conditionally forward the timer.
    ///
    /// This is a variant of [`HrTimerCallbackContext::forward()`] that uses an interval after the
    /// current time of the base clock for the [`HrTimer`]: the base the timer is queued on
    /// (`hrtimer_forward_now()`).
    pub fn forward_now(&mut self, duration: Delta) -> u64 {
        // SAFETY: as in `forward`.
        unsafe { HrTimerOf::<T>::raw_forward_now(self.0.as_ptr(), duration) }
    }
}

/// Use to implement the [`HasHrTimer<T>`] trait.
///
/// See [`module`] documentation for an example.
///
/// [`module`]: crate::hrtimer
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
        // SAFETY: This implementation of `raw_get_timer` only compiles if the
        // field has the right type, and `timer_container_of` steps back from that
        // field to the struct that holds it.
        unsafe impl$(<$($generics)*>)? $crate::hrtimer::HasHrTimer<$timer_type> for $self {
            type TimerMode = $mode;

            #[inline]
            unsafe fn raw_get_timer(
                this: *const Self,
            ) -> *const $crate::hrtimer::HrTimer<$timer_type, $crate::hrtimer::BindingsOf<$mode>> {
                // SAFETY: The caller promises that the pointer is not dangling.
                unsafe { $crate::__private::core::ptr::addr_of!((*this).$field) }
            }

            #[inline]
            unsafe fn timer_container_of(
                ptr: *mut $crate::hrtimer::HrTimer<$timer_type, $crate::hrtimer::BindingsOf<$mode>>,
            ) -> *mut Self {
                // SAFETY: As per the safety requirement of this function, `ptr`
                // is pointing inside a `Self`, at its field `$field`.
                unsafe {
                    ptr.cast::<$crate::__private::u8>()
                        .sub($crate::__private::core::mem::offset_of!(Self, $field))
                        .cast::<Self>()
                }
            }
        }
    }
}
