// SPDX-License-Identifier: GPL-2.0

//! Input and output.
//!
//! Polling a device until a condition holds lives here, at its upstream path
//! `kernel::io::poll`; it is the `poll` module of [`kernel::time`](crate::time),
//! generated with the clocks it measures time with.

pub use crate::time::poll;
