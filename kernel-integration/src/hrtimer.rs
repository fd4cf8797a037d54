//! The owned timer pointers on the host: what upstream's `time/hrtimer/tbox.rs`
//! (`Pin<KBox<T>>`) and `time/hrtimer/arc.rs` (`Arc<T>`) are in the kernel crate,
//! over `std`'s `Box` and `Arc`. `typed_clocks` has no allocator, so the kernel crate (or,
//! here, a host crate) implements [`HrTimerPointer`] for its owned pointers on top of
//! `HrTimer::raw_start` and `HrTimer::raw_cancel`; wrappers, because the orphan rule
//! keeps this crate from implementing `typed_clocks`'s trait for `Pin<Box<HrTimer>>`.
//!
//! Both require `T: 'static`: a leaked handle leaks the timer's allocation with it,
//! and the data borrows nothing, so a timer still queued stays valid for ever.
//!
//! ```
//! use core::pin::{pin, Pin};
//! use core::sync::atomic::{AtomicU32, Ordering::Relaxed};
//! use kernel_integration::hrtimer::ArcHrTimer;
//! use kernel_integration::time::hrtimer::{
//!     HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerHandle, HrTimerPointer,
//!     HrTimerRestart, HrTimerSlot, RelativeMode, ScopedHrTimerPointer,
//! };
//! use kernel_integration::time::Monotonic;
//! use typed_clocks::Delta;
//!
//! struct Ticks(AtomicU32);
//!
//! impl HrTimerCallback for Ticks {
//!     type TimerMode = RelativeMode<Monotonic>;
//!     fn run(this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
//!         this.0.fetch_add(1, Relaxed);
//!         HrTimerRestart::NoRestart
//!     }
//! }
//!
//! let tk = kernel_integration::timekeeper::test_mode();
//!
//! // Owned and `'static`: a safe `start`; dropping the handle cancels the timer.
//! let shared = ArcHrTimer::new(HrTimer::new(Ticks(AtomicU32::new(0))));
//! let mut handle = shared.clone().start(Delta::from_millis(1));
//! tk.advance(Delta::from_millis(1)).unwrap();
//! assert_eq!(shared.timer().data().0.load(Relaxed), 1);
//! assert!(!handle.cancel(), "it ran and stopped");
//!
//! // On the stack: set up in place, started for the length of a closure.
//! let slot = pin!(HrTimerSlot::new());
//! let timer = slot.init(HrTimer::new(Ticks(AtomicU32::new(0))));
//! timer.as_ref().start_scoped(Delta::from_millis(1), || {
//!     tk.advance(Delta::from_millis(1)).unwrap();
//! });
//! assert_eq!(timer.data().0.load(Relaxed), 1);
//! ```

use std::marker::PhantomData;
use std::pin::Pin;
use std::ptr::NonNull;
use std::sync::Arc;

use typed_clocks::hrtimer::{
    HrTimer, HrTimerBindings, HrTimerCallback, HrTimerExpiresFor, HrTimerHandle, HrTimerInit,
    HrTimerPointer,
};

/// Allocates an [`HrTimer`] and sets it up in place from `init` (`KBox::pin_init`).
fn alloc_timer<T: HrTimerCallback, K: HrTimerBindings>(
    init: HrTimerInit<T, K>,
) -> *mut HrTimer<T, K> {
    let slot = Box::into_raw(Box::<HrTimer<T, K>>::new_uninit()).cast::<HrTimer<T, K>>();
    // SAFETY: `slot` is a fresh allocation for an `HrTimer`; it is freed only by
    // `Box::from_raw` in the owners below, which drop the timer first, and the timer
    // is never moved out of it.
    unsafe { init.init(slot) };
    slot
}

/// A timer in a pinned `Box`: upstream's `Pin<KBox<T>>` timer pointer.
pub struct BoxHrTimer<T: HrTimerCallback, K: HrTimerBindings> {
    timer: Pin<Box<HrTimer<T, K>>>,
}

impl<T: HrTimerCallback, K: HrTimerBindings> BoxHrTimer<T, K> {
    /// Allocates the timer of `init` and sets it up there.
    pub fn new(init: HrTimerInit<T, K>) -> Self {
        // SAFETY: `alloc_timer` returns a `Box` allocation holding an initialized
        // timer, which stays where it is (pinned from here on).
        let timer = unsafe { Pin::new_unchecked(Box::from_raw(alloc_timer(init))) };
        BoxHrTimer { timer }
    }

    /// The timer.
    pub fn timer(&self) -> Pin<&HrTimer<T, K>> {
        self.timer.as_ref()
    }

    /// The timer, exclusively (to `forward` it while it is stopped).
    pub fn timer_mut(&mut self) -> Pin<&mut HrTimer<T, K>> {
        self.timer.as_mut()
    }
}

/// The handle of a started [`BoxHrTimer`]: owns the timer; dropping it cancels the
/// timer, waits for its callback and frees it (upstream's `BoxHrTimerHandle`).
///
/// # Invariants
///
/// `inner` came from `Box::into_raw` of the pinned box of a `BoxHrTimer` and is owned
/// by this handle.
pub struct BoxHrTimerHandle<T: HrTimerCallback, K: HrTimerBindings> {
    inner: NonNull<HrTimer<T, K>>,
    _owns: PhantomData<Box<HrTimer<T, K>>>,
}

// SAFETY: the handle owns the timer as the `Box` did.
unsafe impl<T: HrTimerCallback + Send, K: HrTimerBindings> Send for BoxHrTimerHandle<T, K> {}
// SAFETY: `&BoxHrTimerHandle` gives `&HrTimer` only, which is `Sync` for `T: Sync`.
unsafe impl<T: HrTimerCallback, K: HrTimerBindings> Sync for BoxHrTimerHandle<T, K> {}

impl<T: HrTimerCallback, K: HrTimerBindings> BoxHrTimerHandle<T, K> {
    /// The timer (shared: its callback may be running).
    pub fn timer(&self) -> Pin<&HrTimer<T, K>> {
        // SAFETY: `inner` is the live, pinned timer this handle owns (invariant); only
        // shared references to it are made while the handle lives.
        unsafe { Pin::new_unchecked(self.inner.as_ref()) }
    }

    /// Cancels the timer and gives it back, stopped.
    pub fn stop(self) -> BoxHrTimer<T, K> {
        let mut this = std::mem::ManuallyDrop::new(self);
        this.cancel();
        // SAFETY: `inner` came from `Box::into_raw` of a pinned box (invariant), and
        // the handle is not dropped (`ManuallyDrop`), so the box is owned once.
        let timer = unsafe { Pin::new_unchecked(Box::from_raw(this.inner.as_ptr())) };
        BoxHrTimer { timer }
    }
}

// SAFETY: `cancel` cancels the timer and waits for its callback, and `Drop` calls it
// before freeing the timer.
unsafe impl<T: HrTimerCallback, K: HrTimerBindings> HrTimerHandle for BoxHrTimerHandle<T, K> {
    fn cancel(&mut self) -> bool {
        // SAFETY: `inner` is the live timer this handle owns (invariant).
        unsafe { HrTimer::raw_cancel(self.inner.as_ptr()) }
    }
}

impl<T: HrTimerCallback, K: HrTimerBindings> Drop for BoxHrTimerHandle<T, K> {
    fn drop(&mut self) {
        self.cancel();
        // SAFETY: `inner` came from `Box::into_raw` (invariant); the timer is stopped
        // and its callback returned, so nothing else uses it.
        drop(unsafe { Box::from_raw(self.inner.as_ptr()) });
    }
}

impl<T: HrTimerCallback + Send + 'static, K: HrTimerBindings> HrTimerPointer for BoxHrTimer<T, K> {
    type TimerMode = T::TimerMode;
    type TimerHandle = BoxHrTimerHandle<T, K>;

    fn start<E: HrTimerExpiresFor<T::TimerMode>>(self, expires: E) -> Self::TimerHandle {
        // SAFETY: the timer is not moved out of the box: the raw pointer keeps it
        // pinned, owned by the handle.
        let raw = Box::into_raw(unsafe { Pin::into_inner_unchecked(self.timer) });
        // SAFETY: `raw` is a live timer that stays alive until the handle is dropped
        // (which cancels it first) or, if the handle is leaked, for ever; `T: 'static`
        // borrows nothing.
        unsafe { HrTimer::raw_start(raw, expires) };
        BoxHrTimerHandle {
            // SAFETY: from `Box::into_raw`, not null.
            inner: unsafe { NonNull::new_unchecked(raw) },
            _owns: PhantomData,
        }
    }
}

/// A timer in an `Arc`: upstream's `Arc<T>` timer pointer. Cloning shares the timer.
pub struct ArcHrTimer<T: HrTimerCallback, K: HrTimerBindings> {
    timer: Pin<Arc<HrTimer<T, K>>>,
}

impl<T: HrTimerCallback, K: HrTimerBindings> Clone for ArcHrTimer<T, K> {
    fn clone(&self) -> Self {
        ArcHrTimer {
            timer: self.timer.clone(),
        }
    }
}

impl<T: HrTimerCallback, K: HrTimerBindings> ArcHrTimer<T, K> {
    /// Allocates the timer of `init` and sets it up there.
    pub fn new(init: HrTimerInit<T, K>) -> Self {
        let mut arc = Arc::<HrTimer<T, K>>::new_uninit();
        let slot = Arc::get_mut(&mut arc)
            .map(|uninit| uninit.as_mut_ptr())
            .unwrap_or_else(|| unreachable!("a new Arc is unique"));
        // SAFETY: `slot` is the fresh, unique `Arc` allocation; the timer is never
        // moved out of it, and the `Arc` drops it in place before freeing.
        unsafe { init.init(slot) };
        // SAFETY: initialized just above; pinned from here on.
        let timer = unsafe { Pin::new_unchecked(arc.assume_init()) };
        ArcHrTimer { timer }
    }

    /// The timer.
    pub fn timer(&self) -> Pin<&HrTimer<T, K>> {
        self.timer.as_ref()
    }
}

/// The handle of a started [`ArcHrTimer`]: holds a reference; dropping it cancels the
/// timer and waits for its callback (upstream's `ArcHrTimerHandle`).
pub struct ArcHrTimerHandle<T: HrTimerCallback, K: HrTimerBindings> {
    inner: ArcHrTimer<T, K>,
}

impl<T: HrTimerCallback, K: HrTimerBindings> ArcHrTimerHandle<T, K> {
    /// The timer.
    pub fn timer(&self) -> Pin<&HrTimer<T, K>> {
        self.inner.timer()
    }
}

// SAFETY: `cancel` cancels the timer and waits for its callback, and `Drop` calls it.
unsafe impl<T: HrTimerCallback, K: HrTimerBindings> HrTimerHandle for ArcHrTimerHandle<T, K> {
    fn cancel(&mut self) -> bool {
        let this: *const HrTimer<T, K> = self.inner.timer().get_ref();
        // SAFETY: `this` is the live timer the handle's `Arc` keeps alive.
        unsafe { HrTimer::raw_cancel(this) }
    }
}

impl<T: HrTimerCallback, K: HrTimerBindings> Drop for ArcHrTimerHandle<T, K> {
    fn drop(&mut self) {
        self.cancel();
    }
}

impl<T: HrTimerCallback + Send + 'static, K: HrTimerBindings> HrTimerPointer for ArcHrTimer<T, K> {
    type TimerMode = T::TimerMode;
    type TimerHandle = ArcHrTimerHandle<T, K>;

    fn start<E: HrTimerExpiresFor<T::TimerMode>>(self, expires: E) -> Self::TimerHandle {
        let this: *const HrTimer<T, K> = self.timer().get_ref();
        // SAFETY: `this` is a live timer, kept alive by the handle's `Arc` until the
        // handle is dropped (which cancels it first) or, if the handle is leaked, for
        // ever; `T: 'static` borrows nothing.
        unsafe { HrTimer::raw_start(this, expires) };
        ArcHrTimerHandle { inner: self }
    }
}
