//! On the host's real clocks (host mode, not the test timekeeper), every clock of the
//! root table declared `monotonic = true` never reads earlier than its previous
//! reading, over 10⁶ reads on each of two threads.
//!
//! It holds because the host timekeeper stores its offsets, as the kernel does: a
//! coarse clock is the last tick plus `offs_boot`, and an offset derived from two
//! clock readings per call would jitter (`BootTimeCoarse` 11 ns earlier than before).
//!
//! One test, alone in its binary: test mode (which another test could turn on) would
//! hide the host's clocks.

use std::thread;

use kernel::bindings;
use kernel::time::CLOCKS;

const READS: usize = 1_000_000;

/// Reads every monotonic clock `READS` times in turn; returns, per clock, the first
/// reading that went back (the previous reading and it), if any.
fn read_all() -> Vec<(&'static str, Option<(i64, i64)>)> {
    let clocks: Vec<_> = CLOCKS.iter().filter(|clock| clock.monotonic).collect();
    let mut last: Vec<i64> = clocks.iter().map(|clock| (clock.read)()).collect();
    let mut back = vec![None; clocks.len()];
    for _ in 0..READS {
        for (i, clock) in clocks.iter().enumerate() {
            let now = (clock.read)();
            if now < last[i] && back[i].is_none() {
                back[i] = Some((last[i], now));
            }
            last[i] = now;
        }
    }
    clocks.iter().map(|clock| clock.name).zip(back).collect()
}

#[test]
fn monotonic_clocks_never_go_back_on_the_host() {
    // SAFETY: a read of the timekeeper's mode; no arguments, no preconditions.
    let test_mode = unsafe { bindings::timekeeper_test_enabled() };
    assert_eq!(test_mode, 0, "host mode");
    let names: Vec<_> = CLOCKS
        .iter()
        .filter(|clock| clock.monotonic)
        .map(|clock| clock.name)
        .collect();
    assert!(
        names.len() >= 5,
        "the root table's monotonic clocks: {names:?}"
    );
    let threads: Vec<_> = (0..2).map(|_| thread::spawn(read_all)).collect();
    for thread in threads {
        for (name, back) in thread.join().expect("a reader thread") {
            assert_eq!(back, None, "{name} went back (previous, then)");
        }
    }
}
