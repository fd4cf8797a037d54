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
    } else if text == "CLOCKS" {
        Some("is the name of the list of clocks the macro declares beside them")
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

pub(super) fn check_getter(
    table: &Table,
    getter: &Located<&str>,
    cx: &Ctxt,
) -> Option<Located<Ident>> {
    let text = getter.value;
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
mod tests {
    use super::super::keywords::{C_KEYWORDS, RUST_KEYWORDS};

    /// The keyword lookups are binary searches.
    #[test]
    fn the_keyword_lists_are_sorted() {
        for list in [RUST_KEYWORDS, C_KEYWORDS] {
            assert!(list.windows(2).all(|pair| pair[0] < pair[1]), "{list:?}");
        }
    }
}
