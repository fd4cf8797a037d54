// SPDX-License-Identifier: GPL-2.0

//! The owned pointers that start a high-resolution timer in safe code: [`Arc`] and
//! [`Pin<KBox>`](crate::alloc::KBox), as upstream's `time/hrtimer/arc.rs` and
//! `time/hrtimer/tbox.rs`, and the infallible [`PinInit`] of [`HrTimer::new`]'s
//! initializer, so that `Arc::pin_init` and `KBox::pin_init` set a timer up in place
//! in its allocation.
//!
//! Both pointers need the timer's data to be `'static`: a leaked handle leaks the
//! allocation with it, and data that borrows nothing stays valid for as long as the
//! timer may run. Timers on the stack start through
//! [`ScopedHrTimerPointer`](super::hrtimer::ScopedHrTimerPointer) instead.
//!
//! The initializer is a value, and every value also initializes its own type, so
//! the pointer's type is named where it is made: `let t: Arc<HrTimer<Ticks>> = ...`.
//!
//! # Examples
//!
//! A timer shared through an [`Arc`]:
//!
//! ```
//! use core::pin::Pin;
//! use core::sync::atomic::{AtomicU32, Ordering};
//! use kernel::prelude::*;
//! use kernel::sync::Arc;
//! use kernel::time::hrtimer::{
//!     HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerPointer, HrTimerRestart,
//!     RelativeMode,
//! };
//! use kernel::time::{poll::read_poll_timeout, Delta, Monotonic};
//!
//! struct Ticks(AtomicU32);
//!
//! impl HrTimerCallback for Ticks {
//!     type TimerMode = RelativeMode<Monotonic>;
//!
//!     fn run(this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
//!         this.0.fetch_add(1, Ordering::Relaxed);
//!         HrTimerRestart::NoRestart
//!     }
//! }
//!
//! let timer: Arc<HrTimer<Ticks>> =
//!     Arc::pin_init(HrTimer::new(Ticks(AtomicU32::new(0))), GFP_KERNEL)?;
//! let handle = timer.clone().start(Delta::from_micros(200));
//! let ticks = read_poll_timeout(
//!     || Ok(timer.data().0.load(Ordering::Relaxed)),
//!     |&ticks| ticks == 1,
//!     Delta::from_micros(100),
//!     Delta::from_secs(1),
//! )?;
//! assert_eq!(ticks, 1);
//! drop(handle);
//! # Ok::<(), Error>(())
//! ```
//!
//! A timer owned by its handle, in a [`KBox`](crate::alloc::KBox), that restarts itself:
//!
//! ```
//! use core::pin::Pin;
//! use core::sync::atomic::{AtomicU32, Ordering};
//! use kernel::prelude::*;
//! use kernel::time::hrtimer::{
//!     HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerHandle, HrTimerPointer,
//!     HrTimerRestart, RelativeMode,
//! };
//! use kernel::time::{poll::read_poll_timeout, Delta, Monotonic};
//!
//! struct Repeat(AtomicU32);
//!
//! impl HrTimerCallback for Repeat {
//!     type TimerMode = RelativeMode<Monotonic>;
//!
//!     fn run(this: Pin<&Self>, mut ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
//!         if this.0.fetch_add(1, Ordering::Relaxed) + 1 == 3 {
//!             return HrTimerRestart::NoRestart;
//!         }
//!         ctx.forward_now(Delta::from_micros(200));
//!         HrTimerRestart::Restart
//!     }
//! }
//!
//! let timer: Pin<KBox<HrTimer<Repeat>>> =
//!     KBox::pin_init(HrTimer::new(Repeat(AtomicU32::new(0))), GFP_KERNEL)?;
//! let mut handle = timer.start(Delta::from_micros(200));
//! read_poll_timeout(
//!     || Ok(handle.timer().data().0.load(Ordering::Relaxed)),
//!     |&runs| runs == 3,
//!     Delta::from_micros(100),
//!     Delta::from_secs(1),
//! )?;
//! // It stopped itself: cancelling finds it not queued.
//! assert!(!handle.cancel());
//! # Ok::<(), Error>(())
//! ```

use core::convert::Infallible;
use core::marker::PhantomData;
use core::pin::Pin;
use core::ptr::NonNull;

use crate::alloc::{allocator::Kmalloc, Allocator, Box};
use crate::init::PinInit;
use crate::sync::Arc;
use typed_clocks::hrtimer::{
    HrTimer, HrTimerBindings, HrTimerCallback, HrTimerExpiresFor, HrTimerHandle, HrTimerInit,
    HrTimerPointer,
};

// SAFETY: `HrTimerInit::init` writes the whole timer to `slot` and sets it up there,
// never fails, and needs `slot` to be valid for writes and pinned from then on: what
// the caller of `__pinned_init` guarantees.
unsafe impl<T: HrTimerCallback, K: HrTimerBindings> PinInit<HrTimer<T, K>> for HrTimerInit<T, K> {
    unsafe fn __pinned_init(self, slot: *mut HrTimer<T, K>) -> Result<(), Infallible> {
        // SAFETY: `slot` is valid for writes and stays pinned until the timer is
        // dropped (this function's contract).
        unsafe { self.init(slot) };
        Ok(())
    }
}

/// The handle of a timer started through an [`Arc`]: holds a reference; dropping it
/// cancels the timer and waits for its callback (upstream's `ArcHrTimerHandle`).
pub struct ArcHrTimerHandle<T: HrTimerCallback, K: HrTimerBindings> {
    inner: Arc<HrTimer<T, K>>,
}

impl<T: HrTimerCallback, K: HrTimerBindings> ArcHrTimerHandle<T, K> {
    /// The timer.
    pub fn timer(&self) -> &HrTimer<T, K> {
        &self.inner
    }
}

// SAFETY: `cancel` cancels the timer and waits for its callback, and `Drop` calls it.
unsafe impl<T: HrTimerCallback, K: HrTimerBindings> HrTimerHandle for ArcHrTimerHandle<T, K> {
    fn cancel(&mut self) -> bool {
        let this: *const HrTimer<T, K> = &*self.inner;
        // SAFETY: `this` is the live timer that the handle's `Arc` keeps alive.
        unsafe { HrTimer::raw_cancel(this) }
    }
}

impl<T: HrTimerCallback, K: HrTimerBindings> Drop for ArcHrTimerHandle<T, K> {
    fn drop(&mut self) {
        self.cancel();
    }
}

impl<T, K> HrTimerPointer for Arc<HrTimer<T, K>>
where
    T: HrTimerCallback + Send + 'static,
    K: HrTimerBindings,
{
    type TimerMode = T::TimerMode;
    type TimerHandle = ArcHrTimerHandle<T, K>;

    fn start<E: HrTimerExpiresFor<T::TimerMode>>(self, expires: E) -> Self::TimerHandle {
        let this: *const HrTimer<T, K> = &*self;
        // SAFETY: a timer is only ever set up in place (`HrTimer::new` gives an
        // initializer, not a value), and an `Arc`'s data never moves nor is given out
        // as `&mut` while another reference (the handle's) exists. The
        // handle's `Arc` keeps the timer alive until the handle is dropped, which
        // cancels the timer first, or, if the handle is leaked, for ever; `T: 'static`
        // borrows nothing.
        unsafe { HrTimer::raw_start(this, expires) };
        ArcHrTimerHandle { inner: self }
    }
}

/// The handle of a timer started through a [`Pin<KBox>`](crate::alloc::KBox): owns
/// the timer; dropping it cancels the timer, waits for its callback and frees it
/// (upstream's `BoxHrTimerHandle`).
///
/// # Invariants
///
/// `inner` came from `KBox::into_raw` of the pinned box that started the timer, and
/// this handle owns it.
pub struct BoxHrTimerHandle<T: HrTimerCallback, K: HrTimerBindings, A: Allocator> {
    inner: NonNull<HrTimer<T, K>>,
    _owns: PhantomData<Box<HrTimer<T, K>, A>>,
}

// SAFETY: the handle owns the timer as the box did.
unsafe impl<T, K, A> Send for BoxHrTimerHandle<T, K, A>
where
    T: HrTimerCallback + Send,
    K: HrTimerBindings,
    A: Allocator,
{
}

// SAFETY: `&BoxHrTimerHandle` gives `&HrTimer` only, which is `Sync` as `T` is.
unsafe impl<T, K, A> Sync for BoxHrTimerHandle<T, K, A>
where
    T: HrTimerCallback,
    K: HrTimerBindings,
    A: Allocator,
{
}

impl<T: HrTimerCallback, K: HrTimerBindings, A: Allocator> BoxHrTimerHandle<T, K, A> {
    /// The timer (shared: its callback may be running).
    pub fn timer(&self) -> &HrTimer<T, K> {
        // SAFETY: `inner` is the live timer this handle owns (invariant); only shared
        // references to it are made while the handle lives.
        unsafe { self.inner.as_ref() }
    }
}

// SAFETY: `cancel` cancels the timer and waits for its callback, and `Drop` calls it
// before freeing the timer.
unsafe impl<T, K, A> HrTimerHandle for BoxHrTimerHandle<T, K, A>
where
    T: HrTimerCallback,
    K: HrTimerBindings,
    A: Allocator,
{
    fn cancel(&mut self) -> bool {
        // SAFETY: `inner` is the live timer this handle owns (invariant).
        unsafe { HrTimer::raw_cancel(self.inner.as_ptr()) }
    }
}

impl<T: HrTimerCallback, K: HrTimerBindings, A: Allocator> Drop for BoxHrTimerHandle<T, K, A> {
    fn drop(&mut self) {
        self.cancel();
        // SAFETY: `inner` came from `KBox::into_raw` and is owned here (invariant); the
        // timer is stopped and its callback has returned, so nothing else uses it.
        drop(unsafe { Box::<HrTimer<T, K>, A>::from_raw(self.inner.as_ptr()) });
    }
}

impl<T, K, A> HrTimerPointer for Pin<Box<HrTimer<T, K>, A>>
where
    T: HrTimerCallback + Send + 'static,
    K: HrTimerBindings,
    A: Allocator + 'static,
{
    type TimerMode = T::TimerMode;
    type TimerHandle = BoxHrTimerHandle<T, K, A>;

    fn start<E: HrTimerExpiresFor<T::TimerMode>>(self, expires: E) -> Self::TimerHandle {
        // SAFETY: the timer is not moved out of the box: the raw pointer keeps it
        // where it is, owned by the handle.
        let boxed = unsafe { Pin::into_inner_unchecked(self) };
        let raw = Box::into_raw(boxed);
        // SAFETY: `raw` is a live timer that stays alive until the handle is dropped,
        // which cancels it first, or, if the handle is leaked, for ever; `T: 'static`
        // borrows nothing, and the handle makes no `&mut` to the timer.
        unsafe { HrTimer::raw_start(raw, expires) };
        BoxHrTimerHandle {
            // SAFETY: `Box::into_raw` never returns null.
            inner: unsafe { NonNull::new_unchecked(raw) },
            _owns: PhantomData,
        }
    }
}

/// The handle type of a timer started through a [`Pin<KBox>`](crate::alloc::KBox).
pub type KBoxHrTimerHandle<T, K> = BoxHrTimerHandle<T, K, Kmalloc>;
