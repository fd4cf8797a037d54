// SPDX-License-Identifier: GPL-2.0

//! `typed_clocks`: the clocks of the kernel crate's `kernel::time`, which the in-tree
//! series generates with `declare_clocks!` from the project's root `clocks.toml`,
//! checked from an ordinary module against the kernel's own timekeeping when it
//! loads.
//!
//! The checks report in KTAP ([`ktap`]): one suite, `typed_clocks`, one test per check,
//! its figures on a diagnostic line. `scripts/linux-test` boots the module under QEMU
//! and hands those lines to the kernel's `kunit.py parse`. A row added to
//! `clocks.toml` is checked with no edit here: the per-clock checks go over the table
//! with the generated `for_each_clock` and `CLOCKS`.
//!
//! Beyond module init, `/init` drives the module through `/proc/typed_clocks`
//! ([`harness`]): a real S3 suspend ([`suspend`]), wall-clock steps ([`step`]), with
//! reader kthreads on both CPUs throughout ([`smp`]); the suite's result line is
//! printed when the module is unloaded. [`zero_cost`] holds the
//! typed/raw function pairs that `scripts/linux-test` disassembles.

use core::ffi::c_int;
use core::fmt;
use core::marker::PhantomData;
use core::pin::Pin;
use core::sync::atomic::{AtomicI64, AtomicU32, Ordering};
use kernel::bindings;
use kernel::io::poll;
use kernel::prelude::*;
use kernel::time::ext::{ClockSourceExt, DeltaExt, InstantExt};
use kernel::time::{
    delay, for_each_clock, hrtimer, kernel_services, msecs_to_jiffies, ClockId, ClockSource,
    ClockVisitor, ConvertsTo, Delta, HrTimerClock, Instant, Ktime, CLOCKS,
};
use kernel::time::{BootTime, Monotonic, RealTime, Tai};
use ktap::diag;
use pin_init::stack_pin_init;

pub mod harness;
mod ktap;
mod rows;
pub mod smp;
mod step;
mod suspend;
mod timers;
pub mod zero_cost;

module! {
    type: TypedClocks,
    name: "typed_clocks",
    authors: ["typed-clocks"],
    description: "The clocks of clocks.toml, checked against the kernel's timekeeping",
    license: "GPL",
}

/// The module: the checks in `init`, the reader kthreads and the proc file it leaves
/// running for `/init`'s suspend and steps, and the summary when it is unloaded.
struct TypedClocks {
    readers: c_int,
}

impl kernel::Module for TypedClocks {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        SUITE.begin();
        let mut checks = Checks;
        diag!("{} clocks in clocks.toml", CLOCKS.len());
        rows::rows_match_table(&mut checks);
        for_each_clock(&mut AgreesWithKernel(&mut checks));
        table_matches_types(&mut checks);
        for_each_clock(&mut NeverBackwards(&mut checks));
        elapsed_never_negative(&mut checks);
        conversion::<RealTime>(&mut checks, bindings::tk_offsets_TK_OFFS_REAL);
        conversion::<BootTime>(&mut checks, bindings::tk_offsets_TK_OFFS_BOOT);
        conversion::<Tai>(&mut checks, bindings::tk_offsets_TK_OFFS_TAI);
        conversion_between_offsets(&mut checks);
        sleeps(&mut checks);
        generated_delays(&mut checks);
        generated_poll(&mut checks);
        generated_hrtimers(&mut checks);
        diag!("zero-cost pairs present: {}", (zero_cost::touch() != 1));
        timers::init_all()?;
        // SAFETY: module init, before the proc file exists: nothing else runs here.
        let readers = unsafe { harness::typed_clocks_readers_start() };
        diag!("two CPUs: {} reader kthreads started", readers);
        // SAFETY: creates the proc file; its handler calls `harness::typed_clocks_phase`.
        if unsafe { harness::typed_clocks_proc_create() } != 0 {
            // SAFETY: stops the readers started above.
            unsafe { harness::typed_clocks_readers_stop() };
            return Err(ENOMEM);
        }
        Ok(TypedClocks { readers })
    }
}

impl Drop for TypedClocks {
    fn drop(&mut self) {
        // SAFETY: waits for a command in progress; none runs after this.
        unsafe { harness::typed_clocks_proc_remove() };
        // SAFETY: stops the readers started in `init`.
        unsafe { harness::typed_clocks_readers_stop() };
        timers::cancel_all();
        let mut checks = Checks;
        smp::report(&mut checks, self.readers);
        SUITE.end();
    }
}

/// The module's KTAP suite: module init, the proc commands and exit add to it.
static SUITE: ktap::Suite = ktap::Suite::new("typed_clocks");

/// The checks, each a test of [`SUITE`].
pub(crate) struct Checks;

impl Checks {
    pub(crate) fn check(&mut self, ok: bool, what: fmt::Arguments<'_>) {
        SUITE.check(ok, what);
    }
}

/// Reads per loop in the monotonicity and `elapsed()` checks.
const READS: u32 = 50_000;

/// The kernel's own reading of clock `id`, through an accessor that no row of the
/// default table uses: the lock-free `*_fast_ns` family (`kernel/time/timekeeping.c`),
/// which reads the same clocksource through its own copy of the timekeeper. `None`
/// for an id without such an accessor.
fn kernel_reading(id: ClockId) -> Option<(&'static str, Ktime)> {
    let Ok(id) = u32::try_from(id) else {
        return None;
    };
    // SAFETY: the `*_fast_ns` accessors take no arguments, may be called in any
    // context, NMI included, and only read timekeeping state.
    let (name, ns) = unsafe {
        match id {
            bindings::CLOCK_REALTIME | bindings::CLOCK_REALTIME_COARSE => {
                ("ktime_get_real_fast_ns", bindings::ktime_get_real_fast_ns())
            }
            bindings::CLOCK_MONOTONIC | bindings::CLOCK_MONOTONIC_COARSE => {
                ("ktime_get_mono_fast_ns", bindings::ktime_get_mono_fast_ns())
            }
            bindings::CLOCK_MONOTONIC_RAW => {
                ("ktime_get_raw_fast_ns", bindings::ktime_get_raw_fast_ns())
            }
            bindings::CLOCK_BOOTTIME => {
                ("ktime_get_boot_fast_ns", bindings::ktime_get_boot_fast_ns())
            }
            bindings::CLOCK_TAI => ("ktime_get_tai_fast_ns", bindings::ktime_get_tai_fast_ns()),
            _ => return None,
        }
    };
    // As `ns_to_ktime`: the nanoseconds reinterpreted as `ktime_t`.
    Some((name, ns as Ktime))
}

/// How far a reading may lag behind the kernel's: 25 ticks (100 ms at HZ=250). A
/// coarse clock is the time of the last tick, and under an emulator on a loaded host
/// ticks come late and in pairs (8 ms steps at HZ=250); clocks that differ in epoch
/// (REALTIME against MONOTONIC) differ by far more.
pub(crate) fn lag_allowed() -> Delta {
    // SAFETY: `jiffies_to_usecs` converts a number; it has no preconditions.
    let usecs = unsafe { harness::typed_clocks_jiffies_to_usecs(25) };
    Delta::from_micros(i64::from(usecs))
}

/// Each clock of the table, read between two readings of the clock its `clockid`
/// names, taken by the kernel's own accessor: a getter that reads another clock than
/// its id says (a REALTIME getter on a MONOTONIC row) falls outside the bracket.
struct AgreesWithKernel<'a>(&'a mut Checks);

impl ClockVisitor for AgreesWithKernel<'_> {
    fn visit<C: ClockSourceExt>(&mut self) {
        let id = C::ID;
        let Some((reference, before)) = kernel_reading(id) else {
            let now = Instant::<C>::now();
            self.0.check(
                true,
                format_args!(
                    "clock {} id={}: no kernel accessor to compare with; reads {:?}",
                    C::NAME,
                    id,
                    now
                ),
            );
            return;
        };
        let now = Instant::<C>::now();
        let after = kernel_reading(id).map_or(before, |(_, after)| after);
        let slack = lag_allowed();
        let lowest = Instant::<C>::from_ktime(before) - slack;
        let highest = Instant::<C>::from_ktime(after);
        self.0.check(
            lowest <= now && now <= highest,
            format_args!(
                "clock {} id={} monotonic={}: reads {:?}; {} read {} before, {} after (lag allowed {})",
                C::NAME,
                id,
                C::MONOTONIC,
                now,
                reference,
                before,
                after,
                slack
            ),
        );
    }
}

/// The generated `CLOCKS` array lists the same clocks, in the same order, as the types
/// `for_each_clock` visits, and each entry's reader reads its own clock.
fn table_matches_types(checks: &mut Checks) {
    struct Compare<'a> {
        index: usize,
        mismatches: u32,
        names: &'a mut [&'static str; 16],
    }
    impl ClockVisitor for Compare<'_> {
        fn visit<C: ClockSourceExt>(&mut self) {
            let agrees = CLOCKS.get(self.index).is_some_and(|info| {
                let before = Instant::<C>::now();
                let read = Instant::<C>::from_ktime((info.read)());
                let after = Instant::<C>::now();
                info.name == C::NAME
                    && info.id == C::ID
                    && info.monotonic == C::MONOTONIC
                    && (!C::MONOTONIC || (before <= read && read <= after))
            });
            if !agrees {
                self.mismatches += 1;
            }
            if let Some(slot) = self.names.get_mut(self.index) {
                *slot = C::NAME;
            }
            self.index += 1;
        }
    }
    let mut names = [""; 16];
    let mut compare = Compare {
        index: 0,
        mismatches: 0,
        names: &mut names,
    };
    for_each_clock(&mut compare);
    let (visited, mismatches) = (compare.index, compare.mismatches);
    let shown = &names[..visited.min(names.len())];
    checks.check(
        visited == CLOCKS.len() && mismatches == 0,
        format_args!(
            "CLOCKS: {} entries, for_each_clock visits {} types ({:?}); names, ids, monotonic flags and readers agree ({} mismatches)",
            CLOCKS.len(),
            visited,
            shown,
            mismatches
        ),
    );
}

/// Every clock the table declares monotonic, read [`READS`] times in a row: no reading
/// is earlier than the one before. Reports the clock's observed step.
struct NeverBackwards<'a>(&'a mut Checks);

impl ClockVisitor for NeverBackwards<'_> {
    fn visit<C: ClockSourceExt>(&mut self) {
        if !C::MONOTONIC {
            return;
        }
        let first = Instant::<C>::now();
        let mut previous = first;
        let (mut backwards, mut steps, mut smallest) = (0u32, 0u32, Delta::MAX);
        for _ in 1..READS {
            let now = Instant::<C>::now();
            if now < previous {
                backwards += 1;
            } else if now > previous {
                steps += 1;
                smallest = smallest.min(now - previous);
            }
            previous = now;
        }
        self.0.check(
            backwards == 0,
            format_args!(
                "monotonic {}: {} reads over {}, {} backwards; {} advances, smallest {}",
                C::NAME,
                READS,
                previous - first,
                backwards,
                steps,
                if steps == 0 { Delta::ZERO } else { smallest }
            ),
        );
    }
}

/// `elapsed()` on `Monotonic`: never negative, never decreasing, and zero for an
/// instant in the future.
fn elapsed_never_negative(checks: &mut Checks) {
    let start = Instant::<Monotonic>::now();
    let (mut previous, mut bad) = (Delta::ZERO, 0u32);
    for _ in 0..READS {
        let elapsed = start.elapsed();
        if elapsed.is_negative() || elapsed < previous {
            bad += 1;
        }
        previous = elapsed;
    }
    let future = (Instant::<Monotonic>::now() + Delta::from_secs(1)).elapsed();
    checks.check(
        bad == 0 && future == Delta::ZERO,
        format_args!(
            "elapsed Monotonic: {} calls, {} negative or decreasing, last {}; 1s ahead: {}",
            READS, bad, previous, future
        ),
    );
}

/// `Instant<Monotonic>::to_clock::<D>()` against the kernel's `ktime_mono_to_any`: the
/// same value, an exact round trip back, and between two direct readings of `D`.
fn conversion<D>(checks: &mut Checks, offset: bindings::tk_offsets)
where
    D: ClockSourceExt + ConvertsTo<Monotonic>,
    Monotonic: ConvertsTo<D>,
{
    let direct_before = Instant::<D>::now();
    let mono = Instant::<Monotonic>::now();
    let direct_after = Instant::<D>::now();
    let converted: Instant<D> = mono.to_clock();
    // SAFETY: `ktime_mono_to_any` accepts any time and a valid `enum tk_offsets`
    // member, and only reads the timekeeper's offsets.
    let kernel = unsafe { bindings::ktime_mono_to_any(mono.to_ktime(), offset) };
    let back: Instant<Monotonic> = converted.to_clock();
    checks.check(
        converted.to_ktime() == kernel
            && back == mono
            && direct_before <= converted
            && converted <= direct_after,
        format_args!(
            "to_clock Monotonic->{}: {:?} == ktime_mono_to_any {} (offset {}), back {:?}, direct reads {:?}..{:?}",
            D::NAME,
            converted,
            kernel,
            converted - Instant::<D>::from_ktime(mono.to_ktime()),
            back,
            direct_before,
            direct_after
        ),
    );
}

/// A conversion between two clocks with offsets goes through their base:
/// `RealTime -> Tai` is `ktime_mono_to_any(real - offs_real, TK_OFFS_TAI)`.
fn conversion_between_offsets(checks: &mut Checks) {
    let real = Instant::<RealTime>::now();
    let tai: Instant<Tai> = real.to_clock();
    let mono: Instant<Monotonic> = real.to_clock();
    // SAFETY: as in `conversion`.
    let kernel =
        unsafe { bindings::ktime_mono_to_any(mono.to_ktime(), bindings::tk_offsets_TK_OFFS_TAI) };
    checks.check(
        tai.to_ktime() == kernel && tai.to_clock::<RealTime>() == real,
        format_args!(
            "to_clock RealTime->Tai: {:?} == ktime_mono_to_any {} (TAI - UTC = {}), back exact",
            tai,
            kernel,
            tai - Instant::<Tai>::from_ktime(real.to_ktime())
        ),
    );
}

/// Returns right after a timer tick of this CPU (a 1 ms `msleep` wakes from the timer
/// wheel, which the tick runs after updating jiffies), so that a jiffies-based sleep
/// started next starts from current jiffies. Under the emulator a tick can come
/// milliseconds late, and an `msleep(20)` armed before it arrived, from stale jiffies,
/// ended after 17.7-18.3 ms of ktime (twice in 21 runs on two vCPUs).
fn after_a_tick() {
    // SAFETY: `msleep` may sleep: module init runs in process context, holding no lock.
    unsafe { bindings::msleep(1) };
}

/// Real sleeps through the bindings, each measured with `Instant<Monotonic>`: at least
/// what was asked.
fn sleeps(checks: &mut Checks) {
    fn measured(sleep: impl FnOnce()) -> Delta {
        after_a_tick();
        let start = Instant::<Monotonic>::now();
        sleep();
        start.elapsed()
    }
    let asked = Delta::from_millis(20);
    // SAFETY: `msleep` may sleep: module init runs in process context, holding no lock.
    let slept = measured(|| unsafe { bindings::msleep(20) });
    checks.check(
        slept >= asked,
        format_args!("msleep(20): slept {}, asked {}", slept, asked),
    );
    for usecs in [5_000usize, 50_000] {
        let asked = Delta::from_micros(usecs as i64);
        // SAFETY: as above, for `fsleep`.
        let slept = measured(|| unsafe { bindings::fsleep(usecs) });
        checks.check(
            slept >= asked,
            format_args!("fsleep({}): slept {}, asked {}", usecs, slept, asked),
        );
    }
}

/// Sleeps and busy-waits through the generated `delay` module (`kernel_services = true`
/// in the table): at least what was asked, measured by `Instant<Monotonic>`.
fn generated_delays(checks: &mut Checks) {
    fn measured(sleep: impl FnOnce()) -> Delta {
        after_a_tick();
        let start = Instant::<Monotonic>::now();
        sleep();
        start.elapsed()
    }
    for asked in [
        Delta::from_micros(15),
        Delta::from_millis(3),
        Delta::from_millis(30),
    ] {
        let slept = measured(|| delay::fsleep(asked));
        checks.check(
            slept >= asked,
            format_args!("delay::fsleep({}): slept {}", asked, slept),
        );
    }
    let asked = Delta::from_micros(500);
    let waited = measured(|| delay::udelay(asked));
    checks.check(
        waited >= asked,
        format_args!("delay::udelay({}): waited {}", asked, waited),
    );
    let jiffies = msecs_to_jiffies(20);
    // SAFETY: `jiffies_to_usecs` converts a number; it has no preconditions.
    let back = unsafe { harness::typed_clocks_jiffies_to_usecs(jiffies) };
    checks.check(
        back >= 20_000,
        format_args!("msecs_to_jiffies(20): {} jiffies = {} us", jiffies, back),
    );
}

/// `poll::read_poll_timeout` and `read_poll_timeout_atomic` from the generated `poll`
/// module: a condition met after 20 ms returns its value, one never met times out with
/// `ETIMEDOUT` no earlier than the timeout, and an error of `op` comes back as it is.
fn generated_poll(checks: &mut Checks) {
    use kernel::error::code::{EIO, ETIMEDOUT};
    let start = Instant::<Monotonic>::now();
    let wait = Delta::from_millis(20);
    let met = poll::read_poll_timeout(
        || Ok(Instant::<Monotonic>::now()),
        |now| *now - start >= wait,
        Delta::from_millis(2),
        Delta::from_secs(1),
    );
    let took = start.elapsed();
    checks.check(
        matches!(met, Ok(at) if at - start >= wait) && took < Delta::from_secs(1),
        format_args!(
            "poll::read_poll_timeout until 20ms have passed: {:?} after {}",
            met.map(|at| at - start),
            took
        ),
    );

    let start = Instant::<Monotonic>::now();
    let timeout = Delta::from_millis(20);
    let never = poll::read_poll_timeout(|| Ok(0u32), |_| false, Delta::from_millis(5), timeout);
    let took = start.elapsed();
    checks.check(
        never == Err(ETIMEDOUT) && took >= timeout,
        format_args!(
            "poll::read_poll_timeout never met: {:?} after {} (timeout {})",
            never, took, timeout
        ),
    );

    let failed = poll::read_poll_timeout(|| Err::<u32, _>(EIO), |_| true, Delta::ZERO, timeout);
    checks.check(
        failed == Err(EIO),
        format_args!("poll::read_poll_timeout, op fails: {:?}", failed),
    );

    let mut calls = 0u32;
    let atomic = poll::read_poll_timeout_atomic(
        || {
            calls += 1;
            Ok(calls)
        },
        |calls| *calls >= 5,
        Delta::from_micros(10),
        100,
    );
    checks.check(
        atomic == Ok(5),
        format_args!(
            "poll::read_poll_timeout_atomic, met at the 5th read: {:?}",
            atomic
        ),
    );
}

/// The period of the periodic timer.
const PERIOD: Delta = Delta::from_millis(5);

/// A mode of this kernel's clocks (whose timers use `kernel::time`'s bindings).
pub(crate) trait Mode:
    hrtimer::HrTimerMode<Clock: HrTimerClock<Bindings = kernel_services::Services>> + 'static
{
}

impl<M> Mode for M where
    M: hrtimer::HrTimerMode<Clock: HrTimerClock<Bindings = kernel_services::Services>> + 'static
{
}

/// A periodic timer in mode `M`: records when it runs, on its base's clock, and
/// forwards itself one period from its base's time (`forward_now`) until it has run
/// three times.
#[pin_data]
struct Periodic<M> {
    #[pin]
    timer: hrtimer::HrTimer<Self>,
    fired_at: [AtomicI64; 3],
    runs: AtomicU32,
    _mode: PhantomData<fn() -> M>,
}

kernel::impl_has_hr_timer! {
    impl{M: Mode} HasHrTimer<Self> for Periodic<M> {
        mode: M,
        field: self.timer
    }
}

impl<M: Mode> Periodic<M> {
    fn new() -> impl PinInit<Self> {
        pin_init!(Self {
            timer <- hrtimer::HrTimer::new(),
            fired_at: [AtomicI64::new(0), AtomicI64::new(0), AtomicI64::new(0)],
            runs: AtomicU32::new(0),
            _mode: PhantomData,
        })
    }
}

impl<M: Mode> hrtimer::HrTimerCallback for Periodic<M> {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(
        this: Pin<&Self>,
        mut ctx: hrtimer::HrTimerCallbackContext<'_, Self>,
    ) -> hrtimer::HrTimerRestart {
        let n = this.runs.fetch_add(1, Ordering::Relaxed) as usize;
        if let Some(slot) = this.fired_at.get(n) {
            slot.store(Instant::<Monotonic>::now().to_ktime(), Ordering::Relaxed);
        }
        if n + 1 >= this.fired_at.len() {
            return hrtimer::HrTimerRestart::NoRestart;
        }
        ctx.forward_now(PERIOD);
        hrtimer::HrTimerRestart::Restart
    }
}

/// A one-shot timer at an absolute time on clock `C`: records when it ran, on `C`.
#[pin_data]
struct AtInstant<C: HrTimerClock> {
    #[pin]
    timer: hrtimer::HrTimer<Self>,
    fired_at: AtomicI64,
    runs: AtomicU32,
    _clock: PhantomData<fn() -> C>,
}

kernel::impl_has_hr_timer! {
    impl{C: HrTimerClock<Bindings = kernel_services::Services> + 'static}
        HasHrTimer<Self> for AtInstant<C>
    {
        mode: hrtimer::AbsoluteMode<C>,
        field: self.timer
    }
}

impl<C: HrTimerClock<Bindings = kernel_services::Services> + 'static> AtInstant<C> {
    fn new() -> impl PinInit<Self> {
        pin_init!(Self {
            timer <- hrtimer::HrTimer::new(),
            fired_at: AtomicI64::new(0),
            runs: AtomicU32::new(0),
            _clock: PhantomData,
        })
    }
}

impl<C: HrTimerClock<Bindings = kernel_services::Services> + 'static> hrtimer::HrTimerCallback
    for AtInstant<C>
{
    type Pointer<'a> = Pin<&'a Self>;

    fn run(
        this: Pin<&Self>,
        _ctx: hrtimer::HrTimerCallbackContext<'_, Self>,
    ) -> hrtimer::HrTimerRestart {
        this.fired_at
            .store(Instant::<C>::now().to_ktime(), Ordering::Relaxed);
        this.runs.fetch_add(1, Ordering::Relaxed);
        hrtimer::HrTimerRestart::NoRestart
    }
}

/// Sleeps in steps of 1 ms until `done` or one second has passed.
fn wait_for(done: impl Fn() -> bool) {
    for _ in 0..1000 {
        if done() {
            return;
        }
        delay::fsleep(Delta::from_millis(1));
    }
}

/// The intrusive hrtimers of `kernel::time::hrtimer`, on the stack (set up with
/// `hrtimer_setup_on_stack()`, which `CONFIG_DEBUG_OBJECTS_TIMERS` checks): a periodic
/// timer runs three times, the n-th no earlier than n periods after the start, in each
/// of `RelativeMode<Monotonic>`, `RelativeMode<RealTime>` (queued on the monotonic
/// base: `forward_now` must forward from that base's time), `RelativeMode<BootTime>`
/// and `RelativeSoftMode<Tai>`; `cancel` reports an idle timer as idle and a started
/// one as started; absolute timers on `Monotonic` and on `RealTime` never run before
/// their expiry.
fn generated_hrtimers(checks: &mut Checks) {
    periodic_timer::<hrtimer::RelativeMode<Monotonic>>(checks, "RelativeMode<Monotonic>");
    periodic_timer::<hrtimer::RelativeMode<RealTime>>(checks, "RelativeMode<RealTime>");
    periodic_timer::<hrtimer::RelativeMode<BootTime>>(checks, "RelativeMode<BootTime>");
    periodic_timer::<hrtimer::RelativeSoftMode<Tai>>(checks, "RelativeSoftMode<Tai>");
    absolute_timer::<Monotonic>(checks);
    absolute_timer::<RealTime>(checks);
}

/// One periodic timer in mode `M` (a relative mode), on the stack.
fn periodic_timer<M: Mode<Expires = Delta>>(checks: &mut Checks, mode: &str) {
    use hrtimer::{HrTimerHandle, ScopedHrTimerPointer, UnsafeHrTimerPointer};
    stack_pin_init!(let timer = Periodic::<M>::new());
    let timer = timer.into_ref();
    let start = Instant::<Monotonic>::now();
    timer.start_scoped(PERIOD, || {
        wait_for(|| timer.runs.load(Ordering::Relaxed) >= 3)
    });
    let runs = timer.runs.load(Ordering::Relaxed);
    let after = timer
        .fired_at
        .each_ref()
        .map(|at| Instant::<Monotonic>::from_ktime(at.load(Ordering::Relaxed)) - start);
    let on_time = (0..after.len()).all(|n| after[n] >= PERIOD * (n as i64 + 1));
    // SAFETY: the handle lives in this block only: it is dropped (cancelling the
    // timer) before the timer goes out of scope, and never leaked.
    let (started, idle) = unsafe {
        let mut handle = timer.start(Delta::from_secs(10));
        let started = handle.cancel();
        (started, !handle.cancel())
    };
    checks.check(
        runs == 3 && on_time && idle && started,
        format_args!(
            "hrtimer {} (clockid {}, period {}, forward_now): ran {} times, at +{} / +{} / +{}; cancel: started {}, then idle {}",
            mode,
            <M::Clock as ClockSource>::ID,
            PERIOD,
            runs,
            after[0],
            after[1],
            after[2],
            started,
            idle
        ),
    );
}

/// One absolute timer on `C`, 5 ms ahead, on the stack: it runs once, not before its
/// expiry.
fn absolute_timer<C>(checks: &mut Checks)
where
    C: HrTimerClock<Bindings = kernel_services::Services> + ClockSourceExt + 'static,
{
    use hrtimer::ScopedHrTimerPointer;
    stack_pin_init!(let timer = AtInstant::<C>::new());
    let timer = timer.into_ref();
    let expires = Instant::<C>::now() + Delta::from_millis(5);
    timer.start_scoped(expires, || {
        wait_for(|| timer.runs.load(Ordering::Relaxed) >= 1)
    });
    let runs = timer.runs.load(Ordering::Relaxed);
    let late = Instant::<C>::from_ktime(timer.fired_at.load(Ordering::Relaxed)) - expires;
    checks.check(
        runs == 1 && !late.is_negative(),
        format_args!(
            "hrtimer AbsoluteMode<{}> (clockid {}): ran {} time(s), {} after its expiry",
            C::NAME,
            C::ID,
            runs,
            late
        ),
    );
}
