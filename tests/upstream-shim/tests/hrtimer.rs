//! Typed hrtimers on the host hrtimer base: absolute timers follow their own clock
//! (a wall-clock step fires an absolute `RealTime` timer and leaves a `Monotonic` one
//! alone), relative timers count from their start, periodic timers move on with
//! `forward`, and cancelled or dropped timers never run. Timers are set up in place
//! and started through a pointer: `Pin<&HrTimer>` in `start_scoped` (or `unsafe`
//! `start`), or an owned `Box`/`Arc` whose `start` is safe.
//!
//! `scripts/valgrind-hrtimer.sh` runs this binary under valgrind.

use core::marker::PhantomData;
use core::pin::{pin, Pin};
use core::sync::atomic::{AtomicI64, AtomicU32, Ordering};

use kernel_integration::hrtimer::{ArcHrTimer, BoxHrTimer};
use kernel_integration::timekeeper::{self, TestModeGuard};
use upstream_shim::drivers::heartbeat::Heartbeat;
use upstream_shim::kernel::time::hrtimer::{
    AbsoluteMode, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerHandle, HrTimerInit,
    HrTimerInstant, HrTimerMode, HrTimerPointer, HrTimerRestart, HrTimerSlot, RelativeMode,
    ScopedHrTimerPointer, UnsafeHrTimerPointer,
};
use upstream_shim::kernel::time::{BootTime, Delta, Instant, Monotonic, RealTime, Tai};

const MS: Delta = Delta::from_millis(1);
const HOUR: Delta = Delta::from_secs(3600);

/// Counts its callbacks and records the clock's reading at the last one.
struct Fired<M> {
    runs: AtomicU32,
    at: AtomicI64,
    _mode: PhantomData<fn() -> M>,
}

impl<M> Fired<M> {
    fn timer() -> HrTimerInit<Fired<M>>
    where
        Fired<M>: HrTimerCallback,
    {
        HrTimer::new(Fired {
            runs: AtomicU32::new(0),
            at: AtomicI64::new(i64::MIN),
            _mode: PhantomData,
        })
    }

    fn runs(&self) -> u32 {
        self.runs.load(Ordering::Relaxed)
    }
}

impl<M: HrTimerMode + 'static> HrTimerCallback for Fired<M> {
    type TimerMode = M;

    fn run(this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.runs.fetch_add(1, Ordering::Relaxed);
        this.at
            .store(HrTimerInstant::<Self>::now().to_ktime(), Ordering::Relaxed);
        HrTimerRestart::NoRestart
    }
}

fn advance(tk: &TestModeGuard, by: Delta) {
    tk.advance(by).expect("advance the test clocks");
}

/// A timer on the stack, set up in place.
macro_rules! stack_timer {
    ($name:ident = $init:expr) => {
        let slot = pin!(HrTimerSlot::new());
        let $name = slot.init($init);
    };
}

#[test]
fn an_absolute_realtime_timer_fires_when_the_wall_clock_is_stepped_past_it() {
    let tk = timekeeper::test_mode();
    stack_timer!(timer = Fired::<AbsoluteMode<RealTime>>::timer());
    let expires = Instant::<RealTime>::now() + HOUR;
    timer.as_ref().start_scoped(expires, || {
        advance(&tk, MS);
        assert_eq!(timer.data().runs(), 0);
        // settimeofday() one hour ahead: the wall clock is now past the expiry.
        tk.step_real_time(HOUR).expect("step the wall clock");
        assert_eq!(timer.data().runs(), 1);
        assert_eq!(
            timer.data().at.load(Ordering::Relaxed),
            (expires + MS).to_ktime()
        );
        advance(&tk, HOUR);
        assert_eq!(timer.data().runs(), 1);
    });
}

#[test]
fn an_absolute_monotonic_timer_ignores_a_wall_clock_step() {
    let tk = timekeeper::test_mode();
    stack_timer!(timer = Fired::<AbsoluteMode<Monotonic>>::timer());
    let expires = Instant::<Monotonic>::now() + HOUR;
    timer.as_ref().start_scoped(expires, || {
        tk.step_real_time(2 * HOUR).expect("step the wall clock");
        assert_eq!(timer.data().runs(), 0);
        advance(&tk, HOUR - Delta::from_nanos(1));
        assert_eq!(timer.data().runs(), 0);
        advance(&tk, Delta::from_nanos(1));
        assert_eq!(timer.data().runs(), 1);
    });
    assert_eq!(timer.data().at.load(Ordering::Relaxed), expires.to_ktime());
    assert_eq!(timer.expires(), expires);
}

#[test]
fn stepping_the_wall_clock_back_delays_an_absolute_realtime_timer() {
    let tk = timekeeper::test_mode();
    stack_timer!(timer = Fired::<AbsoluteMode<RealTime>>::timer());
    timer
        .as_ref()
        .start_scoped(Instant::<RealTime>::now() + 10 * MS, || {
            tk.step_real_time(-HOUR).expect("step the wall clock back");
            advance(&tk, 20 * MS);
            assert_eq!(timer.data().runs(), 0);
            advance(&tk, HOUR);
            assert_eq!(timer.data().runs(), 1);
        });
}

#[test]
fn relative_timers_count_from_their_start_on_their_own_clock() {
    let tk = timekeeper::test_mode();
    stack_timer!(mono = Fired::<RelativeMode<Monotonic>>::timer());
    // A relative RealTime timer is a timeout: the kernel queues it on the monotonic
    // base, so wall-clock steps do not move it.
    stack_timer!(real = Fired::<RelativeMode<RealTime>>::timer());
    let start = Instant::<Monotonic>::now();
    // SAFETY: both handles are dropped at the end of this function, before the
    // timers' slots.
    let (_mono, _real) = unsafe { (mono.as_ref().start(5 * MS), real.as_ref().start(5 * MS)) };

    tk.step_real_time(HOUR).expect("step the wall clock");
    advance(&tk, 5 * MS - Delta::from_nanos(1));
    assert_eq!((mono.data().runs(), real.data().runs()), (0, 0));
    advance(&tk, Delta::from_nanos(1));
    assert_eq!((mono.data().runs(), real.data().runs()), (1, 1));
    assert_eq!(
        mono.data().at.load(Ordering::Relaxed),
        (start + 5 * MS).to_ktime()
    );
}

#[test]
fn a_suspend_fires_boottime_timers_but_not_monotonic_ones() {
    let tk = timekeeper::test_mode();
    let boot = BoxHrTimer::new(Fired::<AbsoluteMode<BootTime>>::timer());
    let mono = ArcHrTimer::new(Fired::<RelativeMode<Monotonic>>::timer());
    let boot = boot.start(Instant::<BootTime>::now() + Delta::from_secs(60));
    let _mono = mono.clone().start(Delta::from_secs(60));
    tk.suspend(Delta::from_secs(120)).expect("suspend");
    assert_eq!(
        (boot.timer().data().runs(), mono.timer().data().runs()),
        (1, 0)
    );
}

#[test]
fn setting_the_tai_offset_fires_tai_timers_it_passes() {
    let tk = timekeeper::test_mode();
    let tai = BoxHrTimer::new(Fired::<AbsoluteMode<Tai>>::timer())
        .start(Instant::<Tai>::now() + Delta::from_secs(5));
    tk.set_tai_offset(Delta::from_secs(37 + 10))
        .expect("set TAI - UTC");
    assert_eq!(tai.timer().data().runs(), 1);
}

#[test]
fn a_periodic_timer_moves_on_with_forward() {
    let tk = timekeeper::test_mode();
    let mut timer = Heartbeat::start(Heartbeat::timer(MS, 5));
    for expected in 1..=5 {
        advance(&tk, MS);
        assert_eq!(timer.timer().data().completed(), expected);
    }
    // The fifth batch was the last: the timer stopped.
    advance(&tk, 10 * MS);
    let heartbeat = timer.timer().get_ref().data();
    assert_eq!((heartbeat.completed(), heartbeat.overruns()), (5, 0));
    assert!(!timer.cancel());
}

#[test]
fn a_late_periodic_timer_counts_its_overruns() {
    let tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let timer = Heartbeat::start(Heartbeat::timer(MS, 100));
    // 10.5 periods pass at once: the callback runs once, forward skips 9 missed periods
    // and sets the next expiry to 11 ms.
    advance(&tk, 10 * MS + MS / 2);
    let heartbeat = timer.timer().get_ref().data();
    assert_eq!((heartbeat.completed(), heartbeat.overruns()), (1, 9));
    assert_eq!(timer.timer().expires(), start + 11 * MS);
    advance(&tk, MS / 2);
    assert_eq!(heartbeat.completed(), 2);
}

#[test]
fn forward_moves_a_stopped_timer_by_whole_intervals() {
    let tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    stack_timer!(timer = Fired::<AbsoluteMode<Monotonic>>::timer());
    let mut timer = timer;
    timer.as_ref().start_scoped(start + MS, || advance(&tk, MS));
    assert_eq!(timer.data().runs(), 1);
    // Stopped, and `Pin<&mut HrTimer>` proves no handle is alive.
    // The expiry (1 ms) is not after now (1 ms): one interval moves it to 4 ms.
    assert_eq!(timer.as_mut().forward(start + MS, 3 * MS), 1);
    assert_eq!(timer.expires(), start + 4 * MS);
    // Already after now: nothing moves.
    assert_eq!(timer.as_mut().forward(start + 2 * MS, 3 * MS), 0);
    // At 1 ms the expiry (4 ms) is ahead: nothing to do.
    assert_eq!(timer.as_mut().forward_now(3 * MS), 0);
    // At 11 ms it is 7 ms behind: 3 intervals, to 13 ms.
    advance(&tk, 10 * MS);
    assert_eq!(timer.as_mut().forward_now(3 * MS), 3);
    assert_eq!(timer.expires(), start + 13 * MS);
}

#[test]
fn forward_moves_a_boxed_timer_given_back_stopped() {
    let tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let handle = BoxHrTimer::new(Fired::<AbsoluteMode<Monotonic>>::timer()).start(start + MS);
    advance(&tk, MS);
    let mut timer = handle.stop();
    assert_eq!(timer.timer().data().runs(), 1);
    assert_eq!(timer.timer_mut().forward(start + MS, 3 * MS), 1);
    assert_eq!(timer.timer().expires(), start + 4 * MS);
    // Started again, it runs at the new time.
    let handle = timer.start(start + 4 * MS);
    advance(&tk, 3 * MS);
    assert_eq!(handle.timer().data().runs(), 2);
}

#[test]
fn a_cancelled_timer_never_runs() {
    let tk = timekeeper::test_mode();
    stack_timer!(timer = Fired::<RelativeMode<Monotonic>>::timer());
    assert_eq!(timer.expires().to_ktime(), 0, "never started");
    // SAFETY: the handle is dropped (below) before the timer's slot.
    let mut handle = unsafe { timer.as_ref().start(MS) };
    assert!(handle.cancel());
    advance(&tk, 2 * MS);
    assert_eq!(timer.data().runs(), 0);
    assert!(!handle.cancel(), "a cancelled timer is not queued");
    drop(handle);
    // Started again, it runs.
    timer.as_ref().start_scoped(MS, || advance(&tk, MS));
    assert_eq!(timer.data().runs(), 1);
}

#[test]
fn leaving_start_scoped_cancels_the_timer() {
    let tk = timekeeper::test_mode();
    stack_timer!(timer = Fired::<RelativeMode<Monotonic>>::timer());
    let value = timer.as_ref().start_scoped(MS, || 7);
    assert_eq!(value, 7);
    advance(&tk, 2 * MS);
    assert_eq!(timer.data().runs(), 0);
}

#[test]
fn a_pin_mut_handle_cancels_when_dropped() {
    let tk = timekeeper::test_mode();
    stack_timer!(timer = Fired::<RelativeMode<Monotonic>>::timer());
    let mut timer = timer;
    timer.as_mut().start_scoped(MS, || ());
    advance(&tk, 2 * MS);
    assert_eq!(timer.data().runs(), 0);
    timer.as_mut().start_scoped(MS, || advance(&tk, MS));
    assert_eq!(timer.data().runs(), 1);
}

static DROPPED_RUNS: AtomicU32 = AtomicU32::new(0);

struct CountsInStatic;

impl HrTimerCallback for CountsInStatic {
    type TimerMode = RelativeMode<Monotonic>;

    fn run(_this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        DROPPED_RUNS.fetch_add(1, Ordering::Relaxed);
        HrTimerRestart::NoRestart
    }
}

#[test]
fn dropping_a_handle_cancels_its_timer() {
    let tk = timekeeper::test_mode();
    drop(BoxHrTimer::new(HrTimer::new(CountsInStatic)).start(MS));
    drop(ArcHrTimer::new(HrTimer::new(CountsInStatic)).start(MS));
    advance(&tk, 2 * MS);
    assert_eq!(DROPPED_RUNS.load(Ordering::Relaxed), 0);
}

/// Issue 21, item 1: a leaked handle of an owned timer leaks the timer, which stays
/// valid: the data is `'static` (a timer over borrowed data cannot be started in safe
/// code: `ui-tests/fail/hrtimer_leak_a_timer_over_borrowed_data.rs`). Valgrind reports
/// no invalid read when it fires.
#[test]
fn a_leaked_handle_leaks_a_valid_timer() {
    let tk = timekeeper::test_mode();
    let counter = ArcHrTimer::new(Fired::<RelativeMode<Monotonic>>::timer());
    core::mem::forget(counter.clone().start(MS));
    drop(Box::new(AtomicU32::new(7)));
    advance(&tk, 2 * MS);
    assert_eq!(counter.timer().data().runs(), 1);
}

/// Issue 21, item 5: an absolute timer at a negative instant (before the clock's
/// epoch, which `Instant::from_ktime` and saturating arithmetic can make) reaches C at
/// 0 and fires at once; the kernel would WARN on a negative expiry.
#[test]
fn an_expiry_before_the_epoch_reaches_c_as_zero() {
    let tk = timekeeper::test_mode();
    // SAFETY: a read of a counter; no arguments, no preconditions.
    let warnings = || unsafe { kernel_integration::bindings::hrtimer_test_negative_expiries() };
    let before = warnings();
    stack_timer!(timer = Fired::<AbsoluteMode<Monotonic>>::timer());
    let at = Instant::<Monotonic>::from_ktime(i64::MIN);
    timer
        .as_ref()
        .start_scoped(at, || advance(&tk, Delta::from_nanos(1)));
    assert_eq!(timer.data().runs(), 1);
    assert_eq!(timer.expires().to_ktime(), 0);
    stack_timer!(relative = Fired::<RelativeMode<Monotonic>>::timer());
    relative
        .as_ref()
        .start_scoped(Delta::from_nanos(i64::MIN), || {
            advance(&tk, Delta::from_nanos(1))
        });
    assert_eq!(relative.data().runs(), 1);
    assert_eq!(warnings(), before);
}

/// This binary, again, under `valgrind --error-exitcode=1`: every test above with no
/// invalid read or write. Skipped, saying so, where valgrind is not installed (except
/// under `CI`, where that fails); `scripts/valgrind-hrtimer.sh` runs the other timer
/// binaries too.
#[test]
fn the_timer_tests_run_clean_under_valgrind() {
    use std::process::Command;
    const INNER: &str = "UPSTREAM_SHIM_UNDER_VALGRIND";
    if std::env::var_os(INNER).is_some() {
        return;
    }
    if Command::new("valgrind").arg("--version").output().is_err() {
        // CI installs valgrind, and there a missing one is a failure, not a skip.
        assert!(
            std::env::var_os("CI").is_none(),
            "valgrind is not installed, and CI must run the timer tests under it"
        );
        eprintln!("valgrind is not installed: the valgrind run is skipped");
        return;
    }
    let exe = std::env::current_exe().expect("the test binary's path");
    let out = Command::new("valgrind")
        .args(["--quiet", "--error-exitcode=1", "--leak-check=no"])
        .arg(exe)
        .args(["--test-threads=1", "--skip", "under_valgrind"])
        .env(INNER, "1")
        .output()
        .expect("run valgrind");
    assert!(
        out.status.success(),
        "valgrind found errors:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_timer_is_the_c_struct_and_its_data() {
    use core::mem::size_of;
    use kernel_integration::bindings;
    assert_eq!(size_of::<bindings::hrtimer>(), 48);
    assert_eq!(size_of::<HrTimer<CountsInStatic>>(), 48);
}
