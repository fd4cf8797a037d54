//! Fault injection through the controllable host timekeeper: the wall clock stepped
//! backwards and forwards, suspends, TAI offset changes — one at a time, then as
//! random sequences checked against a model of the timekeeper, then injected into the
//! reads of upstream's `read_poll_timeout`.
//!
//! What must hold, for every clock of `clocks.toml`:
//! - `Monotonic`, `BootTime` and `MonotonicRaw` never go backwards, and `elapsed()` of
//!   an instant of theirs is never negative (it is exactly the model's difference);
//! - `RealTime` and `Tai` may jump either way, and the difference of two of their
//!   instants is the signed `Delta` of the model (negative after a step backwards);
//! - a refused control (the kernel's `-EINVAL`/`-ERANGE`) changes no clock;
//! - upstream's `read_poll_timeout`, timed on `Monotonic`, never gives up before the
//!   timeout has passed on that clock, whatever the faults, nor later than one sleep
//!   and one read after it, and never reads more than `timeout / sleep + 2` times (a
//!   hang is caught by a bound, not by waiting).
//!
//! The random sequences use a small seeded generator, whose seed and operations a
//! failure prints: `PROPTEST_CASES` sequences (default 256) from the seed in
//! `FAULT_SEED` (default fixed).

use kernel::error::code::ETIMEDOUT;
use kernel::io::poll::read_poll_timeout;
use kernel::time::{BootTime, Delta, Instant, Monotonic, MonotonicRaw, RealTime, Tai};
use kernel::timekeeper::{
    self, TestModeGuard, TimekeeperError, START_MONOTONIC, START_OFFS_REAL, START_TAI_OFFSET,
};

mod support;
use support::{ktime, read_all, Ktime, Readings};

const MS: Delta = Delta::from_millis(1);
const SEC: Delta = Delta::from_secs(1);
/// The longest span, and the most negative.
const MAX: Delta = Delta::from_nanos(i64::MAX);
const MIN: Delta = Delta::from_nanos(i64::MIN);

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

    tk.step_real_time(Delta::from_secs(-3_600))?;
    // The wall clocks went back: their difference is a negative Delta, not a panic, not
    // a wrapped huge value, and not clamped to zero.
    assert_eq!(Instant::<RealTime>::now() - real, Delta::from_secs(-3_600));
    assert_eq!(Instant::<Tai>::now() - tai, Delta::from_secs(-3_600));
    // The monotonic clocks did not move.
    assert_eq!(mono.elapsed(), Delta::ZERO);
    assert_eq!(boot.elapsed(), Delta::ZERO);
    assert_eq!(raw.elapsed(), Delta::ZERO);

    tk.step_real_time(Delta::from_secs(7_200))?;
    tk.advance(MS * 5)?;
    assert_eq!(
        Instant::<RealTime>::now() - real,
        Delta::from_secs(3_600) + MS * 5
    );
    assert_eq!(
        Instant::<Tai>::now() - tai,
        Delta::from_secs(3_600) + MS * 5
    );
    assert_eq!(mono.elapsed(), MS * 5);
    assert_eq!(boot.elapsed(), MS * 5);
    assert_eq!(raw.elapsed(), MS * 5);
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

    tk.advance(MS * 3)?;
    tk.suspend(Delta::from_secs(600))?;
    tk.advance(MS * 2)?;

    assert_eq!(mono.elapsed(), MS * 5);
    assert_eq!(raw.elapsed(), MS * 5);
    assert_eq!(boot.elapsed(), Delta::from_secs(600) + MS * 5);
    // The wall clock kept counting during the suspend.
    assert_eq!(
        Instant::<RealTime>::now() - real,
        Delta::from_secs(600) + MS * 5
    );
    assert_eq!(Instant::<Tai>::now() - tai, Delta::from_secs(600) + MS * 5);
    // BootTime - Monotonic is the time spent suspended.
    assert_eq!(
        ktime(Instant::<BootTime>::now()) - ktime(Instant::<Monotonic>::now()),
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
        ktime(tai) - ktime(real),
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
        tk.step_real_time(Delta::from_nanos(-START_OFFS_REAL) - SEC),
        Err(TimekeeperError::Invalid)
    );
    assert_eq!(tk.step_real_time(MIN), Err(TimekeeperError::Invalid));
    assert_eq!(tk.step_real_time(MAX), Err(TimekeeperError::OutOfRange));
    assert_eq!(
        tk.suspend(Delta::from_secs(-1)),
        Err(TimekeeperError::Invalid)
    );
    assert_eq!(tk.suspend(MAX), Err(TimekeeperError::OutOfRange));
    assert_eq!(
        tk.set_tai_offset(Delta::from_secs(-1)),
        Err(TimekeeperError::Invalid)
    );
    assert_eq!(tk.set_tai_offset(MAX), Err(TimekeeperError::OutOfRange));
    assert_eq!(
        tk.advance(Delta::from_millis(-1)),
        Err(TimekeeperError::Invalid)
    );
    assert_eq!(tk.advance(MAX), Err(TimekeeperError::OutOfRange));
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
            0..=3 => self.below((MS * 10).as_nanos() as u64) as i64,
            4..=6 => self.below((SEC * 3_600).as_nanos() as u64) as i64,
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
                ktime(starts.mono),
                ktime(starts.boot),
                ktime(starts.raw),
                ktime(starts.real),
                ktime(starts.tai)
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
                return Err(format!("{what}: {got:?} instead of {want:?}"));
            }
        }
        for (what, elapsed) in [
            ("Monotonic", self.mono.elapsed()),
            ("BootTime", self.boot.elapsed()),
            ("MonotonicRaw", self.raw.elapsed()),
        ] {
            if elapsed.is_negative() {
                return Err(format!("{what} elapsed() is negative: {elapsed:?}"));
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
// read_poll_timeout with faults injected into its reads

/// One poll loop of upstream's `read_poll_timeout` (timed on `Monotonic`, sleeping with
/// `fsleep`, which lets its time pass on the test clocks) with a fault injected into
/// every read: the loop gives up only once more than `timeout` has passed on
/// `Monotonic`, at most one sleep (and one read) later, never reads more than the
/// bound, and returns a value that became ready in time.
fn poll_with_faults(tk: &TestModeGuard, rng: &mut Rng) -> std::result::Result<(), String> {
    // Whole microseconds up to 5 ms: `fsleep` sleeps exactly that long on the test
    // clocks (it rounds up to microseconds, and to milliseconds above 20 ms).
    let sleep_delta = Delta::from_micros(1 + rng.below(5_000) as i64);
    // Up to about 60 sleeps, and timeouts that are not multiples of the sleep.
    let timeout = sleep_delta * rng.below(60) as i64
        + Delta::from_nanos(rng.below(sleep_delta.as_nanos() as u64) as i64);
    let ready_at_read = (rng.below(3) > 0).then(|| 1 + rng.below(80));
    // A read takes up to this long on the monotonic clock (a fault `Advance`).
    let read_time = Delta::from_nanos(rng.below(2 * sleep_delta.as_nanos() as u64) as i64);
    // Each sleep lets `sleep_delta` pass on the monotonic clock, so more reads than this
    // would be a hang.
    let bound = (timeout.as_nanos() / sleep_delta.as_nanos()) as u64 + 2;
    let mut faults = Vec::new();
    let mut reads = 0u64;
    let start = Instant::<Monotonic>::now();
    let result = read_poll_timeout(
        || {
            reads += 1;
            assert!(
                reads <= bound,
                "hung: {reads} reads for {timeout:?} in steps of {sleep_delta:?}; faults {faults:?}"
            );
            // A fault during the read (refusals are fine: the clocks stay).
            let fault = match rng.below(4) {
                0 => Op::StepRealTime(Delta::from_secs(rng.below(7_200) as i64 - 3_600)),
                1 => Op::Suspend(Delta::from_nanos(
                    rng.below((SEC * 10).as_nanos() as u64) as i64
                )),
                2 => Op::SetTaiOffset(Delta::from_secs(rng.below(60) as i64)),
                _ => Op::Advance(Delta::from_nanos(
                    rng.below(read_time.as_nanos() as u64 + 1) as i64,
                )),
            };
            let _ = apply(tk, fault);
            faults.push(fault);
            Ok(reads)
        },
        |&read| Some(read) == ready_at_read,
        sleep_delta,
        timeout,
    );
    let waited = start.elapsed();
    let context = || {
        format!(
            "timeout {timeout:?} sleep {sleep_delta:?} ready at {ready_at_read:?}: \
             {result:?} after {reads} reads and {waited:?}; faults {faults:?}"
        )
    };
    match result {
        Ok(value) => {
            if Some(value) != ready_at_read || reads != value {
                return Err(format!("wrong value: {}", context()));
            }
        }
        Err(error) => {
            if error != ETIMEDOUT {
                return Err(format!("not a timeout: {}", context()));
            }
            // Never early: strictly past the timeout on Monotonic.
            if waited <= timeout {
                return Err(format!("fired early: {}", context()));
            }
            // Not late either: within one sleep and one read of the timeout.
            if waited > timeout + sleep_delta + read_time {
                return Err(format!("fired late: {}", context()));
            }
            // The value was not ready by the final read.
            if ready_at_read.is_some_and(|ready| ready <= reads) {
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
        if let Err(failure) = poll_with_faults(&tk, &mut rng) {
            panic!("FAULT_SEED={seed}, case {case}: {failure}");
        }
    }
}

#[test]
fn poll_timeouts_at_the_limits_of_delta() {
    let tk = timekeeper::test_mode();
    // A timeout of the longest span never passes: the poll ends when the value is ready.
    let mut reads = 0;
    let result = read_poll_timeout(
        || {
            reads += 1;
            Ok(reads)
        },
        |&read| read == 3,
        SEC,
        MAX,
    );
    assert_eq!(result, Ok(3));
    // A negative timeout gives up at once (after the first read), without sleeping.
    let start = Instant::<Monotonic>::now();
    let result = read_poll_timeout(|| Ok(()), |_| false, MS, MIN);
    assert_eq!(result, Err(ETIMEDOUT));
    assert_eq!(start.elapsed(), Delta::ZERO);
    // A suspend as long as the timeout does not count towards it: the poll is timed on
    // Monotonic, which stands still in suspend.
    let start = Instant::<Monotonic>::now();
    let result = read_poll_timeout(
        || {
            tk.suspend(Delta::from_secs(3_600)).expect("suspend");
            Ok(())
        },
        |_| false,
        MS,
        MS * 3,
    );
    assert_eq!(result, Err(ETIMEDOUT));
    assert_eq!(start.elapsed(), MS * 4);
}
