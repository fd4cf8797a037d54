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

use crate::Checks;
use core::marker::PhantomData;
use kernel::bindings;
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
    /// How far a `resolution = "tick"` row's reading may lag its clock: the 25 ticks a
    /// coarse clock may lag under an emulator (see `lag_allowed` in clock_checks.rs);
    /// nothing for a clock of nanosecond resolution.
    pub(crate) fn coarse_lag(&self) -> Delta {
        match self.resolution {
            Resolution::Tick => crate::lag_allowed(),
            Resolution::Nanos(_) => Delta::ZERO,
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
        crate::ktap::diag!(
            "row {}: monotonic={} settable={} counts_suspend={} resolution={:?}",
            row.name,
            row.monotonic,
            row.settable,
            row.counts_suspend,
            row.resolution
        );
    }
}

/// Every clock read once, each between two readings of the kernel's own `ktime_get()`
/// (`CLOCK_MONOTONIC`), and the timekeeper's offsets.
#[derive(Clone, Copy)]
pub(crate) struct Snapshot {
    /// `ktime_get()` right before each row's reading.
    pub(crate) mono: [Ktime; N],
    pub(crate) read: [Ktime; N],
    /// `ktime_get()` right after it: the reading happened in `mono[i]..=mono_after[i]`.
    pub(crate) mono_after: [Ktime; N],
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
                    self.0.mono_after[i] = kernel_mono();
                }
            }
        }
        let mut snap = Snapshot {
            mono: [0; N],
            read: [0; N],
            mono_after: [0; N],
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

    /// How long row `i`'s reading took, as `ktime_get()` bracketed it: how far it may
    /// be from `mono[i]` (a vCPU descheduled between the two reads widens it).
    pub(crate) fn bracket(&self, i: usize) -> Delta {
        Delta::from_nanos(self.mono_after[i].saturating_sub(self.mono[i]))
    }
}

/// The kernel's largest frequency adjustment of `CLOCK_MONOTONIC` against the
/// clocksource (`MAXFREQ`, 500 ppm): how far `CLOCK_MONOTONIC_RAW` may drift from it
/// over `interval`.
fn max_drift(interval: Delta) -> Delta {
    Delta::from_nanos(interval.as_nanos() / 2_000)
}

/// For every row: if the row's `flag` is set, it jumped by `expected` (what the
/// kernel's offset did), otherwise by nothing. The tolerance is measured, not fixed:
/// the two readings' brackets, the drift the kernel allows between them and, for a
/// coarse row, its lag. A row that says the wrong thing is off by the whole `expected`.
/// `what` names the event and `key` the table key.
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
        let interval = Delta::from_nanos(after.mono[i].saturating_sub(before.mono[i]));
        let tolerance =
            before.bracket(i) + after.bracket(i) + max_drift(interval) + row.coarse_lag();
        let off = (jump - want).abs();
        checks.check(
            off <= tolerance && expected.abs() > tolerance + tolerance,
            format_args!(
                "{} {} {}={}: advanced {} more than CLOCK_MONOTONIC; expected {} (off by {}; tolerance {}: brackets {} and {}, drift over {}, coarse lag {})",
                what,
                row.name,
                key,
                flag(row),
                jump,
                want,
                off,
                tolerance,
                before.bracket(i),
                after.bracket(i),
                interval,
                row.coarse_lag()
            ),
        );
    }
}
