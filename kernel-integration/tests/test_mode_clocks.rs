//! Every clock of `clocks.toml`, through the generated types, with the host
//! timekeeper in test mode: set monotonic time, let time pass, step the wall clock
//! backwards, suspend, change the TAI offset — and each clock moves exactly as the
//! kernel's would.

use kernel::bindings;
use kernel::time::{
    BootTime, ClockSource, ConvertsTo, Delta, Instant, Monotonic, MonotonicRaw, RealTime, Tai,
};
use kernel::timekeeper::{
    self, TimekeeperError, START_MONOTONIC, START_OFFS_REAL, START_TAI_OFFSET,
};

mod support;
use support::{at, ktime, now, read_all, Ktime, Readings};

type Result = std::result::Result<(), TimekeeperError>;

/// The clocks when test mode starts, with `mono`/`raw` and the offsets given.
fn expected(mono: Ktime, raw: Ktime, offs_real: Ktime, offs_boot: Ktime, tai: Ktime) -> Readings {
    Readings {
        mono,
        real: mono + offs_real,
        boot: mono + offs_boot,
        tai: mono + offs_real + tai,
        raw,
    }
}

const SEC: Ktime = 1_000_000_000;

#[test]
fn test_mode_starts_from_a_fixed_state() {
    let _tk = timekeeper::test_mode();
    assert_eq!(START_MONOTONIC, 100 * SEC);
    assert_eq!(START_TAI_OFFSET, 37 * SEC);
    assert_eq!(
        read_all(),
        expected(
            START_MONOTONIC,
            START_MONOTONIC,
            START_OFFS_REAL,
            0,
            START_TAI_OFFSET
        )
    );
    // The wall clock reads 1 700 000 100 s after the epoch.
    assert_eq!(now::<RealTime>(), 1_700_000_100 * SEC);
    // Nothing moves until a control moves it.
    assert_eq!(read_all(), read_all());
}

#[test]
fn set_monotonic_moves_the_offset_clocks_but_not_raw() -> Result {
    let tk = timekeeper::test_mode();
    tk.set_monotonic(at(5 * SEC))?;
    assert_eq!(
        read_all(),
        expected(
            5 * SEC,
            START_MONOTONIC,
            START_OFFS_REAL,
            0,
            START_TAI_OFFSET
        )
    );
    tk.set_raw(at(7 * SEC))?;
    assert_eq!(now::<MonotonicRaw>(), 7 * SEC);
    assert_eq!(now::<Monotonic>(), 5 * SEC);
    Ok(())
}

#[test]
fn advance_moves_every_clock_by_the_same_span() -> Result {
    let tk = timekeeper::test_mode();
    let before = read_all();
    let (mono, real, boot, tai, raw) = (
        Instant::<Monotonic>::now(),
        Instant::<RealTime>::now(),
        Instant::<BootTime>::now(),
        Instant::<Tai>::now(),
        Instant::<MonotonicRaw>::now(),
    );
    let step = Delta::from_micros(1_500);
    tk.advance(step)?;
    assert_eq!(mono.elapsed(), step);
    assert_eq!(boot.elapsed(), step);
    assert_eq!(raw.elapsed(), step);
    assert_eq!(Instant::<RealTime>::now() - real, step);
    assert_eq!(Instant::<Tai>::now() - tai, step);
    let after = read_all();
    assert_eq!(after.mono - before.mono, step.as_nanos());
    assert_eq!(after.real - before.real, step.as_nanos());
    Ok(())
}

#[test]
fn stepping_real_time_backwards_moves_only_realtime_and_tai() -> Result {
    let tk = timekeeper::test_mode();
    let before = read_all();
    let wall = Instant::<RealTime>::now();
    tk.step_real_time(Delta::from_secs(-3600))?;
    let after = read_all();
    assert_eq!(after.real, before.real - 3600 * SEC);
    assert_eq!(after.tai, before.tai - 3600 * SEC);
    assert_eq!(
        (after.mono, after.boot, after.raw),
        (before.mono, before.boot, before.raw)
    );
    // A non-monotonic clock can go backwards: the span is negative, not a panic.
    assert_eq!(Instant::<RealTime>::now() - wall, Delta::from_secs(-3600));
    // And forwards again.
    tk.step_real_time(Delta::from_secs(3600))?;
    assert_eq!(read_all(), before);
    Ok(())
}

#[test]
fn the_wall_clock_cannot_be_stepped_before_boot() {
    let tk = timekeeper::test_mode();
    let before = read_all();
    assert_eq!(
        tk.step_real_time(Delta::from_nanos(-START_OFFS_REAL - 1)),
        Err(TimekeeperError::Invalid)
    );
    assert_eq!(read_all(), before, "a refused step changes nothing");
    // Exactly to the monotonic clock's start is allowed.
    assert_eq!(
        tk.step_real_time(Delta::from_nanos(-START_OFFS_REAL)),
        Ok(())
    );
    assert_eq!(now::<RealTime>(), now::<Monotonic>());
}

#[test]
fn suspend_stops_monotonic_while_boottime_and_wall_time_go_on() -> Result {
    let tk = timekeeper::test_mode();
    let before = read_all();
    let mono = Instant::<Monotonic>::now();
    let boot = Instant::<BootTime>::now();
    let slept = Delta::from_secs(30);
    tk.suspend(slept)?;
    let after = read_all();
    assert_eq!(after.mono, before.mono);
    assert_eq!(after.raw, before.raw);
    assert_eq!(after.boot, before.boot + 30 * SEC);
    assert_eq!(after.real, before.real + 30 * SEC);
    assert_eq!(after.tai, before.tai + 30 * SEC);
    assert_eq!(mono.elapsed(), Delta::ZERO);
    assert_eq!(boot.elapsed(), slept);
    // offs_boot = BOOTTIME - MONOTONIC, as the raw binding reports it.
    // SAFETY: no pointers, no preconditions.
    let boot_raw = unsafe { bindings::ktime_mono_to_any(0, bindings::tk_offsets_TK_OFFS_BOOT) };
    assert_eq!(boot_raw, 30 * SEC);
    Ok(())
}

#[test]
fn tai_offset_moves_only_tai() -> Result {
    let tk = timekeeper::test_mode();
    let before = read_all();
    assert_eq!(before.tai - before.real, 37 * SEC);
    tk.set_tai_offset(Delta::from_secs(38))?;
    let after = read_all();
    assert_eq!(after.tai - after.real, 38 * SEC);
    assert_eq!(
        Readings {
            tai: before.tai,
            ..after
        },
        before
    );
    // The TAI offset survives a wall-clock step: offs_tai = offs_real + tai_offset.
    tk.step_real_time(Delta::from_secs(-10))?;
    assert_eq!(now::<Tai>() - now::<RealTime>(), 38 * SEC);
    Ok(())
}

#[test]
fn raw_bindings_agree_with_the_generated_clocks_in_test_mode() -> Result {
    let tk = timekeeper::test_mode();
    tk.advance(Delta::from_millis(250))?;
    tk.suspend(Delta::from_secs(2))?;
    tk.step_real_time(Delta::from_secs(-1))?;
    let r = read_all();
    // SAFETY: the getters take no pointers and have no preconditions.
    unsafe {
        assert_eq!(bindings::ktime_get(), r.mono);
        assert_eq!(bindings::ktime_get_raw(), r.raw);
        assert_eq!(bindings::ktime_get_real(), r.real);
        assert_eq!(bindings::ktime_get_boottime(), r.boot);
        assert_eq!(bindings::ktime_get_clocktai(), r.tai);
        assert_eq!(
            bindings::ktime_get_with_offset(bindings::tk_offsets_TK_OFFS_BOOT),
            r.boot
        );
        assert_eq!(
            bindings::ktime_get_with_offset(bindings::tk_offsets_TK_OFFS_REAL),
            r.real
        );
        assert_eq!(
            bindings::ktime_get_with_offset(bindings::tk_offsets_TK_OFFS_TAI),
            r.tai
        );
        for offs in [
            bindings::tk_offsets_TK_OFFS_REAL,
            bindings::tk_offsets_TK_OFFS_BOOT,
            bindings::tk_offsets_TK_OFFS_TAI,
        ] {
            assert_eq!(
                bindings::ktime_mono_to_any(r.mono, offs),
                bindings::ktime_get_with_offset(offs)
            );
        }
    }
    Ok(())
}

#[test]
fn controls_refuse_what_the_kernel_would_and_change_nothing() {
    let tk = timekeeper::test_mode();
    let before = read_all();
    let invalid = Err(TimekeeperError::Invalid);
    assert_eq!(tk.advance(Delta::from_nanos(-1)), invalid);
    assert_eq!(tk.suspend(Delta::from_nanos(-1)), invalid);
    assert_eq!(tk.set_tai_offset(Delta::from_secs(-1)), invalid);
    let out_of_range = Err(TimekeeperError::OutOfRange);
    let max = Delta::from_nanos(i64::MAX);
    assert_eq!(tk.advance(max), out_of_range);
    assert_eq!(tk.suspend(max), out_of_range);
    assert_eq!(tk.step_real_time(max), out_of_range);
    assert_eq!(tk.set_tai_offset(max), out_of_range);
    assert_eq!(tk.set_monotonic(at(Ktime::MAX)), out_of_range);
    assert_eq!(read_all(), before);
    // A negative time is not an `Instant`: the C controls refuse it (`-EINVAL`).
    // SAFETY: the controls take no pointers; test mode is on (the guard).
    unsafe {
        assert_eq!(bindings::timekeeper_test_set_mono(-1), -22);
        assert_eq!(bindings::timekeeper_test_set_raw(-1), -22);
    }
    assert_eq!(read_all(), before);
    assert_eq!(
        TimekeeperError::OutOfRange.to_string(),
        "a clock would overflow ktime_t"
    );
}

#[test]
fn a_new_guard_resets_the_state() -> Result {
    {
        let tk = timekeeper::test_mode();
        tk.advance(Delta::from_secs(1))?;
        tk.suspend(Delta::from_secs(1))?;
        tk.step_real_time(Delta::from_secs(-5))?;
        tk.set_tai_offset(Delta::from_secs(1))?;
    }
    let _tk = timekeeper::test_mode();
    assert_eq!(
        read_all(),
        expected(
            START_MONOTONIC,
            START_MONOTONIC,
            START_OFFS_REAL,
            0,
            START_TAI_OFFSET
        )
    );
    Ok(())
}

/// `instant` on clock `D`.
fn to<D: ClockSource, C: ConvertsTo<D>>(instant: Instant<C>) -> Instant<D> {
    C::to_clock(instant)
}

#[test]
fn conversions_go_through_the_current_timekeeper_offsets() -> Result {
    let tk = timekeeper::test_mode();
    tk.suspend(Delta::from_secs(30))?;
    tk.step_real_time(Delta::from_secs(-7))?;
    tk.set_tai_offset(Delta::from_secs(38))?;
    let mono = Instant::<Monotonic>::now();
    // The base converts to every clock with an offset, and each converts back…
    assert_eq!(ktime(to::<BootTime, _>(mono)), now::<BootTime>());
    assert_eq!(ktime(to::<RealTime, _>(mono)), now::<RealTime>());
    assert_eq!(ktime(to::<Tai, _>(mono)), now::<Tai>());
    assert_eq!(
        ktime(to::<Monotonic, _>(Instant::<BootTime>::now())),
        ktime(mono)
    );
    assert_eq!(
        ktime(to::<Monotonic, _>(Instant::<Tai>::now())),
        ktime(mono)
    );
    // …and the offset clocks convert to each other through the base.
    assert_eq!(
        ktime(to::<Tai, _>(Instant::<RealTime>::now())),
        now::<Tai>()
    );
    assert_eq!(
        ktime(to::<RealTime, _>(Instant::<BootTime>::now())),
        now::<RealTime>()
    );
    assert_eq!(ktime(to::<BootTime, _>(mono)) - ktime(mono), 30 * SEC);
    Ok(())
}

#[test]
fn a_conversion_is_a_snapshot_of_the_offset_at_the_time_of_converting() -> Result {
    let tk = timekeeper::test_mode();
    let mono = Instant::<Monotonic>::now();
    let boot_before = to::<BootTime, _>(mono);
    tk.suspend(Delta::from_secs(10))?;
    // The same monotonic instant now maps 10 s later on BootTime: the offset grew.
    assert_eq!(to::<BootTime, _>(mono) - boot_before, Delta::from_secs(10));
    // RealTime after a step backwards: the same instant maps an hour earlier.
    let wall_before = to::<RealTime, _>(mono);
    tk.step_real_time(Delta::from_secs(-3600))?;
    assert_eq!(
        to::<RealTime, _>(mono) - wall_before,
        Delta::from_secs(-3600)
    );
    Ok(())
}
