//! What `use kernel::prelude::*;` brings into a driver, as far as the drivers here use
//! it: the error type, `Result` and the errno constants, and the device log macros.

pub use super::error::{code::*, Error, Result};
pub use crate::try_pin_init;
pub use crate::{dev_err, dev_info, pr_info};
pub use kernel_integration::alloc::flags::*;
pub use kernel_integration::prelude::{pin_data, pin_init, Box, KBox, Pin, PinInit};
