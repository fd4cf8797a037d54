//! The capabilities, as data: each boolean row key that gives a clock a trait, with
//! its trait, its seal, whether the seal (or the trait) is `unsafe`, how the template
//! justifies the impl with each backend, the rules a row with the key must follow,
//! and a doc line.
//!
//! This file imports nothing, so that every reader includes the same text: the macro
//! (`mod capabilities`: its key specs and lists of valid keys in `schema`, its checks
//! in `validate`, its template slots in `expand`, the documentation's capability
//! table in `capability`'s tests), and the tests (`tests/tests/support/capabilities.rs`,
//! through `#[path]`: the hostile tables' good and rule-breaking rows, the per-capability
//! template rows, the README's table). Adding a capability is an entry here, its
//! trait (typed-clocks `capabilities.rs`, the module `typed_clocks::capabilities`) and its
//! seal (typed-clocks `private.rs`).

/// One capability.
pub(crate) struct Capability {
    /// The row key, `true` to have the capability.
    pub(crate) key: &'static str,
    /// The trait the clock then implements (a name in typed-clocks).
    pub(crate) trait_name: &'static str,
    /// The trait's seal in `typed_clocks::__private`; `None` when the trait itself is
    /// `unsafe` (and implemented by the template with what it needs).
    pub(crate) seal: Option<&'static str>,
    /// Whether the seal (or, without one, the trait) is an `unsafe trait`: some
    /// safety or termination depends on the fact it records (the documentation's
    /// table and the tests read it).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) is_unsafe: bool,
    /// Whether every row must give the key.
    pub(crate) required: bool,
    /// How the template justifies the impl with the kernel backend.
    pub(crate) kernel: Impl,
    /// How it does with the posix backend; `None`: the posix backend ignores the key
    /// (nothing there vouches for it, and one table serves both backends, as with
    /// `offset`): its clocks do not implement the trait.
    pub(crate) posix: Option<Impl>,
    /// The rules a row with the key `true` must follow, checked in order; the first
    /// one the row breaks is reported at the key.
    pub(crate) rules: &'static [Check],
    /// What the capability means (after "the clock"), for the documentation's table
    /// and the error when a required key is missing.
    pub(crate) doc: &'static str,
}

/// How the template's impl of a capability is justified: the kind of its slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Impl {
    /// A safe seal: nothing to justify (`plain SEAL TRAIT`).
    Plain,
    /// An `unsafe` seal, vouched for by the invocation's `unsafe(…)`, which the
    /// template's arm requires (`vouched SEAL TRAIT`).
    Vouched,
    /// `MonotonicClock`, checked against the clock id at compile time (`monotonic_id`).
    MonotonicId,
    /// `HrTimerClock`, checked against the clock id at compile time (`timer_base`).
    TimerBase,
}

/// A rule of a capability, with what the error says when a row breaks it.
pub(crate) struct Check {
    /// The rule.
    pub(crate) rule: Rule,
    /// The error; `{clockid}` and `{getter}` stand for the row's values as written.
    pub(crate) message: &'static str,
    /// The error's help.
    pub(crate) help: &'static str,
}

/// What a row with the capability must be.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Rule {
    /// The clock id's value is one of these; an id whose value the macro does not
    /// know (a constant of the bindings module) breaks it.
    IdIn(&'static [i32]),
    /// With the posix backend, the clock id's value is one of these; an id whose value
    /// the macro does not know is left to the template's compile-time check.
    PosixIdIn(&'static [i32]),
    /// The row does not give this boolean key `true`.
    ConflictsWith(&'static str),
    /// The row's getter is none of these.
    GetterNotIn(&'static [&'static str]),
    /// The row gives the key this value (`returns = "u64"`).
    Requires(&'static str, &'static str),
}

/// The clock ids the kernel has hrtimer bases for (`hrtimer_clockid_to_base`).
pub(crate) const HRTIMER_BASES: &[i32] = &[0, 1, 7, 11];

/// The clock ids `clock_gettime` reads on every running Linux: the posix backend
/// accepts only these (`CLOCK_REALTIME` to `CLOCK_BOOTTIME` and `CLOCK_TAI`; not the
/// alarm clocks, which fail without an RTC, nor negative ids, which fail once their
/// owner is gone). The template checks the ids of constants the macro cannot see
/// (typed-clocks `private.rs`, `is_readable_clock_id`).
pub(crate) const POSIX_READABLE_IDS: &[i32] = &[0, 1, 2, 3, 4, 5, 6, 7, 11];

/// The clock ids `clock_gettime` reads monotonically, on every running Linux
/// (`CLOCK_BOOTTIME_ALARM` is monotonic too, but without an RTC it cannot be read).
pub(crate) const MONOTONIC_IDS: &[i32] = &[1, 4, 6, 7];

/// Kernel getters that read the timekeeper under its seqcount: they spin while an
/// update is in progress, so an NMI that interrupts the update deadlocks in them.
pub(crate) const SEQCOUNT_GETTERS: &[&str] = &[
    "ktime_get",
    "ktime_get_real",
    "ktime_get_boottime",
    "ktime_get_clocktai",
    "ktime_get_raw",
    "ktime_get_with_offset",
    "ktime_get_coarse",
    "ktime_get_coarse_real",
    "ktime_get_coarse_boottime",
    "ktime_get_coarse_clocktai",
    "ktime_get_coarse_with_offset",
    "ktime_get_ns",
    "ktime_get_real_ns",
    "ktime_get_boottime_ns",
    "ktime_get_clocktai_ns",
    "ktime_get_raw_ns",
    "ktime_get_coarse_ns",
    "ktime_get_coarse_real_ns",
    "ktime_get_coarse_boottime_ns",
    "ktime_get_coarse_clocktai_ns",
];

/// The capabilities, in the order of the documentation and of the template's input.
pub(crate) static CAPABILITIES: &[Capability] = &[
    Capability {
        key: "monotonic",
        trait_name: "MonotonicClock",
        seal: Some("SealedMonotonic"),
        is_unsafe: true,
        required: true,
        kernel: Impl::Vouched,
        posix: Some(Impl::MonotonicId),
        rules: &[Check {
            rule: Rule::PosixIdIn(MONOTONIC_IDS),
            message: "`clock_gettime` does not read clock id `{clockid}` monotonically",
            help: "with the posix backend the clock id decides: the monotonic ones are \
                   CLOCK_MONOTONIC, CLOCK_MONOTONIC_RAW, CLOCK_MONOTONIC_COARSE and \
                   CLOCK_BOOTTIME; write `monotonic = false`, or fix the row's `clockid`",
        }],
        doc: "never goes backwards (`elapsed()`, and poll loops that end)",
    },
    Capability {
        key: "nmi_safe",
        trait_name: "NmiSafeClock",
        seal: Some("SealedNmiSafe"),
        is_unsafe: true,
        required: false,
        kernel: Impl::Vouched,
        posix: None,
        rules: &[
            Check {
                rule: Rule::GetterNotIn(SEQCOUNT_GETTERS),
                message: "`{getter}` is not NMI-safe: it reads the timekeeper under its seqcount",
                help: "an NMI that interrupts a timekeeping update deadlocks there; the NMI-safe \
                       readers are the `*_fast_ns` accessors (`ktime_get_mono_fast_ns`, \
                       `ktime_get_raw_fast_ns`, `ktime_get_boot_fast_ns`, \
                       `ktime_get_tai_fast_ns`, `ktime_get_real_fast_ns`): declare a row over \
                       one of them, with `returns = \"u64\"`",
            },
            Check {
                rule: Rule::Requires("returns", "u64"),
                message: "an `nmi_safe` clock must be read by a `u64` accessor",
                help: "the kernel's NMI-safe readers are the `*_fast_ns` accessors, which return \
                       `u64` nanoseconds: add `returns = \"u64\"` and name one of them as the \
                       `getter`",
            },
        ],
        doc: "can be read in NMI context (`nmi::now`)",
    },
    Capability {
        key: "hrtimer",
        trait_name: "HrTimerClock",
        seal: None,
        is_unsafe: true,
        required: false,
        kernel: Impl::TimerBase,
        posix: Some(Impl::TimerBase),
        rules: &[Check {
            rule: Rule::IdIn(HRTIMER_BASES),
            message: "the kernel has no hrtimer base for clock id `{clockid}`",
            help: "hrtimers run on CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_BOOTTIME and \
                   CLOCK_TAI only: remove `hrtimer = true` from this row",
        }],
        doc: "has an hrtimer base in the kernel (timer modes)",
    },
    Capability {
        key: "settable",
        trait_name: "SettableClock",
        seal: Some("SealedSettable"),
        is_unsafe: false,
        required: false,
        kernel: Impl::Plain,
        posix: Some(Impl::Plain),
        rules: &[Check {
            rule: Rule::ConflictsWith("monotonic"),
            message: "a clock cannot be both `settable` and `monotonic`",
            help: "setting a clock can move it backwards: keep `settable = true` with \
                   `monotonic = false`, or remove `settable`",
        }],
        doc: "jumps when the clock is set",
    },
    Capability {
        key: "counts_suspend",
        trait_name: "SuspendCountingClock",
        seal: Some("SealedSuspendCounting"),
        is_unsafe: false,
        required: false,
        kernel: Impl::Plain,
        posix: Some(Impl::Plain),
        rules: &[],
        doc: "keeps counting while the system is suspended",
    },
];
