//! The capabilities' rules applied to a row, and how the expansion justifies each
//! capability's impl with a backend. The capabilities themselves are data, in
//! [`crate::capabilities`].

use crate::ast::{Backend, Row};
pub(crate) use crate::capabilities::{Capability, Impl, Rule, CAPABILITIES};

/// What a capability's rules look at in its row.
pub(crate) struct Facts<'a> {
    /// The backend of the table.
    pub(crate) backend: Backend,
    /// The row.
    pub(crate) row: &'a Row,
    /// The row's getter, as written, when it is a valid one.
    pub(crate) getter: Option<&'a str>,
    /// The row's clock id, as written (a constant name or a number), if valid.
    pub(crate) clockid: Option<&'a str>,
    /// The value of a known clock id (a number, or a uapi `CLOCK_*` name).
    pub(crate) clockid_value: Option<i32>,
}

impl Capability {
    /// How the expansion justifies the impl with `backend` (`None`: ignored there).
    pub(crate) fn justified(&self, backend: Backend) -> Option<Impl> {
        match backend {
            Backend::Kernel => Some(self.kernel),
            Backend::Posix => self.posix,
        }
    }

    /// The error and help of the first of its rules the row breaks.
    pub(crate) fn broken(&self, facts: &Facts<'_>) -> Option<(String, String)> {
        let check = self.rules.iter().find(|check| breaks(check.rule, facts))?;
        let message = check
            .message
            .replace("{clockid}", facts.clockid.unwrap_or("?"))
            .replace("{getter}", facts.getter.unwrap_or("?"));
        Some((message, check.help.to_owned()))
    }
}

/// Whether the row of `facts` breaks `rule`.
fn breaks(rule: Rule, facts: &Facts<'_>) -> bool {
    match rule {
        Rule::IdIn(ids) => {
            facts.clockid.is_some()
                && !facts
                    .clockid_value
                    .is_some_and(|value| ids.contains(&value))
        }
        Rule::PosixIdIn(ids) => {
            facts.backend == Backend::Posix
                && facts
                    .clockid_value
                    .is_some_and(|value| !ids.contains(&value))
        }
        Rule::ConflictsWith(key) => facts.row.is_set(key),
        Rule::GetterNotIn(getters) => facts.getter.is_some_and(|getter| getters.contains(&getter)),
        // A value of the key that was rejected (reported) breaks no rule of another.
        Rule::Requires(key, value) => match facts.row.text(key) {
            Some(text) => text.value != value,
            None => !facts.row.mentions(key),
        },
    }
}

#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
