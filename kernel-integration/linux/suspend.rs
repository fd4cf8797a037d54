// SPDX-License-Identifier: GPL-2.0

//! A real S3 suspend of the guest, woken by the RTC alarm that `/init` sets: what
//! every clock of the table did across it, against the row's `counts_suspend`, the
//! conversion after resume, a `BootTime` and a `Monotonic` hrtimer armed before it,
//! and what the article's C mix (`ktime_get_boottime() - ktime_get()`) computes.
//!
//! Nothing is injected: the kernel measures the time asleep itself (the CMOS RTC,
//! its persistent clock, read at suspend and at resume, in whole seconds) and adds
//! it to `offs_boot` and the wall clock. The module measures it independently, from
//! RTC second edges before and after, so the kernel's figure is checked too.

use crate::harness::{tick_nsec, typed_clocks_rtc_seconds};
use crate::rows::{kernel_mono, kernel_offset, rows_agree, Snapshot};
use crate::timers::{self, mono_at};
use crate::{ktime_of, Checks, Span};
use kernel::bindings;
use kernel::time::{BootTime, ConvertsTo, Monotonic};
use kernel::time::{Delta, Instant, NSEC_PER_SEC};

/// How long after `suspend-arm` the two hrtimers expire. `/init` asks the RTC to wake
/// the guest 4 RTC seconds after that, so at least 3 s pass asleep: the `BootTime`
/// timer expires while the guest sleeps; the `Monotonic` one needs 2 s awake.
const TIMER_AFTER: Delta = Delta::from_secs(2);

/// What `suspend-arm` recorded.
pub(crate) struct Before {
    snap: Snapshot,
    edge: Option<Edge>,
    mono: Instant<Monotonic>,
    boot: Instant<BootTime>,
    /// The article's `start = ktime_get()`, a bare `ktime_t`.
    c_start: i64,
}

/// An RTC second edge: the RTC's new second, and the `CLOCK_MONOTONIC` readings
/// before the read that still showed the old second and after the one that showed
/// the new one (the edge lies in between).
#[derive(Clone, Copy)]
struct Edge {
    seconds: i64,
    mono_low: i64,
    mono_high: i64,
}

/// Waits (1 ms sleeps, at most 2 s) for the RTC's second to change.
fn rtc_edge() -> Option<Edge> {
    // SAFETY: process context; opens, reads and closes rtc0.
    let first = unsafe { typed_clocks_rtc_seconds() };
    if first < 0 {
        return None;
    }
    let mut mono_low = kernel_mono();
    for _ in 0..2000 {
        kernel::time::delay::fsleep(Delta::from_millis(1));
        // SAFETY: as above.
        let now = unsafe { typed_clocks_rtc_seconds() };
        let mono_high = kernel_mono();
        if now < 0 {
            return None;
        }
        if now != first {
            return Some(Edge {
                seconds: now,
                mono_low,
                mono_high,
            });
        }
        mono_low = mono_high;
    }
    None
}

/// `suspend-arm`: before `/init` suspends.
pub(crate) fn arm() -> Before {
    let edge = rtc_edge();
    let snap = Snapshot::take();
    let c_start = kernel_mono();
    let before = Before {
        snap,
        edge,
        mono: Instant::now(),
        boot: Instant::now(),
        c_start,
    };
    timers::arm_suspend_pair(TIMER_AFTER);
    crate::ktap::diag!(
        "suspend: armed; every clock read; BootTime and Monotonic hrtimers in {}; offs_boot {} ns; RTC second edge {:?}",
        Span(TIMER_AFTER),
        snap.offs_boot,
        edge.map(|e| e.seconds)
    );
    before
}

/// `suspend-check`: after `/init`'s `echo mem > /sys/power/state` returned.
pub(crate) fn check(checks: &mut Checks, before: &Before) {
    // What the timers had done when the resumed system first ran this.
    let (boot_timer_at_resume, mono_timer_at_resume) = timers::suspend_pair();
    let mono_at_resume = Instant::<Monotonic>::now();
    let after = Snapshot::take();
    let tick = Delta::from_nanos(tick_nsec());

    // The time asleep, as the kernel counted it (offs_boot), and as the RTC did.
    let asleep = Delta::from_nanos(after.offs_boot - before.snap.offs_boot);
    let edge = rtc_edge();
    match (before.edge, edge) {
        (Some(b), Some(a)) => {
            // Real time between the edges, less the time awake between them.
            let between = Delta::from_secs(a.seconds - b.seconds);
            let awake_low = Delta::from_nanos(a.mono_low - b.mono_high);
            let awake_high = Delta::from_nanos(a.mono_high - b.mono_low);
            let rtc_low = between - awake_high;
            let rtc_high = between - awake_low;
            // The kernel reads the CMOS RTC in whole seconds at suspend and at resume,
            // and drivers/rtc/class.c keeps its last RTC-to-system offset while the new
            // one is less than 2 s away from it (`delta_delta`): the time it injects
            // may be off by that much more.
            let granularity = Delta::from_secs(3) + tick;
            checks.check(
                asleep >= rtc_low - granularity
                    && asleep <= rtc_high + granularity
                    && asleep >= TIMER_AFTER,
                format_args!(
                    "suspend S3: the kernel counted {} asleep (offs_boot {} -> {} ns); the RTC: {} between second edges, awake {}..{}, so asleep {}..{}; tolerance {} (whole-second RTC reads, the RTC class's 2 s offset window, a tick); at least {} (the timers' expiry)",
                    Span(asleep),
                    before.snap.offs_boot,
                    after.offs_boot,
                    Span(between),
                    Span(awake_low),
                    Span(awake_high),
                    Span(rtc_low),
                    Span(rtc_high),
                    Span(granularity),
                    Span(TIMER_AFTER)
                ),
            );
        }
        _ => checks.check(
            false,
            format_args!(
                "suspend S3: no RTC second edge (rtc0 missing?); kernel counted {} asleep",
                Span(asleep)
            ),
        ),
    }

    // Every row against its counts_suspend.
    rows_agree(
        checks,
        "suspend",
        "counts_suspend",
        |row| row.counts_suspend,
        &before.snap,
        &after,
        asleep,
    );

    // to_clock after resume uses the new offset.
    let mono = Instant::<Monotonic>::now();
    let boot = ktime_of(<Monotonic as ConvertsTo<BootTime>>::to_clock(mono));
    let mono = ktime_of(mono);
    // SAFETY: `ktime_mono_to_any` accepts any time and a valid offset member.
    let kernel = unsafe { bindings::ktime_mono_to_any(mono, bindings::tk_offsets_TK_OFFS_BOOT) };
    let offset_now = boot - mono;
    let offs_boot = kernel_offset(bindings::tk_offsets_TK_OFFS_BOOT);
    checks.check(
        boot == kernel
            && offset_now == offs_boot
            && offset_now - before.snap.offs_boot == asleep.as_nanos(),
        format_args!(
            "suspend to_clock Monotonic->BootTime after resume: {} == ktime_mono_to_any {}; offset {} ns (before the suspend {} ns, moved {})",
            boot,
            kernel,
            offset_now,
            before.snap.offs_boot,
            Span(Delta::from_nanos(offset_now - before.snap.offs_boot))
        ),
    );

    // The hrtimers. BootTime: its expiry passed while the guest slept, so it runs at
    // resume: at the latest 25 ticks after this first command after resume (its CPU's
    // interrupt may come late under the emulator), never before its expiry on
    // BootTime, and before its 2 s had passed on Monotonic (the time asleep counted).
    let expiry_boot = before.boot + TIMER_AFTER;
    let lag = crate::lag_allowed();
    timers::wait_until(lag, || timers::suspend_pair().0.runs > 0);
    let b = timers::suspend_pair().0;
    let after_command = (b.mono - mono_at_resume).max(Delta::ZERO);
    checks.check(
        b.runs == 1
            && b.boot - expiry_boot >= Delta::ZERO
            && after_command <= lag
            && b.mono - before.mono < TIMER_AFTER,
        format_args!(
            "suspend hrtimer RelativeMode<BootTime> {} armed before: ran {} time(s) ({} at resume; {} after the first command after resume started, allowed {}); {} after its expiry on BootTime; after {} on Monotonic (the time asleep counted)",
            Span(TIMER_AFTER),
            b.runs,
            boot_timer_at_resume.runs,
            Span(after_command),
            Span(lag),
            Span(b.boot - expiry_boot),
            Span(b.mono - before.mono)
        ),
    );
    // Monotonic: the time asleep does not count; it runs TIMER_AFTER of awake time
    // after it was armed, so later than the BootTime one by the time asleep. It has
    // not run at resume unless the awake time around the suspend already reached its
    // expiry (a slow suspend and resume under the emulator). Then its expiry fell in
    // the suspend's or the resume's path, which may hold it as the emulator stalls
    // there (a resume of 4 s awake, the HPET's reads timing out, the timer 134 ms
    // late), so it is due, as the BootTime one, at the first command after resume:
    // `held` after its expiry.
    let expiry_mono = before.mono + TIMER_AFTER;
    let not_yet = mono_timer_at_resume.runs == 0 || mono_at_resume - expiry_mono >= Delta::ZERO;
    let held = (mono_at_resume - expiry_mono).max(Delta::ZERO);
    timers::wait_until(TIMER_AFTER + Delta::from_secs(1), || {
        timers::suspend_pair().1.runs > 0
    });
    let (_, m) = timers::suspend_pair();
    let lag = crate::lag_allowed();
    checks.check(
        not_yet
            && m.runs == 1
            && m.mono - expiry_mono >= Delta::ZERO
            && m.mono - expiry_mono - held <= lag
            && m.boot - before.boot >= TIMER_AFTER + asleep - tick,
        format_args!(
            "suspend hrtimer RelativeMode<Monotonic> {} armed before: not run at resume ({}; resumed {} after arming on Monotonic); ran {} time(s), {} after its expiry on Monotonic, {} after it was due (allowed {}), after {} on BootTime ({} + {} asleep)",
            Span(TIMER_AFTER),
            not_yet,
            Span(mono_at_resume - before.mono),
            m.runs,
            Span(m.mono - expiry_mono),
            Span(m.mono - expiry_mono - held),
            Span(lag),
            Span(m.boot - before.boot),
            Span(TIMER_AFTER),
            Span(asleep)
        ),
    );

    // The article's C, beside the typed result. Across the suspend:
    // SAFETY: process context; reads timekeeping state.
    let c_across = unsafe { bindings::ktime_get_boottime() } - before.c_start;
    let typed_mono = before.mono.elapsed();
    let typed_boot = Instant::<BootTime>::now() - before.boot;
    crate::ktap::diag!(
        "suspend C mix across the suspend: ktime_get_boottime() - start(ktime_get()) = {} ns; typed: Instant<Monotonic>::elapsed {}, Instant<BootTime> difference {}",
        c_across,
        Span(typed_mono),
        Span(typed_boot)
    );
    // ... and for a 20 ms sleep after the resume: the garbage the types refuse.
    let start_c = kernel_mono();
    let start = mono_at(start_c);
    kernel::time::delay::fsleep(Delta::from_millis(20));
    // SAFETY: as above.
    let c_mix = unsafe { bindings::ktime_get_boottime() } - start_c;
    let typed = start.elapsed();
    checks.check(
        // The sleep's own length is the KUnit suites' to check, on the jiffies it waits
        // on: here, on a host busy enough to leave jiffies stale after the resume, it
        // measured 16 ms of ktime once. What this shows is the mix.
        typed > Delta::ZERO
            && typed < asleep
            && c_mix - typed.as_nanos() >= offs_boot - tick.as_nanos(),
        format_args!(
            "suspend C mix after resume, around delay::fsleep(20ms): ktime_get_boottime() - ktime_get() start = {} ns ({} s: off by offs_boot, every suspend since boot); typed Instant<Monotonic>::elapsed = {} (Instant<BootTime> - Instant<Monotonic> does not compile)",
            c_mix,
            c_mix / NSEC_PER_SEC,
            Span(typed)
        ),
    );
}
