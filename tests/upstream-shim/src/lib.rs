//! Driver code written as upstream writes it against `kernel::time`,
//! `kernel::io::poll` and `kernel::error`, built over the host kernel crate
//! (`kernel-integration`, whose library is `kernel`) and run on its host model of the
//! C (its timekeeper, hrtimer base and delays).
//!
//! The drivers in [`drivers`] carry upstream's in-tree call sites over simulated
//! hardware: nova-core's falcon and GSP waits, tyr's GPU reset, the qt2025 PHY probe,
//! binder's transaction timestamps, and a periodic completion timer (the shape of
//! upstream's `Arc` hrtimer example). They name the kernel crate as upstream's
//! drivers do: `kernel`, from the extern prelude.

pub mod drivers;
