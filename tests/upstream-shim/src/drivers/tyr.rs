//! tyr's GPU bring-up waits (`drivers/gpu/drm/tyr/{driver,gpu}.rs`), as upstream
//! writes them: `kernel::io::poll` and `kernel::time` used as modules
//! (`poll::read_poll_timeout`, `time::Delta`), `.inspect_err(|_| dev_err!(…))?`, and
//! the probe's `ok_or(ENODEV)?`.

use kernel::{
    io::poll,
    prelude::*,
    time, //
};

use super::sim::{Device, Register};

/// The GPU's MMIO registers used here.
pub struct IoMem<'a> {
    /// `GPU_IRQ_RAWSTAT`: bit 8, `RESET_COMPLETED`.
    pub gpu_irq_rawstat: &'a Register,
    /// `L2_READY_LO`.
    pub l2_ready_lo: &'a Register,
}

/// `GPU_IRQ_RAWSTAT`.
#[derive(Clone, Copy, Debug)]
pub struct GpuIrqRawstat(u32);

impl GpuIrqRawstat {
    /// `RESET_COMPLETED`.
    pub fn reset_completed(&self) -> bool {
        self.0 & (1 << 8) != 0
    }
}

/// `L2_READY_LO`.
#[derive(Clone, Copy, Debug)]
pub struct L2ReadyLo(u32);

impl L2ReadyLo {
    /// The ready bit of the one L2 slice.
    pub fn ready(&self) -> u32 {
        self.0 & 1
    }
}

impl IoMem<'_> {
    fn read_gpu_irq_rawstat(&self) -> GpuIrqRawstat {
        GpuIrqRawstat(self.gpu_irq_rawstat.read())
    }

    fn read_l2_ready_lo(&self) -> L2ReadyLo {
        L2ReadyLo(self.l2_ready_lo.read())
    }
}

/// `issue_soft_reset` (the reset command itself left out).
pub fn issue_soft_reset(dev: &Device, iomem: &IoMem<'_>) -> Result {
    poll::read_poll_timeout(
        || Ok(iomem.read_gpu_irq_rawstat()),
        |status| status.reset_completed(),
        time::Delta::from_millis(1),
        time::Delta::from_millis(100),
    )
    .inspect_err(|_| dev_err!(dev, "GPU reset failed."))?;

    Ok(())
}

/// `gpu::l2_power_on` (the power-on command left out).
pub fn l2_power_on(dev: &Device, io: &IoMem<'_>) -> Result {
    poll::read_poll_timeout(
        || Ok(io.read_l2_ready_lo()),
        |status| status.ready() == 1,
        time::Delta::from_millis(1),
        time::Delta::from_millis(100),
    )
    .inspect_err(|_| dev_err!(dev, "Failed to power on the GPU."))?;

    Ok(())
}

/// The probe's start: find the MMIO region (`ok_or(ENODEV)?`), reset, power on.
pub fn probe<'a>(dev: &Device, regions: &[IoMem<'a>]) -> Result<&'a Register> {
    let iomem = regions.first().ok_or(ENODEV)?;

    issue_soft_reset(dev, iomem)?;
    l2_power_on(dev, iomem)?;

    dev_info!(dev, "Tyr initialized correctly.");
    Ok(iomem.l2_ready_lo)
}
