//! A GPU microcontroller ("falcon") engine, with the waits of upstream's nova-core
//! written as it writes them (`drivers/gpu/nova-core/falcon.rs` and
//! `falcon/hal/{ga102,tu102}.rs`): busy polls on infallible register reads wrapped in
//! `Ok`, returned with `.map(|_| ())`, propagated with `?` (also inside a loop), and
//! one whose timeout is deliberately ignored with `let _ =`.

use core::marker::PhantomData;

use kernel::{
    io::poll::read_poll_timeout,
    prelude::*,
    time::Delta, //
};

use super::sim::Register;

/// `HWCFG2`: memory scrubbing is done when bit 12 is clear; reset is ready when bit
/// 31 is set.
#[derive(Clone, Copy, Debug)]
pub struct Hwcfg2(pub u32);

impl Hwcfg2 {
    /// `MEM_SCRUBBING` done.
    pub fn mem_scrubbing_done(self) -> bool {
        self.0 & (1 << 12) == 0
    }

    /// `RESET_READY`.
    pub fn reset_ready(self) -> bool {
        self.0 & (1 << 31) != 0
    }
}

/// `RISCV_BCR_CTRL`: the core selection is valid when bit 0 is set.
#[derive(Clone, Copy, Debug)]
pub struct BcrCtrl(pub u32);

impl BcrCtrl {
    /// `VALID`.
    pub fn valid(self) -> bool {
        self.0 & 1 != 0
    }
}

/// `CPUCTL`: the CPU is halted when bit 4 is set.
#[derive(Clone, Copy, Debug)]
pub struct Cpuctl(pub u32);

impl Cpuctl {
    /// `HALTED`.
    pub fn halted(self) -> bool {
        self.0 & (1 << 4) != 0
    }
}

/// `DMATRFCMD`: a transfer is done when bit 1 is set.
#[derive(Clone, Copy, Debug)]
pub struct Dmatrfcmd(pub u32);

impl Dmatrfcmd {
    /// `IDLE`.
    pub fn idle(self) -> bool {
        self.0 & (1 << 1) != 0
    }
}

/// The engine's registers, read by name as nova-core's `Bar0::read(regs::…)`.
pub struct Bar<'a> {
    /// `HWCFG2`.
    pub hwcfg2: &'a Register,
    /// `RISCV_BCR_CTRL`.
    pub bcr_ctrl: &'a Register,
    /// `CPUCTL`.
    pub cpuctl: &'a Register,
    /// `DMATRFCMD`.
    pub dmatrfcmd: &'a Register,
}

/// A register name, with the typed value a read of it gives.
pub trait RegisterName {
    /// The typed value.
    type Value;
    /// Reads it from `bar`.
    fn read_from(bar: &Bar<'_>) -> Self::Value;
}

/// The registers by name.
#[allow(non_camel_case_types)]
pub mod regs {
    use super::*;

    macro_rules! registers {
        ($($name:ident: $value:ident = $field:ident,)*) => {$(
            #[doc = concat!("`", stringify!($name), "`.")]
            pub struct $name;
            impl RegisterName for $name {
                type Value = $value;
                fn read_from(bar: &Bar<'_>) -> $value {
                    $value(bar.$field.read())
                }
            }
        )*};
    }

    registers! {
        NV_PFALCON_FALCON_HWCFG2: Hwcfg2 = hwcfg2,
        NV_PRISCV_RISCV_BCR_CTRL: BcrCtrl = bcr_ctrl,
        NV_PFALCON_FALCON_CPUCTL: Cpuctl = cpuctl,
        NV_PFALCON_FALCON_DMATRFCMD: Dmatrfcmd = dmatrfcmd,
    }
}

impl Bar<'_> {
    /// Reads register `R`.
    pub fn read<R: RegisterName>(&self, _register: R) -> R::Value {
        R::read_from(self)
    }
}

/// The GA102 hal of a falcon engine `E`.
pub struct Ga102<E>(PhantomData<E>);

/// A falcon engine.
pub struct Falcon<'a> {
    /// Its registers.
    pub bar: Bar<'a>,
}

/// `select_core_ga102`: waits for the falcon core to report being enabled.
pub fn select_core_ga102(bar: &Bar<'_>) -> Result {
    // TIMEOUT: falcon core should take less than 10ms to report being enabled.
    read_poll_timeout(
        || Ok(bar.read(regs::NV_PRISCV_RISCV_BCR_CTRL)),
        |r| r.valid(),
        Delta::ZERO,
        Delta::from_millis(10),
    )?;

    Ok(())
}

impl<E> Ga102<E> {
    /// The hal.
    pub fn new() -> Self {
        Self(PhantomData)
    }

    /// `FalconHal::reset_wait_mem_scrubbing` of GA102.
    pub fn reset_wait_mem_scrubbing(&self, falcon: &Falcon<'_>) -> Result {
        // TIMEOUT: memory scrubbing should complete in less than 20ms.
        read_poll_timeout(
            || Ok(falcon.bar.read(regs::NV_PFALCON_FALCON_HWCFG2)),
            |r| r.mem_scrubbing_done(),
            Delta::ZERO,
            Delta::from_millis(20),
        )
        .map(|_| ())
    }

    /// `FalconHal::reset_eng` of GA102: a non-failing wait for `RESET_READY`, then the
    /// scrubbing wait.
    pub fn reset_eng(&self, falcon: &Falcon<'_>) -> Result {
        let bar = &falcon.bar;

        // According to OpenRM's `kflcnPreResetWait_GA102` documentation, HW sometimes does not set
        // RESET_READY so a non-failing timeout is used.
        let _ = read_poll_timeout(
            || Ok(bar.read(regs::NV_PFALCON_FALCON_HWCFG2)),
            |r| r.reset_ready(),
            Delta::ZERO,
            Delta::from_micros(150),
        );

        self.reset_wait_mem_scrubbing(falcon)?;

        Ok(())
    }
}

impl<E> Default for Ga102<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl Falcon<'_> {
    /// Wait until the falcon CPU is halted.
    pub fn wait_till_halted(&self) -> Result<()> {
        // TIMEOUT: arbitrarily large value, firmwares should complete in less than 2 seconds.
        read_poll_timeout(
            || Ok(self.bar.read(regs::NV_PFALCON_FALCON_CPUCTL)),
            |r| r.halted(),
            Delta::ZERO,
            Delta::from_secs(2),
        )?;

        Ok(())
    }

    /// `dma_wr`'s loop: each 256-byte transfer is started, then waited for.
    pub fn dma_wr(&self, num_transfers: u32) -> Result {
        for _pos in (0..num_transfers).map(|i| i * 256) {
            // Wait for the transfer to complete.
            // TIMEOUT: arbitrarily large value, no DMA transfer to the falcon's small memories
            // should ever take that long.
            read_poll_timeout(
                || Ok(self.bar.read(regs::NV_PFALCON_FALCON_DMATRFCMD)),
                |r| r.idle(),
                Delta::ZERO,
                Delta::from_secs(2),
            )?;
        }

        Ok(())
    }
}
