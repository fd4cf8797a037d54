//! Starting a timer through a pointer to it: upstream's `HrTimerPointer`,
//! `UnsafeHrTimerPointer`, `ScopedHrTimerPointer` and `HrTimerHandle`, and the handles
//! of the borrowed pointers `Pin<&HrTimer>` and `Pin<&mut HrTimer>` (upstream's
//! `time/hrtimer/{pin,pin_mut}.rs`). The owned pointers (`Arc`, `Pin<KBox>`) belong to
//! a crate with an allocator: it implements [`HrTimerPointer`] for them over
//! [`HrTimer::raw_start`] and [`HrTimer::raw_cancel`].

use core::marker::PhantomData;
use core::pin::Pin;
use core::ptr::NonNull;

use super::{HrTimer, HrTimerBindings, HrTimerCallback, HrTimerExpiresFor, HrTimerMode};

/// A handle representing a potentially running timer (upstream's `HrTimerHandle`).
///
/// More than one handle representing the same timer might exist.
///
/// # Safety
///
/// When dropped, the timer represented by this handle must be cancelled, if it is
/// running. If the timer handler is running when the handle is dropped, the drop
/// method must wait for the handler to return before returning.
///
/// Note: One way to satisfy the safety requirement is to call `Self::cancel` in the
/// drop implementation for `Self`.
pub unsafe trait HrTimerHandle {
    /// Cancel the timer. If the timer is in the running state, block till the handler
    /// has returned.
    ///
    /// Note that the timer might be started by a concurrent start operation. If so,
    /// the timer might not be in the **stopped** state when this function returns.
    ///
    /// Returns whether the timer was started (queued). Called from the timer's own
    /// callback it never returns (see the
    /// [module documentation](super#cancelling-from-the-callback)).
    fn cancel(&mut self) -> bool;
}

/// Implemented by owned pointer types to an [`HrTimer`] (upstream's
/// `HrTimerPointer`): `start` is safe.
///
/// Starting a timer returns a [`HrTimerHandle`] that can be used to manipulate the
/// timer. Note that it is OK to call the start function repeatedly, and that more than
/// one [`HrTimerHandle`] associated with a [`HrTimerPointer`] may exist. A timer can
/// be manipulated through any of the handles, and a handle may represent a cancelled
/// timer.
///
/// Note: When implementing this trait, consider that it is not unsafe to leak the
/// handle. A leaked handle must leak the timer's memory with it, and the timer's data
/// must not borrow anything, so that a queued timer stays valid for ever: the trait
/// requires `Self: 'static`, so a pointer type whose data borrows cannot implement it.
pub trait HrTimerPointer: Sync + Sized + 'static {
    /// The timer's mode.
    type TimerMode: HrTimerMode;

    /// A handle representing a started or restarted timer.
    ///
    /// If the timer is running or if the timer callback is executing when the handle
    /// is dropped, the drop method of [`HrTimerHandle`] should not return until the
    /// timer is stopped and the callback has completed.
    type TimerHandle: HrTimerHandle;

    /// Start the timer with expiry `expires`. If the timer was already running, it is
    /// restarted with the new expiry time.
    fn start<E: HrTimerExpiresFor<Self::TimerMode>>(self, expires: E) -> Self::TimerHandle;
}

/// Unsafe version of [`HrTimerPointer`] for situations where leaking the
/// [`HrTimerHandle`] returned by `start` would be unsound. This is the case for stack
/// allocated timers, and for timers whose data borrows something.
///
/// Typical implementers are pinned references such as [`Pin<&T>`].
///
/// # Safety
///
/// Implementers of this trait must ensure that instances of types implementing
/// [`UnsafeHrTimerPointer`] outlive any associated
/// [`UnsafeHrTimerPointer::TimerHandle`] instances.
pub unsafe trait UnsafeHrTimerPointer: Sync + Sized {
    /// The timer's mode.
    type TimerMode: HrTimerMode;

    /// A handle representing a running timer.
    ///
    /// # Safety
    ///
    /// If the timer is running, or if the timer callback is executing when the handle
    /// is dropped, the drop method of [`Self::TimerHandle`] must not return until the
    /// timer is stopped and the callback has completed.
    type TimerHandle: HrTimerHandle;

    /// Start the timer with expiry `expires`. If the timer was already running, it is
    /// restarted at the new expiry time.
    ///
    /// # Safety
    ///
    /// Caller promises keep the timer structure alive until the timer is dead. Caller
    /// can ensure this by not leaking the returned [`Self::TimerHandle`]: it must be
    /// dropped before the borrow of the timer ends, which also keeps everything the
    /// timer's data borrows alive while the timer may run.
    unsafe fn start<E: HrTimerExpiresFor<Self::TimerMode>>(self, expires: E) -> Self::TimerHandle;
}

/// A trait for stack allocated timers (upstream's `ScopedHrTimerPointer`): start a
/// borrowed timer in safe code for the length of a closure.
///
/// # Safety
///
/// Implementers must ensure that `start_scoped` does not return until the timer is
/// dead and the timer handler is not running.
pub unsafe trait ScopedHrTimerPointer {
    /// The timer's mode.
    type TimerMode: HrTimerMode;

    /// Start the timer to run at `expires` and immediately after call `f`. When `f`
    /// returns, the timer is cancelled.
    fn start_scoped<E, U, F>(self, expires: E, f: F) -> U
    where
        E: HrTimerExpiresFor<Self::TimerMode>,
        F: FnOnce() -> U;
}

// SAFETY: By the safety requirement of [`UnsafeHrTimerPointer`], dropping the handle
// returned by [`UnsafeHrTimerPointer::start`] ensures that the timer is killed.
unsafe impl<P: UnsafeHrTimerPointer> ScopedHrTimerPointer for P {
    type TimerMode = P::TimerMode;

    fn start_scoped<E, U, F>(self, expires: E, f: F) -> U
    where
        E: HrTimerExpiresFor<Self::TimerMode>,
        F: FnOnce() -> U,
    {
        // SAFETY: We drop the timer handle below before returning; a panic in `f`
        // drops it while unwinding.
        let handle = unsafe { UnsafeHrTimerPointer::start(self, expires) };
        let t = f();
        drop(handle);
        t
    }
}

/// The handle of a timer started through a `Pin<&HrTimer>` (upstream's
/// `PinHrTimerHandle`): dropping it cancels the timer.
///
/// # Invariants
///
/// `inner` was started through `UnsafeHrTimerPointer::start`.
pub struct PinHrTimerHandle<'a, T, K: HrTimerBindings> {
    inner: Pin<&'a HrTimer<T, K>>,
}

impl<'a, T, K: HrTimerBindings> PinHrTimerHandle<'a, T, K> {
    /// The timer.
    #[inline]
    pub fn timer(&self) -> Pin<&'a HrTimer<T, K>> {
        self.inner
    }
}

// SAFETY: `cancel` cancels the timer and waits for its callback (`hrtimer_cancel`),
// and `Drop` calls it.
unsafe impl<T, K: HrTimerBindings> HrTimerHandle for PinHrTimerHandle<'_, T, K> {
    fn cancel(&mut self) -> bool {
        let this: *const HrTimer<T, K> = self.inner.get_ref();
        // SAFETY: `this` points to a live `HrTimer` (borrowed for `'a`).
        unsafe { HrTimer::raw_cancel(this) }
    }
}

impl<T, K: HrTimerBindings> Drop for PinHrTimerHandle<'_, T, K> {
    fn drop(&mut self) {
        self.cancel();
    }
}

// SAFETY: the handle borrows the timer for `'a`, as long as `self` is borrowed, so the
// pointer outlives it.
unsafe impl<'a, T: HrTimerCallback, K: HrTimerBindings> UnsafeHrTimerPointer
    for Pin<&'a HrTimer<T, K>>
{
    type TimerMode = T::TimerMode;
    type TimerHandle = PinHrTimerHandle<'a, T, K>;

    #[inline]
    unsafe fn start<E: HrTimerExpiresFor<T::TimerMode>>(self, expires: E) -> Self::TimerHandle {
        let this: *const HrTimer<T, K> = self.get_ref();
        // SAFETY: `this` is a live timer; the caller keeps it (and what its data
        // borrows) alive until the handle is dropped, and the handle's drop cancels it
        // and waits for its callback.
        unsafe { HrTimer::raw_start(this, expires) };
        PinHrTimerHandle { inner: self }
    }
}

/// The handle of a timer started through a `Pin<&mut HrTimer>` (upstream's
/// `PinMutHrTimerHandle`): dropping it cancels the timer.
///
/// # Invariants
///
/// `inner` points to a timer borrowed exclusively for `'a` and started through
/// `UnsafeHrTimerPointer::start`. It is kept as a raw pointer, as upstream does, so that
/// no `&mut` to the timer exists while its callback holds `&T`.
pub struct PinMutHrTimerHandle<'a, T, K: HrTimerBindings> {
    inner: NonNull<HrTimer<T, K>>,
    _p: PhantomData<&'a mut HrTimer<T, K>>,
}

// SAFETY: the handle is used only to cancel the timer, which the C side serializes;
// as `&mut HrTimer`, it may move to another thread when the timer may.
unsafe impl<T: Send, K: HrTimerBindings> Send for PinMutHrTimerHandle<'_, T, K> {}
// SAFETY: `&PinMutHrTimerHandle` allows nothing.
unsafe impl<T: Sync, K: HrTimerBindings> Sync for PinMutHrTimerHandle<'_, T, K> {}

// SAFETY: `cancel` cancels the timer and waits for its callback (`hrtimer_cancel`),
// and `Drop` calls it.
unsafe impl<T, K: HrTimerBindings> HrTimerHandle for PinMutHrTimerHandle<'_, T, K> {
    fn cancel(&mut self) -> bool {
        // SAFETY: `inner` points to a live `HrTimer` (borrowed for `'a`, invariant).
        unsafe { HrTimer::raw_cancel(self.inner.as_ptr()) }
    }
}

impl<T, K: HrTimerBindings> Drop for PinMutHrTimerHandle<'_, T, K> {
    fn drop(&mut self) {
        self.cancel();
    }
}

// SAFETY: the handle borrows the timer exclusively for `'a`, as long as `self` is
// borrowed, so the pointer outlives it.
unsafe impl<'a, T: HrTimerCallback, K: HrTimerBindings> UnsafeHrTimerPointer
    for Pin<&'a mut HrTimer<T, K>>
{
    type TimerMode = T::TimerMode;
    type TimerHandle = PinMutHrTimerHandle<'a, T, K>;

    #[inline]
    unsafe fn start<E: HrTimerExpiresFor<T::TimerMode>>(self, expires: E) -> Self::TimerHandle {
        // SAFETY: the timer is not moved out of the reference.
        let this = NonNull::from(unsafe { self.get_unchecked_mut() });
        // SAFETY: `this` is a live timer; the caller keeps it (and what its data
        // borrows) alive until the handle is dropped, and the handle's drop cancels it
        // and waits for its callback.
        unsafe { HrTimer::raw_start(this.as_ptr(), expires) };
        PinMutHrTimerHandle {
            inner: this,
            _p: PhantomData,
        }
    }
}
