//! The unit tests of `convert` (host only: the kernel tree does not carry them).

use super::*;
use crate::clock::ClockId;

/// A base and two clocks offset from it by the `i64` extremes.
enum Base {}
enum Ahead {}
enum Behind {}
macro_rules! clock {
    ($name:ident, $id:literal, $offset:expr) => {
        // SAFETY: test clocks; nothing reads them.
        unsafe impl ClockSource for $name {
            const ID: ClockId = $id;
            fn ktime_get() -> Ktime {
                0
            }
        }
        impl OffsetClock for $name {
            type Base = Base;
            fn offset() -> Ktime {
                $offset
            }
        }
    };
}
clock!(Base, 1, 0);
clock!(Ahead, 7, i64::MAX);
clock!(Behind, 0, i64::MIN);

/// What a conversion is: the exact `ktime - offset(C) + offset(D)`, clamped.
fn exact(ktime: Ktime, from: Ktime, to: Ktime) -> Ktime {
    (i128::from(ktime) - i128::from(from) + i128::from(to))
        .clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as Ktime
}

#[test]
fn every_path_saturates_at_the_i64_edges() {
    for ktime in [i64::MIN, i64::MIN + 1, -1, 0, 1, i64::MAX - 1, i64::MAX] {
        let at = |c: Instant<Base>| c.to_ktime();
        let base = Instant::<Base>::from_ktime(ktime);
        assert_eq!(
            base.to_clock::<Ahead>().to_ktime(),
            exact(ktime, 0, i64::MAX)
        );
        assert_eq!(
            base.to_clock::<Behind>().to_ktime(),
            exact(ktime, 0, i64::MIN)
        );
        let ahead = Instant::<Ahead>::from_ktime(ktime);
        assert_eq!(at(ahead.to_clock()), exact(ktime, i64::MAX, 0));
        let behind = Instant::<Behind>::from_ktime(ktime);
        // `0 - i64::MIN` saturates to `i64::MAX`, one short of the exact offset.
        assert_eq!(at(behind.to_clock()), exact(ktime, i64::MIN + 1, 0));
    }
}
