//! Which strings can be names in the expansion: clock names become Rust type names,
//! getters and clock-id constants become Rust paths to C names.

use crate::ast::{Located, Table};
use crate::ctxt::Ctxt;
use proc_macro2::Ident;

use super::keywords::{is_c_keyword, is_rust_keyword};

pub(super) fn check_name(table: &Table, name: &Located<&str>, cx: &Ctxt) -> Option<Ident> {
    let text = name.value;
    let problem = if text.is_empty() {
        Some("is empty")
    } else if is_rust_keyword(text) {
        Some("is a Rust keyword")
    } else if !text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        Some("is not an identifier of ASCII letters and digits")
    } else if !text.starts_with(|c: char| c.is_ascii_uppercase()) || text.contains('_') {
        Some("is not UpperCamelCase")
    } else if is_runtime_item(text) {
        Some("is the name of an item the macro declares or names beside the clocks")
    } else {
        None
    };
    match problem {
        Some(problem) => {
            cx.error(
                &name.site,
                format_args!("clock name `{}` {problem}", text.escape_debug()),
                format_args!(
                    "a clock's name is its Rust type name: an UpperCamelCase identifier such as `{}`",
                    upper_camel_case(text).unwrap_or_else(|| "MonotonicRaw".to_owned())
                ),
            );
            None
        }
        None => Some(Ident::new(text, table.span_of(&name.site))),
    }
}

/// Whether `text` is the name of an item of the runtime the expansion declares or
/// names (a clock of that name would clash with it where the runtime is declared).
fn is_runtime_item(text: &str) -> bool {
    crate::schema::RUNTIME_ITEMS.contains(&text)
        || crate::capabilities::CAPABILITIES.iter().any(|capability| {
            capability.tr.name == text
                || capability
                    .narrower
                    .as_ref()
                    .is_some_and(|n| n.tr.name == text)
        })
}

/// `monotonic_raw` → `MonotonicRaw`, when that makes a usable suggestion.
fn upper_camel_case(text: &str) -> Option<String> {
    let camel: String = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|part| !part.is_empty())
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect();
    let usable = camel.starts_with(|c: char| c.is_ascii_uppercase()) && !is_rust_keyword(&camel);
    usable.then_some(camel)
}

/// Whether `text` is a Rust or C keyword (never a clock or getter name).
#[cfg(all(test, feature = "toml"))]
pub(crate) fn is_keyword(text: &str) -> bool {
    is_rust_keyword(text) || is_c_keyword(text) || text == "_"
}

pub(super) fn is_c_identifier(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Why `text` cannot be a C name that Rust code refers to by that same name (a
/// getter, a constant), if it cannot.
pub(super) fn c_name_problem(text: &str) -> Option<&'static str> {
    if !is_c_identifier(text) {
        Some("is not a C identifier (ASCII letters, digits and `_`, not starting with a digit)")
    } else if is_c_keyword(text) {
        Some("is a C keyword")
    } else if is_rust_keyword(text) || text == "_" {
        Some("is a Rust keyword, so Rust cannot name it")
    } else {
        None
    }
}

/// Clock readers of `include/linux/timekeeping.h` that take arguments (an offset, a
/// time to convert, a `struct timespec64` to fill), with the getter of no arguments
/// to name instead: a getter is called with none.
const GETTERS_WITH_ARGUMENTS: &[(&str, &str)] = &[
    (
        "ktime_get_with_offset",
        "ktime_get_real, ktime_get_boottime or ktime_get_clocktai",
    ),
    (
        "ktime_get_coarse_with_offset",
        "ktime_get_coarse_real, ktime_get_coarse_boottime or ktime_get_coarse_clocktai",
    ),
    (
        "ktime_mono_to_any",
        "the getter of the clock to read, e.g. ktime_get_boottime",
    ),
    ("ktime_mono_to_real", "ktime_get_real"),
    ("ktime_get_ts64", "ktime_get"),
    ("ktime_get_real_ts64", "ktime_get_real"),
    ("ktime_get_raw_ts64", "ktime_get_raw"),
    ("ktime_get_coarse_ts64", "ktime_get_coarse"),
    ("ktime_get_coarse_real_ts64", "ktime_get_coarse_real"),
    ("ktime_get_boottime_ts64", "ktime_get_boottime"),
    (
        "ktime_get_coarse_boottime_ts64",
        "ktime_get_coarse_boottime",
    ),
    ("ktime_get_clocktai_ts64", "ktime_get_clocktai"),
    (
        "ktime_get_coarse_clocktai_ts64",
        "ktime_get_coarse_clocktai",
    ),
];

pub(super) fn check_getter(
    table: &Table,
    getter: &Located<&str>,
    cx: &Ctxt,
) -> Option<Located<Ident>> {
    let text = getter.value;
    if let Some((_, instead)) = GETTERS_WITH_ARGUMENTS
        .iter()
        .find(|(name, _)| *name == text)
    {
        cx.error(
            &getter.site,
            format_args!("getter `{text}` takes arguments, and a getter is called with none"),
            format_args!(
                "name the C function of no arguments that reads the clock, `ktime_t \
                 getter(void)`: {instead}"
            ),
        );
        return None;
    }
    let problem = c_name_problem(text);
    match problem {
        Some(problem) => {
            cx.error(
                &getter.site,
                format_args!("getter `{}` {problem}", text.escape_debug()),
                "`getter` names the C function `ktime_t getter(void)` that reads the clock, e.g. \
                 `ktime_get`",
            );
            None
        }
        None => Some(Located::new(
            Ident::new(text, table.span_of(&getter.site)),
            getter.site.clone(),
        )),
    }
}


#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
