//! `Instant::to_clock` between the clocks that `clocks.toml` relates through timekeeper
//! offsets (`offset_base = true` on Monotonic; `offset = "TK_OFFS_…"` on RealTime,
//! BootTime, Tai), generated over `ktime_mono_to_any` and driven by the controllable
//! host timekeeper: conversions map now to now, round-trip, and are snapshots of the
//! offsets at the time of the call.

use kernel_integration::time::{BootTime, Monotonic, RealTime, Tai};
use kernel_integration::timekeeper::{self, START_MONOTONIC, START_OFFS_REAL, START_TAI_OFFSET};
use proptest::prelude::*;
use typed_clocks::ext::{DeltaExt, InstantExt};
use typed_clocks::{Delta, Instant};

#[test]
fn now_on_the_base_converts_to_now_on_each_offset_clock() -> Result<(), timekeeper::TimekeeperError>
{
    let tk = timekeeper::test_mode();
    tk.advance(Delta::from_millis(3))?;
    tk.suspend(Delta::from_secs(5))?;
    let mono = Instant::<Monotonic>::now();
    assert_eq!(mono.to_clock::<BootTime>(), Instant::<BootTime>::now());
    assert_eq!(mono.to_clock::<RealTime>(), Instant::<RealTime>::now());
    assert_eq!(mono.to_clock::<Tai>(), Instant::<Tai>::now());
    // And back, and between two offset clocks (through the base).
    assert_eq!(Instant::<BootTime>::now().to_clock::<Monotonic>(), mono);
    assert_eq!(
        Instant::<BootTime>::now().to_clock::<RealTime>(),
        Instant::<RealTime>::now()
    );
    assert_eq!(
        Instant::<RealTime>::now().to_clock::<Tai>(),
        Instant::<Tai>::now()
    );
    Ok(())
}

#[test]
fn conversions_use_the_timekeeper_offsets() {
    let _tk = timekeeper::test_mode();
    let mono = Instant::<Monotonic>::from_ktime(START_MONOTONIC);
    // No suspend yet: boot time equals monotonic time.
    assert_eq!(mono.to_clock::<BootTime>().to_ktime(), START_MONOTONIC);
    assert_eq!(
        mono.to_clock::<RealTime>().to_ktime(),
        START_MONOTONIC + START_OFFS_REAL
    );
    assert_eq!(
        Instant::<RealTime>::from_ktime(0)
            .to_clock::<Tai>()
            .to_ktime(),
        START_TAI_OFFSET
    );
}

#[test]
fn a_conversion_after_a_suspend_uses_the_new_offset() -> Result<(), timekeeper::TimekeeperError> {
    let tk = timekeeper::test_mode();
    let before = Instant::<Monotonic>::now();
    let boot_then = before.to_clock::<BootTime>();
    assert_eq!(boot_then, Instant::<BootTime>::now());

    tk.suspend(Delta::from_secs(60))?;

    // Monotonic stood still; BootTime counted the suspend.
    assert_eq!(Instant::<Monotonic>::now(), before);
    assert_eq!(Instant::<BootTime>::now() - boot_then, Delta::from_secs(60));
    // The same instant, converted again, is shifted by the suspend: a conversion is a
    // snapshot of the offset now, not of the offset when the instant was read.
    let boot_now = before.to_clock::<BootTime>();
    assert_eq!(boot_now - boot_then, Delta::from_secs(60));
    assert_eq!(boot_now, Instant::<BootTime>::now());
    // The earlier BootTime instant converts back to a Monotonic time 60 s before the
    // suspend began — a time the monotonic clock spent running, not this instant.
    assert_eq!(
        before - boot_then.to_clock::<Monotonic>(),
        Delta::from_secs(60)
    );
    Ok(())
}

#[test]
fn a_conversion_after_a_wall_clock_step_uses_the_new_offset(
) -> Result<(), timekeeper::TimekeeperError> {
    let tk = timekeeper::test_mode();
    let mono = Instant::<Monotonic>::now();
    let real_then = mono.to_clock::<RealTime>();
    let tai_then = mono.to_clock::<Tai>();

    tk.step_real_time(Delta::from_secs(-3_600))?; // settimeofday, one hour back
    assert_eq!(
        mono.to_clock::<RealTime>() - real_then,
        Delta::from_secs(-3_600)
    );
    assert_eq!(mono.to_clock::<Tai>() - tai_then, Delta::from_secs(-3_600));
    // BootTime does not follow the wall clock.
    assert_eq!(mono.to_clock::<BootTime>(), Instant::<BootTime>::now());

    tk.set_tai_offset(Delta::from_secs(38))?; // a leap second
    let real = Instant::<RealTime>::now();
    assert_eq!(
        real.to_clock::<Tai>() - Instant::<Tai>::from_ktime(real.to_ktime()),
        Delta::from_secs(38)
    );
    Ok(())
}

#[test]
fn round_trips_are_exact_while_the_offsets_stay() -> Result<(), timekeeper::TimekeeperError> {
    let tk = timekeeper::test_mode();
    tk.suspend(Delta::from_millis(1_234))?;
    tk.step_real_time(Delta::from_micros(-17))?;
    for ktime in [0, 1, START_MONOTONIC, START_MONOTONIC + 999_999_999] {
        let mono = Instant::<Monotonic>::from_ktime(ktime);
        assert_eq!(mono.to_clock::<BootTime>().to_clock::<Monotonic>(), mono);
        assert_eq!(mono.to_clock::<RealTime>().to_clock::<Monotonic>(), mono);
        assert_eq!(mono.to_clock::<Tai>().to_clock::<Monotonic>(), mono);
        let boot = mono.to_clock::<BootTime>();
        assert_eq!(boot.to_clock::<RealTime>().to_clock::<BootTime>(), boot);
        assert_eq!(boot.to_clock::<Tai>().to_clock::<BootTime>(), boot);
        let real = mono.to_clock::<RealTime>();
        assert_eq!(real.to_clock::<Tai>().to_clock::<RealTime>(), real);
    }
    Ok(())
}

/// The exact `ktime - offset(from) + offset(to)`, clamped to the `Ktime` range: what
/// `to_clock` promises, with the offsets read off the frozen test timekeeper.
fn clamped(ktime: i64, from: i64, to: i64) -> i64 {
    (i128::from(ktime) - i128::from(from) + i128::from(to))
        .clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

/// An instant near either end of the `i64` range, or anywhere.
fn edge_ktime() -> impl Strategy<Value = i64> {
    prop_oneof![
        i64::MIN..i64::MIN + 1_000_000_000_000_000_000,
        i64::MAX - 1_000_000_000_000_000_000..=i64::MAX,
        any::<i64>(),
        Just(i64::MIN),
        Just(i64::MAX),
    ]
}

proptest! {
    /// Every conversion path saturates at the `Ktime` range: `ktime_mono_to_any` is a
    /// plain `+` in C (signed overflow: the UBSan run of `./scripts/test` traps on it),
    /// so no path may hand it an instant and an offset whose sum overflows.
    #[test]
    fn every_conversion_saturates_at_the_i64_edges(
        ktime in edge_ktime(),
        step in -START_OFFS_REAL..(1_i64 << 60),
        slept in 0..(1_i64 << 60),
    ) {
        let tk = timekeeper::test_mode();
        tk.step_real_time(Delta::from_nanos(step)).unwrap();
        tk.suspend(Delta::from_nanos(slept)).unwrap();
        let mono = Instant::<Monotonic>::now().to_ktime();
        let offset = |now: i64| now - mono;
        let offsets = [
            0,
            offset(Instant::<BootTime>::now().to_ktime()),
            offset(Instant::<RealTime>::now().to_ktime()),
            offset(Instant::<Tai>::now().to_ktime()),
        ];
        let from_mono = Instant::<Monotonic>::from_ktime(ktime);
        prop_assert_eq!(from_mono.to_clock::<BootTime>().to_ktime(), clamped(ktime, 0, offsets[1]));
        prop_assert_eq!(from_mono.to_clock::<RealTime>().to_ktime(), clamped(ktime, 0, offsets[2]));
        prop_assert_eq!(from_mono.to_clock::<Tai>().to_ktime(), clamped(ktime, 0, offsets[3]));
        let real = Instant::<RealTime>::from_ktime(ktime);
        prop_assert_eq!(real.to_clock::<Monotonic>().to_ktime(), clamped(ktime, offsets[2], 0));
        prop_assert_eq!(real.to_clock::<Tai>().to_ktime(), clamped(ktime, offsets[2], offsets[3]));
        prop_assert_eq!(real.to_clock::<BootTime>().to_ktime(), clamped(ktime, offsets[2], offsets[1]));
        let boot = Instant::<BootTime>::from_ktime(ktime);
        prop_assert_eq!(boot.to_clock::<Monotonic>().to_ktime(), clamped(ktime, offsets[1], 0));
        prop_assert_eq!(boot.to_clock::<RealTime>().to_ktime(), clamped(ktime, offsets[1], offsets[2]));
    }
}

/// The review's case: a deadline a `Delta::MAX` away, on the wall clock.
#[test]
fn a_deadline_at_the_end_of_time_converts_to_the_end_of_time() {
    let _tk = timekeeper::test_mode();
    let far = Instant::<Monotonic>::now() + Delta::MAX;
    assert_eq!(far.to_clock::<RealTime>().to_ktime(), i64::MAX);
    assert_eq!(far.to_clock::<BootTime>().to_ktime(), i64::MAX);
    let early = Instant::<RealTime>::from_ktime(i64::MIN);
    assert_eq!(early.to_clock::<Monotonic>().to_ktime(), i64::MIN);
}
