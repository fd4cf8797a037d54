//! Controllable getters for the test table, in the shape bindgen gives C functions
//! (`unsafe fn() -> ktime_t`), and a lock so tests that set clocks run one at a time.

use std::sync::{Mutex, MutexGuard};

/// What the getters return: set by the tests.
pub mod getters {
    use std::sync::atomic::{AtomicI64, Ordering};

    pub static MONO: AtomicI64 = AtomicI64::new(0);
    pub static REAL: AtomicI64 = AtomicI64::new(0);
    pub static BOOT: AtomicI64 = AtomicI64::new(0);

    /// The table's `clockid = "TEST_CLOCK_MONO"`, as bindgen emits a `#define`.
    pub const TEST_CLOCK_MONO: u32 = 1;

    /// # Safety
    /// Always safe; `unsafe` only to match the shape of a bindgen'd C function.
    pub unsafe fn test_mono() -> i64 {
        MONO.load(Ordering::SeqCst)
    }

    /// # Safety
    /// Always safe; `unsafe` only to match the shape of a bindgen'd C function.
    pub unsafe fn test_real() -> i64 {
        REAL.load(Ordering::SeqCst)
    }

    /// # Safety
    /// Always safe; `unsafe` only to match the shape of a bindgen'd C function.
    pub unsafe fn test_boot() -> i64 {
        BOOT.load(Ordering::SeqCst)
    }
}

static CLOCKS: Mutex<()> = Mutex::new(());

/// Serializes tests that set the test clocks; tolerates a poisoned lock.
pub fn lock_clocks() -> MutexGuard<'static, ()> {
    CLOCKS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Sets what each test clock reads.
pub fn set(mono: i64, real: i64, boot: i64) {
    use std::sync::atomic::Ordering;
    getters::MONO.store(mono, Ordering::SeqCst);
    getters::REAL.store(real, Ordering::SeqCst);
    getters::BOOT.store(boot, Ordering::SeqCst);
}
