//! The keys of a clock table: the row keys of [`KEYS`] and those of the capability
//! table ([`crate::capabilities::CAPABILITIES`]), each with the kind of value it takes.
//! Both readers (TOML file, inline rows) check a value against its [`KeySpec`], and the
//! lists of valid keys in errors and suggestions are derived from here.

use crate::capabilities::CAPABILITIES;

/// A row key: its name.
pub(crate) type Key = &'static str;

/// The clock's Rust type name.
pub(crate) const NAME: Key = "name";
/// The C getter `ktime_t getter(void)`.
pub(crate) const GETTER: Key = "getter";
/// The clock's `clockid_t` (constant name or integer): `ClockSource::ID`.
pub(crate) const CLOCKID: Key = "clockid";
/// The marker type's doc comment.
pub(crate) const DOC: Key = "doc";
/// The `enum tk_offsets` member that relates this clock to the base.
pub(crate) const OFFSET: Key = "offset";
/// This clock is the monotonic base the offsets are relative to.
pub(crate) const OFFSET_BASE: Key = "offset_base";
/// What the getter returns, `"ktime_t"` (the default) or `"u64"`.
pub(crate) const RETURNS: Key = "returns";
/// How finely the clock advances, in nanoseconds or `"tick"`.
pub(crate) const RESOLUTION: Key = "resolution";
/// The C header that declares the getter, named in the marker's doc.
pub(crate) const HEADER: Key = "header";
/// Whether the clock never goes backwards: the capability of that key.
pub(crate) const MONOTONIC: Key = "monotonic";

/// The array of rows in a TOML table.
#[cfg_attr(not(feature = "toml"), allow(dead_code))] // the file form needs the `toml` feature
pub(crate) const CLOCK_ARRAY: &str = "clock";
/// A top-level key that tables of earlier versions had, which the reader explains.
#[cfg_attr(not(feature = "toml"), allow(dead_code))] // the file form needs the `toml` feature
pub(crate) const KERNEL_SERVICES: &str = "kernel_services";
/// Every top-level key of a TOML table.
#[cfg_attr(not(feature = "toml"), allow(dead_code))] // the file form needs the `toml` feature
pub(crate) const TOP_LEVEL_KEYS: &[&str] = &[CLOCK_ARRAY];

/// The names the expansion declares in the runtime (`runtime = self`) besides the
/// capability traits, and those it names there: no clock may take them.
pub(crate) const RUNTIME_ITEMS: &[&str] = &[
    "ClockInfo",
    "Resolution",
    "TableClock",
    "ClockVisitor",
    "ConvertsTo",
    "CLOCKS",
    "ClockSource",
    "Instant",
    "Delta",
];

/// What a key's value must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ValueKind {
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
pub(crate) enum Form {
    /// A `clocks.toml` file: `key = value`.
    #[cfg_attr(not(feature = "toml"), allow(dead_code))]
    // the file form needs the `toml` feature
    Toml,
    /// Inline rows of the invocation: `key: value`.
    Inline,
}

impl ValueKind {
    /// What a value of this kind is, as the error "`key` must be …" says it.
    pub(crate) const fn expected(self, form: Form) -> &'static str {
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

/// One key: its name, the kind of value it takes and example values as written in a
/// TOML file. Both readers take the expected type and the example from here.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KeySpec {
    /// The key.
    pub(crate) name: Key,
    /// What its value must be.
    pub(crate) kind: ValueKind,
    /// Example values in TOML syntax (`"ktime_get"`, `true`, `1`); alternatives when
    /// more than one.
    pub(crate) examples: &'static [&'static str],
}

impl KeySpec {
    /// How to write the key, in `form`: `getter = "ktime_get"` or `getter: ktime_get`;
    /// alternatives joined by "or".
    pub(crate) fn example(&self, form: Form) -> String {
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
}

/// The row keys that are not capabilities, in the order the documentation lists them;
/// the capability keys follow them ([`row_key`], [`row_keys`]).
pub(crate) const KEYS: &[KeySpec] = &[
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
];

/// The spec of a capability key: a boolean.
const fn capability_spec(key: Key) -> KeySpec {
    KeySpec {
        name: key,
        kind: ValueKind::Bool,
        examples: &["true"],
    }
}

/// The row key named `name`.
pub(crate) fn row_key(name: &str) -> Option<KeySpec> {
    KEYS.iter()
        .copied()
        .find(|spec| spec.name == name)
        .or_else(|| {
            CAPABILITIES
                .iter()
                .find(|capability| capability.key == name)
                .map(|capability| capability_spec(capability.key))
        })
}

/// Every row key, in the order of the documentation: `name` and `getter`, the
/// required capabilities (`monotonic`), the rest of [`KEYS`], the other capabilities.
pub(crate) fn row_keys() -> Vec<Key> {
    let capabilities = |required: bool| {
        CAPABILITIES
            .iter()
            .filter(move |capability| capability.required == required)
            .map(|capability| capability.key)
    };
    let (leading, rest) = KEYS.split_at(2);
    leading
        .iter()
        .map(|spec| spec.name)
        .chain(capabilities(true))
        .chain(rest.iter().map(|spec| spec.name))
        .chain(capabilities(false))
        .collect()
}


#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
