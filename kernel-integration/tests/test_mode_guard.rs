//! The test-mode guard itself: it switches the timekeeper to test mode and back, and a
//! test that panics while holding it neither leaves test mode on nor blocks the next.
//!
//! One test only, in its own binary: it observes the host mode, which any other test
//! holding the guard would hide.

use kernel::bindings;
use kernel::time::{ClockSource, Delta, Instant, Monotonic};
use kernel::timekeeper;

fn test_mode_enabled() -> bool {
    // SAFETY: no pointers, no preconditions.
    unsafe { bindings::timekeeper_test_enabled() != 0 }
}

#[test]
fn guard_enters_and_leaves_test_mode_and_tolerates_a_panicking_holder() {
    assert!(!test_mode_enabled());
    let host = Instant::<Monotonic>::now();

    {
        let tk = timekeeper::test_mode();
        assert!(test_mode_enabled());
        assert_eq!(Monotonic::ktime_get(), timekeeper::START_MONOTONIC);
        assert_eq!(tk.advance(Delta::from_secs(1)), Ok(()));
    }
    assert!(!test_mode_enabled());
    // Back on the host's clock, which went on running meanwhile.
    assert!(!host.elapsed().is_negative());

    // A holder that panics poisons the lock; the next test_mode() still works.
    let panicked = std::thread::spawn(|| {
        let _tk = timekeeper::test_mode();
        panic!("a failing test while holding the guard");
    })
    .join();
    assert!(panicked.is_err());
    assert!(!test_mode_enabled(), "the guard's drop ran while unwinding");
    let tk = timekeeper::test_mode();
    assert!(test_mode_enabled());
    assert_eq!(tk.suspend(Delta::from_secs(1)), Ok(()));
    drop(tk);
    assert!(!test_mode_enabled());
}
