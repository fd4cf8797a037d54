//! The capabilities and their rules: the macro's own data file
//! (`time-macros/src/capabilities.rs`, which imports nothing), compiled in here, so
//! the tests that cover every capability (and every rule) iterate over the list the
//! macro checks rows against, and cover a new capability without an edit.
//!
//! Shared by the hostile tables' generator, the README's table test, and
//! `tests/build.rs`, which generates the per-capability rows of
//! `tests/tests/expansion_rows.rs`.

// Each includer uses a part of it.
#![allow(dead_code, unused_imports)]

#[path = "../../../time-macros/src/capabilities.rs"]
mod data;

pub(crate) use data::{
    Capability, Check, Impl, Narrower, Rule, Trait, CAPABILITIES, HRTIMER_BASES, MONOTONIC_IDS,
    POSIX_READABLE_IDS,
};

/// The capabilities, in the order of the documentation and of `ClockInfo`'s fields.
pub(crate) fn capabilities() -> &'static [Capability] {
    CAPABILITIES
}

impl Capability {
    /// Whether the posix backend gives the capability (else it ignores the key).
    pub(crate) fn on_posix(&self) -> bool {
        self.posix.is_some()
    }
}
