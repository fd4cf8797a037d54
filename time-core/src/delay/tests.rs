//! The unit tests of `delay` (host only: the kernel tree does not carry them).

use super::*;

#[test]
fn fsleep_rounds_up_and_clamps_like_upstream() {
    for (nanos, micros) in [
        (0, 0),
        (1, 1),
        (999, 1),
        (1_000, 1),
        (1_001, 2),
        (i64::from(i32::MAX) * 1_000, i32::MAX as u32),
        (i64::from(i32::MAX) * 1_000 + 1, i32::MAX as u32),
        (i64::MAX, i32::MAX as u32),
        (-1, i32::MAX as u32),
        (i64::MIN, i32::MAX as u32),
    ] {
        assert_eq!(fsleep_micros(Delta::from_nanos(nanos)), micros, "{nanos}");
    }
}

#[test]
fn udelay_rounds_up_and_clamps_to_max_udelay_ms() {
    for (nanos, micros) in [
        (0, 0),
        (1, 1),
        (5_000_000, 5_000),
        (5_000_001, 5_000),
        (-1, 5_000),
        (i64::MAX, 5_000),
    ] {
        assert_eq!(
            udelay_micros(Delta::from_nanos(nanos), 5),
            micros,
            "{nanos}"
        );
    }
    assert_eq!(udelay_micros(Delta::MAX, u32::MAX), u32::MAX);
}
