//! A GPU microcontroller ("falcon") engine in the shape of upstream's nova-core: after
//! a reset, wait with busy polling for the hardware to scrub the engine's memory, and
//! for a reset to complete with a short sleep between reads (as tyr waits for its
//! GPU's reset).

use crate::kernel;
use kernel::io::poll::{read_poll_timeout, read_poll_timeout_atomic};
use kernel::time::error::Result;
use kernel::time::Delta;

use super::sim::Register;

/// `HWCFG2.MEM_SCRUBBING` is done when this bit is clear.
pub const MEM_SCRUBBING: u32 = 1 << 12;
/// `GPU_IRQ_RAWSTAT.RESET_COMPLETED`.
pub const RESET_COMPLETED: u32 = 1 << 8;

/// The registers of one engine.
pub struct Falcon<'a> {
    /// `HWCFG2`.
    pub hwcfg2: &'a Register,
    /// `GPU_IRQ_RAWSTAT`.
    pub irq_rawstat: &'a Register,
}

impl Falcon<'_> {
    /// Waits for memory scrubbing to finish: busy polling, for up to 20 ms.
    pub fn wait_mem_scrubbing(&self) -> Result {
        read_poll_timeout(
            || Ok(self.hwcfg2.read()),
            |hwcfg2| hwcfg2 & MEM_SCRUBBING == 0,
            Delta::ZERO,
            Delta::from_millis(20),
        )
        .map(|_| ())
    }

    /// Waits for a reset to complete, sleeping 1 ms between reads, for up to 100 ms.
    pub fn wait_reset(&self) -> Result<u32> {
        read_poll_timeout(
            || Ok(self.irq_rawstat.read()),
            |status| *status & RESET_COMPLETED != 0,
            Delta::from_millis(1),
            Delta::from_millis(100),
        )
    }

    /// Checks, in atomic context, that the engine halted: at most 10 reads, 5 us apart.
    pub fn wait_halted_atomic(&self) -> Result<u32> {
        read_poll_timeout_atomic(
            || Ok(self.irq_rawstat.read()),
            |status| *status & RESET_COMPLETED != 0,
            Delta::from_micros(5),
            10,
        )
    }
}
