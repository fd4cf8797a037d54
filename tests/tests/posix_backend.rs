//! The userspace backend: clocks read with `clock_gettime`, deadlines waited for with
//! `clock_nanosleep` on their own clock. The behaviour of particular clocks is tested
//! on rows declared here; every clock of the root `clocks.toml`, whatever its rows,
//! is checked against `clock_gettime` through the generated `CLOCKS`.

use std::time::{Duration, SystemTime, UNIX_EPOCH};
use typed_clocks::error::{code::ETIMEDOUT, Error};
use typed_clocks::ext::{ClockSourceExt, DeltaExt, InstantExt};
use typed_clocks::poll::read_poll_timeout_with;
use typed_clocks::posix::{self, PosixClock};
use typed_clocks::{ClockId, ClockSource, Deadline, Delta, Instant, Ktime, MonotonicClock};

typed_clocks::declare_clocks! {
    backend = posix;
    Monotonic { monotonic: true, clockid: CLOCK_MONOTONIC },
    RealTime { monotonic: false, clockid: CLOCK_REALTIME },
    BootTime { monotonic: true, clockid: CLOCK_BOOTTIME },
    Tai { monotonic: false, clockid: CLOCK_TAI },
    MonotonicRaw { monotonic: true, clockid: CLOCK_MONOTONIC_RAW },
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
    assert_eq!(Monotonic::CLOCKID, libc::CLOCK_MONOTONIC);
    assert_eq!(RealTime::CLOCKID, libc::CLOCK_REALTIME);
    assert_eq!(BootTime::CLOCKID, libc::CLOCK_BOOTTIME);
    assert_eq!(Tai::CLOCKID, libc::CLOCK_TAI);
    assert_eq!(MonotonicRaw::CLOCKID, libc::CLOCK_MONOTONIC_RAW);
    assert_eq!(Monotonic::ID, libc::CLOCK_MONOTONIC);
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
            "clock_nanosleep: this clock cannot be slept on (ENOTSUP)"
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
        assert_eq!(result.map_err(posix::SleepError::errno), Err(libc::ENOTSUP));
    }
}

/// A monotonic clock read by the posix backend's reader with an id that the backend
/// refuses in a table (a clock written by hand): `CLOCK_BOOTTIME_ALARM`
/// (9), which `clock_gettime` fails on without an RTC, or 12345, which no clock has.
struct ReadById<const ID: ClockId>;

impl<const ID: ClockId> ClockSourceExt for ReadById<ID> {
    const NAME: &'static str = "ReadById";
    const MONOTONIC: bool = true;
}
// SAFETY: `read_clock` is safe to call anywhere and returns a time in `0..=KTIME_MAX`.
unsafe impl<const ID: ClockId> ClockSource for ReadById<ID> {
    const ID: ClockId = ID;
    fn ktime_get() -> Ktime {
        typed_clocks::__private::posix::read_clock(ID)
    }
}
// SAFETY: `CLOCK_BOOTTIME_ALARM` reads `CLOCK_BOOTTIME` where it can be read, and a
// reading that fails is `KTIME_MAX`, later than any other; whether a machine has an
// RTC does not change while the test runs. Id 12345 always reads `KTIME_MAX`.
unsafe impl<const ID: ClockId> typed_clocks::__private::SealedMonotonic for ReadById<ID> {}
impl<const ID: ClockId> MonotonicClock for ReadById<ID> {}

#[test]
fn a_poll_timed_on_a_clock_that_cannot_be_read_times_out() {
    type BootAlarm = ReadById<{ libc::CLOCK_BOOTTIME_ALARM }>;
    type NoSuchClock = ReadById<12345>;
    fn poll<C: MonotonicClock>() -> Result<(), Error> {
        read_poll_timeout_with::<C, _, _, _>(
            || Ok(()),
            |_| false,
            Delta::from_millis(1),
            Delta::from_millis(10),
            |d| posix::sleep(d).expect("a relative sleep"),
        )
    }
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    let has_rtc = unsafe { libc::clock_gettime(libc::CLOCK_BOOTTIME_ALARM, &mut ts) } == 0;
    println!("CLOCK_BOOTTIME_ALARM can be read here: {has_rtc}");
    assert_eq!(NoSuchClock::ktime_get(), Ktime::MAX);
    if !has_rtc {
        assert_eq!(BootAlarm::ktime_get(), Ktime::MAX);
    }
    // Every deadline on a clock that cannot be read has passed.
    assert!(Deadline::<NoSuchClock>::after(Delta::from_secs(3600)).has_passed());

    let (done, results) = std::sync::mpsc::channel();
    std::thread::spawn(move || done.send((poll::<NoSuchClock>(), poll::<BootAlarm>())));
    let (none, alarm) = results
        .recv_timeout(Duration::from_secs(5))
        .expect("10 ms polls still polling after 5 s");
    assert_eq!((none, alarm), (Err(ETIMEDOUT), Err(ETIMEDOUT)));
}
