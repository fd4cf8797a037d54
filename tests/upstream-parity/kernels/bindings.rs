//! The kernel's bindgen crate: `kernel_integration`'s bindings, and the functions
//! upstream's time files call that the host C side does not have (declared only: the
//! harness type-checks, it does not link).
#![allow(non_camel_case_types, non_upper_case_globals, clippy::all, missing_docs)]

pub use kernel_integration::bindings::*;

// The kernel's bindgen types C's `unsigned long` as its `ffi::c_ulong` (`usize`); the
// host's bindgen as `core::ffi::c_ulong`. These take and give the kernel's types.

/// `fsleep(usecs)`.
///
/// # Safety
///
/// None beyond C's.
pub unsafe fn fsleep(usecs: usize) {
    // SAFETY: the caller's.
    unsafe { kernel_integration::bindings::fsleep(usecs as _) }
}

/// `udelay(usecs)`.
///
/// # Safety
///
/// None beyond C's.
pub unsafe fn udelay(usecs: usize) {
    // SAFETY: the caller's.
    unsafe { kernel_integration::bindings::udelay(usecs as _) }
}

/// `__msecs_to_jiffies(m)`.
///
/// # Safety
///
/// None beyond C's.
pub unsafe fn __msecs_to_jiffies(m: u32) -> usize {
    // SAFETY: the caller's.
    unsafe { kernel_integration::bindings::__msecs_to_jiffies(m) as usize }
}
