//! `Instant::to_clock` between the clocks that `clocks.toml` relates through timekeeper
//! offsets (`offset_base = true` on Monotonic; `offset = "TK_OFFS_…"` on RealTime,
//! BootTime, Tai), generated over `ktime_mono_to_any` and driven by the controllable
//! host timekeeper: conversions map now to now, round-trip, and are snapshots of the
//! offsets at the time of the call.

use kernel_integration::time::{BootTime, Monotonic, RealTime, Tai};
use kernel_integration::timekeeper::{self, START_MONOTONIC, START_OFFS_REAL, START_TAI_OFFSET};
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
