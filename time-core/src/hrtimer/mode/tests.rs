//! The unit tests of `mode` (host only: the kernel tree does not carry them).

use super::*;

#[test]
fn expiries_reach_c_in_the_kernels_range() {
    assert_eq!(clamp_expiry(Delta::from_nanos(-1).as_nanos()), 0);
    assert_eq!(clamp_expiry(i64::MIN), 0);
    assert_eq!(clamp_expiry(5), 5);
    assert_eq!(clamp_expiry(Delta::MAX.as_nanos()), KTIME_MAX);
}
