//! The typed model that both input forms (TOML file, inline rows) are read into.
//!
//! Parsing the invocation produces [`Options`]; reading produces [`ClockRow`]s, whose
//! fields are all optional and each carry the [`Site`] they came from; validation
//! turns the good rows into [`Clock`]s, [`Declared`] for expansion.

use proc_macro2::{Ident, Span};
use std::ops::Range;

/// Key of a row: the clock's Rust type name.
pub const NAME: &str = "name";
/// Key of a row: the C getter `ktime_t getter(void)`.
pub const GETTER: &str = "getter";
/// Key of a row: whether the clock never goes backwards.
pub const MONOTONIC: &str = "monotonic";
/// Key of a row: the clock's `clockid_t` (constant name or integer).
pub const CLOCKID: &str = "clockid";
/// Key of a row: the marker type's doc comment.
pub const DOC: &str = "doc";
/// Key of a row: the `enum tk_offsets` member that relates this clock to the base.
pub const OFFSET: &str = "offset";
/// Key of a row: this clock is the monotonic base the offsets are relative to.
pub const OFFSET_BASE: &str = "offset_base";
/// Key of a row: what the getter returns, `"ktime_t"` (the default) or `"u64"`.
pub const RETURNS: &str = "returns";
/// Key of a row: how finely the clock advances, in nanoseconds or `"tick"`.
pub const RESOLUTION: &str = "resolution";
/// Key of a row: the C header that declares the getter, named in the marker's doc.
pub const HEADER: &str = "header";
/// What a row key's value must be; both readers (TOML file, inline rows) check a value
/// against it and describe it with [`ValueKind::expected`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// Free text: a TOML string, an inline string literal.
    Text,
    /// A C or Rust name: a TOML string, an inline identifier or string literal. The
    /// text says what it names, for inline errors ("a C function name").
    Name(&'static str),
    /// `true` or `false`.
    Bool,
    /// A constant name or an integer (`clockid`).
    ClockId,
    /// A number of nanoseconds or `tick` (`resolution`).
    Resolution,
}

/// The form a table is written in, for wording errors as the user wrote the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// A `clocks.toml` file: `key = value`.
    Toml,
    /// Inline rows of the invocation: `key: value`.
    Inline,
}

impl ValueKind {
    /// What a value of this kind is, as the error "`key` must be …" says it.
    pub const fn expected(self, form: Form) -> &'static str {
        match (self, form) {
            (ValueKind::Text, _) | (ValueKind::Name(_), Form::Toml) => "a string",
            (ValueKind::Name(what), Form::Inline) => what,
            (ValueKind::Bool, _) => "a boolean",
            (ValueKind::ClockId, Form::Toml) => "a constant name (string) or an integer",
            (ValueKind::ClockId, Form::Inline) => "a constant name or an integer",
            (ValueKind::Resolution, Form::Toml) => "a number of nanoseconds or \"tick\"",
            (ValueKind::Resolution, Form::Inline) => "a number of nanoseconds or `tick`",
        }
    }
}

/// One key of a row (or the top-level `kernel_services`): its name, the kind of value
/// it takes and example values as written in a TOML file. Both readers take the
/// expected type and the example from here, so a key is described in one place.
#[derive(Clone, Copy, Debug)]
pub struct KeySpec {
    /// The key.
    pub name: &'static str,
    /// What its value must be.
    pub kind: ValueKind,
    /// Example values in TOML syntax (`"ktime_get"`, `true`, `1`); alternatives when
    /// more than one.
    pub examples: &'static [&'static str],
}

impl KeySpec {
    /// How to write the key, in `form`: `getter = "ktime_get"` or `getter: ktime_get`;
    /// alternatives joined by "or".
    pub fn example(&self, form: Form) -> String {
        let mut text = String::new();
        for (index, example) in self.examples.iter().enumerate() {
            if index > 0 {
                text.push_str(" or ");
            }
            match form {
                Form::Toml => text.push_str(&format!("{} = {example}", self.name)),
                Form::Inline => {
                    // Names and `tick` are identifiers inline; free text stays quoted.
                    let value = match self.kind {
                        ValueKind::Text => example,
                        _ => example.trim_matches('"'),
                    };
                    text.push_str(&format!("{}: {value}", self.name));
                }
            }
        }
        text
    }

    /// The row key named `name`.
    pub fn row_key(name: &str) -> Option<&'static KeySpec> {
        ROW_KEY_SPECS.iter().find(|spec| spec.name == name)
    }
}

/// Every key a row may have, in the order the README documents them.
pub const ROW_KEY_SPECS: &[KeySpec] = &[
    KeySpec {
        name: NAME,
        kind: ValueKind::Name("a Rust type name"),
        examples: &["\"Monotonic\""],
    },
    KeySpec {
        name: GETTER,
        kind: ValueKind::Name("a C function name"),
        examples: &["\"ktime_get\""],
    },
    KeySpec {
        name: MONOTONIC,
        kind: ValueKind::Bool,
        examples: &["true"],
    },
    KeySpec {
        name: CLOCKID,
        kind: ValueKind::ClockId,
        examples: &["\"CLOCK_MONOTONIC\"", "1"],
    },
    KeySpec {
        name: DOC,
        kind: ValueKind::Text,
        examples: &["\"What the clock measures.\""],
    },
    KeySpec {
        name: OFFSET,
        kind: ValueKind::Name("an `enum tk_offsets` member"),
        examples: &["\"TK_OFFS_BOOT\""],
    },
    KeySpec {
        name: OFFSET_BASE,
        kind: ValueKind::Bool,
        examples: &["true"],
    },
    KeySpec {
        name: RETURNS,
        kind: ValueKind::Name("a C type"),
        examples: &["\"u64\""],
    },
    KeySpec {
        name: RESOLUTION,
        kind: ValueKind::Resolution,
        examples: &["1", "\"tick\""],
    },
    KeySpec {
        name: HEADER,
        kind: ValueKind::Text,
        examples: &["\"linux/timekeeping.h\""],
    },
    KeySpec {
        name: Capability::NmiSafe.key(),
        kind: ValueKind::Bool,
        examples: &["true"],
    },
    KeySpec {
        name: Capability::HrTimer.key(),
        kind: ValueKind::Bool,
        examples: &["true"],
    },
    KeySpec {
        name: Capability::Settable.key(),
        kind: ValueKind::Bool,
        examples: &["true"],
    },
    KeySpec {
        name: Capability::CountsSuspend.key(),
        kind: ValueKind::Bool,
        examples: &["true"],
    },
];

/// The names of [`ROW_KEY_SPECS`], in the same order.
pub const ROW_KEYS: &[&str] = &{
    let mut names = [""; ROW_KEY_SPECS.len()];
    let mut index = 0;
    while index < ROW_KEY_SPECS.len() {
        names[index] = ROW_KEY_SPECS[index].name;
        index += 1;
    }
    names
};

/// The top-level `kernel_services` key of a TOML table (an option of the inline form).
pub const KERNEL_SERVICES_SPEC: KeySpec = KeySpec {
    name: KERNEL_SERVICES,
    kind: ValueKind::Bool,
    examples: &["true"],
};

/// A row key's value, read and type-checked against its [`KeySpec`] by either reader.
#[derive(Clone, Debug, PartialEq)]
pub enum KeyValue {
    /// For [`ValueKind::Text`] and [`ValueKind::Name`].
    Text(String),
    /// For [`ValueKind::Bool`].
    Bool(bool),
    /// For [`ValueKind::ClockId`].
    ClockId(ClockIdSpec),
    /// For [`ValueKind::Resolution`].
    Resolution(ResolutionSpec),
}

/// The array of rows in a TOML table.
pub const CLOCK_ARRAY: &str = "clock";
/// The top-level key of a TOML table that turns on the kernel services.
pub const KERNEL_SERVICES: &str = "kernel_services";
/// Every top-level key of a TOML table.
pub const TOP_LEVEL_KEYS: &[&str] = &[KERNEL_SERVICES, CLOCK_ARRAY];

/// A boolean row key that gives the clock a sealed capability trait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capability {
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
    pub const ALL: [Capability; 4] = [
        Capability::NmiSafe,
        Capability::HrTimer,
        Capability::Settable,
        Capability::CountsSuspend,
    ];

    /// The row key.
    pub const fn key(self) -> &'static str {
        match self {
            Capability::NmiSafe => "nmi_safe",
            Capability::HrTimer => "hrtimer",
            Capability::Settable => "settable",
            Capability::CountsSuspend => "counts_suspend",
        }
    }
}

/// What a row's C getter returns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Returns {
    /// `ktime_t getter(void)`.
    #[default]
    Ktime,
    /// `u64 getter(void)`: nanoseconds, as the kernel's `*_fast_ns` accessors return.
    U64,
}

/// The `resolution` of a row as written.
#[derive(Clone, Debug, PartialEq)]
pub enum ResolutionSpec {
    /// Nanoseconds.
    Nanos(i128),
    /// A string: `"tick"`, or something invalid.
    Text(String),
}

/// A validated `resolution`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// Advances in steps of this many nanoseconds.
    Nanos(i64),
    /// Advances only at the timer tick.
    Tick,
}

/// Table-wide settings of a TOML file (top-level keys).
#[derive(Clone, Debug, Default)]
pub struct TableSettings {
    /// `kernel_services = …`.
    pub kernel_services: Option<Located<bool>>,
    /// The file has a TOML error: only what precedes it was read.
    pub truncated: bool,
}

/// Where a piece of input came from, for error messages.
#[derive(Clone, Debug)]
pub enum Site {
    /// Tokens of the macro invocation (inline form, macro arguments).
    Tokens(Span),
    /// A byte range of the table file.
    Table(Range<usize>),
}

/// A value together with the place it was written.
#[derive(Clone, Debug)]
pub struct Located<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub site: Site,
}

impl<T> Located<T> {
    /// `value`, written at `site`.
    pub fn new(value: T, site: Site) -> Self {
        Located { value, site }
    }
}

/// The `clockid` of a row as written.
#[derive(Clone, Debug, PartialEq)]
pub enum ClockIdSpec {
    /// A constant of the bindings module, e.g. `CLOCK_MONOTONIC`.
    Constant(String),
    /// A literal id, e.g. `1`.
    Number(i128),
}

/// One row as read, before validation: each key's value, typed by its [`KeySpec`] and
/// located. A key is absent when the row lacks it or when its value had the wrong
/// type (that error is already reported). Rows hold their values by key, so a new key
/// needs only its [`KeySpec`] in [`ROW_KEY_SPECS`] and the code that uses it.
#[derive(Clone, Debug)]
pub struct ClockRow {
    /// The whole row (its `[[clock]]` header, or the inline row's name).
    pub site: Site,
    /// The values read, by key (a name of [`ROW_KEY_SPECS`]), in the order read.
    values: Vec<(&'static str, Located<KeyValue>)>,
    /// Set when reading the row reported an error (wrong type, unknown key): such a
    /// row still declares its type, so uses of it do not cascade into more errors,
    /// but the reading errors are what the user sees.
    pub had_errors: bool,
    /// Keys present in the row whose value was rejected, and keys that an unknown key
    /// resembles (both already reported), so that validation does not also call them
    /// missing.
    pub rejected: Vec<String>,
    /// Set when a TOML error cuts the row short (its later keys were not read): it
    /// declares its marker type only, and no key of it is called missing.
    pub cut: bool,
}

impl ClockRow {
    /// A row at `site` with no keys yet.
    pub fn new(site: Site) -> Self {
        ClockRow {
            site,
            values: Vec::new(),
            had_errors: false,
            rejected: Vec::new(),
            cut: false,
        }
    }

    /// Whether the row has `key` with a rejected value, or a misspelling of it.
    pub fn mentions(&self, key: &str) -> bool {
        self.rejected.iter().any(|rejected| rejected == key)
    }

    /// Records that the row has the unknown key `unknown`, already reported with a
    /// "did you mean" among `keys`: the key it resembles counts as present, so a
    /// misspelt required key is one error, not also a "missing key" error.
    pub fn misspelt(&mut self, unknown: &str, keys: &[&str]) {
        if let Some(meant) = crate::suggest::did_you_mean(unknown, keys) {
            self.rejected.push(meant.to_owned());
        }
    }

    /// Stores `value`, read for the row key `key` (a name of [`ROW_KEY_SPECS`]) and of
    /// the kind its spec says; a later value for the same key replaces it.
    pub fn assign(&mut self, key: &'static str, value: Located<KeyValue>) {
        self.values.retain(|(existing, _)| *existing != key);
        self.values.push((key, value));
    }

    /// The value of `key`, as read.
    pub fn get(&self, key: &str) -> Option<&Located<KeyValue>> {
        self.values
            .iter()
            .find(|(existing, _)| *existing == key)
            .map(|(_, value)| value)
    }

    /// The value of `key`, when `value` takes it as a `T`, with its place.
    fn typed<T>(
        &self,
        key: &str,
        value: impl FnOnce(&KeyValue) -> Option<T>,
    ) -> Option<Located<T>> {
        let located = self.get(key)?;
        Some(Located::new(value(&located.value)?, located.site.clone()))
    }

    /// The text of `key` (a [`ValueKind::Text`] or [`ValueKind::Name`] key).
    pub fn text(&self, key: &str) -> Option<Located<String>> {
        self.typed(key, |value| match value {
            KeyValue::Text(text) => Some(text.clone()),
            _ => None,
        })
    }

    /// The flag `key` (a [`ValueKind::Bool`] key).
    pub fn flag(&self, key: &str) -> Option<Located<bool>> {
        self.typed(key, |value| match value {
            KeyValue::Bool(flag) => Some(*flag),
            _ => None,
        })
    }

    /// Whether the flag `key` is present and `true`.
    pub fn is_set(&self, key: &str) -> bool {
        self.flag(key).is_some_and(|flag| flag.value)
    }

    /// `clockid`.
    pub fn clockid(&self) -> Option<Located<ClockIdSpec>> {
        self.typed(CLOCKID, |value| match value {
            KeyValue::ClockId(id) => Some(id.clone()),
            _ => None,
        })
    }

    /// `resolution`.
    pub fn resolution(&self) -> Option<Located<ResolutionSpec>> {
        self.typed(RESOLUTION, |value| match value {
            KeyValue::Resolution(resolution) => Some(resolution.clone()),
            _ => None,
        })
    }

    /// The capability keys written, with their values, in [`Capability::ALL`] order.
    pub fn capabilities(&self) -> impl Iterator<Item = (Capability, Located<bool>)> + '_ {
        Capability::ALL
            .into_iter()
            .filter_map(|capability| Some((capability, self.flag(capability.key())?)))
    }
}

/// A validated clock, ready to expand.
#[derive(Clone, Debug)]
pub struct Clock {
    /// The row as read, for the keys that need no checking beyond their kind (such as
    /// `header`), read where they are used.
    pub row: ClockRow,
    /// The marker type's name, spanned at the user's tokens where there are any.
    pub name: Ident,
    /// The C getter (always present with the kernel backend; unused by posix).
    pub getter: Option<Ident>,
    /// Whether the clock never goes backwards.
    pub monotonic: bool,
    /// The clock's `clockid_t`, if the row gives one.
    pub clockid: Option<ClockId>,
    /// The table's doc for the clock.
    pub doc: Option<String>,
    /// How the clock relates to the others, for generated conversions.
    pub relation: Relation,
    /// What the getter returns.
    pub returns: Returns,
    /// How finely the clock advances (`None`: not stated, nanoseconds).
    pub resolution: Option<Resolution>,
    /// The capabilities the row declares.
    pub capabilities: Vec<Capability>,
    /// Where the offset is named (`path:LINE:COL`, empty for inline rows), for the
    /// error when the bindings module lacks its `tk_offsets_<member>` constant.
    pub offset_location: String,
    /// Where the getter is named, for the error when the bindings module lacks it
    /// (`clocks.toml:LINE:COL`, or empty for inline rows, whose spans say it).
    pub getter_location: String,
    /// Where the clock id is written, for the error when its constant is missing.
    pub clockid_location: String,
}

/// A clock's place among the clocks related by timekeeper offsets.
#[derive(Clone, Debug, PartialEq)]
pub enum Relation {
    /// No declared relation: no conversions.
    None,
    /// The monotonic base (`offset_base = true`).
    Base,
    /// Base plus the timekeeper offset `tk_offsets_<member>`.
    Offset(Ident),
}

/// A validated `clockid`.
#[derive(Clone, Debug)]
pub enum ClockId {
    /// A constant in the bindings module.
    Constant(Ident),
    /// A literal that fits `clockid_t` (`i32`).
    Number(i32),
}

/// The invocation's options.
#[derive(Default)]
pub struct Options {
    /// `unsafe(bindings = PATH)`: call getters as `PATH::getter()` instead of declaring
    /// them.
    pub bindings: Option<ModulePath>,
    /// `unsafe(extern "C")`, where written: the getters the macro declares itself are
    /// asserted to be C functions `ktime_t getter(void)` (or `u64`) that are safe to call.
    pub unsafe_extern: Option<Span>,
    /// `backend = …`: how each clock is read.
    pub backend: Backend,
    /// Whether `backend` was written (to report it twice).
    pub backend_given: bool,
    /// Where `backend = …`'s value was written, for errors about it.
    pub backend_span: Option<Span>,
    /// Declare marker types only (the backend the rows need is missing; reported).
    pub markers_only: bool,
    /// `kernel_services = true`: also generate `delay`, `poll`, `hrtimer` and the
    /// jiffies items over the bindings module (inline option or the table's top-level key).
    pub kernel_services: Option<Located<bool>>,
    /// `error = PATH`: the module whose `Error`, `Result` and `code::ETIMEDOUT` the
    /// kernel services return (the kernel's `crate::error`), with where its key was
    /// written; without it they return typed-clocks's own.
    pub error: Option<(ModulePath, Span)>,
}

/// A module path as `bindings = …` names it: `crate::bindings`, `::kernel::bindings`,
/// `super::b` (identifiers separated by `::`, no generic arguments), parsed with syn's
/// `Punctuated` so that the macro needs none of syn's type grammar (its `derive`
/// feature, a third of syn's build time).
pub struct ModulePath {
    leading_colon: Option<syn::Token![::]>,
    segments: syn::punctuated::Punctuated<Ident, syn::Token![::]>,
}

impl syn::parse::Parse for ModulePath {
    fn parse(input: syn::parse::ParseStream<'_>) -> syn::Result<Self> {
        use syn::ext::IdentExt;
        Ok(ModulePath {
            leading_colon: input.parse()?,
            segments: syn::punctuated::Punctuated::parse_separated_nonempty_with(
                input,
                Ident::parse_any,
            )?,
        })
    }
}

impl ModulePath {
    /// Whether the path names the same module from every module of the crate: it
    /// starts with `::` or `crate`, as a path used inside generated submodules must.
    pub fn is_absolute(&self) -> bool {
        self.leading_colon.is_some() || self.segments.first().is_some_and(|first| first == "crate")
    }
}

impl quote::ToTokens for ModulePath {
    fn to_tokens(&self, tokens: &mut proc_macro2::TokenStream) {
        self.leading_colon.to_tokens(tokens);
        self.segments.to_tokens(tokens);
    }
}

/// How the generated `ktime_get` reads a clock.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Backend {
    /// The row's C getter (`ktime_t getter(void)`), as in the kernel.
    #[default]
    Kernel,
    /// `clock_gettime(clockid)` through `libc`, for ordinary programs.
    Posix,
}

/// What validation lets a row declare.
#[allow(
    clippy::large_enum_variant,
    reason = "one value per row, built once and read once"
)]
#[derive(Clone, Debug)]
pub enum Declared {
    /// A complete clock.
    Clock(Clock),
    /// Only the marker type of a row with errors (already reported).
    MarkerOnly(Ident),
    /// Only the marker type of a clock that the posix backend cannot read: its row has
    /// a `getter` but no `clockid`.
    KernelOnly(Ident),
}
