//! The kernel's intrusive hrtimers (`kernel::time::hrtimer`, upstream's files with the
//! series' patches) on the host hrtimer base: absolute timers follow their own clock
//! (a wall-clock step fires an absolute `RealTime` timer and leaves a `Monotonic` one
//! alone), relative timers count from their start, periodic timers move on with
//! `forward`, and cancelled or dropped timers never run. A timer is an `HrTimer` field
//! set up in place (`pin_init!`), started through a pointer: `Pin<&T>`/`Pin<&mut T>` in
//! `start_scoped` (or the `unsafe` `start`), or an owned `Arc`/`Pin<KBox>` whose `start`
//! is safe.
//!
//! The host base models the kernel's debug checks as counted warnings
//! (`host_test_warnings`): the tests here that count them leave the count unchanged,
//! but the one that polls in a callback. The tests of the series' soundness fixes are
//! `kernel-integration/tests/hrtimer_*.rs`.
//!
//! This binary runs itself under valgrind (`the_timer_tests_run_clean_under_valgrind`);
//! `scripts/valgrind-hrtimer.sh` runs the other timer binaries.

use core::marker::PhantomData;
use core::sync::atomic::{AtomicI64, AtomicU32, Ordering};

use kernel::alloc::flags::GFP_KERNEL;
use kernel::bindings;
use kernel::impl_has_hr_timer;
use kernel::prelude::*;
use kernel::sync::{Arc, ArcBorrow};
use kernel::time::hrtimer::{
    AbsoluteHardMode, AbsoluteMode, AbsolutePinnedMode, AbsoluteSoftMode, HrTimer, HrTimerCallback,
    HrTimerCallbackContext, HrTimerHandle, HrTimerInstant, HrTimerMode, HrTimerPointer,
    HrTimerRestart, RelativeHardMode, RelativeMode, RelativePinnedHardMode, RelativePinnedMode,
    RelativePinnedSoftMode, RelativeSoftMode, ScopedHrTimerPointer, UnsafeHrTimerPointer,
};
use kernel::time::{BootTime, ClockSource, Delta, Instant, Monotonic, RealTime, Tai};
use kernel::timekeeper::{self, TestModeGuard};
use pinned_init::stack_pin_init;
use upstream_shim::drivers::heartbeat::Heartbeat;

mod support;
use support::{advance, ktime, warnings};

const MS: Delta = Delta::from_millis(1);
const HOUR: Delta = Delta::from_secs(3600);

/// The pointer a [`Fired`] timer is started through: `Pin<&Fired>`.
enum Stack {}
/// … `Pin<&mut Fired>`.
enum StackMut {}
/// … `Pin<KBox<Fired>>`.
enum Boxed {}
/// … `Arc<Fired>`.
enum Shared {}

/// A timer mode of the kernel's (each has a clock with an hrtimer base).
trait Mode: HrTimerMode + 'static {}
impl<M: HrTimerMode + 'static> Mode for M {}

/// The clock of mode `M`, now, as its `ktime_t`.
fn clock_now<M: Mode>() -> i64 {
    <M::Clock as ClockSource>::ktime_get()
}

/// Counts its callbacks and records the clock's reading at the last one; a timer in
/// mode `M`, started through the pointer `P`.
#[pin_data]
struct Fired<M, P> {
    #[pin]
    timer: HrTimer<Self>,
    runs: AtomicU32,
    at: AtomicI64,
    _p: PhantomData<fn() -> (M, P)>,
}

impl_has_hr_timer! {
    impl{M: Mode, P} HasHrTimer<Self> for Fired<M, P> {
        mode: M,
        field: self.timer
    }
}

impl<M: Mode, P> Fired<M, P> {
    fn new() -> impl PinInit<Self>
    where
        Self: HrTimerCallback,
    {
        pin_init!(Self {
            timer <- HrTimer::new(),
            runs: AtomicU32::new(0),
            at: AtomicI64::new(i64::MIN),
            _p: PhantomData,
        })
    }

    fn runs(&self) -> u32 {
        self.runs.load(Ordering::Relaxed)
    }

    fn at(&self) -> i64 {
        self.at.load(Ordering::Relaxed)
    }

    fn record(&self) -> HrTimerRestart {
        self.runs.fetch_add(1, Ordering::Relaxed);
        self.at.store(clock_now::<M>(), Ordering::Relaxed);
        HrTimerRestart::NoRestart
    }
}

impl<M: Mode> HrTimerCallback for Fired<M, Stack> {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.record()
    }
}

impl<M: Mode> HrTimerCallback for Fired<M, StackMut> {
    type Pointer<'a> = Pin<&'a mut Self>;

    fn run(this: Pin<&mut Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.record()
    }
}

impl<M: Mode> HrTimerCallback for Fired<M, Boxed> {
    type Pointer<'a> = Pin<KBox<Self>>;

    fn run(this: Pin<&mut Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.record()
    }
}

impl<M: Mode> HrTimerCallback for Fired<M, Shared> {
    type Pointer<'a> = Arc<Self>;

    fn run(this: ArcBorrow<'_, Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.record()
    }
}

fn boxed<M: Mode>() -> Pin<KBox<Fired<M, Boxed>>> {
    let Ok(timer) = KBox::pin_init(Fired::<M, Boxed>::new(), GFP_KERNEL);
    timer
}

fn shared<M: Mode>() -> Arc<Fired<M, Shared>> {
    let Ok(timer) = Arc::pin_init(Fired::<M, Shared>::new(), GFP_KERNEL);
    timer
}

/// The timer field of a pinned `Fired`, pinned too.
fn timer_of<M, P>(fired: Pin<&mut Fired<M, P>>) -> Pin<&mut HrTimer<Fired<M, P>>> {
    // SAFETY: a structural projection to the `#[pin]` field `timer`; nothing moves.
    unsafe { fired.map_unchecked_mut(|fired| &mut fired.timer) }
}

#[test]
fn an_absolute_realtime_timer_fires_when_the_wall_clock_is_stepped_past_it() {
    let tk = timekeeper::test_mode();
    stack_pin_init!(let timer = Fired::<AbsoluteMode<RealTime>, Stack>::new());
    let expires = Instant::<RealTime>::now() + HOUR;
    timer.as_ref().start_scoped(expires, || {
        advance(&tk, MS);
        assert_eq!(timer.runs(), 0);
        // settimeofday() one hour ahead: the wall clock is now past the expiry.
        tk.step_real_time(HOUR).expect("step the wall clock");
        assert_eq!(timer.runs(), 1);
        assert_eq!(timer.at(), ktime(expires + MS));
        advance(&tk, HOUR);
        assert_eq!(timer.runs(), 1);
    });
}

#[test]
fn an_absolute_monotonic_timer_ignores_a_wall_clock_step() {
    let tk = timekeeper::test_mode();
    stack_pin_init!(let timer = Fired::<AbsoluteMode<Monotonic>, Stack>::new());
    let expires = Instant::<Monotonic>::now() + HOUR;
    timer.as_ref().start_scoped(expires, || {
        tk.step_real_time(HOUR * 2).expect("step the wall clock");
        assert_eq!(timer.runs(), 0);
        advance(&tk, HOUR - Delta::from_nanos(1));
        assert_eq!(timer.runs(), 0);
        advance(&tk, Delta::from_nanos(1));
        assert_eq!(timer.runs(), 1);
    });
    assert_eq!(timer.at(), ktime(expires));
    assert_eq!(timer.timer.expires() - expires, Delta::ZERO);
}

#[test]
fn stepping_the_wall_clock_back_delays_an_absolute_realtime_timer() {
    let tk = timekeeper::test_mode();
    stack_pin_init!(let timer = Fired::<AbsoluteMode<RealTime>, Stack>::new());
    timer
        .as_ref()
        .start_scoped(Instant::<RealTime>::now() + MS * 10, || {
            tk.step_real_time(Delta::from_secs(-3600))
                .expect("step the wall clock back");
            advance(&tk, MS * 20);
            assert_eq!(timer.runs(), 0);
            advance(&tk, HOUR);
            assert_eq!(timer.runs(), 1);
        });
}

#[test]
fn relative_timers_count_from_their_start_on_their_own_clock() {
    let tk = timekeeper::test_mode();
    stack_pin_init!(let mono = Fired::<RelativeMode<Monotonic>, Stack>::new());
    stack_pin_init!(let boot = Fired::<RelativeMode<BootTime>, Stack>::new());
    let start = Instant::<Monotonic>::now();
    // SAFETY: both handles are dropped at the end of this function, before the
    // timers they borrow.
    let (_mono, _boot) = unsafe { (mono.as_ref().start(MS * 5), boot.as_ref().start(MS * 5)) };

    // A wall-clock step moves neither.
    tk.step_real_time(HOUR).expect("step the wall clock");
    advance(&tk, MS * 5 - Delta::from_nanos(1));
    assert_eq!((mono.runs(), boot.runs()), (0, 0));
    advance(&tk, Delta::from_nanos(1));
    assert_eq!((mono.runs(), boot.runs()), (1, 1));
    assert_eq!(mono.at(), ktime(start + MS * 5));
}

#[test]
fn a_suspend_fires_boottime_timers_but_not_monotonic_ones() {
    let tk = timekeeper::test_mode();
    let boot = shared::<AbsoluteMode<BootTime>>();
    let mono = shared::<RelativeMode<Monotonic>>();
    let relative_boot = shared::<RelativeMode<BootTime>>();
    let _boot = boot
        .clone()
        .start(Instant::<BootTime>::now() + Delta::from_secs(60));
    let _mono = mono.clone().start(Delta::from_secs(60));
    let _relative_boot = relative_boot.clone().start(Delta::from_secs(60));
    tk.suspend(Delta::from_secs(120)).expect("suspend");
    assert_eq!((boot.runs(), mono.runs(), relative_boot.runs()), (1, 0, 1));
}

#[test]
fn setting_the_tai_offset_fires_tai_timers_it_passes() {
    let tk = timekeeper::test_mode();
    let tai = shared::<AbsoluteMode<Tai>>();
    let _tai = tai
        .clone()
        .start(Instant::<Tai>::now() + Delta::from_secs(5));
    tk.set_tai_offset(Delta::from_secs(37 + 10))
        .expect("set TAI - UTC");
    assert_eq!(tai.runs(), 1);
}

#[test]
fn a_boxed_timer_runs_and_its_handle_owns_it() {
    let tk = timekeeper::test_mode();
    let before = warnings();
    let mut handle = boxed::<RelativeMode<Monotonic>>().start(MS);
    advance(&tk, MS);
    assert!(!handle.cancel(), "it ran and stopped");
    drop(handle);
    assert_eq!(warnings(), before);
}

#[test]
fn a_periodic_timer_moves_on_with_forward() {
    let tk = timekeeper::test_mode();
    let heartbeat = Heartbeat::timer(MS, 5);
    let mut handle = Heartbeat::start(heartbeat.clone());
    for expected in 1..=5 {
        advance(&tk, MS);
        assert_eq!(heartbeat.completed(), expected);
    }
    // The fifth batch was the last: the timer stopped.
    advance(&tk, MS * 10);
    assert_eq!((heartbeat.completed(), heartbeat.overruns()), (5, 0));
    assert!(!handle.cancel());
}

#[test]
fn a_late_periodic_timer_counts_its_overruns() {
    let tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let heartbeat = Heartbeat::timer(MS, 100);
    let _handle = Heartbeat::start(heartbeat.clone());
    // 10.5 periods pass at once: the callback runs once, forward skips 9 missed periods
    // and sets the next expiry to 11 ms.
    advance(&tk, MS * 10 + Delta::from_micros(500));
    assert_eq!((heartbeat.completed(), heartbeat.overruns()), (1, 9));
    assert_eq!(heartbeat.hrtimer().expires() - start, MS * 11);
    advance(&tk, Delta::from_micros(500));
    assert_eq!(heartbeat.completed(), 2);
}

#[test]
fn forward_moves_a_stopped_timer_by_whole_intervals() {
    let tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    stack_pin_init!(let timer = Fired::<AbsoluteMode<Monotonic>, Stack>::new());
    timer.as_ref().start_scoped(start + MS, || advance(&tk, MS));
    assert_eq!(timer.runs(), 1);
    // Stopped, and `Pin<&mut HrTimer>` proves no handle is alive.
    // The expiry (1 ms) is not after now (1 ms): one interval moves it to 4 ms.
    assert_eq!(timer_of(timer.as_mut()).forward(start + MS, MS * 3), 1);
    assert_eq!(timer.timer.expires() - start, MS * 4);
    // Already after now: nothing moves.
    assert_eq!(timer_of(timer.as_mut()).forward(start + MS * 2, MS * 3), 0);
    // At 1 ms the expiry (4 ms) is ahead: nothing to do.
    assert_eq!(timer_of(timer.as_mut()).forward_now(MS * 3), 0);
    // At 11 ms it is 7 ms behind: 3 intervals, to 13 ms.
    advance(&tk, MS * 10);
    assert_eq!(timer_of(timer.as_mut()).forward_now(MS * 3), 3);
    assert_eq!(timer.timer.expires() - start, MS * 13);
    // Started again, it runs at the new time.
    timer
        .as_ref()
        .start_scoped(start + MS * 13, || advance(&tk, MS * 2));
    assert_eq!(timer.runs(), 2);
}

/// `forward(now)` from the clock's epoch (an instant minus the largest span saturates
/// there): `now` is before the expiry, so nothing moves.
#[test]
fn forward_from_the_epoch_moves_nothing() {
    let tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    stack_pin_init!(let timer = Fired::<AbsoluteMode<Monotonic>, Stack>::new());
    timer.as_ref().start_scoped(start + MS, || advance(&tk, MS));
    assert_eq!(timer.runs(), 1);
    let epoch = start - Delta::from_nanos(i64::MAX);
    assert_eq!(timer_of(timer.as_mut()).forward(epoch, MS * 3), 0);
    assert_eq!(timer.timer.expires() - start, MS);
    assert_eq!(timer_of(timer.as_mut()).forward(start + MS, MS * 3), 1);
    assert_eq!(timer.timer.expires() - start, MS * 4);
}

#[test]
fn a_cancelled_timer_never_runs() {
    let tk = timekeeper::test_mode();
    stack_pin_init!(let timer = Fired::<RelativeMode<Monotonic>, Stack>::new());
    assert_eq!(ktime(timer.timer.expires()), 0, "never started");
    // SAFETY: the handle is dropped (below) before the timer.
    let mut handle = unsafe { timer.as_ref().start(MS) };
    assert!(handle.cancel());
    advance(&tk, MS * 2);
    assert_eq!(timer.runs(), 0);
    assert!(!handle.cancel(), "a cancelled timer is not queued");
    drop(handle);
    // Started again, it runs.
    timer.as_ref().start_scoped(MS, || advance(&tk, MS));
    assert_eq!(timer.runs(), 1);
}

#[test]
fn leaving_start_scoped_cancels_the_timer() {
    let tk = timekeeper::test_mode();
    stack_pin_init!(let timer = Fired::<RelativeMode<Monotonic>, Stack>::new());
    let value = timer.as_ref().start_scoped(MS, || 7);
    assert_eq!(value, 7);
    advance(&tk, MS * 2);
    assert_eq!(timer.runs(), 0);
}

#[test]
fn a_pin_mut_handle_cancels_when_dropped() {
    let tk = timekeeper::test_mode();
    stack_pin_init!(let timer = Fired::<RelativeMode<Monotonic>, StackMut>::new());
    timer.as_mut().start_scoped(MS, || ());
    advance(&tk, MS * 2);
    assert_eq!(timer.runs(), 0);
    timer.as_mut().start_scoped(MS, || advance(&tk, MS));
    assert_eq!(timer.runs(), 1);
}

#[test]
fn dropping_a_handle_cancels_its_timer() {
    let tk = timekeeper::test_mode();
    let arc = shared::<RelativeMode<Monotonic>>();
    drop(arc.clone().start(MS));
    drop(boxed::<RelativeMode<Monotonic>>().start(MS));
    advance(&tk, MS * 2);
    assert_eq!(arc.runs(), 0);
}

/// A leaked handle of an owned timer leaks the timer, which stays valid: the data is
/// `'static`. Valgrind reports no invalid read when it fires.
#[test]
fn a_leaked_handle_leaks_a_valid_timer() {
    let tk = timekeeper::test_mode();
    let counter = shared::<RelativeMode<Monotonic>>();
    core::mem::forget(counter.clone().start(MS));
    drop(std::boxed::Box::new(AtomicU32::new(7)));
    advance(&tk, MS * 2);
    assert_eq!(counter.runs(), 1);
}

/// A periodic timer in one mode: forwards itself by `period` from its clock's time.
#[pin_data]
struct Periodic<M> {
    #[pin]
    timer: HrTimer<Self>,
    period: Delta,
    runs: AtomicU32,
    _m: PhantomData<fn() -> M>,
}

impl_has_hr_timer! {
    impl{M: Mode} HasHrTimer<Self> for Periodic<M> {
        mode: M,
        field: self.timer
    }
}

impl<M: Mode> HrTimerCallback for Periodic<M> {
    type Pointer<'a> = Arc<Self>;

    fn run(this: ArcBorrow<'_, Self>, mut ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.runs.fetch_add(1, Ordering::Relaxed);
        ctx.forward_now(this.period);
        HrTimerRestart::Restart
    }
}

/// Runs a 1 ms periodic timer in mode `M` for 10 ms, and returns how many times it ran
/// and how far its next expiry is ahead of its clock's time.
fn periodic_runs<M: Mode>(tk: &TestModeGuard, first: M::Expires) -> (u32, Delta) {
    let Ok(timer) = Arc::pin_init(
        pin_init!(Periodic::<M> {
            timer <- HrTimer::new(),
            period: MS,
            runs: AtomicU32::new(0),
            _m: PhantomData,
        }),
        GFP_KERNEL,
    );
    let _handle = timer.clone().start(first);
    for _ in 0..10 {
        advance(tk, MS);
    }
    (
        timer.runs.load(Ordering::Relaxed),
        timer.timer.expires() - HrTimerInstant::<Periodic<M>>::now(),
    )
}

/// Every mode of every clock with an hrtimer base: 10 runs in 10 ms, the next expiry
/// one period ahead of the clock (`forward_now` forwards from the time of the base the
/// timer is queued on, which is its clock's).
#[test]
fn a_periodic_timer_runs_once_a_period_in_every_mode() {
    let tk = timekeeper::test_mode();
    let before = warnings();
    let cases: [(&str, (u32, Delta)); 15] = [
        (
            "RelativeMode<Monotonic>",
            periodic_runs::<RelativeMode<Monotonic>>(&tk, MS),
        ),
        (
            "RelativeMode<BootTime>",
            periodic_runs::<RelativeMode<BootTime>>(&tk, MS),
        ),
        (
            "RelativeMode<Tai>",
            periodic_runs::<RelativeMode<Tai>>(&tk, MS),
        ),
        (
            "RelativeSoftMode<Monotonic>",
            periodic_runs::<RelativeSoftMode<Monotonic>>(&tk, MS),
        ),
        (
            "RelativeHardMode<BootTime>",
            periodic_runs::<RelativeHardMode<BootTime>>(&tk, MS),
        ),
        (
            "RelativePinnedMode<Tai>",
            periodic_runs::<RelativePinnedMode<Tai>>(&tk, MS),
        ),
        (
            "RelativePinnedSoftMode<Monotonic>",
            periodic_runs::<RelativePinnedSoftMode<Monotonic>>(&tk, MS),
        ),
        (
            "RelativePinnedHardMode<BootTime>",
            periodic_runs::<RelativePinnedHardMode<BootTime>>(&tk, MS),
        ),
        (
            "AbsoluteMode<Monotonic>",
            periodic_runs::<AbsoluteMode<Monotonic>>(&tk, Instant::<Monotonic>::now() + MS),
        ),
        (
            "AbsoluteMode<RealTime>",
            periodic_runs::<AbsoluteMode<RealTime>>(&tk, Instant::<RealTime>::now() + MS),
        ),
        (
            "AbsoluteMode<BootTime>",
            periodic_runs::<AbsoluteMode<BootTime>>(&tk, Instant::<BootTime>::now() + MS),
        ),
        (
            "AbsoluteMode<Tai>",
            periodic_runs::<AbsoluteMode<Tai>>(&tk, Instant::<Tai>::now() + MS),
        ),
        (
            "AbsoluteSoftMode<RealTime>",
            periodic_runs::<AbsoluteSoftMode<RealTime>>(&tk, Instant::<RealTime>::now() + MS),
        ),
        (
            "AbsolutePinnedMode<Tai>",
            periodic_runs::<AbsolutePinnedMode<Tai>>(&tk, Instant::<Tai>::now() + MS),
        ),
        (
            "AbsoluteHardMode<RealTime>",
            periodic_runs::<AbsoluteHardMode<RealTime>>(&tk, Instant::<RealTime>::now() + MS),
        ),
    ];
    for (mode, (runs, ahead)) in cases {
        assert_eq!(runs, 10, "{mode}: runs in 10 ms");
        assert_eq!(ahead, MS, "{mode}: the next expiry is one period ahead");
    }
    assert_eq!(warnings(), before);
}

/// A timer whose callback polls: `read_poll_timeout` may sleep.
#[pin_data]
struct PollsInCallback {
    #[pin]
    timer: HrTimer<Self>,
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for PollsInCallback {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

impl HrTimerCallback for PollsInCallback {
    type Pointer<'a> = Arc<Self>;

    fn run(_this: ArcBorrow<'_, Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        let _ = kernel::io::poll::read_poll_timeout(|| Ok(1), |_| true, Delta::ZERO, MS);
        HrTimerRestart::NoRestart
    }
}

/// `read_poll_timeout` calls `might_sleep()` first, as upstream's does, so polling in
/// atomic context (a timer callback) is reported, as `CONFIG_DEBUG_ATOMIC_SLEEP`
/// reports it in the kernel; outside it is not.
#[test]
fn read_poll_timeout_in_a_timer_callback_is_reported() {
    let tk = timekeeper::test_mode();
    let before = warnings();
    assert_eq!(
        kernel::io::poll::read_poll_timeout(|| Ok(1), |_| true, Delta::ZERO, MS),
        Ok(1)
    );
    assert_eq!(warnings(), before, "not in atomic context");
    let Ok(timer) = Arc::pin_init(
        pin_init!(PollsInCallback { timer <- HrTimer::new() }),
        GFP_KERNEL,
    );
    let _handle = timer.clone().start(MS);
    advance(&tk, MS);
    assert_eq!(warnings(), before + 1, "might_sleep() in a timer callback");
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
fn a_timer_is_the_c_struct() {
    use core::mem::{align_of, size_of};
    assert_eq!(
        size_of::<HrTimer<Fired<RelativeMode<Monotonic>, Stack>>>(),
        size_of::<bindings::hrtimer>()
    );
    assert_eq!(
        align_of::<HrTimer<Fired<RelativeMode<Monotonic>, Stack>>>(),
        align_of::<bindings::hrtimer>()
    );
}
