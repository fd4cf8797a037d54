//! The typed model that both input forms (TOML file, inline rows) are read into.
//!
//! Reading produces [`ClockRow`]s, whose fields are all optional and each carry the
//! [`Site`] they came from; validation turns the good rows into [`Clock`]s.

use proc_macro2::{Ident, Span};
use std::ops::Range;

/// Key of a row: the clock's Rust type name.
pub(crate) const NAME: &str = "name";
/// Key of a row: the C getter `ktime_t getter(void)`.
pub(crate) const GETTER: &str = "getter";
/// Key of a row: whether the clock never goes backwards.
pub(crate) const MONOTONIC: &str = "monotonic";
/// Key of a row: the clock's `clockid_t` (constant name or integer).
pub(crate) const CLOCKID: &str = "clockid";
/// Key of a row: the marker type's doc comment.
pub(crate) const DOC: &str = "doc";
/// Key of a row: the `enum tk_offsets` member that relates this clock to the base.
pub(crate) const OFFSET: &str = "offset";
/// Key of a row: this clock is the monotonic base the offsets are relative to.
pub(crate) const OFFSET_BASE: &str = "offset_base";
/// Every key a row may have, in the order the README documents them.
pub(crate) const ROW_KEYS: &[&str] = &[NAME, GETTER, MONOTONIC, CLOCKID, DOC, OFFSET, OFFSET_BASE];
/// The one top-level key of a TOML table: its array of rows.
pub(crate) const CLOCK_ARRAY: &str = "clock";

/// Where a piece of input came from, for error messages.
#[derive(Clone, Debug)]
pub(crate) enum Site {
    /// Tokens of the macro invocation (inline form, macro arguments).
    Tokens(Span),
    /// A byte range of the table file.
    Table(Range<usize>),
}

/// A value together with the place it was written.
#[derive(Clone, Debug)]
pub(crate) struct Located<T> {
    pub(crate) value: T,
    pub(crate) site: Site,
}

impl<T> Located<T> {
    pub(crate) fn new(value: T, site: Site) -> Self {
        Located { value, site }
    }
}

/// The `clockid` of a row as written.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ClockIdSpec {
    /// A constant of the bindings module, e.g. `CLOCK_MONOTONIC`.
    Constant(String),
    /// A literal id, e.g. `1`.
    Number(i128),
}

/// One row as read, before validation: a field is `None` when the row lacks it
/// or when its value had the wrong type (that error is already reported).
#[derive(Clone, Debug)]
pub(crate) struct ClockRow {
    /// The whole row (its `[[clock]]` header, or the inline row's name).
    pub(crate) site: Site,
    pub(crate) name: Option<Located<String>>,
    pub(crate) getter: Option<Located<String>>,
    pub(crate) monotonic: Option<Located<bool>>,
    pub(crate) clockid: Option<Located<ClockIdSpec>>,
    pub(crate) doc: Option<Located<String>>,
    pub(crate) offset: Option<Located<String>>,
    pub(crate) offset_base: Option<Located<bool>>,
    /// Set when reading the row reported an error (wrong type, unknown key): such a
    /// row still declares its type, so uses of it do not cascade into more errors,
    /// but the reading errors are what the user sees.
    pub(crate) had_errors: bool,
    /// Keys present in the row whose value was rejected, and keys that an unknown key
    /// resembles (both already reported), so that validation does not also call them
    /// missing.
    pub(crate) rejected: Vec<String>,
}

impl ClockRow {
    /// Whether the row has `key` with a rejected value, or a misspelling of it.
    pub(crate) fn mentions(&self, key: &str) -> bool {
        self.rejected.iter().any(|rejected| rejected == key)
    }

    /// Records that the row has the unknown key `unknown`, already reported with a
    /// "did you mean" among `keys`: the key it resembles counts as present, so a
    /// misspelt required key is one error, not also a "missing key" error.
    pub(crate) fn misspelt(&mut self, unknown: &str, keys: &[&str]) {
        if let Some(meant) = crate::diagnostics::did_you_mean(unknown, keys) {
            self.rejected.push(meant.to_owned());
        }
    }

    pub(crate) fn new(site: Site) -> Self {
        ClockRow {
            site,
            name: None,
            getter: None,
            monotonic: None,
            clockid: None,
            doc: None,
            offset: None,
            offset_base: None,
            had_errors: false,
            rejected: Vec::new(),
        }
    }
}

/// A validated clock, ready to expand.
#[derive(Clone, Debug)]
pub(crate) struct Clock {
    /// The marker type's name, spanned at the user's tokens where there are any.
    pub(crate) name: Ident,
    /// The C getter (always present with the kernel backend; unused by posix).
    pub(crate) getter: Option<Ident>,
    pub(crate) monotonic: bool,
    pub(crate) clockid: Option<ClockId>,
    pub(crate) doc: Option<String>,
    /// How the clock relates to the others, for generated conversions.
    pub(crate) relation: Relation,
}

/// A clock's place among the clocks related by timekeeper offsets.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Relation {
    /// No declared relation: no conversions.
    None,
    /// The monotonic base (`offset_base = true`).
    Base,
    /// Base plus the timekeeper offset `tk_offsets_<member>`.
    Offset(Ident),
}

/// A validated `clockid`.
#[derive(Clone, Debug)]
pub(crate) enum ClockId {
    /// A constant in the bindings module.
    Constant(Ident),
    /// A literal that fits `clockid_t` (`i32`).
    Number(i32),
}
