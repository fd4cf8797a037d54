//! Timers started through an exclusive pinned reference, `Pin<&mut T>`: the callback
//! gets `Pin<&mut T>` too.

use core::ffi::c_void;
use core::marker::PhantomData;
use core::pin::Pin;
use core::ptr::NonNull;

use super::{
    HasHrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerHandle, HrTimerMode, HrTimerOf,
    HrTimerRestart, RawHrTimerCallback, UnsafeHrTimerPointer,
};

/// The handle of a timer started through `Pin<&mut T>`: it borrows `T` exclusively for
/// as long as the timer may be queued, and cancels the timer when dropped.
pub struct PinMutHrTimerHandle<'a, T>
where
    T: HasHrTimer<T>,
{
    inner: NonNull<T>,
    _borrow: PhantomData<&'a mut T>,
}

// SAFETY: `drop` calls `cancel`, which stops the timer and waits for a running
// callback (`HrTimer::raw_cancel`), except in the timer's own callback (or an interrupt
// of it on its CPU), where it warns and returns. That callback runs only while an
// outer `start_scoped` (or an `unsafe` `start`'s caller) keeps `T` borrowed, and that
// one stops the timer and waits before the borrow ends.
unsafe impl<'a, T> HrTimerHandle for PinMutHrTimerHandle<'a, T>
where
    T: HasHrTimer<T>,
{
    fn cancel(&mut self) -> bool {
        // SAFETY: `inner` comes from the `Pin<&'a mut T>` the handle borrows, so it
        // points to a valid `T`.
        let timer = unsafe { T::raw_get_timer(self.inner.as_ptr()) };
        // SAFETY: `timer` is the timer field of that valid `T`.
        unsafe { HrTimerOf::<T>::raw_cancel(timer) }
    }
}

impl<'a, T> Drop for PinMutHrTimerHandle<'a, T>
where
    T: HasHrTimer<T>,
{
    fn drop(&mut self) {
        self.cancel();
    }
}

// SAFETY: the handle holds the exclusive borrow of `T` the timer was started
// through, so the borrow lasts as long as the handle.
unsafe impl<'a, T> UnsafeHrTimerPointer for Pin<&'a mut T>
where
    T: Send + Sync,
    T: HasHrTimer<T>,
    T: HrTimerCallback<Pointer<'a> = Self>,
{
    type TimerMode = <T as HasHrTimer<T>>::TimerMode;
    type TimerHandle = PinMutHrTimerHandle<'a, T>;

    unsafe fn start(
        mut self,
        expires: <<T as HasHrTimer<T>>::TimerMode as HrTimerMode>::Expires,
    ) -> Self::TimerHandle {
        // SAFETY: nothing moves out of `self`: the pointer is used only to reach the
        // timer field and, in the callback, to rebuild a `Pin<&mut T>`.
        let this = NonNull::from(unsafe { self.as_mut().get_unchecked_mut() });
        // SAFETY: `this` comes from a live reference; the caller keeps `T` alive until
        // the timer is dead by dropping the handle in time (this function's contract).
        unsafe { T::start(this.as_ptr(), expires) };
        PinMutHrTimerHandle {
            inner: this,
            _borrow: PhantomData,
        }
    }
}

impl<'a, T> RawHrTimerCallback for Pin<&'a mut T>
where
    T: HasHrTimer<T>,
    T: HrTimerCallback<Pointer<'a> = Self>,
{
    type CallbackTarget<'b> = Self;

    unsafe fn run(ptr: *mut c_void) -> HrTimerRestart {
        // `ptr` is the C timer, the first field of a `#[repr(C)]` `HrTimer`, and has
        // the provenance of the `T` it was derived from.
        let timer = ptr.cast::<HrTimerOf<T>>();
        // SAFETY: the timer was started through `Pin<&mut T>` (this function's
        // contract), so it is the timer field of a `T`.
        let this = unsafe { T::timer_container_of(timer) };
        // SAFETY: the outermost start of this timer (a `start_scoped`, or an `unsafe`
        // `start` whose caller keeps the handle) borrows `T` exclusively until the
        // timer is dead, so while the callback runs nothing else reaches `T`, which
        // stays pinned.
        let this = unsafe { Pin::new_unchecked(&mut *this) };
        // SAFETY: `timer` is a live, set-up timer, and this is its callback.
        let context = unsafe { HrTimerCallbackContext::from_raw(timer) };
        T::run(this, context)
    }
}
