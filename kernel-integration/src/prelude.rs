//! What the kernel's `kernel::prelude` brings that the timer code here uses: the
//! owning pointers, `Pin`, and `pin-init`'s macros and traits.

pub use crate::alloc::{flags::*, Box, KBox};
pub use core::pin::Pin;
pub use pinned_init::{pin_data, pin_init, try_pin_init, PinInit};
