//! The kernel's reference-counted pointer, on the host: `kernel::sync::{Arc, ArcBorrow}`
//! over `std`'s `Arc`, with the kernel's API where the timers use it.
//!
//! As in the kernel, an `Arc<T>` never hands out `&mut T`, so what it points to is
//! pinned for good: [`Arc::pin_init`] initializes `T` in place from a `PinInit`, and
//! an `Arc` of a struct with an [`HrTimer`](crate::time::hrtimer::HrTimer) field
//! starts its timer (`kernel::time::hrtimer`). [`atomic`] and [`completion`] are what
//! upstream's timer examples use of the kernel's.

use core::ops::Deref;
use std::marker::PhantomData;
use std::ptr::NonNull;

use pinned_init::PinInit;

use crate::alloc::Flags;

/// A reference-counted pointer to an instance of `T`: the kernel's `kernel::sync::Arc`.
///
/// `T` is reached only through `&T` ([`Deref`]), as in the kernel:
///
/// ```
/// use kernel::{alloc::flags::GFP_KERNEL, sync::Arc};
/// let arc = Arc::pin_init(7u32, GFP_KERNEL).unwrap_or_else(|never| match never {});
/// let other = arc.clone();
/// assert_eq!((*arc, *other), (7, 7));
/// ```
///
/// It does not convert into `std::sync::Arc`, whose `get_mut`, `make_mut` and
/// `try_unwrap` would hand out `&mut T` or move `T` out of its place, which may hold a
/// queued timer:
///
/// ```compile_fail,E0277
/// # use kernel::{alloc::flags::GFP_KERNEL, sync::Arc};
/// let arc = Arc::pin_init(7u32, GFP_KERNEL).unwrap_or_else(|never| match never {});
/// let mut std_arc: std::sync::Arc<u32> = arc.into();
/// *std::sync::Arc::get_mut(&mut std_arc).unwrap() = 8;
/// ```
///
/// # Invariants
///
/// `T` is never moved out of the allocation, nor reached mutably, while any `Arc` of
/// it exists: it is pinned.
pub struct Arc<T> {
    inner: std::sync::Arc<T>,
}

impl<T> Arc<T> {
    /// Allocates an `Arc` and initializes `T` in place from `init` (the kernel's
    /// `Arc::pin_init`). An allocation failure aborts on the host.
    pub fn pin_init<E>(init: impl PinInit<T, E>, _flags: Flags) -> Result<Self, E> {
        let mut uninit = std::sync::Arc::<T>::new_uninit();
        let slot = std::sync::Arc::get_mut(&mut uninit)
            .expect("a new Arc is unique")
            .as_mut_ptr();
        // SAFETY: `slot` is valid for writes of a `T` and aligned; on `Err` it is
        // freed as uninitialized memory (`MaybeUninit` drops nothing), on `Ok` it is
        // initialized, and it never moves: the allocation is pinned from here on
        // (invariant).
        unsafe { init.__pinned_init(slot)? };
        // SAFETY: initialized just above.
        let inner = unsafe { uninit.assume_init() };
        Ok(Arc { inner })
    }

    /// A raw pointer to the `T` (the kernel's `Arc::as_ptr`).
    pub fn as_ptr(this: &Self) -> *const T {
        std::sync::Arc::as_ptr(&this.inner)
    }

    /// A borrow of the `T`, with the `Arc`'s lifetime.
    pub fn as_arc_borrow(&self) -> ArcBorrow<'_, T> {
        ArcBorrow {
            inner: NonNull::from(&*self.inner),
            _p: PhantomData,
        }
    }
}

impl<T> Clone for Arc<T> {
    fn clone(&self) -> Self {
        Arc {
            inner: self.inner.clone(),
        }
    }
}

impl<T> Deref for Arc<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.inner
    }
}

/// A borrowed reference to an `Arc`-managed `T`: the kernel's `ArcBorrow`, what a
/// timer callback of an `Arc` timer gets.
///
/// # Invariants
///
/// `inner` points to a `T` that an `Arc` keeps alive for `'a`.
pub struct ArcBorrow<'a, T> {
    inner: NonNull<T>,
    _p: PhantomData<&'a T>,
}

impl<T> Clone for ArcBorrow<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for ArcBorrow<'_, T> {}

impl<T> ArcBorrow<'_, T> {
    /// An `ArcBorrow` of the `T` at `ptr`.
    ///
    /// # Safety
    ///
    /// `ptr` points to the `T` of a live `Arc`, which stays alive for as long as the
    /// returned `ArcBorrow` exists (the kernel's `ArcBorrow::from_raw`).
    pub unsafe fn from_raw(ptr: *const T) -> Self {
        ArcBorrow {
            // INVARIANT: the caller's promise.
            // SAFETY: the `T` of a live `Arc` is not null.
            inner: unsafe { NonNull::new_unchecked(ptr.cast_mut()) },
            _p: PhantomData,
        }
    }
}

impl<T> Deref for ArcBorrow<'_, T> {
    type Target = T;

    fn deref(&self) -> &T {
        // SAFETY: a live `Arc` keeps the `T` alive for `'a`, and shares it (invariant).
        unsafe { self.inner.as_ref() }
    }
}

// SAFETY: an `ArcBorrow` is a shared reference to a `T`.
unsafe impl<T: Sync> Send for ArcBorrow<'_, T> {}
// SAFETY: as above.
unsafe impl<T: Sync> Sync for ArcBorrow<'_, T> {}

/// The kernel's atomics (`kernel::sync::atomic`), over `core`'s.
pub mod atomic {
    use core::sync::atomic::{AtomicU64, Ordering};

    /// The kernel's memory orderings (`kernel::sync::atomic::ordering`).
    pub mod ordering {
        /// No ordering.
        #[derive(Clone, Copy)]
        pub struct Relaxed;
        /// Acquire ordering.
        #[derive(Clone, Copy)]
        pub struct Acquire;
        /// Release ordering.
        #[derive(Clone, Copy)]
        pub struct Release;
        /// Full ordering (sequentially consistent).
        #[derive(Clone, Copy)]
        pub struct Full;

        /// An ordering argument.
        pub trait Any {
            /// The `core` ordering.
            const ORDERING: core::sync::atomic::Ordering;
        }
        impl Any for Relaxed {
            const ORDERING: core::sync::atomic::Ordering = core::sync::atomic::Ordering::Relaxed;
        }
        impl Any for Acquire {
            const ORDERING: core::sync::atomic::Ordering = core::sync::atomic::Ordering::Acquire;
        }
        impl Any for Release {
            const ORDERING: core::sync::atomic::Ordering = core::sync::atomic::Ordering::Release;
        }
        impl Any for Full {
            const ORDERING: core::sync::atomic::Ordering = core::sync::atomic::Ordering::SeqCst;
        }
    }

    /// An atomic `u64` (the kernel's `Atomic<u64>`; the examples use only this one).
    pub struct Atomic<T>(AtomicU64, core::marker::PhantomData<T>);

    impl Atomic<u64> {
        /// A new atomic holding `v`.
        pub const fn new(v: u64) -> Self {
            Atomic(AtomicU64::new(v), core::marker::PhantomData)
        }

        /// Adds `v`, returning the previous value.
        pub fn fetch_add<O: ordering::Any>(&self, v: u64, _o: O) -> u64 {
            self.0.fetch_add(v, O::ORDERING)
        }

        /// The value.
        pub fn load<O: ordering::Any>(&self, _o: O) -> u64 {
            let order = match O::ORDERING {
                Ordering::Release => Ordering::Relaxed,
                order => order,
            };
            self.0.load(order)
        }

        /// Sets the value.
        pub fn store<O: ordering::Any>(&self, v: u64, _o: O) {
            let order = match O::ORDERING {
                Ordering::Acquire => Ordering::Relaxed,
                order => order,
            };
            self.0.store(v, order)
        }
    }
}

/// The kernel's `Completion` (`kernel::sync::completion`).
pub mod completion {
    use core::sync::atomic::{AtomicBool, Ordering};

    use pinned_init::PinInit;

    /// Waits for another context to say "done" (`struct completion`).
    ///
    /// A host wait lets time pass and runs the expired hrtimers, as a sleeping CPU
    /// takes the timer interrupt: it sleeps 50 µs at a time with the host's `fsleep`,
    /// which runs the queues (or advances the test clocks in test mode), before each
    /// look at the completion.
    pub struct Completion {
        done: AtomicBool,
    }

    impl Completion {
        /// An initializer of a completion not done yet.
        // The kernel's name and shape.
        #[allow(clippy::new_ret_no_self)]
        pub fn new() -> impl PinInit<Self> {
            Completion {
                done: AtomicBool::new(false),
            }
        }

        /// Wakes every waiter, now and later (`complete_all`): the completion stays
        /// done for good.
        pub fn complete_all(&self) {
            self.done.store(true, Ordering::Release);
        }

        /// Waits until the completion is done (`wait_for_completion`).
        pub fn wait_for_completion(&self) {
            loop {
                crate::time::delay::fsleep(crate::time::Delta::from_micros(50));
                if self.done.load(Ordering::Acquire) {
                    return;
                }
            }
        }
    }
}
