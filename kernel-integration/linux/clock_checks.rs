// SPDX-License-Identifier: GPL-2.0

//! `typed_clocks`: what only the outside of the kernel can show of the clocks of
//! `kernel::time`, which the in-tree series declares with `declare_clocks!` from the
//! project's root `clocks.toml`. The KUnit suites of the series check every clock
//! against the kernel's own accessors at boot; this module checks what each clock does
//! across events a test cannot cause from inside: a real S3 suspend ([`suspend`]),
//! wall-clock steps ([`step`]), with reader kthreads on both CPUs throughout ([`smp`])
//! and timers armed across each ([`timers`]). `/init` drives it through
//! `/proc/typed_clocks` ([`harness`]). What each clock must do is what its row says,
//! read from the generated `CLOCKS` ([`rows`]): a row added to `clocks.toml` is checked
//! with no edit here.
//!
//! The checks report in KTAP ([`ktap`]): one suite, `typed_clocks`, one test per check,
//! its figures on a diagnostic line; the suite's result line is printed when the module
//! is unloaded. `scripts/linux-test` hands those lines to the kernel's `kunit.py parse`.
//! [`zero_cost`] holds the typed/raw function pairs that `scripts/linux-test`
//! disassembles.

use core::ffi::c_int;
use core::fmt;
use kernel::prelude::*;
use kernel::time::{hrtimer, ClockSource, Delta, Instant};
use ktap::diag;

pub mod harness;
mod ktap;
mod rows;
pub mod smp;
mod step;
mod suspend;
mod timers;
pub mod zero_cost;

module! {
    type: TypedClocks,
    name: "typed_clocks",
    authors: ["typed-clocks"],
    description: "The clocks of clocks.toml, checked against the kernel's timekeeping",
    license: "GPL",
}

/// The module: the checks in `init`, the reader kthreads and the proc file it leaves
/// running for `/init`'s suspend and steps, and the summary when it is unloaded.
struct TypedClocks {
    readers: c_int,
}

impl kernel::Module for TypedClocks {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        SUITE.begin();
        rows::describe();
        diag!("zero-cost pairs present: {}", (zero_cost::touch() != 1));
        timers::init_all()?;
        // SAFETY: module init, before the proc file exists: nothing else runs here.
        let readers = unsafe { harness::typed_clocks_readers_start() };
        diag!("two CPUs: {} reader kthreads started", readers);
        // SAFETY: creates the proc file; its handler calls `harness::typed_clocks_phase`.
        if unsafe { harness::typed_clocks_proc_create() } != 0 {
            // SAFETY: stops the readers started above.
            unsafe { harness::typed_clocks_readers_stop() };
            return Err(ENOMEM);
        }
        Ok(TypedClocks { readers })
    }
}

impl Drop for TypedClocks {
    fn drop(&mut self) {
        // SAFETY: waits for a command in progress; none runs after this.
        unsafe { harness::typed_clocks_proc_remove() };
        // SAFETY: stops the readers started in `init`.
        unsafe { harness::typed_clocks_readers_stop() };
        timers::cancel_all();
        let mut checks = Checks;
        smp::report(&mut checks, self.readers);
        SUITE.end();
    }
}

/// The module's KTAP suite: module init, the proc commands and exit add to it.
static SUITE: ktap::Suite = ktap::Suite::new("typed_clocks");

/// The checks, each a test of [`SUITE`].
pub(crate) struct Checks;

impl Checks {
    pub(crate) fn check(&mut self, ok: bool, what: fmt::Arguments<'_>) {
        SUITE.check(ok, what);
    }
}

/// How far a reading may lag behind the kernel's: 25 ticks (100 ms at HZ=250). A
/// coarse clock is the time of the last tick, and under an emulator on a loaded host
/// ticks come late and in pairs (8 ms steps at HZ=250); clocks that differ in epoch
/// (REALTIME against MONOTONIC) differ by far more.
pub(crate) fn lag_allowed() -> Delta {
    // SAFETY: `jiffies_to_usecs` converts a number; it has no preconditions.
    let usecs = unsafe { harness::typed_clocks_jiffies_to_usecs(25) };
    Delta::from_micros(i64::from(usecs))
}

/// A timer mode, for the timers that live across the suspend and the steps.
pub(crate) trait Mode: hrtimer::HrTimerMode + 'static {}

impl<M: hrtimer::HrTimerMode + 'static> Mode for M {}

/// The raw `ktime_t` of `instant`: the time since its clock's epoch. (`kernel::time`
/// keeps its `as_nanos()` to the kernel crate; a module works in `Instant`s and
/// `Delta`s, and this one compares with the kernel's raw readings.)
pub(crate) fn ktime_of<C: ClockSource>(instant: Instant<C>) -> i64 {
    (instant - epoch::<C>()).as_nanos()
}

/// The instant `ktime` (in `0..=KTIME_MAX`) of clock `C`.
pub(crate) fn instant_at<C: ClockSource>(ktime: i64) -> Instant<C> {
    epoch::<C>() + Delta::from_nanos(ktime)
}

/// A span as the checks print it: `kernel::time::Delta` has no `Display`.
#[derive(Clone, Copy)]
pub(crate) struct Span(pub(crate) Delta);

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let nanos = self.0.as_nanos();
        let sign = if nanos < 0 { "-" } else { "" };
        let abs = nanos.unsigned_abs();
        if abs >= 1_000_000 {
            write!(
                f,
                "{sign}{}.{:03} ms",
                abs / 1_000_000,
                abs % 1_000_000 / 1_000
            )
        } else if abs >= 1_000 {
            write!(f, "{sign}{}.{:03} us", abs / 1_000, abs % 1_000)
        } else {
            write!(f, "{sign}{abs} ns")
        }
    }
}

/// The epoch of clock `C`: an instant minus the largest span, which saturates there.
fn epoch<C: ClockSource>() -> Instant<C> {
    Instant::<C>::now() - Delta::from_nanos(i64::MAX)
}
