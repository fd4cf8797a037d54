//! The kernel's `kernel::sync`, as far as upstream's timer examples use it: `Arc` and
//! `ArcBorrow` (`kernel_integration`'s, which the timers start through), `Atomic` with
//! the kernel's orderings, and `Completion`.

pub use kernel_integration::sync::{Arc, ArcBorrow};

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
                crate::kernel::time::delay::fsleep(crate::kernel::time::Delta::from_micros(50));
                if self.done.load(Ordering::Acquire) {
                    return;
                }
            }
        }
    }
}
