//! The capabilities, as data: each boolean row key that gives a clock a trait, with
//! the trait the macro declares for it in the runtime (its name, whether it is an
//! `unsafe trait`, its documentation and its `on_unimplemented` message), how the
//! expansion justifies the impl with each backend, the rules a row with the key must
//! follow, and a doc line. A key may give a second trait to the rows whose clock id
//! allows it ([`Capability::narrower`]).
//!
//! This file imports nothing, so that every reader includes the same text: the macro
//! (`mod capabilities`: its key specs and lists of valid keys in `schema`, its checks
//! in `validate`, the traits and impls in `expand`, the documentation's capability
//! table in `capability`'s tests), and the tests (`tests/tests/support/capabilities.rs`,
//! through `#[path]`: the hostile tables' good and rule-breaking rows, the README's
//! table). Adding a capability is an entry here: the trait, its impls and the
//! `ClockInfo` field of the same name as the key all follow from it.

/// One capability.
pub(crate) struct Capability {
    /// The row key, `true` to have the capability (also the name of its `bool` field
    /// of `ClockInfo`).
    pub(crate) key: &'static str,
    /// The trait the clock then implements.
    pub(crate) tr: Trait,
    /// Whether every row must give the key.
    pub(crate) required: bool,
    /// How the expansion justifies the impl with the kernel backend.
    pub(crate) kernel: Impl,
    /// How it does with the posix backend; `None`: the posix backend ignores the key
    /// (nothing there vouches for it, and one table serves both backends, as with
    /// `offset`): its clocks do not implement the trait.
    pub(crate) posix: Option<Impl>,
    /// The rules a row with the key `true` must follow, checked in order; the first
    /// one the row breaks is reported at the key.
    pub(crate) rules: &'static [Check],
    /// A second, narrower trait that the rows with the key implement when their clock
    /// id is none of [`Narrower::except_ids`].
    pub(crate) narrower: Option<Narrower>,
    /// What the capability means (after "the clock"), for the documentation's table
    /// and the error when a required key is missing.
    pub(crate) doc: &'static str,
}

/// A trait the macro declares in the runtime (`runtime = self`).
pub(crate) struct Trait {
    /// Its name.
    pub(crate) name: &'static str,
    /// Its supertrait among the capability traits; `None`: the clock trait only.
    pub(crate) supertrait: Option<&'static str>,
    /// Whether it is an `unsafe trait`: some safety or termination depends on the fact
    /// it records, so an impl by hand vouches for it.
    pub(crate) is_unsafe: bool,
    /// Its documentation.
    pub(crate) doc: &'static str,
    /// Its `# Safety` section, for an `unsafe trait`.
    pub(crate) safety: &'static str,
    /// `#[diagnostic::on_unimplemented]`: message, label and note.
    pub(crate) unimplemented: [&'static str; 3],
}

/// A narrower trait of a capability (see [`Capability::narrower`]).
pub(crate) struct Narrower {
    /// The trait, whose supertrait is the capability's.
    pub(crate) tr: Trait,
    /// The clock ids whose rows do not implement it.
    pub(crate) except_ids: &'static [i32],
}

/// How the expansion's impl of a capability is justified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Impl {
    /// A safe trait: nothing to justify.
    Plain,
    /// An `unsafe trait` vouched for by the invocation's `unsafe(…)`, whose `unsafe`
    /// token the impl carries.
    Vouched,
    /// An `unsafe trait`, checked against the clock id at compile time (the posix
    /// backend's `MonotonicClock`).
    MonotonicId,
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
    /// the macro does not know is left to the expansion's compile-time check.
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

/// `CLOCK_REALTIME`, whose relative hrtimers the kernel queues on the
/// `CLOCK_MONOTONIC` base (`__hrtimer_setup()`).
pub(crate) const REALTIME: i32 = 0;

/// The clock ids `clock_gettime` reads on every running Linux: the posix backend
/// accepts only these (`CLOCK_REALTIME` to `CLOCK_BOOTTIME` and `CLOCK_TAI`; not the
/// alarm clocks, which fail without an RTC, nor negative ids, which fail once their
/// owner is gone). The expansion checks the ids of constants the macro cannot see.
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

/// The capabilities, in the order of the documentation, of `ClockInfo`'s fields and
/// of the expansion.
pub(crate) static CAPABILITIES: &[Capability] = &[
    Capability {
        key: "monotonic",
        tr: Trait {
            name: "MonotonicClock",
            supertrait: None,
            is_unsafe: true,
            doc: "A clock that never goes backwards, so that the time elapsed since one of its \
                  instants is never negative and a wait timed on it ends. Implemented by \
                  `declare_clocks!` for the rows with `monotonic = true`.",
            safety: "Implementers must ensure that two readings of the clock, in any order on \
                     any CPUs, never decrease.",
            unimplemented: [
                "`{Self}` is not a monotonic clock",
                "only clocks declared with `monotonic = true` implement `MonotonicClock`",
                "measure elapsed time on a clock declared with `monotonic = true`, or subtract \
                 two instants explicitly and handle a negative `Delta`",
            ],
        },
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
        narrower: None,
        doc: "never goes backwards (`elapsed()`, and waits that end)",
    },
    Capability {
        key: "nmi_safe",
        tr: Trait {
            name: "NmiSafeClock",
            supertrait: None,
            is_unsafe: true,
            doc: "A clock that can be read in NMI context: its getter is one of the kernel's \
                  lock-free `*_fast_ns` accessors, not a seqcount reader such as `ktime_get()`, \
                  which deadlocks when an NMI interrupts the timekeeping update it waits for. \
                  Implemented by `declare_clocks!` for the rows with `nmi_safe = true` (the \
                  macro refuses the seqcount readers it knows). The bound is checked where code \
                  asks for it: a direct read of another clock in an NMI handler still compiles.",
            safety: "Implementers must ensure that reading the clock never waits for anything \
                     an NMI may have interrupted.",
            unimplemented: [
                "`{Self}` cannot be read in NMI context",
                "only clocks declared with `nmi_safe = true` implement `NmiSafeClock`",
                "`ktime_get()` and the other seqcount readers can deadlock in an NMI; use a \
                 clock read by a `*_fast_ns` accessor (e.g. `ktime_get_mono_fast_ns`), \
                 declared with `nmi_safe = true`",
            ],
        },
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
        narrower: None,
        doc: "can be read in NMI context",
    },
    Capability {
        key: "hrtimer",
        tr: Trait {
            name: "HrTimerClock",
            supertrait: None,
            is_unsafe: true,
            doc: "A clock the kernel has an hrtimer base for (`CLOCK_MONOTONIC`, \
                  `CLOCK_REALTIME`, `CLOCK_BOOTTIME`, `CLOCK_TAI`), so that high-resolution \
                  timers can run on it. Implemented by `declare_clocks!` for the rows with \
                  `hrtimer = true`.",
            safety: "Implementers must ensure that the kernel has an hrtimer base for the \
                     clock's id (`hrtimer_setup()` warns otherwise).",
            unimplemented: [
                "there is no hrtimer base for clock `{Self}`",
                "only clocks declared with `hrtimer = true` implement `HrTimerClock`",
                "the kernel has hrtimer bases for CLOCK_MONOTONIC, CLOCK_REALTIME, \
                 CLOCK_BOOTTIME and CLOCK_TAI only: run the timer on one of those (e.g. \
                 `Monotonic`)",
            ],
        },
        required: false,
        kernel: Impl::Vouched,
        posix: None,
        rules: &[Check {
            rule: Rule::IdIn(HRTIMER_BASES),
            message: "the kernel has no hrtimer base for clock id `{clockid}`",
            help: "hrtimers run on CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_BOOTTIME and \
                   CLOCK_TAI only: remove `hrtimer = true` from this row",
        }],
        narrower: Some(Narrower {
            tr: Trait {
                name: "RelativeHrTimerClock",
                supertrait: Some("HrTimerClock"),
                is_unsafe: true,
                doc: "A clock whose relative hrtimers the kernel queues on the clock's own \
                      base, so that their expiry is an instant of the clock: every \
                      `HrTimerClock` but `CLOCK_REALTIME`, whose relative timers the kernel \
                      queues on the `CLOCK_MONOTONIC` base (`__hrtimer_setup()`). Implemented \
                      by `declare_clocks!` for the rows with `hrtimer = true` and another \
                      clock id.",
                safety: "Implementers must ensure that the kernel queues the clock's relative \
                         timers on the hrtimer base of the clock's id.",
                unimplemented: [
                    "there is no relative hrtimer mode of clock `{Self}`",
                    "only clocks declared with `hrtimer = true`, other than `CLOCK_REALTIME` \
                     ones, implement `RelativeHrTimerClock`",
                    "the kernel has hrtimer bases for CLOCK_MONOTONIC, CLOCK_REALTIME, \
                     CLOCK_BOOTTIME and CLOCK_TAI only, and queues relative CLOCK_REALTIME \
                     timers on the CLOCK_MONOTONIC base: use a relative mode of `Monotonic`, \
                     or an absolute mode of a clock with an hrtimer base",
                ],
            },
            except_ids: &[REALTIME],
        }),
        doc: "has an hrtimer base in the kernel (timer modes)",
    },
    Capability {
        key: "settable",
        tr: Trait {
            name: "SettableClock",
            supertrait: None,
            is_unsafe: false,
            doc: "A clock that can be set (`settimeofday`, `clock_settime`, NTP steps), so that \
                  its readings jump forwards and backwards. Implemented by `declare_clocks!` \
                  for the rows with `settable = true`; never together with `MonotonicClock`.",
            safety: "",
            unimplemented: [
                "`{Self}` is not a settable clock",
                "only clocks declared with `settable = true` implement `SettableClock`",
                "",
            ],
        },
        required: false,
        kernel: Impl::Plain,
        posix: Some(Impl::Plain),
        rules: &[Check {
            rule: Rule::ConflictsWith("monotonic"),
            message: "a clock cannot be both `settable` and `monotonic`",
            help: "setting a clock can move it backwards: keep `settable = true` with \
                   `monotonic = false`, or remove `settable`",
        }],
        narrower: None,
        doc: "jumps when the clock is set",
    },
    Capability {
        key: "counts_suspend",
        tr: Trait {
            name: "SuspendCountingClock",
            supertrait: None,
            is_unsafe: false,
            doc: "A clock that keeps counting while the system is suspended (`CLOCK_BOOTTIME` \
                  and the clocks derived from it). Implemented by `declare_clocks!` for the \
                  rows with `counts_suspend = true`.",
            safety: "",
            unimplemented: [
                "`{Self}` does not count time spent in suspend",
                "only clocks declared with `counts_suspend = true` implement \
                 `SuspendCountingClock`",
                "use a clock that keeps counting in suspend, such as `BootTime` \
                 (CLOCK_BOOTTIME)",
            ],
        },
        required: false,
        kernel: Impl::Plain,
        posix: Some(Impl::Plain),
        rules: &[],
        narrower: None,
        doc: "keeps counting while the system is suspended",
    },
];
