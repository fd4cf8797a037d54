//! Timers started through a shared pinned reference, `Pin<&T>`: a timer on the stack,
//! or in any place that outlives the handle.

use core::ffi::c_void;
use core::pin::Pin;

use super::{
    HasHrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerHandle, HrTimerMode, HrTimerOf,
    HrTimerRestart, RawHrTimerCallback, UnsafeHrTimerPointer,
};

/// The handle of a timer started through `Pin<&T>`: it borrows `T` for as long as the
/// timer may be queued, and cancels the timer when dropped.
pub struct PinHrTimerHandle<'a, T>
where
    T: HasHrTimer<T>,
{
    inner: Pin<&'a T>,
}

// SAFETY: `drop` calls `cancel`, which stops the timer and waits for a running
// callback (`HrTimer::raw_cancel`), except in the timer's own callback (or an interrupt
// of it on its CPU), where it warns and returns. That callback runs only while an
// outer `start_scoped` (or an `unsafe` `start`'s caller) keeps `T` borrowed, and that
// one stops the timer and waits before the borrow ends.
unsafe impl<'a, T> HrTimerHandle for PinHrTimerHandle<'a, T>
where
    T: HasHrTimer<T>,
{
    fn cancel(&mut self) -> bool {
        let this: *const T = self.inner.get_ref();
        // SAFETY: `this` comes from a live reference, so it points to a valid `T`.
        let timer = unsafe { T::raw_get_timer(this) };
        // SAFETY: `timer` is the timer field of that valid `T`.
        unsafe { HrTimerOf::<T>::raw_cancel(timer) }
    }
}

impl<'a, T> Drop for PinHrTimerHandle<'a, T>
where
    T: HasHrTimer<T>,
{
    fn drop(&mut self) {
        self.cancel();
    }
}

// SAFETY: the handle holds the `Pin<&'a T>` the timer was started through, so the
// borrow of `T` lasts as long as the handle.
unsafe impl<'a, T> UnsafeHrTimerPointer for Pin<&'a T>
where
    T: Send + Sync,
    T: HasHrTimer<T>,
    T: HrTimerCallback<Pointer<'a> = Self>,
{
    type TimerMode = <T as HasHrTimer<T>>::TimerMode;
    type TimerHandle = PinHrTimerHandle<'a, T>;

    unsafe fn start(
        self,
        expires: <<T as HasHrTimer<T>>::TimerMode as HrTimerMode>::Expires,
    ) -> Self::TimerHandle {
        let this: *const T = self.get_ref();
        // SAFETY: `this` comes from a live reference; the caller keeps `T` alive until
        // the timer is dead by dropping the handle in time (this function's contract).
        unsafe { T::start(this, expires) };
        PinHrTimerHandle { inner: self }
    }
}

impl<'a, T> RawHrTimerCallback for Pin<&'a T>
where
    T: HasHrTimer<T>,
    T: HrTimerCallback<Pointer<'a> = Self>,
{
    type CallbackTarget<'b> = Self;

    unsafe fn run(ptr: *mut c_void) -> HrTimerRestart {
        // `ptr` is the C timer, the first field of a `#[repr(C)]` `HrTimer`, and has
        // the provenance of the `T` it was derived from.
        let timer = ptr.cast::<HrTimerOf<T>>();
        // SAFETY: the timer was started through `Pin<&T>` (this function's contract),
        // so it is the timer field of a `T`.
        let this = unsafe { T::timer_container_of(timer) };
        // SAFETY: the outermost start of this timer (a `start_scoped`, or an `unsafe`
        // `start` whose caller keeps the handle) borrows `T` until the timer is dead, so `T`
        // is alive while the callback runs; it is only ever reached through shared,
        // pinned references.
        let this = unsafe { Pin::new_unchecked(&*this) };
        // SAFETY: `timer` is a live, set-up timer, and this is its callback.
        let context = unsafe { HrTimerCallbackContext::from_raw(timer) };
        T::run(this, context)
    }
}
