//! What validation produces: the validated clocks and their values, which `expand`
//! reads, and the row's relation that the checks across rows complete.

use crate::ast::{Located, Site};
use crate::capability::Capability;
use proc_macro2::Ident;

/// What a validated table declares.
pub(crate) struct Valid {
    /// The complete clocks, in table order.
    pub(crate) clocks: Vec<Clock>,
    /// The rows whose name is usable but that have errors (already reported): they
    /// declare their marker type only, so that their uses add no errors.
    pub(crate) markers: Vec<Ident>,
}

/// A validated clock, ready to expand. Places are kept as sites: messages about them
/// are written where they are needed.
pub(crate) struct Clock {
    /// The marker type's name, spanned at the user's tokens where there are any.
    pub(crate) name: Ident,
    /// The C getter, with where the row names it (the kernel backend).
    pub(crate) getter: Option<Located<Ident>>,
    /// Whether the getter returns `u64` nanoseconds instead of a `ktime_t`.
    pub(crate) returns_u64: bool,
    /// Whether the clock never goes backwards.
    pub(crate) monotonic: bool,
    /// The clock's `clockid_t`, with where the row writes it.
    pub(crate) id: Located<ClockId>,
    /// The table's doc for the clock.
    pub(crate) doc: Option<String>,
    /// The C header that declares the getter.
    pub(crate) header: Option<String>,
    /// How finely the clock advances, when the row says.
    pub(crate) resolution: Option<Resolution>,
    /// The capabilities the row declares, which passed their rules.
    pub(crate) capabilities: Vec<&'static Capability>,
    /// The clock's place among the clocks related by timekeeper offsets.
    pub(crate) relation: Relation,
}

/// A validated `clockid`.
#[derive(Clone, Debug)]
pub(crate) enum ClockId {
    /// A constant of the bindings module (or of `libc`).
    Constant(Ident),
    /// A literal that fits `clockid_t` (`i32`).
    Number(i32),
}

impl ClockId {
    /// The id's value, written as a number or as a uapi `CLOCK_*` name; `None` for
    /// another constant, whose value only the compiler knows.
    pub(crate) fn known_value(&self) -> Option<i32> {
        match self {
            ClockId::Number(number) => Some(*number),
            ClockId::Constant(constant) => crate::clock_ids::CLOCK_IDS
                .iter()
                .find(|(name, _)| constant == name)
                .map(|(_, value)| *value),
        }
    }
}

/// A validated `resolution`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Resolution {
    /// Advances in steps of this many nanoseconds.
    Nanos(i64),
    /// Advances only at the timer tick.
    Tick,
}

/// A clock's place among the clocks related by timekeeper offsets.
#[derive(Clone, Debug)]
pub(crate) enum Relation {
    /// No declared relation: no conversions.
    None,
    /// The monotonic base (`offset_base = true`).
    Base,
    /// The base plus the timekeeper offset `tk_offsets_<member>`, written at a site.
    Offset(Located<Ident>),
}

/// What a row says about offsets, checked within the row.
pub(crate) enum RowRelation {
    /// Nothing (or nothing usable, already reported).
    None,
    /// `offset_base = true`, written at the site.
    Base(Site),
    /// `offset = "MEMBER"`.
    Offset(Located<String>),
}
