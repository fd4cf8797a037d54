// SPDX-License-Identifier: GPL-2.0

//! Pairs of functions, the typed way and the raw C-style way, compiled by the
//! kernel's rustc with the kernel's flags into `typed_clocks.ko`.
//! `scripts/linux-test` disassembles the module (`llvm-objdump`) and requires
//! each `typed_clocks_zc_<op>_typed` to be the same instruction sequence as
//! `typed_clocks_zc_<op>_raw`, apart from symbol names. Both sides keep the Rust ABI,
//! spelled out (`extern "Rust"`) since they are `#[no_mangle]`: the pairs compare
//! code as Rust callers get it.
//!
//! The raw side is what a C programmer writes with a bare `ktime_t` (`i64`) and the
//! same semantics as `kernel::time`'s: `Instant - Instant` is a plain subtraction (with
//! the kernel's overflow checks, as both sides are compiled), `Instant ± Delta`
//! saturates at `KTIME_MAX` and 0 (`ktime_add_safe()` clamps too), and a conversion to
//! another clock adds the timekeeper's offset, saturating and clamped at 0. The `_c`
//! functions are the kernel's plain `ktime_add()` (wrapping); the script prints their
//! length beside the pairs but compares nothing with them: they compute something else
//! on overflow.

use kernel::bindings;
use kernel::time::{delay, BootTime, ConvertsTo, Monotonic};
use kernel::time::{Delta, Instant};

/// A `ktime_t`.
type Ktime = bindings::ktime_t;

/// Typed: `Instant::<Monotonic>::now()`.
#[no_mangle]
#[inline(never)]
pub extern "Rust" fn typed_clocks_zc_now_typed() -> Instant<Monotonic> {
    Instant::now()
}

/// Raw: `ktime_get()`.
#[no_mangle]
#[inline(never)]
pub extern "Rust" fn typed_clocks_zc_now_raw() -> Ktime {
    // SAFETY: not in NMI context; only reads timekeeping state.
    unsafe { bindings::ktime_get() }
}

/// Typed: `a - b` of two instants of one clock.
#[no_mangle]
#[inline(never)]
pub extern "Rust" fn typed_clocks_zc_sub_typed(
    a: Instant<Monotonic>,
    b: Instant<Monotonic>,
) -> Delta {
    a - b
}

/// Raw: `a - b` of two `ktime_t`.
#[no_mangle]
#[inline(never)]
pub extern "Rust" fn typed_clocks_zc_sub_raw(a: Ktime, b: Ktime) -> i64 {
    a - b
}

/// Typed: `a + d`.
#[no_mangle]
#[inline(never)]
pub extern "Rust" fn typed_clocks_zc_add_typed(
    a: Instant<Monotonic>,
    d: Delta,
) -> Instant<Monotonic> {
    a + d
}

/// Raw: `a + d` of a `ktime_t` and nanoseconds, saturating, clamped at 0.
#[no_mangle]
#[inline(never)]
pub extern "Rust" fn typed_clocks_zc_add_raw(a: Ktime, d: i64) -> Ktime {
    a.saturating_add(d).max(0)
}

/// C's `ktime_add(a, d)`: wrapping (not compared).
#[no_mangle]
#[inline(never)]
pub extern "Rust" fn typed_clocks_zc_add_c(a: Ktime, d: i64) -> Ktime {
    a.wrapping_add(d)
}

/// Typed: `start.elapsed()`.
#[no_mangle]
#[inline(never)]
pub extern "Rust" fn typed_clocks_zc_elapsed_typed(start: Instant<Monotonic>) -> Delta {
    start.elapsed()
}

/// Raw: `ktime_get() - start`.
#[no_mangle]
#[inline(never)]
pub extern "Rust" fn typed_clocks_zc_elapsed_raw(start: Ktime) -> i64 {
    // SAFETY: as in `typed_clocks_zc_now_raw`.
    unsafe { bindings::ktime_get() - start }
}

/// Typed: `Monotonic` to `BootTime` (`ConvertsTo::to_clock`).
#[no_mangle]
#[inline(never)]
pub extern "Rust" fn typed_clocks_zc_to_clock_typed(mono: Instant<Monotonic>) -> Instant<BootTime> {
    ConvertsTo::to_clock(mono)
}

/// Raw: `mono` plus the boot offset (`ktime_mono_to_any(0, TK_OFFS_BOOT)`), saturating
/// and clamped at 0 as the typed conversion does (C's `ktime_mono_to_any(mono, …)` is
/// a plain `+`).
#[no_mangle]
#[inline(never)]
pub extern "Rust" fn typed_clocks_zc_to_clock_raw(mono: Ktime) -> Ktime {
    // SAFETY: `ktime_mono_to_any` accepts any time and a valid offset member.
    let offset = unsafe { bindings::ktime_mono_to_any(0, bindings::tk_offsets_TK_OFFS_BOOT) };
    mono.saturating_add(offset).max(0)
}

/// Typed: one step of `kernel::io::poll::read_poll_timeout`'s loop after a rejected
/// value: time out if more than `timeout` has elapsed since `start`, else sleep `sleep`
/// (if positive) and relax. `false` when timed out.
#[no_mangle]
#[inline(never)]
pub extern "Rust" fn typed_clocks_zc_poll_step_typed(
    start: Instant<Monotonic>,
    sleep: Delta,
    timeout: Delta,
) -> bool {
    if start.elapsed() > timeout {
        return false;
    }
    if sleep > Delta::ZERO {
        delay::fsleep(sleep);
    }
    core::hint::spin_loop();
    true
}

/// Raw: the same step on bare nanoseconds. Both sides sleep with upstream's
/// `delay::fsleep` (the kernel crate's function, not inlined into a module), which the
/// raw side hands the nanoseconds it has: the pair compares the typed instants and
/// spans with bare integers, not two ways of rounding a sleep.
#[no_mangle]
#[inline(never)]
pub extern "Rust" fn typed_clocks_zc_poll_step_raw(
    start: Ktime,
    sleep_ns: i64,
    timeout_ns: i64,
) -> bool {
    // SAFETY: as in `typed_clocks_zc_now_raw`.
    let elapsed = unsafe { bindings::ktime_get() } - start;
    if elapsed > timeout_ns {
        return false;
    }
    if sleep_ns > 0 {
        delay::fsleep(Delta::from_nanos(sleep_ns));
    }
    core::hint::spin_loop();
    true
}

/// Calls every function above once, so that none is only dead code to the reader;
/// returns a value that depends on all of them.
pub(crate) fn touch() -> i64 {
    let now = typed_clocks_zc_now_typed();
    let raw = typed_clocks_zc_now_raw();
    let d = typed_clocks_zc_sub_typed(now, now).as_nanos() + typed_clocks_zc_sub_raw(raw, raw);
    let a = (typed_clocks_zc_add_typed(now, Delta::ZERO) - now).as_nanos()
        ^ typed_clocks_zc_add_raw(raw, 0)
        ^ typed_clocks_zc_add_c(raw, 0);
    let e = typed_clocks_zc_elapsed_typed(now).as_nanos() ^ typed_clocks_zc_elapsed_raw(raw);
    let c =
        crate::ktime_of(typed_clocks_zc_to_clock_typed(now)) ^ typed_clocks_zc_to_clock_raw(raw);
    let p = typed_clocks_zc_poll_step_typed(now, Delta::ZERO, Delta::from_secs(1))
        & typed_clocks_zc_poll_step_raw(raw, 0, 1_000_000_000);
    d ^ a ^ e ^ c ^ i64::from(p)
}
