//! The call shapes that upstream's in-tree users of `kernel::time` and
//! `kernel::io::poll` write (nova-core, tyr, binder, the qt2025 PHY, and the doc
//! examples of upstream's own files), each written as upstream code writes it and
//! built over the kernel crate. `docs/upstream.md` counts them; the shapes that do not
//! compile here are listed there with the reason.

use kernel::timekeeper;
use pinned_init::stack_pin_init;

use kernel::alloc::flags::GFP_KERNEL;
use kernel::error::Result;
use kernel::impl_has_hr_timer;
use kernel::io::poll::{read_poll_timeout, read_poll_timeout_atomic};
use kernel::prelude::*;
use kernel::sync::{Arc, ArcBorrow};
use kernel::time::delay::{fsleep, udelay};
use kernel::time::hrtimer::{
    AbsoluteMode, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerHandle, HrTimerInstant,
    HrTimerPointer, HrTimerRestart, RelativeMode, ScopedHrTimerPointer,
};
use kernel::time::{
    msecs_to_jiffies, BootTime, ClockSource, Delta, Instant, Jiffies, Monotonic, Msecs, RealTime,
    Tai, NSEC_PER_MSEC, NSEC_PER_SEC, NSEC_PER_USEC,
};

/// 1. Spans from units (`Delta::from_millis(50)`, `from_micros`, `from_secs`).
fn spans() -> [Delta; 3] {
    [
        Delta::from_millis(50),
        Delta::from_micros(10),
        Delta::from_secs(3),
    ]
}

/// 2. A monotonic start time and its elapsed time compared with a timeout.
fn timed_out(start: Instant<Monotonic>, timeout: Delta) -> bool {
    start.elapsed() > timeout
}

/// 3. `Instant::now()` inferred from the binding's type.
fn start_now() -> Instant<Monotonic> {
    Instant::now()
}

/// 4. `Instant - Instant` and `Instant ± Delta`.
fn arithmetic(a: Instant<BootTime>, b: Instant<BootTime>) -> (Delta, Instant<BootTime>) {
    (a - b, a + Delta::from_millis(1) - Delta::from_micros(1))
}

/// 5. `Delta` conversions back to units.
fn units(d: Delta) -> (i64, i64, i64, bool, bool) {
    (
        d.as_nanos(),
        d.as_micros_ceil(),
        d.as_millis(),
        d.is_zero(),
        d.is_negative(),
    )
}

/// 6. `Delta` arithmetic, `Delta / Delta`, `rem_nanos`.
fn delta_ops(mut d: Delta) -> (Delta, i64, Delta) {
    d += Delta::from_micros(1);
    d -= Delta::ZERO;
    d *= 2;
    (d * 3 + d - d, d / Delta::from_micros(1), d.rem_nanos(1_000))
}

/// 7. The unit constants in integer arithmetic.
fn nanos_of(secs: i64, millis: i64, micros: i64) -> i64 {
    secs * NSEC_PER_SEC + millis * NSEC_PER_MSEC + micros * NSEC_PER_USEC
}

/// 8. Jiffies from milliseconds.
fn timeout_jiffies(ms: Msecs) -> Jiffies {
    msecs_to_jiffies(ms)
}

/// 9. `fsleep` with a span.
fn settle() {
    fsleep(Delta::from_millis(1));
}

/// 10. `udelay` with a span.
fn short_wait() {
    udelay(Delta::from_micros(5));
}

/// 11. `read_poll_timeout` with an infallible read wrapped in `Ok` and `?`.
fn wait_bit(read: impl Fn() -> u32) -> Result {
    read_poll_timeout(
        || Ok(read()),
        |v| v & 1 != 0,
        Delta::ZERO,
        Delta::from_millis(10),
    )?;
    Ok(())
}

/// A device whose register reads can fail.
struct Dev(u16);

impl Dev {
    fn read(&self, _reg: u16) -> Result<u16> {
        Ok(self.0)
    }
}

/// 12. `read_poll_timeout` with a fallible read and a value pattern in the condition.
fn wait_ready(dev: &Dev) -> Result<u16> {
    read_poll_timeout(
        || dev.read(0xd7fd),
        |val| *val != 0x00 && *val != 0x10,
        Delta::from_millis(50),
        Delta::from_secs(3),
    )
}

/// 13. `read_poll_timeout(…).map(|_| ())`.
fn wait_done(read: impl Fn() -> u32) -> Result {
    read_poll_timeout(
        || Ok(read()),
        |&r| r == 0,
        Delta::from_micros(1),
        Delta::from_millis(20),
    )
    .map(|_| ())
}

/// 14. `read_poll_timeout_atomic` with a retry count.
fn wait_atomic(read: impl Fn() -> u16) -> Result {
    read_poll_timeout_atomic(
        || Ok(read()),
        |val: &u16| *val == 1,
        Delta::from_micros(50),
        1000,
    )?;
    Ok(())
}

/// 15. Generic code over `C: ClockSource`.
fn stamp<C: ClockSource>() -> Instant<C> {
    Instant::<C>::now()
}

/// 16–18. An intrusive hrtimer (`#[pin_data]` struct with an `HrTimer<Self>` field,
/// `impl_has_hr_timer!`) on the stack, whose callback returns `HrTimerRestart`, forwards
/// with `ctx.forward_now`, and reads `HrTimerInstant<Self>`.
#[pin_data]
struct Periodic {
    #[pin]
    timer: HrTimer<Self>,
}

impl HrTimerCallback for Periodic {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(_this: Pin<&Self>, mut ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        let _now: HrTimerInstant<Self> = HrTimerInstant::<Self>::now();
        ctx.forward_now(Delta::from_millis(1));
        HrTimerRestart::Restart
    }
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for Periodic {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

/// 19. An absolute timer in an `Arc`, started at an `Instant` of its clock.
#[pin_data]
struct Alarm {
    #[pin]
    timer: HrTimer<Self>,
}

impl HrTimerCallback for Alarm {
    type Pointer<'a> = Arc<Self>;

    fn run(_this: ArcBorrow<'_, Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        HrTimerRestart::NoRestart
    }
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for Alarm {
        mode: AbsoluteMode<RealTime>,
        field: self.timer
    }
}

#[test]
fn every_listed_shape_compiles_and_runs() -> Result {
    let tk = timekeeper::test_mode();
    assert_eq!(spans()[0], Delta::from_micros(50_000));
    assert!(!timed_out(start_now(), Delta::from_secs(1)));
    let b = stamp::<BootTime>();
    assert_eq!(arithmetic(b, b).0, Delta::ZERO);
    assert_eq!(
        units(Delta::from_micros(1_500)),
        (1_500_000, 1_500, 1, false, false)
    );
    assert_eq!(
        delta_ops(Delta::ZERO),
        (Delta::from_micros(6), 2, Delta::ZERO)
    );
    assert_eq!(nanos_of(1, 1, 1), 1_001_001_000);
    assert_eq!(timeout_jiffies(1_000), 250);
    settle();
    short_wait();
    assert_eq!(wait_bit(|| 1), Ok(()));
    assert_eq!(wait_ready(&Dev(0x21)), Ok(0x21));
    assert_eq!(wait_done(|| 0), Ok(()));
    assert_eq!(wait_atomic(|| 1), Ok(()));
    let _ = stamp::<Tai>();

    // Timers set up in place (upstream's `HrTimer::new()` initializer), started
    // through a pointer: borrowed for a scope (`start_scoped`), or owned (`Arc`).
    stack_pin_init!(let periodic = pin_init!(Periodic { timer <- HrTimer::new() }));
    let alarm = Arc::pin_init(pin_init!(Alarm { timer <- HrTimer::new() }), GFP_KERNEL)?;
    let mut alarm = alarm.start(Instant::<RealTime>::now() + Delta::from_secs(1));
    let still_queued = periodic.as_ref().start_scoped(Delta::from_millis(1), || {
        tk.advance(Delta::from_millis(3)).expect("advance");
        true
    });
    assert!(still_queued);
    assert!(alarm.cancel());
    Ok(())
}
