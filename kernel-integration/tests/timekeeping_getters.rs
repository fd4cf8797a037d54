//! Every clock reader of `include/linux/timekeeping.h`, through the raw bindings, with
//! the host timekeeper in test mode: the fine getters, the coarse family (the
//! monotonic time at the last tick plus the current offset) and the NMI-safe
//! `ktime_get_*_fast_ns()` accessors, which read exactly what their `ktime_t` twins
//! read. Every reading here is deterministic.

use kernel::bindings;
use kernel::time::Delta;
use kernel::timekeeper::{
    self, TimekeeperError, START_MONOTONIC, START_OFFS_REAL, START_TAI_OFFSET, TICK,
};

mod support;
use support::{at, Ktime};

type Result = std::result::Result<(), TimekeeperError>;

/// A `ktime_t getter(void)` of the bindings.
type Getter = unsafe extern "C" fn() -> Ktime;
/// A `u64 getter(void)` of the bindings: the `*_fast_ns` accessors.
type FastGetter = unsafe extern "C" fn() -> u64;

/// The fine getters: Monotonic, RealTime, BootTime, Tai, MonotonicRaw.
const FINE: [(&str, Getter); 5] = [
    ("ktime_get", bindings::ktime_get),
    ("ktime_get_real", bindings::ktime_get_real),
    ("ktime_get_boottime", bindings::ktime_get_boottime),
    ("ktime_get_clocktai", bindings::ktime_get_clocktai),
    ("ktime_get_raw", bindings::ktime_get_raw),
];

/// The coarse getters, in the order of `FINE` (there is no coarse raw clock).
const COARSE: [(&str, Getter); 4] = [
    ("ktime_get_coarse", bindings::ktime_get_coarse),
    ("ktime_get_coarse_real", bindings::ktime_get_coarse_real),
    (
        "ktime_get_coarse_boottime",
        bindings::ktime_get_coarse_boottime,
    ),
    (
        "ktime_get_coarse_clocktai",
        bindings::ktime_get_coarse_clocktai,
    ),
];

/// The NMI-safe accessors, in the order of `FINE`.
const FAST: [(&str, FastGetter); 5] = [
    ("ktime_get_mono_fast_ns", bindings::ktime_get_mono_fast_ns),
    ("ktime_get_real_fast_ns", bindings::ktime_get_real_fast_ns),
    ("ktime_get_boot_fast_ns", bindings::ktime_get_boot_fast_ns),
    ("ktime_get_tai_fast_ns", bindings::ktime_get_tai_fast_ns),
    ("ktime_get_raw_fast_ns", bindings::ktime_get_raw_fast_ns),
];

const SEC: Ktime = 1_000_000_000;
const MS: Ktime = 1_000_000;

/// Every getter of one family, read once each.
fn read<T: Copy, const N: usize>(getters: [(&str, unsafe extern "C" fn() -> T); N]) -> [T; N] {
    // SAFETY: every getter takes no arguments and has no preconditions outside NMI
    // context (the fast ones none at all); tests are not NMI handlers.
    getters.map(|(_, getter)| unsafe { getter() })
}

/// The fine clocks for monotonic time `mono`, raw time `raw` and the offsets.
fn fine(mono: Ktime, raw: Ktime, offs_real: Ktime, offs_boot: Ktime, tai: Ktime) -> [Ktime; 5] {
    [
        mono,
        mono + offs_real,
        mono + offs_boot,
        mono + offs_real + tai,
        raw,
    ]
}

/// Checks the relations that hold between the families at any moment in test mode:
/// each coarse clock is its fine clock at the last tick of CLOCK_MONOTONIC, and each
/// fast accessor reads its `ktime_t` twin.
fn assert_families_agree() {
    let [mono, real, boot, tai, raw] = read(FINE);
    let last_tick = mono - mono.rem_euclid(TICK.as_nanos());
    let lag = mono - last_tick;
    assert_eq!(
        read(COARSE),
        [last_tick, real - lag, boot - lag, tai - lag],
        "coarse = fine at the last tick (monotonic {mono})"
    );
    let as_u64 = |ktime: Ktime| u64::try_from(ktime).expect("test-mode clocks are positive");
    assert_eq!(
        read(FAST),
        [mono, real, boot, tai, raw].map(as_u64),
        "fast_ns = the ktime_t getters"
    );
}

#[test]
fn tick_is_four_milliseconds() {
    assert_eq!(TICK, Delta::from_millis(4));
    assert_eq!(bindings::TICK_NSEC, 4_000_000);
}

#[test]
fn every_getter_starts_from_the_fixed_state() {
    let _tk = timekeeper::test_mode();
    let start = fine(
        START_MONOTONIC,
        START_MONOTONIC,
        START_OFFS_REAL,
        0,
        START_TAI_OFFSET,
    );
    assert_eq!(read(FINE), start);
    // 100 s is a tick: the coarse clocks read what the fine ones do.
    assert_eq!(read(COARSE), [start[0], start[1], start[2], start[3]]);
    assert_eq!(read(FAST), start.map(|ktime| ktime.unsigned_abs()));
    assert_families_agree();
}

#[test]
fn coarse_clocks_move_only_at_the_tick() -> Result {
    let tk = timekeeper::test_mode();
    let start = read(COARSE);
    tk.advance(Delta::from_millis(1))?;
    assert_eq!(read(FINE)[0], START_MONOTONIC + MS);
    assert_eq!(read(COARSE), start, "1 ms into a 4 ms tick");
    tk.advance(TICK - Delta::from_millis(1) - Delta::from_nanos(1))?;
    assert_eq!(read(COARSE), start, "1 ns before the next tick");
    assert_families_agree();
    tk.advance(Delta::from_nanos(1))?;
    assert_eq!(
        read(COARSE),
        start.map(|ktime| ktime + TICK.as_nanos()),
        "at the tick"
    );
    assert_eq!(read(COARSE)[0], read(FINE)[0]);
    // Several ticks at once: the coarse clocks land on the last of them.
    tk.advance(TICK * 3 + Delta::from_micros(2_500))?;
    assert_eq!(read(COARSE)[0], START_MONOTONIC + 4 * TICK.as_nanos());
    assert_families_agree();
    // Nothing moves on its own in test mode.
    assert_eq!(read(COARSE), read(COARSE));
    Ok(())
}

#[test]
fn coarse_clocks_show_offset_changes_at_once() -> Result {
    let tk = timekeeper::test_mode();
    tk.advance(Delta::from_millis(1))?;
    let [mono, real, boot, tai] = read(COARSE);
    // A wall-clock step moves the coarse real and TAI clocks without waiting for a tick.
    tk.step_real_time(Delta::from_secs(-5))?;
    assert_eq!(read(COARSE), [mono, real - 5 * SEC, boot, tai - 5 * SEC]);
    assert_families_agree();
    // A suspend: coarse boot time (and the wall clock) move by the time slept.
    tk.suspend(Delta::from_secs(60))?;
    assert_eq!(
        read(COARSE),
        [mono, real + 55 * SEC, boot + 60 * SEC, tai + 55 * SEC]
    );
    assert_families_agree();
    tk.set_tai_offset(Delta::from_secs(40))?;
    assert_eq!(read(COARSE)[3] - read(COARSE)[1], 40 * SEC);
    assert_families_agree();
    Ok(())
}

#[test]
fn coarse_monotonic_is_the_last_tick_for_any_time() -> Result {
    let tk = timekeeper::test_mode();
    for mono in [
        0,
        7,
        3_999_999,
        4_000_000,
        4_000_001,
        123_456_789_012,
        1 << 62,
    ] {
        tk.set_monotonic(at(mono))?;
        let expected = mono / TICK.as_nanos() * TICK.as_nanos();
        assert_eq!(read(COARSE)[0], expected, "ktime_get_coarse at {mono}");
        let mut ts = bindings::timespec64 {
            tv_sec: -1,
            tv_nsec: -1,
        };
        // SAFETY: `ts` is a valid, writable timespec64.
        unsafe { bindings::ktime_get_coarse_ts64(&mut ts) };
        // `tv_nsec` is a C `long`: the kernel's `ffi::c_long`, an `isize`.
        assert_eq!(
            (ts.tv_sec, ts.tv_nsec as i64),
            (expected / SEC, expected % SEC)
        );
        assert_families_agree();
    }
    Ok(())
}

#[test]
fn out_of_range_coarse_offsets_are_no_offset() -> Result {
    let tk = timekeeper::test_mode();
    tk.advance(Delta::from_millis(6))?;
    // SAFETY: no pointers, no preconditions; out-of-range offsets mean no offset.
    let coarse =
        unsafe { bindings::ktime_get_coarse_with_offset(bindings::tk_offsets_TK_OFFS_MAX + 1) };
    assert_eq!(coarse, START_MONOTONIC + TICK.as_nanos());
    Ok(())
}

#[test]
fn fast_accessors_read_their_ktime_twins_after_every_control() -> Result {
    let tk = timekeeper::test_mode();
    assert_families_agree();
    tk.advance(Delta::from_nanos(12_345))?;
    assert_families_agree();
    tk.step_real_time(Delta::from_secs(-3_600))?;
    assert_families_agree();
    tk.suspend(Delta::from_secs(30))?;
    assert_families_agree();
    tk.set_tai_offset(Delta::from_secs(38))?;
    assert_families_agree();
    tk.set_raw(at(9 * SEC))?;
    assert_families_agree();
    tk.set_monotonic(at(2 * SEC + 1))?;
    assert_families_agree();
    // A refused control changes neither family.
    let before = (read(FINE), read(FAST));
    assert_eq!(
        tk.advance(Delta::from_nanos(-1)),
        Err(TimekeeperError::Invalid)
    );
    assert_eq!((read(FINE), read(FAST)), before);
    Ok(())
}

/// The fast accessors read a latched copy of the timekeeper: while another thread
/// keeps updating it, every reading is one the writer stored, in order.
#[test]
fn fast_accessors_see_whole_updates_while_a_writer_runs() {
    const STEPS: i64 = 20_000;
    let tk = timekeeper::test_mode();
    std::thread::scope(|scope| {
        let reader = scope.spawn(|| {
            let (mut last_mono, mut last_raw) = (0, 0);
            for _ in 0..STEPS {
                let [mono, _, _, _, raw] = read(FAST);
                assert!(
                    mono >= last_mono && raw >= last_raw,
                    "went backwards: {last_mono} -> {mono}, {last_raw} -> {raw}"
                );
                let range =
                    START_MONOTONIC.unsigned_abs()..=(START_MONOTONIC + STEPS).unsigned_abs();
                assert!(
                    range.contains(&mono) && range.contains(&raw),
                    "{mono} {raw}"
                );
                (last_mono, last_raw) = (mono, raw);
            }
        });
        for _ in 0..STEPS {
            tk.advance(Delta::from_nanos(1)).expect("advance");
        }
        reader.join().expect("reader");
    });
    assert_families_agree();
}
