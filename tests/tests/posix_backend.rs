//! The userspace backend: clocks read with `clock_gettime`, deadlines waited for with
//! `clock_nanosleep` on their own clock. The behaviour of particular clocks is tested
//! on rows declared here; every clock of the root `clocks.toml`, whatever its rows,
//! is checked against `clock_gettime` through the generated `CLOCKS`.
//!
//! The waits that must end at once run under [`ends`], which fails the test when one
//! has not returned after [`HANG_GUARD`]: a guard against a test that hangs, not a
//! measurement (without the behaviour under test, those waits never end).

use std::time::{Duration, SystemTime, UNIX_EPOCH};
use typed_clocks::ext::{DeltaExt, InstantExt};
use typed_clocks::posix::{self, PosixClock, SleepError};
use typed_clocks::{Deadline, Delta, Instant, Ktime};

typed_clocks::declare_clocks! {
    backend = posix;
    Monotonic { monotonic: true, clockid: CLOCK_MONOTONIC, doc: "CLOCK_MONOTONIC." },
    RealTime { monotonic: false, clockid: CLOCK_REALTIME, doc: "CLOCK_REALTIME." },
    BootTime { monotonic: true, clockid: CLOCK_BOOTTIME, doc: "CLOCK_BOOTTIME." },
    Tai { monotonic: false, clockid: CLOCK_TAI, doc: "CLOCK_TAI." },
    MonotonicRaw { monotonic: true, clockid: CLOCK_MONOTONIC_RAW, doc: "CLOCK_MONOTONIC_RAW." },
    ProcessCpu { monotonic: false, clockid: CLOCK_PROCESS_CPUTIME_ID, doc: "The process's CPU time." },
    ThreadCpu { monotonic: false, clockid: CLOCK_THREAD_CPUTIME_ID, doc: "The calling thread's CPU time." },
}

/// How long [`ends`] waits for a call that must return at once.
const HANG_GUARD: Duration = Duration::from_secs(10);

/// Runs `wait` in a thread of its own and returns its result; panics if it has not
/// returned after [`HANG_GUARD`] (the thread is left blocked).
fn ends<T: Send + 'static>(what: &str, wait: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, result) = std::sync::mpsc::channel();
    let _ = std::thread::spawn(move || done.send(wait()));
    result
        .recv_timeout(HANG_GUARD)
        .unwrap_or_else(|_| panic!("{what}: still waiting after {HANG_GUARD:?}"))
}

/// The root table through the posix backend.
mod root {
    typed_clocks::declare_clocks!("../clocks.toml", backend = posix);
}

/// The host's clock `id`, in nanoseconds.
fn host(id: libc::clockid_t) -> Ktime {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    assert_eq!(unsafe { libc::clock_gettime(id, &mut ts) }, 0, "clock {id}");
    ts.tv_sec * 1_000_000_000 + ts.tv_nsec
}

#[test]
fn every_clock_of_the_root_table_reads_its_clock_id() {
    assert!(!root::CLOCKS.is_empty());
    for clock in &root::CLOCKS {
        let id = clock.id;
        let before = host(id);
        let now = (clock.read)();
        let after = host(id);
        assert!(
            before <= now && now <= after,
            "{}: {now} not within [{before}, {after}]",
            clock.name
        );
    }
}

#[test]
fn each_clock_is_the_posix_clock_of_its_id() {
    fn id<C: PosixClock>() -> libc::clockid_t {
        C::ID
    }
    assert_eq!(id::<Monotonic>(), libc::CLOCK_MONOTONIC);
    assert_eq!(id::<RealTime>(), libc::CLOCK_REALTIME);
    assert_eq!(id::<BootTime>(), libc::CLOCK_BOOTTIME);
    assert_eq!(id::<Tai>(), libc::CLOCK_TAI);
    assert_eq!(id::<MonotonicRaw>(), libc::CLOCK_MONOTONIC_RAW);
    assert_eq!(id::<ProcessCpu>(), libc::CLOCK_PROCESS_CPUTIME_ID);
    assert_eq!(id::<ThreadCpu>(), libc::CLOCK_THREAD_CPUTIME_ID);
    for (clock, id) in CLOCKS.iter().zip([
        libc::CLOCK_MONOTONIC,
        libc::CLOCK_REALTIME,
        libc::CLOCK_BOOTTIME,
        libc::CLOCK_TAI,
        libc::CLOCK_MONOTONIC_RAW,
        libc::CLOCK_PROCESS_CPUTIME_ID,
        libc::CLOCK_THREAD_CPUTIME_ID,
    ]) {
        assert_eq!(clock.id, id, "{}", clock.name);
    }
}

#[test]
fn monotonic_spans_agree_with_std() {
    let std_start = std::time::Instant::now();
    let start = Instant::<Monotonic>::now();
    std::thread::sleep(Duration::from_millis(5));
    let ours = start.elapsed();
    let theirs = Delta::try_from(std_start.elapsed()).expect("fits");
    assert!(ours >= Delta::from_millis(5), "{ours}");
    // Both read CLOCK_MONOTONIC; ours started later and ended earlier.
    assert!(ours <= theirs, "{ours} > {theirs}");
    assert!(theirs - ours < Delta::from_millis(50), "{ours} vs {theirs}");
}

#[test]
fn real_time_is_the_unix_epoch_time() {
    let ours = Instant::<RealTime>::now().to_ktime();
    let theirs = i64::try_from(
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .expect("after 1970")
            .as_nanos(),
    )
    .expect("fits");
    assert!((theirs - ours).abs() < 1_000_000_000, "{ours} vs {theirs}");
}

#[test]
fn sleep_until_waits_for_the_deadline_on_its_own_clock() {
    let deadline = Deadline::<Monotonic>::after(Delta::from_millis(20));
    posix::sleep_until(deadline).expect("CLOCK_MONOTONIC supports absolute sleeps");
    assert!(deadline.has_passed());
    let late = Instant::<Monotonic>::now() - deadline.instant();
    assert!(late < Delta::from_secs(2), "woke {late} late");

    let boot_start = Instant::<BootTime>::now();
    posix::sleep_for::<BootTime>(Delta::from_millis(10)).expect("CLOCK_BOOTTIME supports sleeps");
    assert!(boot_start.elapsed() >= Delta::from_millis(10));

    // A deadline in the past returns at once.
    posix::sleep_until(Deadline::<RealTime>::at(Instant::from_ktime(0))).expect("past deadline");
}

#[test]
fn clocks_that_cannot_be_slept_on_report_an_error() {
    let result = posix::sleep_for::<MonotonicRaw>(Delta::from_millis(1));
    // Linux has no nanosleep for CLOCK_MONOTONIC_RAW and has always answered
    // EOPNOTSUPP (= ENOTSUP), for absolute and relative sleeps alike.
    #[cfg(target_os = "linux")]
    {
        let error = result.expect_err("Linux cannot sleep on CLOCK_MONOTONIC_RAW");
        assert_eq!(error.errno(), libc::ENOTSUP, "{error}");
        assert_eq!(
            error.to_string(),
            "clock_nanosleep: this clock cannot be slept on, or does not advance while its \
             caller sleeps (ENOTSUP)"
        );
    }
    // Elsewhere the clock may be sleepable; an error must still be one of these.
    #[cfg(not(target_os = "linux"))]
    if let Err(error) = result {
        assert!(
            [libc::EINVAL, libc::ENOTSUP].contains(&error.errno()),
            "{error}"
        );
    }
    // Reading it works everywhere it exists.
    assert!(Instant::<MonotonicRaw>::now().to_ktime() > 0);
}

#[test]
fn relative_sleep_ignores_non_positive_spans() {
    let start = Instant::<Monotonic>::now();
    posix::sleep(Delta::from_millis(-5)).expect("no sleep");
    posix::sleep(Delta::ZERO).expect("no sleep");
    assert!(start.elapsed() < Delta::from_millis(5));
    posix::sleep(Delta::from_millis(2)).expect("sleeps");
    assert!(start.elapsed() >= Delta::from_millis(2));
}

#[test]
fn past_deadlines_and_non_positive_spans_return_ok_at_once() {
    let start = Instant::<Monotonic>::now();
    // Before the epoch `clock_nanosleep` would answer EINVAL (a negative `tv_sec`).
    for at in [i64::MIN, i64::MIN + 1, -1_000_000_001, -1, 0] {
        posix::sleep_until(Deadline::<Monotonic>::at(Instant::from_ktime(at))).expect("past");
        posix::sleep_until(Deadline::<RealTime>::at(Instant::from_ktime(at))).expect("past");
        // Nothing to wait for, so not even the raw clock's ENOTSUP.
        posix::sleep_until(Deadline::<MonotonicRaw>::at(Instant::from_ktime(at))).expect("past");
    }
    posix::sleep_until(Deadline::at(Instant::<BootTime>::now())).expect("now has passed");
    for span in [
        Delta::MIN,
        Delta::from_nanos(i64::MIN + 1),
        Delta::from_nanos(-1),
        Delta::ZERO,
    ] {
        posix::sleep_for::<Monotonic>(span).expect("a non-positive span");
        posix::sleep_for::<RealTime>(span).expect("a non-positive span");
        posix::sleep_for::<MonotonicRaw>(span).expect("a non-positive span");
        posix::sleep(span).expect("a non-positive span");
    }
    assert!(start.elapsed() < Delta::from_secs(1), "{}", start.elapsed());
    // At the other edge a deadline still reaches `clock_nanosleep`, which on Linux
    // refuses the raw clock at once, whatever the time.
    #[cfg(target_os = "linux")]
    for result in [
        posix::sleep_for::<MonotonicRaw>(Delta::MAX),
        posix::sleep_until(Deadline::<MonotonicRaw>::at(Instant::from_ktime(i64::MAX))),
    ] {
        assert_eq!(result.map_err(SleepError::errno), Err(libc::ENOTSUP));
    }
}

/// A sleep on a CPU-time clock, which does not advance while its caller sleeps, would
/// never end (the process clock) or fail with `EINVAL` (the thread clock): every wait
/// on one fails at once with `CLOCK_STOPS`, however far its deadline.
#[test]
fn a_sleep_on_a_cpu_time_clock_fails_at_once() {
    // Both clocks can be read.
    assert!(Instant::<ProcessCpu>::now().to_ktime() > 0);
    assert!(Instant::<ThreadCpu>::now().to_ktime() > 0);
    let hour = Delta::from_secs(3600);
    type Wait = fn(Delta) -> Result<(), SleepError>;
    let waits: [(&str, Wait); 4] = [
        ("sleep_until on CLOCK_PROCESS_CPUTIME_ID", |span| {
            posix::sleep_until(Deadline::<ProcessCpu>::after(span))
        }),
        (
            "sleep_for on CLOCK_PROCESS_CPUTIME_ID",
            posix::sleep_for::<ProcessCpu>,
        ),
        ("sleep_until on CLOCK_THREAD_CPUTIME_ID", |span| {
            posix::sleep_until(Deadline::<ThreadCpu>::after(span))
        }),
        (
            "sleep_for on CLOCK_THREAD_CPUTIME_ID",
            posix::sleep_for::<ThreadCpu>,
        ),
    ];
    for (what, wait) in waits {
        let result = ends(what, move || wait(hour));
        assert_eq!(result, Err(SleepError::CLOCK_STOPS), "{what}");
        assert_eq!(SleepError::CLOCK_STOPS.errno(), libc::ENOTSUP);
    }
}
