//! Typed hrtimers on the host hrtimer base: absolute timers follow their own clock
//! (a wall-clock step fires an absolute `RealTime` timer and leaves a `Monotonic` one
//! alone), relative timers count from their start, periodic timers move on with
//! `forward`, and cancelled or dropped timers never run.

use core::marker::PhantomData;
use core::pin::{pin, Pin};
use core::sync::atomic::{AtomicI64, AtomicU32, Ordering};

use kernel_integration::timekeeper::{self, TestModeGuard};
use upstream_shim::drivers::heartbeat::Heartbeat;
use upstream_shim::kernel::time::hrtimer::{
    AbsoluteMode, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerInstant, HrTimerMode,
    HrTimerRestart, RelativeMode,
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
    fn timer() -> HrTimer<Fired<M>>
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

#[test]
fn an_absolute_realtime_timer_fires_when_the_wall_clock_is_stepped_past_it() {
    let tk = timekeeper::test_mode();
    let timer = pin!(Fired::<AbsoluteMode<RealTime>>::timer());
    let expires = Instant::<RealTime>::now() + HOUR;
    timer.as_ref().start(expires);

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
}

#[test]
fn an_absolute_monotonic_timer_ignores_a_wall_clock_step() {
    let tk = timekeeper::test_mode();
    let timer = pin!(Fired::<AbsoluteMode<Monotonic>>::timer());
    let expires = Instant::<Monotonic>::now() + HOUR;
    timer.as_ref().start(expires);

    tk.step_real_time(2 * HOUR).expect("step the wall clock");
    assert_eq!(timer.data().runs(), 0);
    advance(&tk, HOUR - Delta::from_nanos(1));
    assert_eq!(timer.data().runs(), 0);
    advance(&tk, Delta::from_nanos(1));
    assert_eq!(timer.data().runs(), 1);
    assert_eq!(timer.data().at.load(Ordering::Relaxed), expires.to_ktime());
    assert_eq!(timer.expires(), Some(expires));
}

#[test]
fn stepping_the_wall_clock_back_delays_an_absolute_realtime_timer() {
    let tk = timekeeper::test_mode();
    let timer = pin!(Fired::<AbsoluteMode<RealTime>>::timer());
    timer.as_ref().start(Instant::<RealTime>::now() + 10 * MS);
    tk.step_real_time(-HOUR).expect("step the wall clock back");
    advance(&tk, 20 * MS);
    assert_eq!(timer.data().runs(), 0);
    advance(&tk, HOUR);
    assert_eq!(timer.data().runs(), 1);
}

#[test]
fn relative_timers_count_from_their_start_on_their_own_clock() {
    let tk = timekeeper::test_mode();
    let mono = pin!(Fired::<RelativeMode<Monotonic>>::timer());
    // A relative RealTime timer is a timeout: the kernel queues it on the monotonic
    // base, so wall-clock steps do not move it.
    let real = pin!(Fired::<RelativeMode<RealTime>>::timer());
    let start = Instant::<Monotonic>::now();
    mono.as_ref().start(5 * MS);
    real.as_ref().start(5 * MS);

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
    let boot = pin!(Fired::<AbsoluteMode<BootTime>>::timer());
    let mono = pin!(Fired::<RelativeMode<Monotonic>>::timer());
    boot.as_ref()
        .start(Instant::<BootTime>::now() + Delta::from_secs(60));
    mono.as_ref().start(Delta::from_secs(60));
    tk.suspend(Delta::from_secs(120)).expect("suspend");
    assert_eq!((boot.data().runs(), mono.data().runs()), (1, 0));
}

#[test]
fn setting_the_tai_offset_fires_tai_timers_it_passes() {
    let tk = timekeeper::test_mode();
    let tai = pin!(Fired::<AbsoluteMode<Tai>>::timer());
    tai.as_ref()
        .start(Instant::<Tai>::now() + Delta::from_secs(5));
    tk.set_tai_offset(Delta::from_secs(37 + 10))
        .expect("set TAI - UTC");
    assert_eq!(tai.data().runs(), 1);
}

#[test]
fn a_periodic_timer_moves_on_with_forward() {
    let tk = timekeeper::test_mode();
    let timer = pin!(Heartbeat::timer(MS, 5));
    Heartbeat::start(timer.as_ref());
    for expected in 1..=5 {
        advance(&tk, MS);
        assert_eq!(timer.data().completed(), expected);
    }
    // The fifth batch was the last: the timer stopped.
    advance(&tk, 10 * MS);
    assert_eq!((timer.data().completed(), timer.data().overruns()), (5, 0));
    assert!(!timer.as_ref().cancel());
}

#[test]
fn a_late_periodic_timer_counts_its_overruns() {
    let tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let timer = pin!(Heartbeat::timer(MS, 100));
    Heartbeat::start(timer.as_ref());
    // 10.5 periods pass at once: the callback runs once, forward skips 9 missed periods
    // and sets the next expiry to 11 ms.
    advance(&tk, 10 * MS + MS / 2);
    assert_eq!((timer.data().completed(), timer.data().overruns()), (1, 9));
    assert_eq!(timer.expires(), Some(start + 11 * MS));
    advance(&tk, MS / 2);
    assert_eq!(timer.data().completed(), 2);
}

#[test]
fn forward_moves_a_stopped_timer_by_whole_intervals() {
    let tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let mut timer = pin!(Fired::<AbsoluteMode<Monotonic>>::timer());
    timer.as_ref().start(start + MS);
    advance(&tk, MS);
    assert_eq!(timer.data().runs(), 1);
    // The expiry (1 ms) is not after now (1 ms): one interval moves it to 4 ms.
    assert_eq!(timer.as_mut().forward(start + MS, 3 * MS), 1);
    assert_eq!(timer.expires(), Some(start + 4 * MS));
    // Already after now: nothing moves.
    assert_eq!(timer.as_mut().forward(start + 2 * MS, 3 * MS), 0);
    // At 1 ms the expiry (4 ms) is ahead: nothing to do.
    assert_eq!(timer.as_mut().forward_now(3 * MS), 0);
    // At 11 ms it is 7 ms behind: 3 intervals, to 13 ms.
    advance(&tk, 10 * MS);
    assert_eq!(timer.as_mut().forward_now(3 * MS), 3);
    assert_eq!(timer.expires(), Some(start + 13 * MS));
}

#[test]
fn a_cancelled_timer_never_runs() {
    let tk = timekeeper::test_mode();
    let timer = pin!(Fired::<RelativeMode<Monotonic>>::timer());
    assert!(
        !timer.as_ref().cancel(),
        "a timer never started is not queued"
    );
    assert_eq!(timer.expires(), None);
    timer.as_ref().start(MS);
    assert!(timer.as_ref().cancel());
    advance(&tk, 2 * MS);
    assert_eq!(timer.data().runs(), 0);
    assert!(!timer.as_ref().cancel());
    // Started again, it runs.
    timer.as_ref().start(MS);
    advance(&tk, MS);
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
fn dropping_a_started_timer_cancels_it() {
    let tk = timekeeper::test_mode();
    {
        let timer = pin!(HrTimer::new(CountsInStatic));
        timer.as_ref().start(MS);
    }
    advance(&tk, 2 * MS);
    assert_eq!(DROPPED_RUNS.load(Ordering::Relaxed), 0);
}

#[test]
fn a_timer_is_the_c_struct_plus_one_state_byte_and_its_data() {
    use core::mem::size_of;
    use kernel_integration::bindings;
    assert_eq!(size_of::<bindings::hrtimer>(), 48);
    assert_eq!(size_of::<HrTimer<CountsInStatic>>(), 56);
}
