//! Intrusive hrtimers on the host hrtimer base: absolute timers follow their own clock
//! (a wall-clock step fires an absolute `RealTime` timer and leaves a `Monotonic` one
//! alone), relative timers count from their start, periodic timers move on with
//! `forward`, and cancelled or dropped timers never run. A timer is an `HrTimer` field
//! set up in place (`pin_init!`), started through a pointer: `Pin<&T>`/`Pin<&mut T>` in
//! `start_scoped` (or the `unsafe` `start`), or an owned `Arc`/`Pin<KBox>` whose `start`
//! is safe.
//!
//! The host base models the kernel's debug checks as counted warnings
//! (`host_test_warnings`): every test here but the two that show a documented limit
//! must leave the count unchanged.
//!
//! `scripts/valgrind-hrtimer.sh` runs this binary under valgrind.

use core::marker::PhantomData;
use core::sync::atomic::{AtomicBool, AtomicI64, AtomicU32, Ordering};

use kernel::alloc::flags::GFP_KERNEL;
use kernel::impl_has_hr_timer;
use kernel::prelude::*;
use kernel::sync::{Arc, ArcBorrow};
use kernel::time::hrtimer::{
    AbsoluteMode, AbsoluteSoftMode, CallbackRunning, HasHrTimer, HrTimer, HrTimerCallback,
    HrTimerCallbackContext, HrTimerHandle, HrTimerInstant, HrTimerMode, HrTimerPointer,
    HrTimerRestart, RelativeHardMode, RelativeMode, RelativePinnedMode, RelativeSoftMode,
    ScopedHrTimerPointer, UnsafeHrTimerPointer,
};
use kernel::time::kernel_services::Services;
use kernel::time::{BootTime, Delta, HrTimerClock, Instant, Monotonic, RealTime, Tai};
use kernel_integration::bindings;
use kernel_integration::timekeeper::{self, TestModeGuard};
use pinned_init::stack_pin_init;
use typed_clocks::ext::{DeltaExt, HrTimerExt, InstantExt};
use upstream_shim::drivers::heartbeat::Heartbeat;
use upstream_shim::kernel;

const MS: Delta = Delta::from_millis(1);
const HOUR: Delta = Delta::from_secs(3600);

/// The pointer a [`Fired`] timer is started through.
enum Stack {}
/// … `Pin<&mut Fired>`.
enum StackMut {}
/// … `Pin<KBox<Fired>>`.
enum Boxed {}
/// … `Arc<Fired>`.
enum Shared {}

/// A mode of this table's clocks (whose timers use this table's bindings).
trait Mode: HrTimerMode<Clock: HrTimerClock<Bindings = Services>> + 'static {}
impl<M: HrTimerMode<Clock: HrTimerClock<Bindings = Services>> + 'static> Mode for M {}

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
        self.at
            .store(HrTimerInstant::<Self>::now().to_ktime(), Ordering::Relaxed);
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

fn advance(tk: &TestModeGuard, by: Delta) {
    tk.advance(by).expect("advance the test clocks");
}

/// The host's count of kernel warnings (csrc/kernel.c).
fn warnings() -> i32 {
    // SAFETY: a read of a counter; no arguments, no preconditions.
    unsafe { bindings::host_test_warnings() }
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
        assert_eq!(timer.at(), (expires + MS).to_ktime());
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
        tk.step_real_time(2 * HOUR).expect("step the wall clock");
        assert_eq!(timer.runs(), 0);
        advance(&tk, HOUR - Delta::from_nanos(1));
        assert_eq!(timer.runs(), 0);
        advance(&tk, Delta::from_nanos(1));
        assert_eq!(timer.runs(), 1);
    });
    assert_eq!(timer.at(), expires.to_ktime());
    assert_eq!(timer.timer.expires(), expires);
}

#[test]
fn stepping_the_wall_clock_back_delays_an_absolute_realtime_timer() {
    let tk = timekeeper::test_mode();
    stack_pin_init!(let timer = Fired::<AbsoluteMode<RealTime>, Stack>::new());
    timer
        .as_ref()
        .start_scoped(Instant::<RealTime>::now() + 10 * MS, || {
            tk.step_real_time(-HOUR).expect("step the wall clock back");
            advance(&tk, 20 * MS);
            assert_eq!(timer.runs(), 0);
            advance(&tk, HOUR);
            assert_eq!(timer.runs(), 1);
        });
}

#[test]
fn relative_timers_count_from_their_start_on_their_own_clock() {
    let tk = timekeeper::test_mode();
    stack_pin_init!(let mono = Fired::<RelativeMode<Monotonic>, Stack>::new());
    // A relative RealTime timer is a timeout: the kernel queues it on the monotonic
    // base, so wall-clock steps do not move it.
    stack_pin_init!(let real = Fired::<RelativeMode<RealTime>, Stack>::new());
    let start = Instant::<Monotonic>::now();
    // SAFETY: both handles are dropped at the end of this function, before the
    // timers they borrow.
    let (_mono, _real) = unsafe { (mono.as_ref().start(5 * MS), real.as_ref().start(5 * MS)) };

    tk.step_real_time(HOUR).expect("step the wall clock");
    advance(&tk, 5 * MS - Delta::from_nanos(1));
    assert_eq!((mono.runs(), real.runs()), (0, 0));
    advance(&tk, Delta::from_nanos(1));
    assert_eq!((mono.runs(), real.runs()), (1, 1));
    assert_eq!(mono.at(), (start + 5 * MS).to_ktime());
}

#[test]
fn a_suspend_fires_boottime_timers_but_not_monotonic_ones() {
    let tk = timekeeper::test_mode();
    let boot = shared::<AbsoluteMode<BootTime>>();
    let mono = shared::<RelativeMode<Monotonic>>();
    let _boot = boot
        .clone()
        .start(Instant::<BootTime>::now() + Delta::from_secs(60));
    let _mono = mono.clone().start(Delta::from_secs(60));
    tk.suspend(Delta::from_secs(120)).expect("suspend");
    assert_eq!((boot.runs(), mono.runs()), (1, 0));
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
    advance(&tk, 10 * MS);
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
    advance(&tk, 10 * MS + MS.saturating_div(2));
    assert_eq!((heartbeat.completed(), heartbeat.overruns()), (1, 9));
    assert_eq!(heartbeat.hrtimer().expires(), start + 11 * MS);
    advance(&tk, MS.saturating_div(2));
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
    assert_eq!(timer_of(timer.as_mut()).forward(start + MS, 3 * MS), 1);
    assert_eq!(timer.timer.expires(), start + 4 * MS);
    // Already after now: nothing moves.
    assert_eq!(timer_of(timer.as_mut()).forward(start + 2 * MS, 3 * MS), 0);
    // At 1 ms the expiry (4 ms) is ahead: nothing to do.
    assert_eq!(timer_of(timer.as_mut()).forward_now(3 * MS), 0);
    // At 11 ms it is 7 ms behind: 3 intervals, to 13 ms.
    advance(&tk, 10 * MS);
    assert_eq!(timer_of(timer.as_mut()).forward_now(3 * MS), 3);
    assert_eq!(timer.timer.expires(), start + 13 * MS);
    // Started again, it runs at the new time.
    timer
        .as_ref()
        .start_scoped(start + 13 * MS, || advance(&tk, 2 * MS));
    assert_eq!(timer.runs(), 2);
}

#[test]
fn a_cancelled_timer_never_runs() {
    let tk = timekeeper::test_mode();
    stack_pin_init!(let timer = Fired::<RelativeMode<Monotonic>, Stack>::new());
    assert_eq!(timer.timer.expires().to_ktime(), 0, "never started");
    // SAFETY: the handle is dropped (below) before the timer.
    let mut handle = unsafe { timer.as_ref().start(MS) };
    assert!(handle.cancel());
    advance(&tk, 2 * MS);
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
    advance(&tk, 2 * MS);
    assert_eq!(timer.runs(), 0);
}

#[test]
fn a_pin_mut_handle_cancels_when_dropped() {
    let tk = timekeeper::test_mode();
    stack_pin_init!(let timer = Fired::<RelativeMode<Monotonic>, StackMut>::new());
    timer.as_mut().start_scoped(MS, || ());
    advance(&tk, 2 * MS);
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
    advance(&tk, 2 * MS);
    assert_eq!(arc.runs(), 0);
}

/// A leaked handle of an owned timer leaks the timer, which stays valid: the data is
/// `'static` (a timer over borrowed data cannot be started in safe code:
/// `ui-tests/fail/hrtimer_leak_a_stack_timer.rs`). Valgrind reports no
/// invalid read when it fires.
#[test]
fn a_leaked_handle_leaks_a_valid_timer() {
    let tk = timekeeper::test_mode();
    let counter = shared::<RelativeMode<Monotonic>>();
    core::mem::forget(counter.clone().start(MS));
    drop(std::boxed::Box::new(AtomicU32::new(7)));
    advance(&tk, 2 * MS);
    assert_eq!(counter.runs(), 1);
}

/// An absolute timer at a negative instant (before the clock's epoch, which
/// `Instant::from_ktime` and saturating arithmetic can make) and a negative relative
/// expiry reach C at 0 and fire at once; the kernel would WARN on a negative expiry.
#[test]
fn an_expiry_before_the_epoch_reaches_c_as_zero() {
    let tk = timekeeper::test_mode();
    // SAFETY: a read of a counter; no arguments, no preconditions.
    let negative = || unsafe { bindings::hrtimer_test_negative_expiries() };
    let before = negative();
    stack_pin_init!(let timer = Fired::<AbsoluteMode<Monotonic>, Stack>::new());
    let at = Instant::<Monotonic>::from_ktime(i64::MIN);
    timer
        .as_ref()
        .start_scoped(at, || advance(&tk, Delta::from_nanos(1)));
    assert_eq!(timer.runs(), 1);
    assert_eq!(timer.timer.expires().to_ktime(), 0);
    stack_pin_init!(let relative = Fired::<RelativeMode<Monotonic>, Stack>::new());
    relative
        .as_ref()
        .start_scoped(Delta::from_nanos(i64::MIN), || {
            advance(&tk, Delta::from_nanos(1))
        });
    assert_eq!(relative.runs(), 1);
    assert_eq!(negative(), before);
}

/// A periodic timer in one mode: forwards itself by `period` from its base's time.
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
/// and how far its next expiry is ahead of the time of `base`, the clock of the base
/// the timer is queued on.
fn periodic_runs<M: Mode>(tk: &TestModeGuard, first: M::Expires, base: fn() -> i64) -> (u32, i64) {
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
        timer.timer.expires().to_ktime() - base(),
    )
}

/// Issue 27, item 4: `forward_now` must forward from the time of the base the timer is
/// queued on, not from its clock's: a relative `RealTime` timer is queued on the
/// monotonic base, and forwarding it from the wall clock's time (about 1.7e18 ns) puts
/// its expiry decades ahead there, so that it runs once in 10 ms. Every mode of every
/// clock: 10 runs in 10 ms, the next expiry 1 ms ahead on its base.
#[test]
fn forward_now_follows_the_base_the_timer_is_queued_on_in_every_mode() {
    let tk = timekeeper::test_mode();
    let before = warnings();
    let mono = || Instant::<Monotonic>::now().to_ktime();
    let real = || Instant::<RealTime>::now().to_ktime();
    let boot = || Instant::<BootTime>::now().to_ktime();
    let tai = || Instant::<Tai>::now().to_ktime();
    let cases: [(&str, (u32, i64)); 12] = [
        (
            "RelativeMode<Monotonic>",
            periodic_runs::<RelativeMode<Monotonic>>(&tk, MS, mono),
        ),
        (
            "RelativeMode<RealTime>",
            periodic_runs::<RelativeMode<RealTime>>(&tk, MS, mono),
        ),
        (
            "RelativeMode<BootTime>",
            periodic_runs::<RelativeMode<BootTime>>(&tk, MS, boot),
        ),
        (
            "RelativeMode<Tai>",
            periodic_runs::<RelativeMode<Tai>>(&tk, MS, tai),
        ),
        (
            "RelativeSoftMode<RealTime>",
            periodic_runs::<RelativeSoftMode<RealTime>>(&tk, MS, mono),
        ),
        (
            "RelativeHardMode<RealTime>",
            periodic_runs::<RelativeHardMode<RealTime>>(&tk, MS, mono),
        ),
        (
            "RelativePinnedMode<RealTime>",
            periodic_runs::<RelativePinnedMode<RealTime>>(&tk, MS, mono),
        ),
        (
            "AbsoluteMode<Monotonic>",
            periodic_runs::<AbsoluteMode<Monotonic>>(&tk, Instant::<Monotonic>::now() + MS, mono),
        ),
        (
            "AbsoluteMode<RealTime>",
            periodic_runs::<AbsoluteMode<RealTime>>(&tk, Instant::<RealTime>::now() + MS, real),
        ),
        (
            "AbsoluteMode<BootTime>",
            periodic_runs::<AbsoluteMode<BootTime>>(&tk, Instant::<BootTime>::now() + MS, boot),
        ),
        (
            "AbsoluteMode<Tai>",
            periodic_runs::<AbsoluteMode<Tai>>(&tk, Instant::<Tai>::now() + MS, tai),
        ),
        (
            "AbsoluteSoftMode<RealTime>",
            periodic_runs::<AbsoluteSoftMode<RealTime>>(&tk, Instant::<RealTime>::now() + MS, real),
        ),
    ];
    for (mode, (runs, ahead)) in cases {
        assert_eq!(runs, 10, "{mode}: runs in 10 ms");
        assert_eq!(
            ahead,
            MS.as_nanos(),
            "{mode}: the next expiry is one period ahead"
        );
    }
    assert_eq!(warnings(), before);
}

/// A periodic relative `RealTime` timer that forwards itself from
/// `HrTimerInstant::<Self>::now()`, and records its largest overrun count.
#[pin_data]
struct WallPeriodic {
    #[pin]
    timer: HrTimer<Self>,
    runs: AtomicU32,
    max_overruns: AtomicI64,
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for WallPeriodic {
        mode: RelativeMode<RealTime>,
        field: self.timer
    }
}

impl HrTimerCallback for WallPeriodic {
    type Pointer<'a> = Arc<Self>;

    fn run(this: ArcBorrow<'_, Self>, mut ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.runs.fetch_add(1, Ordering::Relaxed);
        let overruns = ctx.forward(HrTimerInstant::<Self>::now(), MS);
        this.max_overruns.fetch_max(
            i64::try_from(overruns).unwrap_or(i64::MAX),
            Ordering::Relaxed,
        );
        HrTimerRestart::Restart
    }
}

/// Issue 33, item 3: the kernel queues a relative `CLOCK_REALTIME` timer on the
/// monotonic base, so its expiry and `forward`'s `now` are monotonic times:
/// `HrTimerInstant` of such a timer is `Instant<Monotonic>`. Typed by `RealTime`, a
/// callback forwarding from `HrTimerInstant::<Self>::now()` reported some 1.7e12
/// overruns and then ran once in 10 ms, and a timer started for an hour had an
/// `expires()` 1.7e9 s before `HrTimerInstant::now()`. (`ctx.forward` with an
/// `Instant<RealTime>` does not compile: `ui-tests/fail/hrtimer_forward_relative_realtime_with_wall_time.rs`.)
#[test]
fn a_relative_realtime_timer_is_typed_by_the_monotonic_base() {
    let tk = timekeeper::test_mode();
    let before = warnings();
    let Ok(timer) = Arc::pin_init(
        pin_init!(WallPeriodic {
            timer <- HrTimer::new(),
            runs: AtomicU32::new(0),
            max_overruns: AtomicI64::new(0),
        }),
        GFP_KERNEL,
    );
    let handle = timer.clone().start(MS);
    for _ in 0..10 {
        advance(&tk, MS);
    }
    assert_eq!(timer.runs.load(Ordering::Relaxed), 10, "runs in 10 ms");
    let _: Instant<Monotonic> = timer.timer.expires();
    assert_eq!(
        timer.max_overruns.load(Ordering::Relaxed),
        1,
        "one period each time"
    );
    assert_eq!(
        timer.timer.expires() - HrTimerInstant::<WallPeriodic>::now(),
        MS,
        "the next expiry is one period ahead"
    );
    drop(handle);
    let handle = timer.clone().start(HOUR);
    assert_eq!(
        timer.timer.expires() - HrTimerInstant::<WallPeriodic>::now(),
        HOUR
    );
    drop(handle);
    assert_eq!(warnings(), before);
}

/// A timer whose callback cancels it: dropping its own last handle, or `try_cancel`.
#[pin_data]
struct SelfCancel {
    #[pin]
    timer: HrTimer<Self>,
    handle: std::sync::Mutex<Option<<Arc<Self> as HrTimerPointer>::TimerHandle>>,
    tried: std::sync::Mutex<Option<Result<bool, CallbackRunning>>>,
    runs: AtomicU32,
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for SelfCancel {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

impl HrTimerCallback for SelfCancel {
    type Pointer<'a> = Arc<Self>;

    fn run(this: ArcBorrow<'_, Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.runs.fetch_add(1, Ordering::Relaxed);
        *this.tried.lock().unwrap() = Some(this.timer.try_cancel());
        // Dropping the handle cancels the timer and would wait for this callback.
        drop(this.handle.lock().unwrap().take());
        HrTimerRestart::NoRestart
    }
}

/// Issue 27, item 6: cancelling a timer from its own callback (here by dropping its
/// handle) would wait for itself for ever, a hard lockup in the kernel. It warns once
/// and returns; `try_cancel` there says the callback is running, and never waits.
#[test]
fn cancelling_a_timer_from_its_own_callback_warns_instead_of_hanging() {
    let tk = timekeeper::test_mode();
    let Ok(timer) = Arc::pin_init(
        pin_init!(SelfCancel {
            timer <- HrTimer::new(),
            handle: std::sync::Mutex::new(None),
            tried: std::sync::Mutex::new(None),
            runs: AtomicU32::new(0),
        }),
        GFP_KERNEL,
    );
    *timer.handle.lock().unwrap() = Some(timer.clone().start(MS));
    let before = warnings();
    advance(&tk, MS);
    assert_eq!(timer.runs.load(Ordering::Relaxed), 1);
    assert_eq!(*timer.tried.lock().unwrap(), Some(Err(CallbackRunning)));
    assert!(timer.handle.lock().unwrap().is_none());
    assert!(
        warnings() <= before + 1,
        "at most the one warning of the self-cancel (WARN_ONCE)"
    );
    // Outside its callback, `try_cancel` cancels.
    let _handle = timer.clone().start(MS);
    assert_eq!(timer.timer.try_cancel(), Ok(true));
    assert_eq!(timer.timer.try_cancel(), Ok(false));
}

/// Set when a [`SelfRelease`] is dropped.
static SELF_RELEASE_DROPPED: AtomicBool = AtomicBool::new(false);

/// Sets [`SELF_RELEASE_DROPPED`] when the struct that holds it is dropped.
struct DropFlag;

impl Drop for DropFlag {
    fn drop(&mut self) {
        SELF_RELEASE_DROPPED.store(true, Ordering::SeqCst);
    }
}

/// A timer whose only reference is its own handle, which its callback drops.
#[pin_data]
struct SelfRelease {
    #[pin]
    timer: HrTimer<Self>,
    handle: std::sync::Mutex<Option<<Arc<Self> as HrTimerPointer>::TimerHandle>>,
    /// Whether the struct was still alive after the callback dropped the handle.
    alive_after_drop: AtomicBool,
    flag: DropFlag,
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for SelfRelease {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

impl HrTimerCallback for SelfRelease {
    type Pointer<'a> = Arc<Self>;

    fn run(this: ArcBorrow<'_, Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        let handle = this.handle.lock().unwrap().take();
        drop(handle);
        // `this` is still in use: the struct must not have been freed by the drop.
        this.alive_after_drop.store(
            !SELF_RELEASE_DROPPED.load(Ordering::SeqCst),
            Ordering::SeqCst,
        );
        HrTimerRestart::NoRestart
    }
}

/// A handle dropped in its timer's own callback cannot wait for that callback: it
/// keeps the data for good (a leak, after the cancel's warning) instead of freeing it
/// under the running callback: releasing the last reference there would free the
/// struct while the callback still uses it.
#[test]
fn a_handle_dropped_in_its_own_callback_keeps_the_data_alive() {
    let tk = timekeeper::test_mode();
    let Ok(timer) = Arc::pin_init(
        pin_init!(SelfRelease {
            timer <- HrTimer::new(),
            handle: std::sync::Mutex::new(None),
            alive_after_drop: AtomicBool::new(false),
            flag: DropFlag,
        }),
        GFP_KERNEL,
    );
    let alive: *const AtomicBool = &timer.alive_after_drop;
    *timer.handle.lock().unwrap() = Some(timer.clone().start(MS));
    drop(timer); // The handle holds the last reference.
    advance(&tk, MS);
    assert!(
        !SELF_RELEASE_DROPPED.load(Ordering::SeqCst),
        "the struct was freed"
    );
    // SAFETY: the struct was not dropped (checked above), and it is never freed.
    assert!(unsafe { &*alive }.load(Ordering::SeqCst));
}

/// A timer whose callback, the first time, restarts its timer to expire now (as
/// `start(Delta::ZERO)` of a clone of its `Arc` does), then forwards it.
#[pin_data]
struct RestartThenForward {
    #[pin]
    timer: HrTimer<Self>,
    runs: AtomicU32,
    overruns: AtomicU32,
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for RestartThenForward {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

impl HrTimerCallback for RestartThenForward {
    type Pointer<'a> = Arc<Self>;

    fn run(this: ArcBorrow<'_, Self>, mut ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        if this.runs.fetch_add(1, Ordering::Relaxed) > 0 {
            return HrTimerRestart::NoRestart;
        }
        let ptr: *const Self = &*this;
        // SAFETY: `ptr` is the live `Arc` data the timer runs for, which the test's
        // handle keeps alive until the timer is cancelled.
        unsafe { <Self as HasHrTimer<Self>>::start(ptr, Delta::ZERO) };
        let overruns = ctx.forward_now(MS);
        this.overruns.store(overruns as u32, Ordering::Relaxed);
        HrTimerRestart::NoRestart
    }
}

/// Issue 33, item 4: a callback that restarts its own timer at or before now, then
/// forwards it, forwarded a queued timer, where the kernel warns
/// (`WARN_ON(timer->is_queued)`; the host base counts it). The forward checks
/// `hrtimer_is_queued()` first: 0 overruns, the expiry the restart set, no warning.
/// (Another thread's restart between that check and the forward is the limit shared
/// with upstream: restart a periodic timer from one place only.)
#[test]
fn forwarding_a_timer_its_callback_restarted_leaves_it_alone() {
    let tk = timekeeper::test_mode();
    let before = warnings();
    let Ok(timer) = Arc::pin_init(
        pin_init!(RestartThenForward {
            timer <- HrTimer::new(),
            runs: AtomicU32::new(0),
            overruns: AtomicU32::new(u32::MAX),
        }),
        GFP_KERNEL,
    );
    // SAFETY: a read of a counter.
    let queued = || unsafe { bindings::hrtimer_test_forwards_while_queued() };
    let queued_before = queued();
    let handle = timer.clone().start(MS);
    advance(&tk, MS);
    assert_eq!(queued(), queued_before, "no forward of a queued timer");
    assert_eq!(
        timer.overruns.load(Ordering::Relaxed),
        0,
        "nothing forwarded"
    );
    assert_eq!(timer.runs.load(Ordering::Relaxed), 2, "the restart ran");
    assert_eq!(warnings(), before);
    drop(handle);
}

/// Issue 33, item 8: `forward(now)` clamps `now` to `0..=KTIME_MAX` as `start` clamps
/// expiries. The kernel subtracts the expiry from `now` with wrapping arithmetic
/// (`ktime_sub()` under `-fno-strict-overflow`): from `now` near `i64::MIN`, a timer
/// expiring at 1 ms was forwarded to about `KTIME_MAX`, with some 9.2e15 overruns, and
/// never ran again (the UBSan build of the host C traps on that subtraction). Clamped to
/// 0, `now` is before the expiry: 0 overruns, the expiry unchanged.
#[test]
fn forward_from_before_the_epoch_forwards_from_zero() {
    let tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    stack_pin_init!(let timer = Fired::<AbsoluteMode<Monotonic>, Stack>::new());
    timer.as_ref().start_scoped(start + MS, || advance(&tk, MS));
    assert_eq!(timer.runs(), 1);
    let long_ago = Instant::<Monotonic>::from_ktime(i64::MIN + 1);
    assert_eq!(timer_of(timer.as_mut()).forward(long_ago, 3 * MS), 0);
    assert_eq!(timer.timer.expires(), start + MS);
    assert_eq!(timer_of(timer.as_mut()).forward(start + MS, 3 * MS), 1);
    assert_eq!(timer.timer.expires(), start + 4 * MS);
}

/// Issue 27, item 7: a timer on the stack must be set up with
/// `hrtimer_setup_on_stack()`, so that debugobjects (`CONFIG_DEBUG_OBJECTS_TIMERS`,
/// modelled by the host base) accepts it: plain `hrtimer_setup()` of the same place
/// warns "object … is on stack, but NOT annotated".
#[test]
fn a_stack_timer_is_set_up_as_one() {
    let tk = timekeeper::test_mode();
    let before = warnings();
    stack_pin_init!(let timer = Fired::<RelativeMode<Monotonic>, Stack>::new());
    timer.as_ref().start_scoped(MS, || advance(&tk, MS));
    assert_eq!(timer.runs(), 1);
    let boxed = boxed::<RelativeMode<Monotonic>>();
    drop(boxed);
    assert_eq!(warnings(), before, "no debugobjects warning for either");

    unsafe extern "C" fn noop(_timer: *mut bindings::hrtimer) -> bindings::hrtimer_restart {
        bindings::hrtimer_restart::HRTIMER_NORESTART
    }
    let mut raw = core::mem::MaybeUninit::<bindings::hrtimer>::uninit();
    // SAFETY: `raw` is writable memory for a C timer, never started.
    unsafe {
        bindings::hrtimer_setup(
            raw.as_mut_ptr(),
            Some(noop),
            bindings::CLOCK_MONOTONIC as _,
            bindings::hrtimer_mode_HRTIMER_MODE_REL,
        )
    };
    assert_eq!(
        warnings(),
        before + 1,
        "plain hrtimer_setup() of a stack place"
    );
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

/// Issue 27, item 8: `read_poll_timeout` calls `might_sleep()` first, as upstream's
/// does, so polling in atomic context (a timer callback) is reported, as
/// `CONFIG_DEBUG_ATOMIC_SLEEP` reports it in the kernel; outside it is not.
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

/// A generic `#[repr(packed)]` struct: `Packed<Fired<…>>` compiles (a concrete packed
/// struct around a timer does not: `ui-tests/fail/hrtimer_in_a_packed_struct_field.rs`),
/// and puts the timer at offset 1.
#[pin_data]
#[repr(C, packed)]
struct Packed<I> {
    tag: u8,
    #[pin]
    inner: I,
}

/// Holds a [`Packed`] at an 8-aligned address, so that its timer is at 1 mod 8.
#[pin_data]
#[repr(C, align(8))]
struct AlignedHolder<I> {
    #[pin]
    packed: Packed<I>,
}

/// Issue 33, item 2: a timer set up in place at an address 1 mod 8 (the field of a
/// generic packed struct) made the C code access a misaligned `struct hrtimer`: the
/// UBSan (alignment) build of the host C traps in `__hrtimer_setup`, and dropping the
/// packed struct ran `hrtimer_destroy_in_place()` on the aligned copy Rust moves the
/// field to. `HrTimer::new` leaves a misaligned place zero-filled instead (its C
/// callback is `NULL`), starting it does nothing, cancelling finds it stopped, and the
/// drop of the copy calls no C (the copy's callback is `NULL`).
#[test]
fn a_misaligned_timer_is_never_set_up_nor_started() {
    type Inner = Fired<RelativeMode<Monotonic>, Stack>;
    let tk = timekeeper::test_mode();
    let before = warnings();
    stack_pin_init!(let holder = pin_init!(AlignedHolder::<Inner> {
        packed <- pin_init!(Packed::<Inner> { tag: 1, inner <- Inner::new() }),
    }));
    let inner: *const Inner = core::ptr::addr_of!(holder.packed.inner);
    // SAFETY: `inner` points to the initialized `Fired` in `holder`; the field is read
    // unaligned, by value.
    let timer = unsafe { core::ptr::addr_of!((*inner).timer) };
    assert_eq!(
        timer.cast::<u8>() as usize % 8,
        1,
        "the timer is misaligned"
    );
    // SAFETY: `timer` points to the C timer's bytes, initialized (zero-filled or set
    // up); an unaligned read by value.
    let c_timer = unsafe { timer.cast::<bindings::hrtimer>().read_unaligned() };
    assert!(c_timer.function.is_none(), "never set up");
    // SAFETY: `inner` points to a valid `Fired` that outlives the timer (`holder` is
    // dropped after the cancel below).
    unsafe { <Inner as HasHrTimer<Inner>>::start(inner, MS) };
    advance(&tk, 2 * MS);
    // SAFETY: `inner` points to a valid `Fired`; `runs` is read unaligned, by value.
    let runs = unsafe { core::ptr::addr_of!((*inner).runs).read_unaligned() };
    assert_eq!(runs.into_inner(), 0, "never started");
    // SAFETY: `timer` is the timer field of a valid `Fired`.
    assert!(!unsafe { HrTimer::raw_cancel(timer) }, "found stopped");
    assert_eq!(warnings(), before);
}

/// What [`CancelsWhenDropped`]'s drop saw: `try_cancel`'s answer and the expiry.
static DROP_SAW: std::sync::Mutex<Option<(Result<bool, CallbackRunning>, i64)>> =
    std::sync::Mutex::new(None);

/// A timer whose struct cancels it when dropped.
#[pin_data(PinnedDrop)]
struct CancelsWhenDropped {
    #[pin]
    timer: HrTimer<Self>,
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for CancelsWhenDropped {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

impl HrTimerCallback for CancelsWhenDropped {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(_this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        HrTimerRestart::NoRestart
    }
}

#[pinned_init::pinned_drop]
impl PinnedDrop for CancelsWhenDropped {
    fn drop(self: Pin<&mut Self>) {
        let saw = (self.timer.try_cancel(), self.timer.expires().to_ktime());
        *DROP_SAW
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(saw);
    }
}

/// The drop of a struct in a generic packed struct runs on the aligned copy Rust
/// moves the field to: there a timer that was never set up (misaligned in place) is
/// zero-filled, and `try_cancel` and `expires` call no C on it (C would read its
/// `NULL` base).
#[test]
fn a_drop_sees_a_copy_of_a_misaligned_timer_as_stopped() {
    let _tk = timekeeper::test_mode();
    {
        stack_pin_init!(let holder = pin_init!(AlignedHolder::<CancelsWhenDropped> {
            packed <- pin_init!(Packed::<CancelsWhenDropped> {
                tag: 1,
                inner <- pin_init!(CancelsWhenDropped { timer <- HrTimer::new() }),
            }),
        }));
        let _ = holder;
    }
    let saw = DROP_SAW
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .take();
    assert_eq!(saw, Some((Ok(false), 0)));
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
