// SPDX-License-Identifier: GPL-2.0

//! What each row of `clocks.toml` says (`settable`, `counts_suspend`, its resolution),
//! read from the generated types, and snapshots of every clock, to check what each
//! clock did across a suspend or a wall-clock step against what its row says.
//!
//! The capabilities are traits (`SettableClock`, `SuspendCountingClock`) that
//! `declare_clocks!` implements for the rows that have the key; a generic visitor
//! cannot ask whether a type implements a trait, so the rows are named once more in
//! `clock_rows.rs`, which `scripts/linux-test` writes from the same `clocks.toml`
//! (one line per `[[clock]]`). [`rows`] returns an array of `CLOCKS.len()` entries,
//! so a row missing there does not compile, and [`rows_match_table`] checks the
//! names and order against `CLOCKS`.

use crate::harness::tick_nsec;
use crate::Checks;
use core::marker::PhantomData;
use kernel::bindings;
use kernel::prelude::*;
use kernel::time::ext::{ClockSourceExt, DeltaExt, InstantExt};
use kernel::time::CLOCKS;
use kernel::time::{ClockSource, ClockVisitor, Delta, Instant, Ktime, Resolution};
use kernel::time::{SettableClock, SuspendCountingClock};

/// The number of rows.
pub(crate) const N: usize = CLOCKS.len();

/// One row, as its type says.
#[derive(Clone, Copy)]
pub(crate) struct Row {
    pub(crate) name: &'static str,
    pub(crate) monotonic: bool,
    pub(crate) settable: bool,
    pub(crate) counts_suspend: bool,
    pub(crate) resolution: Resolution,
}

impl Row {
    /// How far this row's jump may be from the expected one: one tick for a clock of
    /// nanosecond resolution (the kernel's granularity for everything timekeeping
    /// does: offsets change at once, readings are taken microseconds apart), and for
    /// a `resolution = "tick"` clock the 25 ticks its readings may lag under an
    /// emulator (see `lag_allowed` in clock_checks.rs).
    pub(crate) fn tolerance(&self) -> Delta {
        match self.resolution {
            Resolution::Tick => crate::lag_allowed(),
            Resolution::Nanos(_) => Delta::from_nanos(tick_nsec()),
        }
    }
}

/// Autoref specialization: `(&Probe::<C>(..)).settable()` is `true` exactly when
/// `C: SettableClock` (the method on `Probe<C>` wins over the one on `&Probe<C>`).
pub(crate) struct Probe<C>(pub(crate) PhantomData<C>);

pub(crate) trait IsSettable {
    fn settable(&self) -> bool {
        true
    }
}
impl<C: SettableClock> IsSettable for Probe<C> {}
pub(crate) trait NotSettable {
    fn settable(&self) -> bool {
        false
    }
}
impl<C> NotSettable for &Probe<C> {}

pub(crate) trait CountsSuspend {
    fn counts_suspend(&self) -> bool {
        true
    }
}
impl<C: SuspendCountingClock> CountsSuspend for Probe<C> {}
pub(crate) trait StopsInSuspend {
    fn counts_suspend(&self) -> bool {
        false
    }
}
impl<C> StopsInSuspend for &Probe<C> {}

macro_rules! table_rows {
    ($($clock:ident),* $(,)?) => {
        /// Every row of the table, in table order, with the capabilities its type has.
        pub(crate) fn rows() -> [Row; N] {
            [$(Row {
                name: <kernel::time::$clock as ClockSourceExt>::NAME,
                monotonic: <kernel::time::$clock as ClockSourceExt>::MONOTONIC,
                settable: (&Probe::<kernel::time::$clock>(PhantomData)).settable(),
                counts_suspend: (&Probe::<kernel::time::$clock>(PhantomData)).counts_suspend(),
                resolution: <kernel::time::$clock as ClockSourceExt>::RESOLUTION,
            }),*]
        }
    };
}

// `table_rows!(Monotonic, RealTime, ...)`: written by scripts/linux-test from clocks.toml.
include!("clock_rows.rs");

/// The rows of `clock_rows.rs` are the rows of `CLOCKS`, in the same order.
pub(crate) fn rows_match_table(checks: &mut Checks) {
    let rows = rows();
    let same = rows
        .iter()
        .zip(CLOCKS.iter())
        .all(|(row, info)| row.name == info.name);
    checks.check(
        same,
        format_args!(
            "rows: the {} rows named in clock_rows.rs are CLOCKS, in order",
            N
        ),
    );
    for row in &rows {
        pr_info!(
            "row {}: monotonic={} settable={} counts_suspend={} resolution={:?}\n",
            row.name,
            row.monotonic,
            row.settable,
            row.counts_suspend,
            row.resolution
        );
    }
}

/// Every clock read once, each right after a reading of the kernel's own
/// `ktime_get()` (`CLOCK_MONOTONIC`), and the timekeeper's offsets.
#[derive(Clone, Copy)]
pub(crate) struct Snapshot {
    pub(crate) mono: [Ktime; N],
    pub(crate) read: [Ktime; N],
    pub(crate) offs_boot: Ktime,
    pub(crate) offs_real: Ktime,
}

/// The timekeeper's offset `offset` (`offs_boot`, `offs_real`, ...), from the
/// kernel's `ktime_mono_to_any(0, offset)`.
pub(crate) fn kernel_offset(offset: bindings::tk_offsets) -> Ktime {
    // SAFETY: `ktime_mono_to_any` accepts any time and a valid `enum tk_offsets`
    // member, and only reads the timekeeper's offsets.
    unsafe { bindings::ktime_mono_to_any(0, offset) }
}

/// `ktime_get()`: the kernel's `CLOCK_MONOTONIC`, not through the table.
pub(crate) fn kernel_mono() -> Ktime {
    // SAFETY: process or interrupt context, never NMI; only reads timekeeping state.
    unsafe { bindings::ktime_get() }
}

impl Snapshot {
    pub(crate) fn take() -> Self {
        struct Take<'a>(&'a mut Snapshot, usize);
        impl ClockVisitor for Take<'_> {
            fn visit<C: ClockSource>(&mut self) {
                let i = self.1;
                self.1 += 1;
                if i < N {
                    self.0.mono[i] = kernel_mono();
                    self.0.read[i] = Instant::<C>::now().to_ktime();
                }
            }
        }
        let mut snap = Snapshot {
            mono: [0; N],
            read: [0; N],
            offs_boot: kernel_offset(bindings::tk_offsets_TK_OFFS_BOOT),
            offs_real: kernel_offset(bindings::tk_offsets_TK_OFFS_REAL),
        };
        kernel::time::for_each_clock(&mut Take(&mut snap, 0));
        snap
    }

    /// How much more row `i` advanced from `self` to `after` than `CLOCK_MONOTONIC`
    /// did over the same readings.
    pub(crate) fn jump(&self, after: &Snapshot, i: usize) -> Delta {
        let row = after.read[i].saturating_sub(self.read[i]);
        let mono = after.mono[i].saturating_sub(self.mono[i]);
        Delta::from_nanos(row.saturating_sub(mono))
    }
}

/// For every row: if the row's `flag` is set, it jumped by `expected` (what the
/// kernel's offset did), otherwise by nothing; within the row's tolerance. A row that
/// says the wrong thing is off by the whole `expected`. `what` names the event and
/// `key` the table key.
pub(crate) fn rows_agree(
    checks: &mut Checks,
    what: &str,
    key: &str,
    flag: fn(&Row) -> bool,
    before: &Snapshot,
    after: &Snapshot,
    expected: Delta,
) {
    for (i, row) in rows().iter().enumerate() {
        let jump = before.jump(after, i);
        let want = if flag(row) { expected } else { Delta::ZERO };
        let tolerance = row.tolerance();
        let off = (jump - want).abs();
        checks.check(
            off <= tolerance && expected.abs() > tolerance * 2,
            format_args!(
                "{} {} {}={}: advanced {} more than CLOCK_MONOTONIC; expected {} (tolerance {}, off by {})",
                what,
                row.name,
                key,
                flag(row),
                jump,
                want,
                tolerance,
                off
            ),
        );
    }
}
