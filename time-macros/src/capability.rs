//! The capability table: each boolean row key that gives a clock a trait, with its
//! trait, its seal, whether the seal (or the trait) is `unsafe`, how the template
//! justifies the impl with each backend, the rule the row must follow, and a doc line.
//!
//! Everything about a capability is derived from its entry: its key spec and the
//! lists of valid keys (`schema`), its check (`validate`), its slot in the template's
//! input (`expand`), and the capability table of `declare_clocks!`'s documentation
//! (checked by this module's tests). Adding a capability is an entry here, its trait
//! (typed-clocks `clock.rs`) and its seal (typed-clocks `private.rs`).

use crate::ast::Backend;
use crate::schema::{self, Key};

/// One capability.
pub(crate) struct Capability {
    /// The row key, `true` to have the capability.
    pub(crate) key: Key,
    /// The trait the clock then implements (a name in typed-clocks).
    pub(crate) trait_name: &'static str,
    /// The trait's seal in `typed_clocks::__private`; `None` when the trait itself is
    /// `unsafe` (and implemented by the template with what it needs).
    pub(crate) seal: Option<&'static str>,
    /// Whether the seal (or, without one, the trait) is an `unsafe trait`: some
    /// safety or termination depends on the fact it records (the documentation's
    /// table says it; the tests check it against `kernel` and `posix`).
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
    /// The rule of the row: `Some((message, help))` when the row breaks it.
    pub(crate) check: fn(&Facts<'_>) -> Option<(String, String)>,
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

/// The kind of the slot of an impl justified as `justified`, as the template's
/// `@capability` arms name it.
pub(crate) fn slot_kind(justified: Impl) -> &'static str {
    match justified {
        Impl::Plain => "plain",
        Impl::Vouched => "vouched",
        Impl::MonotonicId => "monotonic_id",
        Impl::TimerBase => "timer_base",
    }
}

/// What a capability's rule looks at in its row.
pub(crate) struct Facts<'a> {
    /// The backend of the table.
    pub(crate) backend: Backend,
    /// The row's getter, as written.
    pub(crate) getter: Option<&'a str>,
    /// Whether the getter returns `u64` nanoseconds.
    pub(crate) returns_u64: bool,
    /// The row's clock id, as written (a constant name or a number), if valid.
    pub(crate) clockid: Option<&'a str>,
    /// The value of a known clock id (a number, or a uapi `CLOCK_*` name).
    pub(crate) clockid_value: Option<i32>,
    /// The row's `monotonic`.
    pub(crate) monotonic: bool,
}

/// The capabilities, in the order of the documentation and of the template's input.
pub(crate) static CAPABILITIES: &[Capability] = &[
    Capability {
        key: schema::MONOTONIC,
        trait_name: "MonotonicClock",
        seal: Some("SealedMonotonic"),
        is_unsafe: true,
        required: true,
        kernel: Impl::Vouched,
        posix: Some(Impl::MonotonicId),
        check: monotonic,
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
        check: nmi_safe,
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
        check: hrtimer,
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
        check: settable,
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
        check: no_rule,
        doc: "keeps counting while the system is suspended",
    },
];

impl Capability {
    /// How the template justifies the impl with `backend` (`None`: ignored there).
    pub(crate) fn justified(&self, backend: Backend) -> Option<Impl> {
        match backend {
            Backend::Kernel => Some(self.kernel),
            Backend::Posix => self.posix,
        }
    }
}

/// The clock ids the kernel has hrtimer bases for (`hrtimer_clockid_to_base`).
const HRTIMER_BASES: &[i32] = &[0, 1, 7, 11];

/// The clock ids `clock_gettime` reads monotonically, on every running Linux
/// (`CLOCK_BOOTTIME_ALARM` is monotonic too, but without an RTC it cannot be read).
const MONOTONIC_IDS: &[i32] = &[1, 4, 6, 7];

/// Kernel getters that read the timekeeper under its seqcount: they spin while an
/// update is in progress, so an NMI that interrupts the update deadlocks in them.
const SEQCOUNT_GETTERS: &[&str] = &[
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

fn no_rule(_: &Facts<'_>) -> Option<(String, String)> {
    None
}

/// With the posix backend, the clock id decides: `clock_gettime` must read it
/// monotonically (the template checks it too, for constants it cannot see here).
fn monotonic(facts: &Facts<'_>) -> Option<(String, String)> {
    let value = facts.clockid_value?;
    (facts.backend == Backend::Posix && !MONOTONIC_IDS.contains(&value)).then(|| {
        (
            format!(
                "`clock_gettime` does not read clock id `{}` monotonically",
                facts.clockid.unwrap_or("?")
            ),
            "with the posix backend the clock id decides: the monotonic ones are CLOCK_MONOTONIC, \
             CLOCK_MONOTONIC_RAW, CLOCK_MONOTONIC_COARSE and CLOCK_BOOTTIME; \
             write `monotonic = false`, or fix the row's `clockid`"
                .to_owned(),
        )
    })
}

fn nmi_safe(facts: &Facts<'_>) -> Option<(String, String)> {
    match facts.getter {
        Some(getter) if SEQCOUNT_GETTERS.contains(&getter) => Some((
            format!("`{getter}` is not NMI-safe: it reads the timekeeper under its seqcount"),
            "an NMI that interrupts a timekeeping update deadlocks there; the NMI-safe readers are \
             the `*_fast_ns` accessors (`ktime_get_mono_fast_ns`, `ktime_get_raw_fast_ns`, \
             `ktime_get_boot_fast_ns`, `ktime_get_tai_fast_ns`, `ktime_get_real_fast_ns`): \
             declare a row over one of them, with `returns = \"u64\"`"
                .to_owned(),
        )),
        _ if !facts.returns_u64 => Some((
            "an `nmi_safe` clock must be read by a `u64` accessor".to_owned(),
            "the kernel's NMI-safe readers are the `*_fast_ns` accessors, which return `u64` \
             nanoseconds: add `returns = \"u64\"` and name one of them as the `getter`"
                .to_owned(),
        )),
        _ => None,
    }
}

fn hrtimer(facts: &Facts<'_>) -> Option<(String, String)> {
    let id = facts.clockid?;
    (!facts
        .clockid_value
        .is_some_and(|value| HRTIMER_BASES.contains(&value)))
    .then(|| {
        (
            format!("the kernel has no hrtimer base for clock id `{id}`"),
            "hrtimers run on CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_BOOTTIME and CLOCK_TAI only: \
             remove `hrtimer = true` from this row"
                .to_owned(),
        )
    })
}

fn settable(facts: &Facts<'_>) -> Option<(String, String)> {
    facts.monotonic.then(|| {
        (
            "a clock cannot be both `settable` and `monotonic`".to_owned(),
            "setting a clock can move it backwards: keep `settable = true` with \
             `monotonic = false`, or remove `settable`"
                .to_owned(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Held while a test reads or (with `UPDATE_DOCS=1`) rewrites the documentation:
    /// two tests rewrite `declare_clocks.md`, and test threads run them at once.
    static DOCS: std::sync::Mutex<()> = std::sync::Mutex::new(());

    fn lock_docs() -> std::sync::MutexGuard<'static, ()> {
        DOCS.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The capability table of `declare_clocks!`'s documentation, as this table says
    /// it: one line per capability.
    fn documented_table() -> String {
        let mut table = String::from(
            "| key | trait | seal | `unsafe` | posix backend | meaning |\n|---|---|---|---|---|---|\n",
        );
        for capability in CAPABILITIES {
            table.push_str(&format!(
                "| `{}` | `{}` | {} | {} | {} | {} |\n",
                capability.key,
                capability.trait_name,
                capability.seal.map_or_else(
                    || "— (the trait is `unsafe`)".to_owned(),
                    |seal| format!("`{seal}`")
                ),
                if capability.is_unsafe { "yes" } else { "no" },
                match capability.posix {
                    None => "ignored",
                    Some(Impl::MonotonicId | Impl::TimerBase) => "checked against the clock id",
                    Some(_) => "yes",
                },
                capability.doc,
            ));
        }
        table
    }

    /// The documentation of `declare_clocks!` holds the table above between its
    /// markers; `UPDATE_DOCS=1` rewrites it there.
    #[test]
    fn the_documented_capability_table_is_this_one() {
        let _docs = lock_docs();
        const BEGIN: &str =
            "<!-- capability table: generated from time-macros/src/capability.rs -->\n";
        const END: &str = "<!-- end of capability table -->";
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../time-core/doc/declare_clocks.md"
        );
        let doc = std::fs::read_to_string(path).expect("read declare_clocks.md");
        let start = doc.find(BEGIN).expect("the begin marker") + BEGIN.len();
        let end = doc.find(END).expect("the end marker");
        let expected = documented_table();
        if std::env::var_os("UPDATE_DOCS").is_some() {
            std::fs::write(path, format!("{}{expected}{}", &doc[..start], &doc[end..]))
                .expect("write declare_clocks.md");
            return;
        }
        assert_eq!(
            doc[start..end],
            expected,
            "rerun with UPDATE_DOCS=1 to regenerate the table"
        );
    }

    /// Every error or example that lists the valid keys, in the documentation, lists
    /// the keys the schema has; `UPDATE_DOCS=1` rewrites them there.
    #[test]
    fn documented_key_lists_are_the_schema() {
        let _docs = lock_docs();
        const LIST: &str = "valid keys are: ";
        let keys = schema::row_keys().join(", ");
        for path in ["/../README.md", "/../time-core/doc/declare_clocks.md"] {
            let path = format!("{}{path}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).expect("read the documentation");
            let mut updated = String::new();
            let mut rest = text.as_str();
            while let Some(at) = rest.find(LIST) {
                let (before, list) = rest.split_at(at + LIST.len());
                let end = list.find('\n').unwrap_or(list.len());
                updated.push_str(before);
                updated.push_str(&keys);
                rest = &list[end..];
            }
            updated.push_str(rest);
            if std::env::var_os("UPDATE_DOCS").is_some() {
                std::fs::write(&path, updated).expect("write the documentation");
            } else {
                assert!(
                    updated == text,
                    "{path} lists other keys than {keys}: rerun with UPDATE_DOCS=1"
                );
            }
        }
    }

    #[test]
    fn every_unsafe_capability_is_justified_with_each_backend() {
        for capability in CAPABILITIES {
            for backend in [Backend::Kernel, Backend::Posix] {
                match capability.justified(backend) {
                    Some(Impl::Plain) => assert!(!capability.is_unsafe, "{}", capability.key),
                    Some(Impl::Vouched) => assert!(
                        capability.is_unsafe && backend == Backend::Kernel,
                        "{}: only the kernel backend has an `unsafe(…)` to vouch",
                        capability.key
                    ),
                    Some(Impl::MonotonicId | Impl::TimerBase) | None => {}
                }
            }
            assert_eq!(
                capability.seal.is_none(),
                capability.kernel == Impl::TimerBase
            );
        }
    }
}
