// SPDX-License-Identifier: GPL-2.0

//! The C side of the checks that span more than module init (`harness.c`), and the
//! commands that `/init` writes to `/proc/typed_clocks` between its steps:
//!
//! | command | written by `/init` | the module |
//! |---|---|---|
//! | `suspend-arm` | before `echo mem > /sys/power/state` | waits for an RTC second edge, reads every clock, arms a `BootTime` and a `Monotonic` hrtimer |
//! | `suspend-check` | after the write returns (resumed) | reads every clock again and checks what each did ([`crate::suspend`]) |
//! | `step-arm` | before `date -s` | reads every clock, arms an `AbsoluteMode<RealTime>` and a relative `Monotonic` hrtimer |
//! | `step-back T` | after `date -s @T` (a day back) | checks the jump of every clock and the timers ([`crate::step`]) |
//! | `step-forward T` | after `date -s @T` (forward) | the same, forwards |
//!
//! The C handler runs one command at a time (a mutex), and the proc file is removed
//! before the module's state is torn down, so the state below is never shared.

use core::cell::UnsafeCell;
use core::ffi::{c_char, c_int, c_longlong, c_uint};
use kernel::prelude::*;

#[allow(improper_ctypes)]
unsafe extern "C" {
    /// Creates `/proc/typed_clocks` (write-only, root): `0` or `-ENOMEM`.
    pub(crate) fn typed_clocks_proc_create() -> c_int;
    /// Removes it, waiting for a command in progress.
    pub(crate) fn typed_clocks_proc_remove();
    /// Starts one reader kthread per online CPU (at most two); returns how many.
    pub(crate) fn typed_clocks_readers_start() -> c_int;
    /// Stops the readers (`kthread_stop`), waiting for their last round.
    pub(crate) fn typed_clocks_readers_stop();
    /// `raw_smp_processor_id()`.
    pub(crate) fn typed_clocks_cpu() -> c_uint;
    /// `rtc0` in whole seconds since the epoch (`rtc_read_time`), or a negative errno.
    pub(crate) fn typed_clocks_rtc_seconds() -> c_longlong;
    /// `TICK_NSEC`: the length of one tick, `1/HZ` seconds.
    pub(crate) fn typed_clocks_tick_nsec() -> c_longlong;
    /// `jiffies_to_usecs(jiffies)` (static inline in C).
    pub(crate) fn typed_clocks_jiffies_to_usecs(jiffies: kernel::ffi::c_ulong) -> c_uint;
}

/// The length of one tick (`TICK_NSEC`), in nanoseconds.
pub(crate) fn tick_nsec() -> i64 {
    // SAFETY: returns a constant.
    unsafe { typed_clocks_tick_nsec() }
}

/// State that is only touched under the proc handler's mutex, by module init before
/// the proc file exists, or by module exit after it is gone.
pub(crate) struct Serialized<T>(UnsafeCell<T>);

// SAFETY: every access goes through `get`, whose callers are serialized (see above).
unsafe impl<T> Sync for Serialized<T> {}

impl<T> Serialized<T> {
    pub(crate) const fn new(value: T) -> Self {
        Serialized(UnsafeCell::new(value))
    }

    /// # Safety
    ///
    /// No other reference from `get` may be alive: the caller is a proc command (one
    /// at a time), module init before `typed_clocks_proc_create` or module exit after
    /// `typed_clocks_proc_remove`.
    #[allow(clippy::mut_from_ref)]
    pub(crate) unsafe fn get(&self) -> &mut T {
        // SAFETY: exclusive by the caller's contract.
        unsafe { &mut *self.0.get() }
    }
}

/// What is held from one command to the next.
struct Held {
    suspend: Option<crate::suspend::Before>,
    step: Option<crate::step::Held>,
}

static HELD: Serialized<Held> = Serialized::new(Held {
    suspend: None,
    step: None,
});

/// One command written to `/proc/typed_clocks` (called by `harness.c` under its mutex):
/// `0`, or `-EINVAL` for an unknown command or one out of order.
///
/// # Safety
///
/// `cmd` points to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn typed_clocks_phase(cmd: *const c_char, len: usize) -> c_int {
    // SAFETY: `cmd` points to `len` bytes (the caller's contract).
    let cmd = unsafe { core::slice::from_raw_parts(cmd.cast::<u8>(), len) };
    let (word, arg) = match cmd.iter().position(|&b| b == b' ') {
        Some(at) => (&cmd[..at], parse_i64(&cmd[at + 1..])),
        None => (cmd, None),
    };
    let mut checks = crate::Checks;
    // SAFETY: called under the proc handler's mutex, one command at a time.
    let held = unsafe { HELD.get() };
    match (word, arg) {
        (b"suspend-arm", None) => held.suspend = Some(crate::suspend::arm()),
        (b"suspend-check", None) => match held.suspend.take() {
            Some(before) => crate::suspend::check(&mut checks, &before),
            None => return EINVAL.to_errno(),
        },
        (b"step-arm", None) => held.step = Some(crate::step::arm()),
        (b"step-back", Some(set)) => match held.step.as_mut() {
            Some(step) => crate::step::back(&mut checks, step, set),
            None => return EINVAL.to_errno(),
        },
        (b"step-forward", Some(set)) => match held.step.take() {
            Some(step) => crate::step::forward(&mut checks, &step, set),
            None => return EINVAL.to_errno(),
        },
        _ => {
            pr_err!("unknown command on /proc/typed_clocks\n");
            return EINVAL.to_errno();
        }
    }
    0
}

/// A decimal integer, optionally negative.
fn parse_i64(digits: &[u8]) -> Option<i64> {
    let (negative, digits) = match digits.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, digits),
    };
    if digits.is_empty() {
        return None;
    }
    let mut value: i64 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(i64::from(d - b'0'))?;
    }
    Some(if negative { -value } else { value })
}
