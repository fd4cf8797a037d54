//! Fault injection through the controllable host timekeeper: the wall clock stepped
//! backwards and forwards, suspends, TAI offset changes — one at a time, then as
//! random sequences checked against a model of the timekeeper, then injected into the
//! sleeps of `read_poll_timeout`.
//!
//! What must hold, for every clock of `clocks.toml`:
//! - `Monotonic`, `BootTime` and `MonotonicRaw` never go backwards, and `elapsed()` of
//!   an instant of theirs is never negative (it is exactly the model's difference);
//! - `RealTime` and `Tai` may jump either way, and the difference of two of their
//!   instants is the signed `Delta` of the model (negative after a step backwards);
//! - a refused control (the kernel's `-EINVAL`/`-ERANGE`) changes no clock;
//! - `read_poll_timeout` on a monotonic clock never gives up before the timeout has
//!   passed on that clock, whatever the faults, and never loops more than
//!   `timeout / sleep + 2` times (a hang is caught by a bound, not by waiting).
//!
//! The random sequences use a seeded generator (no proptest: this crate's
//! dev-dependencies are its own), `PROPTEST_CASES` sequences (default 256) from the seed
//! in `FAULT_SEED` (default fixed); a failure prints the seed and the operations.

use kernel_integration::driver::{read_poll_timeout, TimedOut};
use kernel_integration::time::{BootTime, Monotonic, MonotonicRaw, RealTime, Tai};
use kernel_integration::timekeeper::{
    self, TestModeGuard, TimekeeperError, START_MONOTONIC, START_OFFS_REAL, START_TAI_OFFSET,
};
use typed_clocks::ext::{ClockSourceExt, DeltaExt, InstantExt};
use typed_clocks::{Deadline, Delta, Instant, Ktime, MonotonicClock};

mod support;
use support::{read_all, Readings};

const MS: Delta = Delta::from_millis(1);
const SEC: Delta = Delta::from_secs(1);

type Result = std::result::Result<(), TimekeeperError>;

// ---------------------------------------------------------------------------------
// One fault at a time, through the typed API

#[test]
fn real_time_stepped_backwards_and_forwards() -> Result {
    let tk = timekeeper::test_mode();
    let mono = Instant::<Monotonic>::now();
    let boot = Instant::<BootTime>::now();
    let raw = Instant::<MonotonicRaw>::now();
    let real = Instant::<RealTime>::now();
    let tai = Instant::<Tai>::now();

    tk.step_real_time(-Delta::from_secs(3_600))?;
    // The wall clocks went back: their difference is a negative Delta, not a panic, not
    // a wrapped huge value, and not clamped to zero.
    assert_eq!(Instant::<RealTime>::now() - real, -Delta::from_secs(3_600));
    assert_eq!(Instant::<Tai>::now() - tai, -Delta::from_secs(3_600));
    assert_eq!(
        Instant::<RealTime>::now().saturating_duration_since(real),
        Delta::ZERO
    );
    // The monotonic clocks did not move.
    assert_eq!(mono.elapsed(), Delta::ZERO);
    assert_eq!(boot.elapsed(), Delta::ZERO);
    assert_eq!(raw.elapsed(), Delta::ZERO);

    tk.step_real_time(Delta::from_secs(7_200))?;
    tk.advance(5 * MS)?;
    assert_eq!(
        Instant::<RealTime>::now() - real,
        Delta::from_secs(3_600) + 5 * MS
    );
    assert_eq!(
        Instant::<Tai>::now() - tai,
        Delta::from_secs(3_600) + 5 * MS
    );
    assert_eq!(mono.elapsed(), 5 * MS);
    assert_eq!(boot.elapsed(), 5 * MS);
    assert_eq!(raw.elapsed(), 5 * MS);
    Ok(())
}

#[test]
fn suspend_grows_boot_time_but_not_monotonic_time() -> Result {
    let tk = timekeeper::test_mode();
    let mono = Instant::<Monotonic>::now();
    let boot = Instant::<BootTime>::now();
    let raw = Instant::<MonotonicRaw>::now();
    let real = Instant::<RealTime>::now();
    let tai = Instant::<Tai>::now();

    tk.advance(3 * MS)?;
    tk.suspend(Delta::from_secs(600))?;
    tk.advance(2 * MS)?;

    assert_eq!(mono.elapsed(), 5 * MS);
    assert_eq!(raw.elapsed(), 5 * MS);
    assert_eq!(boot.elapsed(), Delta::from_secs(600) + 5 * MS);
    // The wall clock kept counting during the suspend.
    assert_eq!(
        Instant::<RealTime>::now() - real,
        Delta::from_secs(600) + 5 * MS
    );
    assert_eq!(Instant::<Tai>::now() - tai, Delta::from_secs(600) + 5 * MS);
    // BootTime - Monotonic is the time spent suspended.
    assert_eq!(
        Instant::<BootTime>::now().to_ktime() - Instant::<Monotonic>::now().to_ktime(),
        Delta::from_secs(600).as_nanos()
    );
    Ok(())
}

#[test]
fn tai_offset_change_moves_only_tai_either_way() -> Result {
    let tk = timekeeper::test_mode();
    let real = Instant::<RealTime>::now();
    let tai = Instant::<Tai>::now();
    let mono = Instant::<Monotonic>::now();
    assert_eq!(
        tai.to_ktime() - real.to_ktime(),
        START_TAI_OFFSET,
        "TAI - UTC = 37 s"
    );

    // A leap second: TAI - UTC grows by 1 s.
    tk.set_tai_offset(Delta::from_nanos(START_TAI_OFFSET) + SEC)?;
    assert_eq!(Instant::<Tai>::now() - tai, SEC);
    assert_eq!(Instant::<RealTime>::now() - real, Delta::ZERO);
    assert_eq!(mono.elapsed(), Delta::ZERO);

    // Set back below its start: Tai goes backwards, a negative Delta.
    tk.set_tai_offset(Delta::from_secs(10))?;
    assert_eq!(
        Instant::<Tai>::now() - tai,
        Delta::from_secs(10) - Delta::from_nanos(START_TAI_OFFSET)
    );
    assert!((Instant::<Tai>::now() - tai).is_negative());
    assert_eq!(mono.elapsed(), Delta::ZERO);
    Ok(())
}

#[test]
fn refused_faults_change_no_clock() {
    let tk = timekeeper::test_mode();
    let before = read_all();
    // Before boot: the wall clock cannot be stepped before the monotonic clock's start.
    assert_eq!(
        tk.step_real_time(-Delta::from_nanos(START_OFFS_REAL) - SEC),
        Err(TimekeeperError::Invalid)
    );
    assert_eq!(tk.step_real_time(Delta::MIN), Err(TimekeeperError::Invalid));
    assert_eq!(
        tk.step_real_time(Delta::MAX),
        Err(TimekeeperError::OutOfRange)
    );
    assert_eq!(tk.suspend(-SEC), Err(TimekeeperError::Invalid));
    assert_eq!(tk.suspend(Delta::MAX), Err(TimekeeperError::OutOfRange));
    assert_eq!(tk.set_tai_offset(-SEC), Err(TimekeeperError::Invalid));
    assert_eq!(
        tk.set_tai_offset(Delta::MAX),
        Err(TimekeeperError::OutOfRange)
    );
    assert_eq!(tk.advance(-MS), Err(TimekeeperError::Invalid));
    assert_eq!(tk.advance(Delta::MAX), Err(TimekeeperError::OutOfRange));
    assert_eq!(read_all(), before);
}

// ---------------------------------------------------------------------------------
// A model of the timekeeper, and random sequences of faults checked against it

/// The test-mode timekeeper as `csrc/timekeeper.c` keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Model {
    mono: Ktime,
    raw: Ktime,
    offs_real: Ktime,
    offs_boot: Ktime,
    offs_tai: Ktime,
    tai_offset: Ktime,
}

#[derive(Clone, Copy, Debug)]
enum Op {
    Advance(Delta),
    StepRealTime(Delta),
    Suspend(Delta),
    SetTaiOffset(Delta),
}

impl Model {
    fn start() -> Self {
        Model {
            mono: START_MONOTONIC,
            raw: START_MONOTONIC,
            offs_real: START_OFFS_REAL,
            offs_boot: 0,
            offs_tai: START_OFFS_REAL + START_TAI_OFFSET,
            tai_offset: START_TAI_OFFSET,
        }
    }

    fn readings(&self) -> Readings {
        Readings {
            mono: self.mono,
            real: self.mono + self.offs_real,
            boot: self.mono + self.offs_boot,
            tai: self.mono + self.offs_tai,
            raw: self.raw,
        }
    }

    /// Whether every offset clock still fits in a `ktime_t` at `mono`.
    fn fits(mono: Ktime, offsets: [Ktime; 3]) -> bool {
        offsets
            .iter()
            .all(|offset| mono.checked_add(*offset).is_some())
    }

    /// The control's result, and the state after it (unchanged on an error), in the
    /// order of checks of `csrc/timekeeper.c`.
    fn apply(&mut self, op: Op) -> Result {
        use TimekeeperError::{Invalid, OutOfRange};
        let m = *self;
        let next = match op {
            Op::Advance(d) => {
                let d = d.as_nanos();
                if d < 0 {
                    return Err(Invalid);
                }
                let (Some(mono), Some(raw)) = (m.mono.checked_add(d), m.raw.checked_add(d)) else {
                    return Err(OutOfRange);
                };
                if !Self::fits(mono, [m.offs_real, m.offs_boot, m.offs_tai]) {
                    return Err(OutOfRange);
                }
                Model { mono, raw, ..m }
            }
            Op::StepRealTime(d) => {
                let d = d.as_nanos();
                let (Some(real), Some(tai)) =
                    (m.offs_real.checked_add(d), m.offs_tai.checked_add(d))
                else {
                    return Err(OutOfRange);
                };
                if !Self::fits(m.mono, [real, m.offs_boot, tai]) {
                    return Err(OutOfRange);
                }
                if real < 0 {
                    return Err(Invalid);
                }
                Model {
                    offs_real: real,
                    offs_tai: tai,
                    ..m
                }
            }
            Op::Suspend(s) => {
                let s = s.as_nanos();
                if s < 0 {
                    return Err(Invalid);
                }
                let (Some(real), Some(boot), Some(tai)) = (
                    m.offs_real.checked_add(s),
                    m.offs_boot.checked_add(s),
                    m.offs_tai.checked_add(s),
                ) else {
                    return Err(OutOfRange);
                };
                if !Self::fits(m.mono, [real, boot, tai]) {
                    return Err(OutOfRange);
                }
                Model {
                    offs_real: real,
                    offs_boot: boot,
                    offs_tai: tai,
                    ..m
                }
            }
            Op::SetTaiOffset(t) => {
                let t = t.as_nanos();
                if t < 0 {
                    return Err(Invalid);
                }
                let Some(tai) = m.offs_real.checked_add(t) else {
                    return Err(OutOfRange);
                };
                if !Self::fits(m.mono, [m.offs_real, m.offs_boot, tai]) {
                    return Err(OutOfRange);
                }
                Model {
                    offs_tai: tai,
                    tai_offset: t,
                    ..m
                }
            }
        };
        *self = next;
        Ok(())
    }
}

fn apply(tk: &TestModeGuard, op: Op) -> Result {
    match op {
        Op::Advance(d) => tk.advance(d),
        Op::StepRealTime(d) => tk.step_real_time(d),
        Op::Suspend(s) => tk.suspend(s),
        Op::SetTaiOffset(t) => tk.set_tai_offset(t),
    }
}

/// SplitMix64: small, seedable, good enough to pick faults.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A span: mostly plausible (up to seconds, or days), sometimes an edge value.
    fn span(&mut self, negative_too: bool) -> Delta {
        let magnitude = match self.below(10) {
            0..=3 => self.below(10 * MS.as_nanos() as u64) as i64,
            4..=6 => self.below(3_600 * SEC.as_nanos() as u64) as i64,
            7 => self.below(1 << 62) as i64,
            8 => [0, 1, i64::MAX, i64::MAX - 1][self.below(4) as usize],
            _ => (self.below(1_000) as i64) * SEC.as_nanos(),
        };
        let negative = negative_too && self.below(2) == 0 || !negative_too && self.below(20) == 0;
        Delta::from_nanos(if negative {
            // -magnitude - 1 reaches i64::MIN without overflow.
            -magnitude - i64::from(magnitude == i64::MAX)
        } else {
            magnitude
        })
    }

    fn op(&mut self) -> Op {
        match self.below(4) {
            0 => Op::Advance(self.span(false)),
            1 => Op::StepRealTime(self.span(true)),
            2 => Op::Suspend(self.span(false)),
            _ => Op::SetTaiOffset(self.span(false)),
        }
    }
}

fn cases() -> u64 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(256)
}

fn seed() -> u64 {
    std::env::var("FAULT_SEED")
        .ok()
        .and_then(|seed| seed.parse().ok())
        .unwrap_or(0x5EED_C10C)
}

/// Instants taken along a sequence, one per clock, to measure from later.
struct Starts {
    mono: Instant<Monotonic>,
    boot: Instant<BootTime>,
    raw: Instant<MonotonicRaw>,
    real: Instant<RealTime>,
    tai: Instant<Tai>,
    at: Readings,
}

impl Starts {
    fn now() -> Self {
        let starts = Starts {
            mono: Instant::now(),
            boot: Instant::now(),
            raw: Instant::now(),
            real: Instant::now(),
            tai: Instant::now(),
            at: read_all(),
        };
        assert_eq!(
            (
                starts.mono.to_ktime(),
                starts.boot.to_ktime(),
                starts.raw.to_ktime(),
                starts.real.to_ktime(),
                starts.tai.to_ktime()
            ),
            (
                starts.at.mono,
                starts.at.boot,
                starts.at.raw,
                starts.at.real,
                starts.at.tai
            ),
            "test mode clocks stand still between readings"
        );
        starts
    }

    /// `elapsed()` of the monotonic instants, and the signed differences of the wall
    /// clocks, against the model's readings `now`.
    fn check(&self, now: Readings) -> std::result::Result<(), String> {
        let exact = |later: Ktime, earlier: Ktime| Delta::from_nanos(later - earlier);
        let checks = [
            (
                "Monotonic elapsed",
                self.mono.elapsed(),
                exact(now.mono, self.at.mono),
            ),
            (
                "BootTime elapsed",
                self.boot.elapsed(),
                exact(now.boot, self.at.boot),
            ),
            (
                "MonotonicRaw elapsed",
                self.raw.elapsed(),
                exact(now.raw, self.at.raw),
            ),
            (
                "RealTime difference",
                Instant::<RealTime>::now() - self.real,
                exact(now.real, self.at.real),
            ),
            (
                "Tai difference",
                Instant::<Tai>::now() - self.tai,
                exact(now.tai, self.at.tai),
            ),
        ];
        for (what, got, want) in checks {
            if got != want {
                return Err(format!("{what}: {got} instead of {want}"));
            }
        }
        for (what, elapsed) in [
            ("Monotonic", self.mono.elapsed()),
            ("BootTime", self.boot.elapsed()),
            ("MonotonicRaw", self.raw.elapsed()),
        ] {
            if elapsed.is_negative() {
                return Err(format!("{what} elapsed() is negative: {elapsed}"));
            }
        }
        Ok(())
    }
}

/// Runs one random sequence; `Err` describes the first divergence.
fn run_sequence(rng: &mut Rng, ops: &mut Vec<(Op, Result)>) -> std::result::Result<(), String> {
    let tk = timekeeper::test_mode();
    let mut model = Model::start();
    let mut starts = vec![Starts::now()];
    let mut previous = read_all();
    let deadline = Deadline::<Monotonic>::after(rng.span(true));
    for _ in 0..1 + rng.below(24) {
        let op = rng.op();
        let result = apply(&tk, op);
        ops.push((op, result));
        let expected = model.apply(op);
        if result != expected {
            return Err(format!(
                "{op:?} returned {result:?}, the model {expected:?}"
            ));
        }
        let now = read_all();
        if now != model.readings() {
            return Err(format!(
                "after {op:?}: clocks {now:?}, model {:?}",
                model.readings()
            ));
        }
        // The monotonic clocks never go backwards, whatever the fault.
        for (clock, before, after) in [
            ("Monotonic", previous.mono, now.mono),
            ("BootTime", previous.boot, now.boot),
            ("MonotonicRaw", previous.raw, now.raw),
        ] {
            if after < before {
                return Err(format!(
                    "{clock} went backwards on {op:?}: {before} -> {after}"
                ));
            }
        }
        for start in &starts {
            start.check(now)?;
        }
        if deadline.remaining().is_negative() {
            return Err("a deadline's remaining time is negative".to_owned());
        }
        if rng.below(4) == 0 {
            starts.push(Starts::now());
        }
        previous = now;
    }
    Ok(())
}

#[test]
fn random_fault_sequences_match_the_timekeeper_model() {
    let seed = seed();
    let mut rng = Rng(seed);
    let mut sequences_with_backward_steps = 0;
    for case in 0..cases() {
        let mut ops = Vec::new();
        if let Err(failure) = run_sequence(&mut rng, &mut ops) {
            panic!("FAULT_SEED={seed}, sequence {case}: {failure}\noperations: {ops:#?}");
        }
        if ops.iter().any(|(op, result)| {
            matches!(op, Op::StepRealTime(d) if d.is_negative()) && result.is_ok()
        }) {
            sequences_with_backward_steps += 1;
        }
    }
    // The generator reaches the interesting cases (not only refusals).
    assert!(
        sequences_with_backward_steps > 0 || cases() < 16,
        "no sequence stepped the wall clock back"
    );
}

// ---------------------------------------------------------------------------------
// read_poll_timeout with faults injected into its sleeps

/// One poll loop on clock `C` with faults in every sleep: the loop gives up only once
/// more than `timeout` has passed on `C`, never loops more than the bound, and reports
/// a value that became ready in time.
fn poll_with_faults<C: MonotonicClock + ClockSourceExt>(
    tk: &TestModeGuard,
    rng: &mut Rng,
) -> std::result::Result<(), String> {
    let sleep_delta = Delta::from_nanos(1 + rng.below(5 * MS.as_nanos() as u64) as i64);
    // Up to about 60 sleeps, and timeouts that are not multiples of the sleep.
    let timeout = sleep_delta * rng.below(60) as i64
        + Delta::from_nanos(rng.below(sleep_delta.as_nanos() as u64) as i64);
    let ready_at_poll = (rng.below(3) > 0).then(|| 1 + rng.below(80));
    // Each sleep lets at least `sleep_delta` pass on every monotonic clock, so more
    // sleeps than this would be a hang.
    let bound = (timeout.as_nanos() / sleep_delta.as_nanos()) as u64 + 2;
    let mut faults = Vec::new();
    let mut sleeps = 0u64;
    let mut polls = 0u64;
    let mut max_sleep_on_c = Delta::ZERO;
    let start = Instant::<C>::now();
    let result = read_poll_timeout::<C, u64>(
        || {
            polls += 1;
            (Some(polls) == ready_at_poll).then_some(polls)
        },
        |d| {
            sleeps += 1;
            assert!(
                sleeps <= bound,
                "hung: {sleeps} sleeps for {timeout} in steps of {sleep_delta}; faults {faults:?}"
            );
            let before = Instant::<C>::now();
            // A fault before the sleep (refusals are fine: the clocks stay).
            let fault = match rng.below(4) {
                0 => Op::StepRealTime(Delta::from_secs(rng.below(7_200) as i64 - 3_600)),
                1 => Op::Suspend(Delta::from_nanos(
                    rng.below(10 * SEC.as_nanos() as u64) as i64
                )),
                2 => Op::SetTaiOffset(Delta::from_secs(rng.below(60) as i64)),
                _ => Op::Advance(Delta::ZERO),
            };
            let _ = apply(tk, fault);
            faults.push(fault);
            tk.advance(d).expect("the sleep lets time pass");
            max_sleep_on_c = max_sleep_on_c.max(Instant::<C>::now() - before);
        },
        sleep_delta,
        timeout,
    );
    let waited_on_c = Instant::<C>::now() - start;
    let context = || {
        format!("{} timeout {timeout} sleep {sleep_delta} ready at {ready_at_poll:?}: {result:?} after {polls} polls; faults {faults:?}", C::NAME)
    };
    match result {
        Ok(value) => {
            if Some(value) != ready_at_poll || polls != value {
                return Err(format!("wrong value: {}", context()));
            }
        }
        Err(TimedOut { waited }) => {
            if waited != waited_on_c {
                return Err(format!(
                    "waited {waited} but {waited_on_c} passed: {}",
                    context()
                ));
            }
            // Never early: strictly past the deadline on C.
            if waited <= timeout {
                return Err(format!("fired early: {}", context()));
            }
            // Not late either: within one sleep of the deadline.
            if waited > timeout + max_sleep_on_c {
                return Err(format!("fired late: {}", context()));
            }
            // The value was not ready by the final poll.
            if ready_at_poll.is_some_and(|ready| ready <= polls) {
                return Err(format!("missed a ready value: {}", context()));
            }
        }
    }
    Ok(())
}

#[test]
fn poll_timeouts_neither_hang_nor_fire_early_under_faults() {
    let seed = seed();
    let mut rng = Rng(seed ^ 0x9011);
    for case in 0..cases() {
        let tk = timekeeper::test_mode();
        let outcome = match case % 3 {
            0 => poll_with_faults::<Monotonic>(&tk, &mut rng),
            1 => poll_with_faults::<BootTime>(&tk, &mut rng),
            _ => poll_with_faults::<MonotonicRaw>(&tk, &mut rng),
        };
        if let Err(failure) = outcome {
            panic!("FAULT_SEED={seed}, case {case}: {failure}");
        }
    }
    // RealTime and Tai cannot be used at all: read_poll_timeout::<RealTime, _> does not
    // compile (RealTime is not a MonotonicClock; see ui-tests).
}

#[test]
fn poll_timeouts_at_the_limits_of_delta() -> Result {
    let tk = timekeeper::test_mode();
    // A timeout of Delta::MAX saturates the deadline instead of overflowing.
    let mut polls = 0;
    let result = read_poll_timeout::<Monotonic, _>(
        || {
            polls += 1;
            (polls == 3).then_some("ready")
        },
        |d| tk.advance(d).expect("advance"),
        SEC,
        Delta::MAX,
    );
    assert_eq!(result, Ok("ready"));
    // A negative timeout gives up at once (after the final poll), without sleeping.
    let mut slept = false;
    let result: std::result::Result<(), _> =
        read_poll_timeout::<BootTime, _>(|| None, |_| slept = true, MS, Delta::MIN);
    assert_eq!(
        result,
        Err(TimedOut {
            waited: Delta::ZERO
        })
    );
    assert!(!slept);
    // A suspend as long as the timeout fires a BootTime poll on the next check, and
    // does not fire a Monotonic one.
    let start = Instant::<Monotonic>::now();
    let result: std::result::Result<(), _> = read_poll_timeout::<Monotonic, _>(
        || None,
        |d| {
            tk.suspend(Delta::from_secs(3_600)).expect("suspend");
            tk.advance(d).expect("advance");
        },
        MS,
        3 * MS,
    );
    assert_eq!(result, Err(TimedOut { waited: 4 * MS }));
    assert_eq!(start.elapsed(), 4 * MS);
    Ok(())
}
