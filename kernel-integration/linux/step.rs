// SPDX-License-Identifier: GPL-2.0

//! Wall-clock steps while timers are armed: `/init` runs `date -s @T` a day back and
//! then forward past the `RealTime` timer's expiry (`settimeofday`, which calls the
//! kernel's `clock_was_set()`), between the `step-*` commands. Checks what every
//! clock did against the row's `settable`, that the `AbsoluteMode<RealTime>` timer
//! follows the wall clock (not run at its old time after the backward step, run at
//! once by the forward one) and that the relative `Monotonic` timers do not notice.

use crate::harness::tick_nsec;
use crate::rows::{kernel_mono, rows_agree, Snapshot};
use crate::timers;
use crate::{ktime_of, Checks, Span};
use kernel::bindings;
use kernel::time::{Delta, Instant, NSEC_PER_SEC};
use kernel::time::{Monotonic, RealTime};

/// When the timers expire: `AbsoluteMode<RealTime>` at the wall time of `step-arm`
/// plus this; each relative `Monotonic` timer this long after it is armed.
const TIMER_AFTER: Delta = Delta::from_secs(2);

/// What is held from `step-arm` to `step-forward`.
pub(crate) struct Held {
    snap: Snapshot,
    real_expiry: Instant<RealTime>,
    mono_back_armed: Instant<Monotonic>,
    mono_forward_armed: Instant<Monotonic>,
}

/// `step-arm`: every clock read, the `RealTime` and the first `Monotonic` timer armed.
pub(crate) fn arm() -> Held {
    let snap = Snapshot::take();
    let real_expiry = Instant::<RealTime>::now() + TIMER_AFTER;
    timers::arm_step_real(real_expiry);
    let mono_back_armed = Instant::now();
    timers::arm_step_mono_back(TIMER_AFTER);
    crate::ktap::diag!(
        "step: armed; every clock read; AbsoluteMode<RealTime> hrtimer at {} ns, RelativeMode<Monotonic> in {}",
        ktime_of(real_expiry),
        Span(TIMER_AFTER)
    );
    Held {
        snap,
        real_expiry,
        mono_back_armed,
        mono_forward_armed: mono_back_armed,
    }
}

/// The wall clock right after `date -s @set`: no earlier than `set` seconds (busybox
/// sets whole seconds) and no later than that plus the monotonic time since `before`.
fn wall_clock_was_set(checks: &mut Checks, what: &str, before: &Snapshot, set: i64) -> Snapshot {
    let after = Snapshot::take();
    let mono = kernel_mono();
    // SAFETY: process context; reads timekeeping state.
    let real: i64 = unsafe { bindings::ktime_get_real() };
    let set_ns = set.saturating_mul(NSEC_PER_SEC);
    let since = mono - before.mono[0];
    let tick = tick_nsec();
    checks.check(
        real >= set_ns && real - set_ns <= since + tick,
        format_args!(
            "{}: after `date -s @{}` CLOCK_REALTIME reads {} s + {} (at most {} after the set, plus a tick {}); the kernel's offs_real moved {}",
            what,
            set,
            set,
            Span(Delta::from_nanos(real - set_ns)),
            Span(Delta::from_nanos(since)),
            Span(Delta::from_nanos(tick)),
            Span(Delta::from_nanos(after.offs_real - before.offs_real))
        ),
    );
    rows_agree(
        checks,
        what,
        "settable",
        |row| row.settable,
        before,
        &after,
        Delta::from_nanos(after.offs_real - before.offs_real),
    );
    after
}

/// `step-back T`: after `/init` set the wall clock back to `T` (a day earlier).
pub(crate) fn back(checks: &mut Checks, held: &mut Held, set: i64) {
    let real_now = timers::step_real();
    wall_clock_was_set(checks, "step-back", &held.snap, set);
    // Wait past the RealTime timer's old expiry: the Monotonic timer armed with it
    // fires then; the RealTime timer must not (its expiry is a day ahead now).
    timers::wait_until(TIMER_AFTER + Delta::from_secs(1), || {
        timers::step_mono_back().runs > 0
    });
    kernel::time::delay::fsleep(Delta::from_nanos(tick_nsec() * 2));
    let real = timers::step_real();
    let m = timers::step_mono_back();
    let expiry = held.mono_back_armed + TIMER_AFTER;
    let lag = crate::lag_allowed();
    checks.check(
        real_now.runs == 0 && real.runs == 0 && Instant::<Monotonic>::now() - expiry > Delta::ZERO,
        format_args!(
            "step-back hrtimer AbsoluteMode<RealTime> at {} ns: not run after the step ({} runs), nor when its old expiry passed ({} runs, {} of monotonic time after it); it now expires {} ahead",
            ktime_of(held.real_expiry),
            real_now.runs,
            real.runs,
            Span(Instant::<Monotonic>::now() - expiry),
            Span(held.real_expiry - Instant::<RealTime>::now())
        ),
    );
    checks.check(
        m.runs == 1 && m.mono - expiry >= Delta::ZERO && m.mono - expiry <= lag,
        format_args!(
            "step-back hrtimer RelativeMode<Monotonic> {}: ran {} time(s), {} after its expiry (allowed {}): the step did not move it",
            Span(TIMER_AFTER),
            m.runs,
            Span(m.mono - expiry),
            Span(lag)
        ),
    );
    held.snap = Snapshot::take();
    held.mono_forward_armed = Instant::now();
    timers::arm_step_mono_forward(TIMER_AFTER);
}

/// `step-forward T`: after `/init` set the wall clock forward to `T`, past the
/// `RealTime` timer's expiry.
pub(crate) fn forward(checks: &mut Checks, held: &Held, set: i64) {
    let command = Instant::<Monotonic>::now();
    let mono_now = timers::step_mono_forward();
    wall_clock_was_set(checks, "step-forward", &held.snap, set);
    // clock_was_set() reprograms every CPU at once, but the timer runs in the hard
    // interrupt of the CPU it was queued on, which under the emulator may be late: it
    // must run at most 25 ticks after this command started (without the step it
    // would run a day later), never before its expiry on RealTime.
    let lag = crate::lag_allowed();
    timers::wait_until(lag, || timers::step_real().runs > 0);
    let real = timers::step_real();
    let after_command = (real.mono - command).max(Delta::ZERO);
    checks.check(
        real.runs == 1 && real.real - held.real_expiry >= Delta::ZERO && after_command <= lag,
        format_args!(
            "step-forward hrtimer AbsoluteMode<RealTime> at {} ns: ran {} time(s), {} after the command that followed `date -s` started (allowed {}); at {} ns, {} after its expiry on RealTime",
            ktime_of(held.real_expiry),
            real.runs,
            Span(after_command),
            Span(lag),
            ktime_of(real.real),
            Span(real.real - held.real_expiry)
        ),
    );
    timers::wait_until(TIMER_AFTER + Delta::from_secs(1), || {
        timers::step_mono_forward().runs > 0
    });
    let m = timers::step_mono_forward();
    let expiry = held.mono_forward_armed + TIMER_AFTER;
    let lag = crate::lag_allowed();
    checks.check(
        mono_now.runs == 0 && m.runs == 1 && m.mono - expiry >= Delta::ZERO && m.mono - expiry <= lag,
        format_args!(
            "step-forward hrtimer RelativeMode<Monotonic> {}: not run by the step ({} runs then); ran {} time(s), {} after its expiry (allowed {})",
            Span(TIMER_AFTER),
            mono_now.runs,
            m.runs,
            Span(m.mono - expiry),
            Span(lag)
        ),
    );
}
