//! The unit tests of `delta` (host only: the kernel tree does not carry them).

use super::*;
use crate::test_support::Text;

#[test]
fn constructors_saturate() {
    assert_eq!(Delta::from_micros(i64::MAX), Delta::MAX);
    assert_eq!(Delta::from_millis(i64::MIN), Delta::MIN);
    assert_eq!(Delta::from_secs(-9_223_372_037), Delta::MIN);
    assert_eq!(
        Delta::from_secs(9_223_372_036).as_nanos(),
        9_223_372_036_000_000_000
    );
    assert_eq!(Delta::from_millis(-1).as_nanos(), -1_000_000);
}

#[test]
fn rounding_of_unit_conversions() {
    // The exact ceiling toward +infinity, also for negatives and at the `i64`
    // edges (upstream since its true-ceiling fix; before it, −1 000 ns gave 0 µs
    // and `i64::MAX` ns one microsecond less).
    for (nanos, ceil_us, ms, ceil_ms) in [
        (0, 0, 0, 0),
        (1, 1, 0, 1),
        (-1, 0, 0, 0),
        (999, 1, 0, 1),
        (1_000, 1, 0, 1),
        (1_001, 2, 0, 1),
        (-999, 0, 0, 0),
        (-1_000, -1, 0, 0),
        (-1_001, -1, 0, 0),
        (-1_500, -1, 0, 0),
        (-1_999, -1, 0, 0),
        (-2_000, -2, 0, 0),
        (1_000_000, 1_000, 1, 1),
        (1_000_001, 1_001, 1, 2),
        (1_999_999, 2_000, 1, 2),
        (-1_000_000, -1_000, -1, -1),
        (-1_999_999, -1_999, -1, -1),
        (
            i64::MAX - 999,
            9_223_372_036_854_775,
            9_223_372_036_854,
            9_223_372_036_855,
        ),
        (
            i64::MAX,
            9_223_372_036_854_776,
            9_223_372_036_854,
            9_223_372_036_855,
        ),
        (
            i64::MIN,
            -9_223_372_036_854_775,
            -9_223_372_036_854,
            -9_223_372_036_854,
        ),
    ] {
        let delta = Delta::from_nanos(nanos);
        assert_eq!(delta.as_micros_ceil(), ceil_us, "{nanos}");
        assert_eq!(delta.as_millis(), ms, "{nanos}");
        assert_eq!(delta.as_millis_ceil(), ceil_ms, "{nanos}");
    }
    assert_eq!(Delta::from_millis(-2_500).as_secs(), -2);
}

#[test]
fn operators_saturate_and_never_panic() {
    let one = Delta::from_nanos(1);
    assert_eq!(Delta::MAX + one, Delta::MAX);
    assert_eq!(Delta::MIN - one, Delta::MIN);
    assert_eq!(Delta::MIN + one, Delta::from_nanos(i64::MIN + 1));
    assert_eq!(-Delta::MIN, Delta::MAX);
    assert_eq!(-Delta::MAX, Delta::from_nanos(-i64::MAX));
    assert_eq!(Delta::MAX * 2, Delta::MAX);
    assert_eq!(Delta::MAX * -2, Delta::MIN);
    assert_eq!(-3 * Delta::from_secs(1), Delta::from_secs(-3));
    assert_eq!(Delta::MIN.saturating_div(-1), Delta::MAX);
    assert_eq!(Delta::from_nanos(7).saturating_div(2), Delta::from_nanos(3));
    assert_eq!(
        Delta::from_nanos(-7).saturating_div(2),
        Delta::from_nanos(-3)
    );
    assert_eq!(one.saturating_div(0), Delta::MAX);
    assert_eq!((-one).saturating_div(0), Delta::MIN);
    assert_eq!(Delta::ZERO.saturating_div(0), Delta::ZERO);
    assert_eq!(Delta::MIN.abs(), Delta::MAX);
    let mut d = Delta::from_secs(1);
    d += Delta::from_secs(1);
    d -= Delta::from_millis(500);
    d *= 2;
    d = d.saturating_div(3);
    assert_eq!(d, Delta::from_secs(1));
}

#[test]
fn delta_by_delta_and_remainder_never_panic() {
    let ms = Delta::from_millis(1);
    assert_eq!(Delta::from_millis(10) / (3 * ms), 3);
    assert_eq!(Delta::from_millis(-10) / (3 * ms), -3);
    assert_eq!(Delta::from_millis(10) / (-3 * ms), -3);
    assert_eq!(ms / Delta::ZERO, i64::MAX);
    assert_eq!(-ms / Delta::ZERO, i64::MIN);
    assert_eq!(Delta::ZERO / Delta::ZERO, 0);
    assert_eq!(Delta::MIN / Delta::from_nanos(-1), i64::MAX);
    assert_eq!(Delta::MAX / Delta::from_nanos(1), i64::MAX);

    assert_eq!(
        Delta::from_nanos(1_234_567).rem_nanos(1_000),
        Delta::from_nanos(567)
    );
    assert_eq!(
        Delta::from_nanos(-1_234_567).rem_nanos(1_000),
        Delta::from_nanos(-567)
    );
    assert_eq!(Delta::from_nanos(7).rem_nanos(-5), Delta::from_nanos(2));
    assert_eq!(Delta::from_nanos(7).rem_nanos(0), Delta::ZERO);
    assert_eq!(Delta::MIN.rem_nanos(-1), Delta::ZERO);
    assert_eq!(
        Delta::MAX.rem_nanos(i32::MAX),
        Delta::from_nanos(i64::MAX % i64::from(i32::MAX))
    );
}

#[test]
fn checked_operations_report_overflow() {
    assert_eq!(Delta::MAX.checked_add(Delta::from_nanos(1)), None);
    assert_eq!(Delta::MIN.checked_sub(Delta::from_nanos(1)), None);
    assert_eq!(Delta::MAX.checked_mul(2), None);
    assert_eq!(Delta::MIN.checked_div(-1), None);
    assert_eq!(Delta::from_secs(1).checked_div(0), None);
    assert_eq!(
        Delta::from_secs(1).checked_div(2),
        Some(Delta::from_millis(500))
    );
    assert_eq!(
        Delta::from_secs(1).checked_add(Delta::from_secs(1)),
        Some(Delta::from_secs(2))
    );
}

#[test]
fn the_unit_parameter_costs_nothing_and_defaults_to_nanoseconds() {
    assert_eq!(size_of::<Delta>(), size_of::<i64>());
    assert_eq!(size_of::<Delta<Jiffy>>(), size_of::<isize>());
    let plain: Delta = Delta::from_micros(2);
    let explicit: Delta<Nsec> = plain;
    assert_eq!(explicit, Delta::from_nanos(2_000));
    assert_eq!(Delta::default(), Delta::ZERO);
    let ticks = Delta::from_jiffies(-5);
    assert!(ticks < Delta::from_jiffies(0));
    assert_eq!(ticks.as_jiffies(), -5);
    // Upstream's derived `Debug`, for every unit.
    assert_eq!(Text::of_debug(ticks).as_str(), "Delta { value: -5 }");
    assert_eq!(Text::of_debug(plain).as_str(), "Delta { value: 2000 }");
}

#[test]
fn predicates() {
    assert!(Delta::ZERO.is_zero() && !Delta::ZERO.is_negative());
    assert!(Delta::from_nanos(-1).is_negative());
    assert!(!Delta::from_nanos(1).is_negative() && !Delta::from_nanos(1).is_zero());
}

#[test]
fn display_in_human_units() {
    for (nanos, text) in [
        (0, "0ns"),
        (250, "250ns"),
        (-250, "-250ns"),
        (999, "999ns"),
        (1_000, "1us"),
        (1_500, "1.5us"),
        (1_500_000, "1.5ms"),
        (-3_000_000_000, "-3s"),
        (12_000_000_345, "12.000000345s"),
        (1_000_001, "1.000001ms"),
        (60_000_000_000, "60s"),
        (i64::MAX, "9223372036.854775807s"),
        (i64::MIN, "-9223372036.854775808s"),
    ] {
        assert_eq!(Text::of(Delta::from_nanos(nanos)).as_str(), text, "{nanos}");
    }
}

#[test]
fn duration_conversions() {
    assert_eq!(
        Delta::try_from(Duration::from_nanos(5)),
        Ok(Delta::from_nanos(5))
    );
    assert_eq!(
        Delta::try_from(Duration::from_nanos(i64::MAX as u64)),
        Ok(Delta::MAX)
    );
    assert_eq!(
        Delta::try_from(Duration::from_nanos(i64::MAX as u64 + 1)),
        Err(DeltaOutOfRange)
    );
    assert_eq!(Delta::try_from(Duration::MAX), Err(DeltaOutOfRange));
    assert_eq!(
        Duration::try_from(Delta::MAX),
        Ok(Duration::from_nanos(i64::MAX as u64))
    );
    assert_eq!(Duration::try_from(Delta::ZERO), Ok(Duration::ZERO));
    assert_eq!(Duration::try_from(Delta::MIN), Err(NegativeDelta));
    assert!(Text::of(DeltaOutOfRange).as_str().contains("292 years"));
    assert!(Text::of(NegativeDelta).as_str().contains("negative"));
}
