//! The kernel's C types for Rust, as `rust/ffi.rs` defines them: `c_long` and
//! `c_ulong` are `isize` and `usize` on every architecture (not `core::ffi`'s, which
//! follow the platform's C ABI), and the bindings name these (bindgen runs with
//! `ctypes_prefix`, as the kernel's with `--ctypes-prefix ffi`). So
//! `kernel::time::Jiffies`, upstream's `c_ulong`, is `usize`, as
//! `rust/kernel/workqueue.rs` needs to pass a `delay: Jiffies` to
//! `queue_delayed_work_on`.
#![allow(non_camel_case_types)]

pub use core::ffi::c_void;

/// `char`.
pub type c_char = i8;
/// `signed char`.
pub type c_schar = i8;
/// `unsigned char`.
pub type c_uchar = u8;
/// `short`.
pub type c_short = i16;
/// `unsigned short`.
pub type c_ushort = u16;
/// `int`.
pub type c_int = i32;
/// `unsigned int`.
pub type c_uint = u32;
/// `long`.
pub type c_long = isize;
/// `unsigned long`.
pub type c_ulong = usize;
/// `long long`.
pub type c_longlong = i64;
/// `unsigned long long`.
pub type c_ulonglong = u64;
