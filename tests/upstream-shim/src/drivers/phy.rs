//! A PHY whose microcontroller boots from SRAM after its firmware is loaded, in the
//! shape of upstream's qt2025 driver: sleep while the firmware settles, then poll a
//! status register every 50 ms for up to 3 s.

use crate::kernel;
use kernel::io::poll::read_poll_timeout;
use kernel::time::delay::fsleep;
use kernel::time::error::Result;
use kernel::time::Delta;

use super::sim::Register;

/// The PHY's status register: 0x00 while the microcontroller boots, 0x10 while it
/// loads, anything else once it runs.
pub struct Phy<'a> {
    /// The status register (PCS 0xd7fd on the QT2025).
    pub status: &'a Register,
}

impl Phy<'_> {
    /// Starts the microcontroller and waits until it runs; returns its status.
    pub fn probe(&self) -> Result<u16> {
        // The firmware needs a moment after the SRAM load before it answers.
        fsleep(Delta::from_millis(1));
        read_poll_timeout(
            || self.status.try_read(),
            |val| *val != 0x00 && *val != 0x10,
            Delta::from_millis(50),
            Delta::from_secs(3),
        )
    }
}
