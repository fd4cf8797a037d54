//! The qt2025 PHY's probe (`drivers/net/phy/qt2025.rs`), its time-related part as
//! upstream writes it: check the hardware revision, then, once the firmware is in
//! SRAM, poll a status register through the fallible MDIO read every 50 ms for up to
//! 3 s, propagating the kernel's `Result` with `?`. The firmware download between the
//! two is left out.

use kernel::error::code;
use kernel::io::poll::read_poll_timeout;
use kernel::prelude::*;
use kernel::time::Delta;

use super::sim::Register;

/// MDIO manageable devices (`kernel::net::phy::reg::Mmd`), the two used here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mmd {
    /// PMA/PMD.
    PMAPMD,
    /// PCS.
    PCS,
}

/// A clause-45 register address (`kernel::net::phy::reg::C45`).
#[derive(Clone, Copy, Debug)]
pub struct C45 {
    mmd: Mmd,
    regnum: u16,
}

impl C45 {
    /// The register `regnum` of `mmd`.
    pub fn new(mmd: Mmd, regnum: u16) -> Self {
        C45 { mmd, regnum }
    }
}

/// The PHY as its driver sees it (`kernel::net::phy::Device`): the hardware revision
/// register and the microcontroller's status register (PCS 0xd7fd), which reads 0x00
/// while it boots, 0x10 while it loads, anything else once it runs.
pub struct Device<'a> {
    /// PMA/PMD 0xd001.
    pub hw_rev: u16,
    /// PCS 0xd7fd.
    pub status: &'a Register,
}

impl Device<'_> {
    /// An MDIO read: it can fail, with the kernel's `Result`.
    pub fn read(&mut self, reg: C45) -> Result<u16> {
        match (reg.mmd, reg.regnum) {
            (Mmd::PMAPMD, 0xd001) => Ok(self.hw_rev),
            (Mmd::PCS, 0xd7fd) => Ok(self.status.try_read32()? as u16),
            _ => Err(EINVAL),
        }
    }
}

/// The driver.
pub struct PhyQT2025;

impl PhyQT2025 {
    /// `Driver::probe`, as upstream's (the register writes and the firmware download
    /// left out).
    // Upstream writes `code::ENODEV` although the prelude has `ENODEV` too.
    #[allow(unused_qualifications)]
    pub fn probe(dev: &mut Device<'_>) -> Result<()> {
        // Check the hardware revision code.
        // Only 0xb3 works with this driver and firmware.
        let hw_rev = dev.read(C45::new(Mmd::PMAPMD, 0xd001))?;
        if (hw_rev >> 8) != 0xb3 {
            return Err(code::ENODEV);
        }

        read_poll_timeout(
            || dev.read(C45::new(Mmd::PCS, 0xd7fd)),
            |val| *val != 0x00 && *val != 0x10,
            Delta::from_millis(50),
            Delta::from_secs(3),
        )?;

        Ok(())
    }
}
