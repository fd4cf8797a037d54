//! nova-core's GPU and GSP bring-up waits, as upstream writes them
//! (`drivers/gpu/nova-core/gsp/{boot,sequencer,cmdq}.rs`, `gsp/hal/gh100.rs`,
//! `gpu/hal/tu102.rs`, `falcon/{gsp,fsp}.rs`, `fsp.rs`): polls on a `bool` and on a
//! mailbox, polls whose `op` is a fallible read returning the kernel's `Result` (also
//! with an early `return Ok(…)` inside the closure), `.map(|_| true)`,
//! `.map(u32_as_usize)?`, `.inspect_err(…)?` followed by `.ok_or(EIO)?` on the polled
//! `Option`, a poll result destructured in `.map(|(a, b)| …)?`, timeouts as `Delta`
//! constants, matching `Err(ERANGE)` to retry, and a sequencer `fsleep`.

use core::sync::atomic::{AtomicU32, Ordering};

use kernel::{
    io::poll::read_poll_timeout,
    prelude::*,
    time::{
        delay::fsleep,
        Delta, //
    },
};

use super::sim::{Device, Register};

/// The GSP falcon's registers.
pub struct GspFalcon<'a> {
    /// `RISCV_CPUCTL`: bit 7 set once the RISC-V core is active.
    pub riscv_cpuctl: &'a Register,
    /// `MAILBOX0`.
    pub mailbox0: &'a Register,
    /// `PGC6_BSI_SECURE_SCRATCH_14`: bit 0 set at the boot stage 3 handoff.
    pub scratch14: &'a Register,
}

impl GspFalcon<'_> {
    /// Whether the RISC-V core is active.
    pub fn is_riscv_active(&self) -> bool {
        self.riscv_cpuctl.read() & (1 << 7) != 0
    }

    /// Reads `MAILBOX0`.
    pub fn read_mailbox0(&self) -> u32 {
        self.mailbox0.read()
    }

    /// Checks if GSP reload/resume has completed during the boot process.
    pub fn check_reload_completed(&self, timeout: Delta) -> Result<bool> {
        read_poll_timeout(
            || Ok(self.scratch14.read()),
            |val| val & 1 != 0,
            Delta::ZERO,
            timeout,
        )
        .map(|_| true)
    }
}

/// The part of `Gsp::boot` that waits for the RISC-V core.
pub fn boot_wait_riscv(gsp_falcon: &GspFalcon<'_>) -> Result {
    // Poll for RISC-V to become active before continuing.
    read_poll_timeout(
        || Ok(gsp_falcon.is_riscv_active()),
        |val: &bool| *val,
        Delta::from_millis(10),
        Delta::from_secs(5),
    )?;

    Ok(())
}

/// `Gsp::shutdown_gsp`'s wait for the GSP to signal it is suspended.
pub fn shutdown_gsp(gsp_falcon: &GspFalcon<'_>) -> Result {
    // Wait until GSP signals it is suspended.
    const LIBOS_INTERRUPT_PROCESSOR_SUSPENDED: u32 = 1 << 31;
    read_poll_timeout(
        || Ok(gsp_falcon.read_mailbox0()),
        |&mb0| mb0 & LIBOS_INTERRUPT_PROCESSOR_SUSPENDED != 0,
        Delta::from_millis(10),
        Delta::from_secs(5),
    )
    .map(|_| ())
}

/// A BAR with checked 32-bit accesses (`Bar0::try_read32`): one register, at `addr`.
pub struct Bar<'a> {
    /// Its address.
    pub addr: usize,
    /// The register.
    pub reg: &'a Register,
}

impl Bar<'_> {
    /// A checked read: `EINVAL` at an address with no register, `EIO` if the read fails.
    pub fn try_read32(&self, addr: usize) -> Result<u32> {
        if addr != self.addr {
            return Err(EINVAL);
        }
        self.reg.try_read32()
    }
}

/// The sequencer's state that its commands use.
pub struct GspSequencer<'a> {
    /// `Bar0`.
    pub bar: Bar<'a>,
}

/// The sequencer's `REG_POLL` command.
pub struct RegPollPayload {
    /// The address to poll.
    pub addr: u32,
    /// The bits to compare.
    pub mask: u32,
    /// Their expected value.
    pub val: u32,
    /// The timeout in microseconds; 0 for the default of 4 s.
    pub timeout: u32,
}

impl RegPollPayload {
    fn addr(&self) -> u32 {
        self.addr
    }
    fn mask(&self) -> u32 {
        self.mask
    }
    fn val(&self) -> u32 {
        self.val
    }
    fn timeout(&self) -> u32 {
        self.timeout
    }

    /// Runs it.
    pub fn run(&self, sequencer: &GspSequencer<'_>) -> Result {
        let addr = usize::try_from(self.addr())?;

        // Default timeout to 4 seconds.
        let timeout_us = if self.timeout() == 0 {
            4_000_000
        } else {
            i64::from(self.timeout())
        };

        // First read.
        sequencer.bar.try_read32(addr)?;

        // Poll the requested register with requested timeout.
        read_poll_timeout(
            || sequencer.bar.try_read32(addr),
            |current| (current & self.mask()) == self.val(),
            Delta::ZERO,
            Delta::from_micros(timeout_us),
        )
        .map(|_| ())
    }
}

/// The sequencer's `DELAY_US` command.
pub struct DelayUsPayload(pub u32);

impl DelayUsPayload {
    fn val(&self) -> u32 {
        self.0
    }

    /// Runs it.
    pub fn run(&self, _sequencer: &GspSequencer<'_>) -> Result {
        fsleep(Delta::from_micros(i64::from(self.val())));
        Ok(())
    }
}

/// `NV_THERM_I2CS_SCRATCH_FSP_BOOT_COMPLETE_STATUS_SUCCESS`.
pub const FSP_BOOT_COMPLETE_STATUS_SUCCESS: u32 = 0xff;

/// `Fsp::wait_secure_boot`'s wait, logging the error to the device.
pub fn fsp_wait_secure_boot(dev: &Device, boot_status: &Register) -> Result {
    /// FSP secure boot completion timeout in milliseconds.
    const FSP_SECURE_BOOT_TIMEOUT_MS: i64 = 5000;

    read_poll_timeout(
        || Ok(boot_status.read()),
        |&status| status == FSP_BOOT_COMPLETE_STATUS_SUCCESS,
        Delta::from_millis(10),
        Delta::from_millis(FSP_SECURE_BOOT_TIMEOUT_MS),
    )
    .inspect_err(|e| {
        dev_err!(dev, "FSP secure boot completion error: {:?}\n", e);
    })?;

    Ok(())
}

/// The GSP command queue: the free space of the command queue and the messages of the
/// message queue, as registers, and how many messages of another function precede the
/// awaited reply.
pub struct Cmdq<'a> {
    /// Free bytes in the command queue.
    pub free_bytes: &'a Register,
    /// Bytes waiting in the message queue.
    pub pending_bytes: &'a Register,
    /// Messages with another function code to consume first.
    pub others_first: AtomicU32,
}

/// The size of a message header (`GspMsgElement`).
const HEADER: usize = 64;
/// `GSP_MSG_QUEUE_ELEMENT_SIZE_MAX`.
const GSP_MSG_QUEUE_ELEMENT_SIZE_MAX: usize = 0x10000;

impl Cmdq<'_> {
    /// Default timeout for receiving a message from the GSP.
    pub const RECEIVE_TIMEOUT: Delta = Delta::from_secs(5);
    /// Timeout for waiting for space on the command queue.
    pub const ALLOCATE_TIMEOUT: Delta = Delta::from_secs(1);

    fn driver_write_area_size(&self) -> usize {
        self.free_bytes.read() as usize
    }

    fn driver_read_area(&self) -> (&[u8], &[u8]) {
        static QUEUE: [u8; 256] = [0x5a; 256];
        let pending = (self.pending_bytes.read() as usize).min(QUEUE.len());
        (&QUEUE[..pending], &QUEUE[..0])
    }

    /// `DmaGspMem::allocate_command`: waits for room for `size` bytes; returns the
    /// offset of the command's contents.
    pub fn allocate_command(&self, size: usize, timeout: Delta) -> Result<usize> {
        if HEADER + size > GSP_MSG_QUEUE_ELEMENT_SIZE_MAX {
            return Err(EMSGSIZE);
        }
        read_poll_timeout(
            || Ok(self.driver_write_area_size()),
            |available_bytes| *available_bytes >= HEADER + size,
            Delta::from_micros(1),
            timeout,
        )?;

        Ok(HEADER)
    }

    /// `CmdqInner::wait_for_msg`: waits for a message; returns the first byte of its
    /// header and the length of the rest.
    pub fn wait_for_msg(&self, timeout: Delta) -> Result<(u8, usize)> {
        // Wait for a message to arrive from the GSP.
        let (slice_1, slice_2) = read_poll_timeout(
            || Ok(self.driver_read_area()),
            |driver_area| !driver_area.0.is_empty(),
            Delta::from_millis(1),
            timeout,
        )
        .map(|(slice_1, slice_2)| (slice_1, slice_2.len()))?;

        // Extract the header.
        let header = slice_1.first().ok_or(EIO)?;

        Ok((*header, slice_1.len() - 1 + slice_2))
    }

    /// `CmdqInner::receive_msg`: `ERANGE` for a message of another function (consumed).
    fn receive_msg(&self, timeout: Delta) -> Result<u8> {
        let (header, _) = self.wait_for_msg(timeout)?;
        if self.others_first.load(Ordering::Relaxed) > 0 {
            self.others_first.fetch_sub(1, Ordering::Relaxed);
            return Err(ERANGE);
        }
        Ok(header)
    }

    /// `Cmdq::send_command`'s wait for the reply, skipping other messages.
    pub fn receive_reply(&self) -> Result<u8> {
        loop {
            match self.receive_msg(Self::RECEIVE_TIMEOUT) {
                Ok(reply) => break Ok(reply),
                Err(ERANGE) => continue,
                Err(e) => break Err(e),
            }
        }
    }
}

/// `num::u32_as_usize`.
fn u32_as_usize(value: u32) -> usize {
    value as usize
}

/// The FSP falcon's message queue: the bytes it holds, or a bogus pointer pair.
pub struct FspFalcon<'a> {
    /// Message bytes waiting; `u32::MAX` stands for `tail < head`.
    pub msgq: &'a Register,
}

/// FSP message timeout in milliseconds.
const FSP_MSG_TIMEOUT_MS: i64 = 2000;
/// Size of the FSP EMEM channel 0 that we can use.
const FSP_EMEM_CHANNEL_0_SIZE: usize = 1024;

impl FspFalcon<'_> {
    fn poll_msgq(&self) -> Result<u32> {
        match self.msgq.read() {
            u32::MAX => Err(EIO),
            bytes => Ok(bytes),
        }
    }

    /// `Falcon<Fsp>::recv_msg`: waits for a message; returns its size.
    pub fn recv_msg(&mut self) -> Result<usize> {
        let msg_size = read_poll_timeout(
            || self.poll_msgq(),
            |&size| size > 0,
            Delta::from_millis(10),
            Delta::from_millis(FSP_MSG_TIMEOUT_MS),
        )
        .map(u32_as_usize)?;

        // Don't blindly allocate more than the maximum we expect from FSP.
        if msg_size > FSP_EMEM_CHANNEL_0_SIZE {
            return Err(EMSGSIZE);
        }

        Ok(msg_size)
    }
}

/// The GSP's state after the FSP chain of trust: whether the PRIV target mask is
/// released, its mailbox, whether the RISC-V core halted.
pub struct GspLockdown<'a> {
    /// Bit 0: the PRIV target mask is released.
    pub priv_mask: &'a Register,
    /// `MAILBOX0`: 0 once lockdown is released, else a GSP-FMC error.
    pub mailbox0: &'a Register,
    /// Bit 0: halted; `u32::MAX`: the halt status cannot be read (`ENOTSUPP`).
    pub halted: &'a Register,
}

impl GspLockdown<'_> {
    fn priv_target_mask_released(&self) -> bool {
        self.priv_mask.read() & 1 != 0
    }

    fn is_riscv_halted(&self) -> Result<bool> {
        match self.halted.read() {
            u32::MAX => Err(ENOTSUPP),
            value => Ok(value & 1 != 0),
        }
    }
}

/// The boot parameters' address, which `MAILBOX0` holds until GSP-FMC clears it.
pub const FMC_BOOT_PARAMS_ADDR: u32 = 0xb007;

/// Whether the poll may stop: lockdown released (`MAILBOX0` is 0) or a GSP-FMC error
/// (anything but the boot parameters' address).
fn lockdown_released_or_error(mbox0: u32) -> bool {
    mbox0 != FMC_BOOT_PARAMS_ADDR
}

/// `wait_for_gsp_lockdown_release` (gsp/hal/gh100.rs): polls an `Option` that is
/// `None` while the mailbox cannot be read, then `?` and `.ok_or(EIO)?`.
pub fn wait_for_gsp_lockdown_release(dev: &Device, gsp_falcon: &GspLockdown<'_>) -> Result {
    let mbox0 = read_poll_timeout(
        || {
            // While the PRIV target mask is still locked to FSP, GSP register and mailbox reads
            // are not meaningful. Wait until HWCFG2 says the CPU can read them.
            Ok(match gsp_falcon.priv_target_mask_released() {
                false => None,
                true => Some(gsp_falcon.mailbox0.read()),
            })
        },
        |mbox| match mbox {
            None => false,
            Some(mbox0) => lockdown_released_or_error(*mbox0),
        },
        Delta::from_millis(10),
        Delta::from_secs(30),
    )
    .inspect_err(|_| {
        dev_err!(dev, "GSP lockdown release timeout\n");
    })?
    .ok_or(EIO)?;

    if mbox0 != 0 {
        dev_err!(dev, "GSP-FMC boot failed (mbox: {:#x})\n", mbox0);
        return Err(EIO);
    }

    Ok(())
}

/// `FspUnloadBundle::run` (gsp/hal/gh100.rs): a poll whose `op` returns early and
/// otherwise a fallible read, returned as `.map(|_| ()).inspect_err(…)`.
pub fn fsp_unload_bundle_run(dev: &Device, gsp_falcon: &GspLockdown<'_>) -> Result {
    // GSP falcon does most of the work of resetting, so just wait for it to finish.
    read_poll_timeout(
        || {
            // GSP register reads are not meaningful until the PRIV target mask is released.
            if !gsp_falcon.priv_target_mask_released() {
                return Ok(false);
            }

            gsp_falcon.is_riscv_halted()
        },
        |&halted| halted,
        Delta::from_millis(10),
        Delta::from_secs(5),
    )
    .map(|_| ())
    .inspect_err(|_| dev_err!(dev, "GSP falcon failed to halt\n"))
}

/// `GpuHal::wait_gfw_boot_completion` of TU102 (gpu/hal/tu102.rs): a two-register
/// condition computed in `op`.
pub fn wait_gfw_boot_completion(priv_level_mask: &Register, gfw_boot: &Register) -> Result {
    // TIMEOUT: arbitrarily large value. GFW starts running immediately after the GPU is put
    // out of reset, and should complete in less time than that.
    read_poll_timeout(
        || {
            Ok(
                // Check that FWSEC has lowered its protection level before reading the
                // GFW_BOOT status.
                priv_level_mask.read() & 1 != 0 && gfw_boot.read() & 0xff == 0xff,
            )
        },
        |&gfw_booted| gfw_booted,
        Delta::from_millis(1),
        Delta::from_secs(4),
    )
    .map(|_| ())
}
