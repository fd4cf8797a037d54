//! Outside the timekeeper's test mode the same code runs on the host's clocks:
//! `fsleep` really sleeps, and the timers that expired meanwhile fire after it (the
//! host's delays run the hrtimer queues). One test, alone in its binary, so that no
//! test mode is on.

use kernel::time::delay::fsleep;
use kernel::time::{Delta, Instant, Monotonic};
use upstream_shim::drivers::heartbeat::Heartbeat;

#[test]
fn fsleep_sleeps_on_the_host_and_timers_fire_after_it() {
    // SAFETY: a read of the timekeeper's mode; no arguments, no preconditions.
    let test_mode = unsafe { kernel::bindings::timekeeper_test_enabled() };
    assert_eq!(test_mode, 0);
    let start = Instant::<Monotonic>::now();
    let heartbeat = Heartbeat::timer(Delta::from_millis(1), 3);
    let _handle = Heartbeat::start(heartbeat.clone());
    fsleep(Delta::from_millis(5));
    assert!(start.elapsed() >= Delta::from_millis(5));
    assert_eq!(
        heartbeat.completed(),
        1,
        "one late callback, forwarded past now"
    );
    fsleep(Delta::from_millis(2));
    fsleep(Delta::from_millis(2));
    assert_eq!(heartbeat.completed(), 3);
}
