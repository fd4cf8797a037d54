// SPDX-License-Identifier: GPL-2.0

//! Every clock of the table read from both CPUs at once, by one kthread per CPU
//! (`harness.c`), from module load to unload: through the suspend (the freezer parks
//! them) and the wall-clock steps. Per clock, the readings are ordered by a shared
//! sequence: a reader takes the clock's lock, reads the clock, and compares with the
//! previous reading in the sequence, whichever CPU took it. For a `monotonic = true`
//! row no reading may be earlier than the one before it; the other rows (the wall
//! clocks, which the steps move back, and the `*_fast_ns` rows, which the kernel
//! documents as possibly not monotonic) are reported, not failed.

use crate::harness::typed_clocks_cpu;
use crate::rows::{rows, N};
use crate::{Checks, Span};
use core::ffi::c_uint;
use core::sync::atomic::{AtomicBool, AtomicI64, AtomicU32, AtomicU64, Ordering};
use kernel::time::{ClockVisitor, Delta, TableClock};

/// One clock's place in the sequence: the previous reading and its CPU, and counts.
struct Slot {
    lock: AtomicBool,
    last: AtomicI64,
    last_cpu: AtomicU32,
    reads: [AtomicU64; 2],
    /// Readings compared with a previous one taken on the other CPU.
    cross: AtomicU64,
    backwards: AtomicU64,
    /// The largest step back seen (nanoseconds, positive).
    worst: AtomicI64,
}

#[allow(clippy::declare_interior_mutable_const)]
const SLOT: Slot = Slot {
    lock: AtomicBool::new(false),
    last: AtomicI64::new(0),
    last_cpu: AtomicU32::new(u32::MAX),
    reads: [AtomicU64::new(0), AtomicU64::new(0)],
    cross: AtomicU64::new(0),
    backwards: AtomicU64::new(0),
    worst: AtomicI64::new(0),
};

static SLOTS: [Slot; N] = [SLOT; N];
/// The shared sequence: one number per reading, of every clock, from both CPUs.
static SEQUENCE: AtomicU64 = AtomicU64::new(0);

/// One reading of every clock, each in its place in the sequence.
struct Round {
    cpu: u32,
    index: usize,
}

impl ClockVisitor for Round {
    fn visit<C: TableClock>(&mut self) {
        let Some(slot) = SLOTS.get(self.index) else {
            return;
        };
        self.index += 1;
        while slot
            .lock
            .compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            core::hint::spin_loop();
        }
        SEQUENCE.fetch_add(1, Ordering::Relaxed);
        let now = C::ktime_get();
        let last_cpu = slot.last_cpu.load(Ordering::Relaxed);
        if last_cpu != u32::MAX {
            let last = slot.last.load(Ordering::Relaxed);
            if now < last {
                slot.backwards.fetch_add(1, Ordering::Relaxed);
                slot.worst.fetch_max(last - now, Ordering::Relaxed);
            }
            if last_cpu != self.cpu {
                slot.cross.fetch_add(1, Ordering::Relaxed);
            }
        }
        slot.last.store(now, Ordering::Relaxed);
        slot.last_cpu.store(self.cpu, Ordering::Relaxed);
        if let Some(reads) = slot.reads.get(self.cpu as usize) {
            reads.fetch_add(1, Ordering::Relaxed);
        }
        slot.lock.store(false, Ordering::Release);
    }
}

/// One round of readings by reader `reader` (called by its kthread in a loop).
#[no_mangle]
pub extern "C" fn typed_clocks_reader_round(reader: c_uint) {
    let _ = reader;
    // SAFETY: returns the current CPU's number.
    let cpu = unsafe { typed_clocks_cpu() };
    kernel::time::for_each_clock(&mut Round { cpu, index: 0 });
}

/// After the readers stopped: one check per `monotonic = true` row, a report for the
/// others.
pub(crate) fn report(checks: &mut Checks, readers: i32) {
    crate::ktap::diag!(
        "two CPUs: {} reader kthreads, {} readings in the shared sequence",
        readers,
        SEQUENCE.load(Ordering::Relaxed)
    );
    for (row, slot) in rows().iter().zip(SLOTS.iter()) {
        let cpu0 = slot.reads[0].load(Ordering::Relaxed);
        let cpu1 = slot.reads[1].load(Ordering::Relaxed);
        let cross = slot.cross.load(Ordering::Relaxed);
        let backwards = slot.backwards.load(Ordering::Relaxed);
        let worst = Delta::from_nanos(slot.worst.load(Ordering::Relaxed));
        if row.monotonic {
            checks.check(
                backwards == 0 && cpu0 > 0 && cpu1 > 0 && cross > 0,
                format_args!(
                    "two CPUs {} monotonic=true: {} readings on CPU0, {} on CPU1, {} right after the other CPU's; {} earlier than the previous reading",
                    row.name, cpu0, cpu1, cross, backwards
                ),
            );
        } else {
            crate::ktap::diag!(
                "two CPUs {} monotonic=false (reported, not checked): {} readings on CPU0, {} on CPU1, {} right after the other CPU's; {} earlier than the previous reading, by up to {}",
                row.name, cpu0, cpu1, cross, backwards, Span(worst)
            );
        }
    }
}
