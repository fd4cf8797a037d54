//! Simulated hardware: registers whose value changes at a set time on the monotonic
//! clock, and whose every read takes a microsecond (an MMIO read is not free), so that
//! a poll without sleeps still lets time pass on the test timekeeper; and a device
//! that keeps what drivers log about it.

use core::fmt;
use core::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

use kernel::prelude::*;
use kernel::time::delay::udelay;
use kernel::time::{Delta, Instant, Monotonic};

/// One 32-bit register that reads `before` until `ready_at`, then `after`.
pub struct Register {
    before: AtomicU32,
    after: AtomicU32,
    ready_at: Instant<Monotonic>,
    reads: AtomicU32,
    fail_reads: AtomicU32,
}

impl Register {
    /// A register reading `before` until `ready_after` from now, then `after`.
    pub fn new(before: u32, after: u32, ready_after: Delta) -> Self {
        Register {
            before: AtomicU32::new(before),
            after: AtomicU32::new(after),
            ready_at: Instant::<Monotonic>::now() + ready_after,
            reads: AtomicU32::new(0),
            fail_reads: AtomicU32::new(0),
        }
    }

    /// Reads the register: one microsecond of bus time.
    pub fn read(&self) -> u32 {
        udelay(Delta::from_micros(1));
        self.reads.fetch_add(1, Ordering::Relaxed);
        if !(Instant::<Monotonic>::now() - self.ready_at).is_negative() {
            self.after.load(Ordering::Relaxed)
        } else {
            self.before.load(Ordering::Relaxed)
        }
    }

    /// Reads the register through a bus that can fail (an MDIO read, a checked MMIO
    /// read): the kernel's `Result`, `EIO` for a failed transfer.
    pub fn try_read32(&self) -> Result<u32> {
        if self.fail_reads.load(Ordering::Relaxed) > 0 {
            self.fail_reads.fetch_sub(1, Ordering::Relaxed);
            return Err(EIO);
        }
        Ok(self.read())
    }

    /// Makes the next `n` [`try_read32`](Self::try_read32)s fail with `EIO`.
    pub fn fail_next_reads(&self, n: u32) {
        self.fail_reads.store(n, Ordering::Relaxed);
    }

    /// How many times the register was read.
    pub fn reads(&self) -> u32 {
        self.reads.load(Ordering::Relaxed)
    }
}

/// A device, which keeps the messages logged for it with `dev_err!`/`dev_info!`.
#[derive(Debug, Default)]
pub struct Device {
    log: Mutex<Vec<String>>,
}

impl Device {
    /// A device with an empty log.
    pub fn new() -> Self {
        Device::default()
    }

    /// Logs one message at `level` (what `dev_err!` and `dev_info!` call).
    pub fn log(&self, level: &str, message: fmt::Arguments<'_>) {
        let line = format!("{level}: {message}");
        self.log
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(line);
    }

    /// The messages logged so far.
    pub fn messages(&self) -> Vec<String> {
        self.log
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .map(ToString::to_string)
            .collect()
    }
}
