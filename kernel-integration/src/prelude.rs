//! The kernel's `kernel::prelude`, as far as `kernel::time` and its users use it.

pub use core::mem::{align_of, size_of};
pub use core::pin::Pin;

pub use crate::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void};

pub use pinned_init::{init, pin_data, pin_init, pinned_drop, Init, PinInit};

pub use crate::alloc::{flags::*, Box, KBox};
pub use crate::error::{code::*, Error, Result};
pub use crate::{dev_err, dev_info, pr_info, try_pin_init};
