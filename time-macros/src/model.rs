//! The typed model that both input forms (TOML file, inline rows) are read into.
//!
//! Parsing the invocation produces [`Options`]; reading produces [`ClockRow`]s, whose
//! fields are all optional and each carry the [`Site`] they came from; validation
//! turns the good rows into [`Clock`]s, [`Declared`] for expansion.

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
/// Key of a row: what the getter returns, `"ktime_t"` (the default) or `"u64"`.
pub(crate) const RETURNS: &str = "returns";
/// Key of a row: how finely the clock advances, in nanoseconds or `"tick"`.
pub(crate) const RESOLUTION: &str = "resolution";
/// Every key a row may have, in the order the README documents them.
pub(crate) const ROW_KEYS: &[&str] = &[
    NAME,
    GETTER,
    MONOTONIC,
    CLOCKID,
    DOC,
    OFFSET,
    OFFSET_BASE,
    RETURNS,
    RESOLUTION,
    Capability::NmiSafe.key(),
    Capability::HrTimer.key(),
    Capability::Settable.key(),
    Capability::CountsSuspend.key(),
];
/// The array of rows in a TOML table.
pub(crate) const CLOCK_ARRAY: &str = "clock";
/// The top-level key of a TOML table that turns on the kernel services.
pub(crate) const KERNEL_SERVICES: &str = "kernel_services";
/// Every top-level key of a TOML table.
pub(crate) const TOP_LEVEL_KEYS: &[&str] = &[KERNEL_SERVICES, CLOCK_ARRAY];

/// A boolean row key that gives the clock a sealed capability trait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Capability {
    /// `nmi_safe`: `NmiSafeClock`.
    NmiSafe,
    /// `hrtimer`: `HrTimerClock`.
    HrTimer,
    /// `settable`: `SettableClock`.
    Settable,
    /// `counts_suspend`: `SuspendCountingClock`.
    CountsSuspend,
}

impl Capability {
    /// Every capability, in the order of the template's lists.
    pub(crate) const ALL: [Capability; 4] = [
        Capability::NmiSafe,
        Capability::HrTimer,
        Capability::Settable,
        Capability::CountsSuspend,
    ];

    /// The row key.
    pub(crate) const fn key(self) -> &'static str {
        match self {
            Capability::NmiSafe => "nmi_safe",
            Capability::HrTimer => "hrtimer",
            Capability::Settable => "settable",
            Capability::CountsSuspend => "counts_suspend",
        }
    }

    /// The capability whose row key is `key`.
    pub(crate) fn from_key(key: &str) -> Option<Self> {
        Capability::ALL.into_iter().find(|cap| cap.key() == key)
    }
}

/// What a row's C getter returns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Returns {
    /// `ktime_t getter(void)`.
    #[default]
    Ktime,
    /// `u64 getter(void)`: nanoseconds, as the kernel's `*_fast_ns` accessors return.
    U64,
}

/// The `resolution` of a row as written.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ResolutionSpec {
    /// Nanoseconds.
    Nanos(i128),
    /// A string: `"tick"`, or something invalid.
    Text(String),
}

/// A validated `resolution`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Resolution {
    /// Advances in steps of this many nanoseconds.
    Nanos(i64),
    /// Advances only at the timer tick.
    Tick,
}

/// Table-wide settings of a TOML file (top-level keys).
#[derive(Clone, Debug, Default)]
pub(crate) struct TableSettings {
    /// `kernel_services = …`.
    pub(crate) kernel_services: Option<Located<bool>>,
}

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
    pub(crate) returns: Option<Located<String>>,
    pub(crate) resolution: Option<Located<ResolutionSpec>>,
    /// The capability keys written, with their values.
    pub(crate) capabilities: Vec<(Capability, Located<bool>)>,
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
        if let Some(meant) = crate::suggest::did_you_mean(unknown, keys) {
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
            returns: None,
            resolution: None,
            capabilities: Vec::new(),
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
    /// What the getter returns.
    pub(crate) returns: Returns,
    /// How finely the clock advances (`None`: not stated, nanoseconds).
    pub(crate) resolution: Option<Resolution>,
    /// The capabilities the row declares.
    pub(crate) capabilities: Vec<Capability>,
    /// Where the getter is named, for the error when the bindings module lacks it
    /// (`clocks.toml:LINE:COL`, or empty for inline rows, whose spans say it).
    pub(crate) getter_location: String,
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

/// The invocation's options.
#[derive(Default)]
pub(crate) struct Options {
    /// `bindings = PATH`: call getters as `PATH::getter()` instead of declaring them.
    pub(crate) bindings: Option<syn::Path>,
    /// `backend = …`: how each clock is read.
    pub(crate) backend: Backend,
    /// Whether `backend` was written (to report it twice).
    pub(crate) backend_given: bool,
    /// Where `backend = …`'s value was written, for errors about it.
    pub(crate) backend_span: Option<Span>,
    /// Declare marker types only (the backend the rows need is missing; reported).
    pub(crate) markers_only: bool,
    /// `kernel_services = true`: also generate `delay`, `poll`, `hrtimer` and the
    /// jiffies items over the bindings module (inline option or the table's top-level key).
    pub(crate) kernel_services: Option<Located<bool>>,
}

/// How the generated `ktime_get` reads a clock.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) enum Backend {
    /// The row's C getter (`ktime_t getter(void)`), as in the kernel.
    #[default]
    Kernel,
    /// `clock_gettime(clockid)` through `libc`, for ordinary programs.
    Posix,
}

/// What validation lets a row declare.
#[derive(Clone, Debug)]
pub(crate) enum Declared {
    /// A complete clock.
    Clock(Clock),
    /// Only the marker type of a row with errors (already reported).
    MarkerOnly(Ident),
}
