//! The kernel's C types for Rust, as `rust/ffi.rs` defines them: `c_long` and
//! `c_ulong` are `isize` and `usize` on every architecture (not `core::ffi`'s, which
//! follow the platform's C ABI), and the kernel's bindgen output uses these. So
//! `kernel::time::Jiffies`, upstream's `c_ulong`, must be `usize` for
//! `rust/kernel/workqueue.rs` to pass a `delay: Jiffies` to `queue_delayed_work_on`.
#![allow(non_camel_case_types)]

/// `int`.
pub type c_int = i32;
/// `unsigned int`.
pub type c_uint = u32;
/// `long`.
pub type c_long = isize;
/// `unsigned long`.
pub type c_ulong = usize;
