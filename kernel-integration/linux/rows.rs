// SPDX-License-Identifier: GPL-2.0

//! What each row of `clocks.toml` says (`settable`, `counts_suspend`, its resolution),
//! read from the generated `CLOCKS`, and snapshots of every clock, to check what each
//! clock did across a suspend or a wall-clock step against what its row says.

use crate::{Checks, Span};
use kernel::bindings;
use kernel::time::{ClockInfo, Delta, Resolution, CLOCKS};

/// The number of rows.
pub(crate) const N: usize = CLOCKS.len();

/// One row of the table.
pub(crate) type Row = ClockInfo;

/// Every row of the table, in table order.
pub(crate) fn rows() -> [Row; N] {
    CLOCKS
}

/// How far a `resolution = "tick"` row's reading may lag its clock: the 25 ticks a
/// coarse clock may lag under an emulator (`lag_allowed`); nothing for a clock of
/// nanosecond resolution.
pub(crate) fn coarse_lag(row: &Row) -> Delta {
    match row.resolution {
        Resolution::Tick => crate::lag_allowed(),
        Resolution::Nanos(_) => Delta::ZERO,
    }
}

/// Prints each row as `CLOCKS` has it, for the verdict (`scripts/ktap-verdict.py`
/// requires a check of every row across the suspend and the steps).
pub(crate) fn describe() {
    crate::ktap::diag!("{} clocks in clocks.toml", N);
    for row in &CLOCKS {
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
    pub(crate) mono: [i64; N],
    pub(crate) read: [i64; N],
    /// `ktime_get()` right after it: the reading happened in `mono[i]..=mono_after[i]`.
    pub(crate) mono_after: [i64; N],
    pub(crate) offs_boot: i64,
    pub(crate) offs_real: i64,
}

/// The timekeeper's offset `offset` (`offs_boot`, `offs_real`, ...), from the
/// kernel's `ktime_mono_to_any(0, offset)`.
pub(crate) fn kernel_offset(offset: bindings::tk_offsets) -> i64 {
    // SAFETY: `ktime_mono_to_any` accepts any time and a valid `enum tk_offsets`
    // member, and only reads the timekeeper's offsets.
    unsafe { bindings::ktime_mono_to_any(0, offset) }
}

/// `ktime_get()`: the kernel's `CLOCK_MONOTONIC`, not through the table.
pub(crate) fn kernel_mono() -> i64 {
    // SAFETY: process or interrupt context, never NMI; only reads timekeeping state.
    unsafe { bindings::ktime_get() }
}

impl Snapshot {
    pub(crate) fn take() -> Self {
        let mut snap = Snapshot {
            mono: [0; N],
            read: [0; N],
            mono_after: [0; N],
            offs_boot: kernel_offset(bindings::tk_offsets_TK_OFFS_BOOT),
            offs_real: kernel_offset(bindings::tk_offsets_TK_OFFS_REAL),
        };
        for (i, row) in CLOCKS.iter().enumerate() {
            snap.mono[i] = kernel_mono();
            snap.read[i] = (row.read)();
            snap.mono_after[i] = kernel_mono();
        }
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

/// The absolute value of `delta`, saturating.
fn abs(delta: Delta) -> Delta {
    Delta::from_nanos(delta.as_nanos().saturating_abs())
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
            before.bracket(i) + after.bracket(i) + max_drift(interval) + coarse_lag(row);
        let off = abs(jump - want);
        checks.check(
            off <= tolerance && abs(expected) > tolerance + tolerance,
            format_args!(
                "{} {} {}={}: advanced {} more than CLOCK_MONOTONIC; expected {} (off by {}; tolerance {}: brackets {} and {}, drift over {}, coarse lag {})",
                what,
                row.name,
                key,
                flag(row),
                Span(jump),
                Span(want),
                Span(off),
                Span(tolerance),
                Span(before.bracket(i)),
                Span(after.bracket(i)),
                Span(interval),
                Span(coarse_lag(row))
            ),
        );
    }
}
