//! Simulated hardware: registers whose value changes at a set time on the monotonic
//! clock, and whose every read takes a microsecond (an MMIO read is not free), so that
//! a poll without sleeps still lets time pass on the test timekeeper.

use core::sync::atomic::{AtomicI64, AtomicU32, Ordering};

use crate::kernel;
use kernel::time::delay::udelay;
use kernel::time::error::{code::EIO, Result};
use kernel::time::{Delta, Instant, Monotonic};

/// One 32-bit register that reads `before` until `ready_at`, then `after`.
#[derive(Debug)]
pub struct Register {
    before: AtomicU32,
    after: AtomicU32,
    ready_at: AtomicI64,
    reads: AtomicU32,
    fail_reads: AtomicU32,
}

impl Register {
    /// A register reading `before` until `ready_after` from now, then `after`.
    pub fn new(before: u32, after: u32, ready_after: Delta) -> Self {
        Register {
            before: AtomicU32::new(before),
            after: AtomicU32::new(after),
            ready_at: AtomicI64::new((Instant::<Monotonic>::now() + ready_after).to_ktime()),
            reads: AtomicU32::new(0),
            fail_reads: AtomicU32::new(0),
        }
    }

    /// Reads the register: one microsecond of bus time.
    pub fn read(&self) -> u32 {
        udelay(Delta::from_micros(1));
        self.reads.fetch_add(1, Ordering::Relaxed);
        if Instant::<Monotonic>::now().to_ktime() >= self.ready_at.load(Ordering::Relaxed) {
            self.after.load(Ordering::Relaxed)
        } else {
            self.before.load(Ordering::Relaxed)
        }
    }

    /// Reads the register through a bus that can fail (an MDIO read, say).
    pub fn try_read(&self) -> Result<u16> {
        if self.fail_reads.load(Ordering::Relaxed) > 0 {
            self.fail_reads.fetch_sub(1, Ordering::Relaxed);
            return Err(EIO);
        }
        Ok(self.read() as u16)
    }

    /// Makes the next `n` [`try_read`](Self::try_read)s fail with `EIO`.
    pub fn fail_next_reads(&self, n: u32) {
        self.fail_reads.store(n, Ordering::Relaxed);
    }

    /// How many times the register was read.
    pub fn reads(&self) -> u32 {
        self.reads.load(Ordering::Relaxed)
    }
}
