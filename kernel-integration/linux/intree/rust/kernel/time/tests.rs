// SPDX-License-Identifier: GPL-2.0

//! KUnit suites of `kernel::time`, one per file below.
//!
//! - `rust_time_clocks`: every row of `clocks.toml` against the kernel's own accessor.
//! - `rust_time_monotonic`: the monotonic rows never go backwards, `elapsed()`.
//! - `rust_time_to_clock`: `ConvertsTo::to_clock` against `ktime_mono_to_any()`, at the
//!   edges of the range too.
//! - `rust_time_hrtimer`: hrtimers on every hrtimer clock: expiry, forward, cancel.
//! - `rust_time_waits`: `fsleep`, `udelay`, `read_poll_timeout` and jiffies.
//!
//! Run them with (`.kunitconfig` is in this directory):
//!
//! ```text
//! ./tools/testing/kunit/kunit.py run --arch x86_64 --make_options LLVM=1 \
//!     --kunitconfig rust/kernel/time
//! ```
//!
//! No check depends on how fast the machine is. A clock is read between two readings
//! of the kernel's own accessor and must lie between them (a bracket); a coarse clock
//! is compared with its precise clock only across a tick seen to happen inside the
//! bracket, which is then widened by one tick, the coarse clocks' resolution. Sleeps and
//! timers are checked never to end early; nothing bounds how late they may be, except
//! a ten-second limit on waiting at all.

use crate::bindings;

mod clocks;
mod convert;
mod hrtimers;
mod monotonic;
mod waits;

/// A `ktime_t`.
type Ktime = bindings::ktime_t;

/// Reads `reference()`, then `read()`, then `reference()` again: whether the second
/// reading lies between the other two.
fn between(reference: impl Fn() -> Ktime, read: impl FnOnce() -> Ktime) -> bool {
    let before = reference();
    let now = read();
    let after = reference();
    before <= now && now <= after
}

/// The length of a tick in nanoseconds: the resolution of the coarse clocks.
fn tick_nsec() -> Ktime {
    // SAFETY: `jiffies64_to_nsecs()` converts a number; it has no preconditions.
    let nsecs = unsafe { bindings::jiffies64_to_nsecs(1) };
    Ktime::try_from(nsecs).unwrap_or(Ktime::MAX)
}

/// Reads `coarse()` until it changes (a tick updated the timekeeper), with readings of
/// `precise()` around: whether the changed reading lies between the precise reading
/// taken before the last unchanged one, less one tick, and one taken after it.
///
/// The update happened after that precise reading, and a coarse clock is its precise
/// clock at the last update less the part of a tick not yet accumulated, so this holds
/// however long each read takes. `false` if no tick comes in ten seconds.
fn coarse_within_a_tick(precise: impl Fn() -> Ktime, coarse: impl Fn() -> Ktime) -> bool {
    let give_up = accessor::ktime_get().saturating_add(10 * crate::time::NSEC_PER_SEC);
    let mut before = precise();
    let mut last = coarse();
    while accessor::ktime_get() < give_up {
        let now = coarse();
        if now != last {
            let after = precise();
            return before - tick_nsec() <= now && now <= after;
        }
        before = precise();
        last = coarse();
    }
    false
}

/// The kernel's accessor of the precise clock `id` (of its precise base for a coarse
/// id), not through the clock table.
fn precise_accessor(id: i32) -> Option<fn() -> Ktime> {
    let id = u32::try_from(id).ok()?;
    Some(match id {
        bindings::CLOCK_MONOTONIC | bindings::CLOCK_MONOTONIC_COARSE => accessor::ktime_get,
        bindings::CLOCK_REALTIME | bindings::CLOCK_REALTIME_COARSE => accessor::ktime_get_real,
        bindings::CLOCK_BOOTTIME => accessor::ktime_get_boottime,
        bindings::CLOCK_TAI => accessor::ktime_get_clocktai,
        bindings::CLOCK_MONOTONIC_RAW => accessor::ktime_get_raw,
        _ => return None,
    })
}

/// The kernel's clock accessors, called through the bindings: what each row of the
/// table is checked against. KUnit runs each test case in a kthread, in process
/// context.
mod accessor {
    use super::Ktime;
    use crate::bindings;

    /// The accessors of `ktime_t` clocks.
    macro_rules! accessors {
        ($($name:ident),*) => {$(
            pub(super) fn $name() -> Ktime {
                // SAFETY: The clock accessors may be called in any context but NMI.
                unsafe { bindings::$name() }
            }
        )*};
    }

    /// The NMI-safe accessors, which return `u64` nanoseconds, at most `KTIME_MAX`:
    /// as `ns_to_ktime()`, reinterpreted as `ktime_t`.
    macro_rules! fast_accessors {
        ($($name:ident),*) => {$(
            pub(super) fn $name() -> Ktime {
                // SAFETY: The `*_fast_ns()` accessors may be called in any context.
                (unsafe { bindings::$name() }) as Ktime
            }
        )*};
    }

    accessors!(
        ktime_get,
        ktime_get_real,
        ktime_get_boottime,
        ktime_get_clocktai,
        ktime_get_raw,
        ktime_get_coarse,
        ktime_get_coarse_real,
        ktime_get_coarse_boottime,
        ktime_get_coarse_clocktai
    );

    fast_accessors!(
        ktime_get_mono_fast_ns,
        ktime_get_raw_fast_ns,
        ktime_get_boot_fast_ns,
        ktime_get_tai_fast_ns,
        ktime_get_real_fast_ns
    );

    /// `ktime_mono_to_any(tmono, offset)`.
    pub(super) fn mono_to_any(tmono: Ktime, offset: bindings::tk_offsets) -> Ktime {
        // SAFETY: `ktime_mono_to_any()` takes any time and a member of `enum tk_offsets`,
        // and only reads the timekeeper's offsets.
        unsafe { bindings::ktime_mono_to_any(tmono, offset) }
    }
}
