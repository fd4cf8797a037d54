//! The unit tests of `error` (host only: the kernel tree does not carry them).

use super::*;
use crate::test_support::Text;

#[test]
fn errnos_round_trip_and_bad_values_are_einval() {
    for errno in [-1, -110, -4095] {
        assert_eq!(Error::from_errno(errno).to_errno(), errno);
    }
    for bad in [0, 1, 110, -4096, i32::MIN, i32::MAX] {
        assert_eq!(Error::from_errno(bad), code::EINVAL, "{bad}");
    }
    assert_eq!(code::ETIMEDOUT.to_errno(), -110);
    assert_eq!(code::EINVAL.name(), Some("EINVAL"));
    assert_eq!(Error::from_errno(-4000).name(), None);
    assert_eq!(Text::of(Error::from_errno(-4000)).as_str(), "errno -4000");
    assert_eq!(Text::of(code::EIO).as_str(), "EIO: input/output error");
}
