//! The raw bindings and the generated clocks in host mode: the timekeeper reads the
//! host's clocks, and every reading agrees with the host's `clock_gettime()`.
//!
//! No test in this binary enters test mode (each test file is its own process), so
//! every reading here is the host's.

use kernel::bindings;
use kernel::time::{
    BootTime, ConvertsTo, Instant, Monotonic, MonotonicRaw, RealTime, TableClock, Tai,
};

mod support;
use support::{ktime, Ktime};

/// The host's clock `id`, in nanoseconds.
fn host(id: libc::clockid_t) -> Ktime {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    let ret = unsafe { libc::clock_gettime(id, &mut ts) };
    assert_eq!(ret, 0, "clock_gettime({id})");
    ts.tv_sec * 1_000_000_000 + ts.tv_nsec
}

/// Asserts `before <= value <= after`.
fn assert_between(what: &str, before: Ktime, value: Ktime, after: Ktime) {
    assert!(
        before <= value && value <= after,
        "{what}: {value} not within [{before}, {after}]"
    );
}

/// Checks that reading `read` lies between two host readings of `id`.
fn assert_reads_host(what: &str, id: libc::clockid_t, read: impl Fn() -> Ktime) {
    let before = host(id);
    let value = read();
    let after = host(id);
    assert_between(what, before, value, after);
}

/// TAI − UTC as the host timekeeper models it: the host's, 0 until NTP sets it (as in a
/// freshly booted kernel).
fn expected_tai_offset() -> Ktime {
    let secs = (host(libc::CLOCK_TAI) - host(libc::CLOCK_REALTIME) + 500_000_000) / 1_000_000_000;
    secs.max(0) * 1_000_000_000
}

#[test]
fn clock_ids_are_the_uapi_ones() {
    assert_eq!(bindings::CLOCK_REALTIME, 0);
    assert_eq!(bindings::CLOCK_MONOTONIC, 1);
    assert_eq!(bindings::CLOCK_MONOTONIC_RAW, 4);
    assert_eq!(bindings::CLOCK_REALTIME_COARSE, 5);
    assert_eq!(bindings::CLOCK_MONOTONIC_COARSE, 6);
    assert_eq!(bindings::CLOCK_BOOTTIME, 7);
    assert_eq!(bindings::CLOCK_TAI, 11);
    // And the host's libc agrees.
    assert_eq!(bindings::CLOCK_MONOTONIC as i32, libc::CLOCK_MONOTONIC);
    assert_eq!(bindings::CLOCK_TAI as i32, libc::CLOCK_TAI);
    assert_eq!(bindings::CLOCK_BOOTTIME as i32, libc::CLOCK_BOOTTIME);
}

#[test]
fn tk_offsets_are_the_kernel_enum() {
    assert_eq!(bindings::tk_offsets_TK_OFFS_REAL, 0);
    assert_eq!(bindings::tk_offsets_TK_OFFS_BOOT, 1);
    assert_eq!(bindings::tk_offsets_TK_OFFS_TAI, 2);
    assert_eq!(bindings::tk_offsets_TK_OFFS_MAX, 3);
}

/// Calls one of the bindings' `ktime_t getter(void)` functions.
fn call(getter: unsafe extern "C" fn() -> Ktime) -> Ktime {
    // SAFETY: every getter in the bindings takes no arguments and has no preconditions.
    unsafe { getter() }
}

/// `ktime_get_with_offset(offs)`.
fn with_offset(offs: bindings::tk_offsets) -> Ktime {
    // SAFETY: no pointers, no preconditions; any `offs` is accepted.
    unsafe { bindings::ktime_get_with_offset(offs) }
}

#[test]
fn exported_getters_read_the_host() {
    assert_reads_host("ktime_get", libc::CLOCK_MONOTONIC, || {
        call(bindings::ktime_get)
    });
    assert_reads_host("ktime_get_raw", libc::CLOCK_MONOTONIC_RAW, || {
        call(bindings::ktime_get_raw)
    });
    assert_reads_host("ktime_get_with_offset(REAL)", libc::CLOCK_REALTIME, || {
        with_offset(bindings::tk_offsets_TK_OFFS_REAL)
    });
    assert_reads_host("ktime_get_with_offset(BOOT)", libc::CLOCK_BOOTTIME, || {
        with_offset(bindings::tk_offsets_TK_OFFS_BOOT)
    });
}

#[test]
fn helpers_of_static_inline_getters_link_and_read_the_host() {
    assert_reads_host("ktime_get_real", libc::CLOCK_REALTIME, || {
        call(bindings::ktime_get_real)
    });
    assert_reads_host("ktime_get_boottime", libc::CLOCK_BOOTTIME, || {
        call(bindings::ktime_get_boottime)
    });
}

/// The host timekeeper's tick, in nanoseconds.
const TICK: Ktime = kernel::timekeeper::TICK.as_nanos();

/// Calls one of the bindings' NMI-safe `u64 getter(void)` accessors.
fn call_fast(getter: unsafe extern "C" fn() -> u64) -> Ktime {
    // SAFETY: the fast accessors take no arguments and may be called from any context.
    Ktime::try_from(unsafe { getter() }).expect("a host clock fits in a ktime_t")
}

#[test]
fn fast_accessors_read_the_host() {
    assert_reads_host("ktime_get_mono_fast_ns", libc::CLOCK_MONOTONIC, || {
        call_fast(bindings::ktime_get_mono_fast_ns)
    });
    assert_reads_host("ktime_get_raw_fast_ns", libc::CLOCK_MONOTONIC_RAW, || {
        call_fast(bindings::ktime_get_raw_fast_ns)
    });
    assert_reads_host("ktime_get_boot_fast_ns", libc::CLOCK_BOOTTIME, || {
        call_fast(bindings::ktime_get_boot_fast_ns)
    });
    assert_reads_host("ktime_get_real_fast_ns", libc::CLOCK_REALTIME, || {
        call_fast(bindings::ktime_get_real_fast_ns)
    });
    // TAI: the same offset to RealTime as ktime_get_clocktai() has.
    let (real, tai) = (
        call_fast(bindings::ktime_get_real_fast_ns),
        call_fast(bindings::ktime_get_tai_fast_ns),
    );
    let drift = (tai - real - expected_tai_offset()).abs();
    assert!(
        drift < 1_000_000_000,
        "TAI fast - real fast off by {drift} ns"
    );
}

/// Each coarse getter reads its fine clock at the last tick: between the fine clock
/// one tick before a reading and the fine clock after it.
#[test]
fn coarse_getters_lag_their_fine_clock_by_less_than_a_tick() {
    for (what, coarse, fine) in [
        (
            "coarse",
            bindings::ktime_get_coarse as unsafe extern "C" fn() -> Ktime,
            bindings::ktime_get as unsafe extern "C" fn() -> Ktime,
        ),
        (
            "coarse_real",
            bindings::ktime_get_coarse_real,
            bindings::ktime_get_real,
        ),
        (
            "coarse_boottime",
            bindings::ktime_get_coarse_boottime,
            bindings::ktime_get_boottime,
        ),
        (
            "coarse_clocktai",
            bindings::ktime_get_coarse_clocktai,
            bindings::ktime_get_clocktai,
        ),
    ] {
        for _ in 0..1000 {
            let (before, value, after) = (call(fine), call(coarse), call(fine));
            assert_between(what, before - TICK, value, after);
        }
    }
}

/// The coarse monotonic clock only takes tick values and never goes backwards.
#[test]
fn coarse_monotonic_steps_by_whole_ticks() {
    let mut last = call(bindings::ktime_get_coarse);
    let end = last + 3 * TICK;
    while last < end {
        let now = call(bindings::ktime_get_coarse);
        assert_eq!(now % TICK, 0, "{now} is not a tick");
        assert!(now >= last, "went backwards: {last} -> {now}");
        last = now;
    }
}

#[test]
fn static_inline_helpers_equal_ktime_get_with_offset() {
    for (what, offs, helper) in [
        (
            "real",
            bindings::tk_offsets_TK_OFFS_REAL,
            bindings::ktime_get_real as unsafe extern "C" fn() -> Ktime,
        ),
        (
            "boottime",
            bindings::tk_offsets_TK_OFFS_BOOT,
            bindings::ktime_get_boottime,
        ),
        (
            "clocktai",
            bindings::tk_offsets_TK_OFFS_TAI,
            bindings::ktime_get_clocktai,
        ),
    ] {
        let (a, b, c) = (call(helper), with_offset(offs), call(helper));
        assert_between(what, a, b, c);
    }
}

#[test]
fn clocktai_is_realtime_plus_the_tai_offset() {
    // SAFETY: no pointers, no preconditions.
    let mono = unsafe { bindings::ktime_get() };
    // SAFETY: as above.
    let (real, tai) = unsafe {
        (
            bindings::ktime_mono_to_any(mono, bindings::tk_offsets_TK_OFFS_REAL),
            bindings::ktime_mono_to_any(mono, bindings::tk_offsets_TK_OFFS_TAI),
        )
    };
    // The two offsets are read separately: allow for a host clock step of < 1 ms between.
    let drift = (tai - real - expected_tai_offset()).abs();
    assert!(drift < 1_000_000, "TAI - UTC off by {drift} ns");
}

#[test]
fn mono_to_any_adds_the_current_offset() {
    // SAFETY: no pointers, no preconditions.
    unsafe {
        let before = bindings::ktime_get_boottime();
        let boot =
            bindings::ktime_mono_to_any(bindings::ktime_get(), bindings::tk_offsets_TK_OFFS_BOOT);
        let after = bindings::ktime_get_boottime();
        assert_between("mono_to_any(ktime_get(), BOOT)", before, boot, after);

        let before = bindings::ktime_get_real();
        let real =
            bindings::ktime_mono_to_any(bindings::ktime_get(), bindings::tk_offsets_TK_OFFS_REAL);
        let after = bindings::ktime_get_real();
        assert_between("mono_to_any(ktime_get(), REAL)", before, real, after);
    }
}

/// The kernel's `offs_boot` starts at 0 and only grows by suspended time, so
/// `BootTime` is never behind `Monotonic`; the host timekeeper estimates the offset
/// from two clocks read one after the other and must not show a negative one.
#[test]
fn host_boot_offset_is_never_negative() {
    for _ in 0..100_000 {
        let mono = Instant::<Monotonic>::now();
        let boot = <Monotonic as ConvertsTo<BootTime>>::to_clock(mono);
        let (mono, boot) = (ktime(mono), ktime(boot));
        assert!(boot >= mono, "BootTime {boot} is behind Monotonic {mono}");
    }
}

#[test]
fn out_of_range_offsets_are_no_offset() {
    // SAFETY: no pointers, no preconditions; out-of-range offsets are
    // documented to mean no offset.
    unsafe {
        assert_eq!(
            bindings::ktime_mono_to_any(42, bindings::tk_offsets_TK_OFFS_MAX),
            42
        );
        let before = bindings::ktime_get();
        let value = bindings::ktime_get_with_offset(bindings::tk_offsets_TK_OFFS_MAX + 7);
        let after = bindings::ktime_get();
        assert_between("ktime_get_with_offset(MAX + 7)", before, value, after);
    }
}

#[test]
fn test_mode_is_off_and_controls_refuse() {
    // SAFETY: the controls take no pointers; outside test mode they
    // return -EPERM and change nothing.
    unsafe {
        assert_eq!(bindings::timekeeper_test_enabled(), 0);
        assert_eq!(bindings::timekeeper_test_advance(1), -1);
        assert_eq!(bindings::timekeeper_test_step_real(-1), -1);
    }
}

/// Reads clock `C` between two host readings of its clock id.
fn assert_clock_reads_host<C: TableClock>() {
    let id = C::ID;
    let before = host(id);
    let now = ktime(Instant::<C>::now());
    let after = host(id);
    assert_between(C::INFO.name, before, now, after);
}

#[test]
fn generated_clocks_read_their_host_clock() {
    assert_clock_reads_host::<Monotonic>();
    assert_clock_reads_host::<RealTime>();
    assert_clock_reads_host::<BootTime>();
    assert_clock_reads_host::<MonotonicRaw>();
    // CLOCK_TAI on the host may lack the TAI offset (never set by NTP); the timekeeper
    // then uses 37 s, so compare against RealTime.
    let real = ktime(Instant::<RealTime>::now());
    let tai = ktime(Instant::<Tai>::now());
    let drift = (tai - real - expected_tai_offset()).abs();
    assert!(drift < 1_000_000_000, "Tai - RealTime off by {drift} ns");
}

/// A clock's name, whether it is monotonic, and its id, from its row.
fn row<C: TableClock>() -> (&'static str, bool, i32) {
    (C::INFO.name, C::INFO.monotonic, C::ID)
}

#[test]
fn generated_clocks_carry_the_table() {
    assert_eq!(row::<Monotonic>(), ("Monotonic", true, 1));
    assert_eq!(row::<RealTime>(), ("RealTime", false, 0));
    assert_eq!(row::<BootTime>(), ("BootTime", true, 7));
    assert_eq!(row::<Tai>(), ("Tai", false, 11));
    assert_eq!(row::<MonotonicRaw>(), ("MonotonicRaw", true, 4));
}

#[test]
fn monotonic_clocks_do_not_go_backwards() {
    let (mono, boot, raw) = (
        Instant::<Monotonic>::now(),
        Instant::<BootTime>::now(),
        Instant::<MonotonicRaw>::now(),
    );
    for _ in 0..1000 {
        assert!(!mono.elapsed().is_negative());
        assert!(!boot.elapsed().is_negative());
        assert!(!raw.elapsed().is_negative());
    }
}
