//! Reading a `clocks.toml` file into [`ClockRow`]s with the `toml` crate's spanned
//! document API (`toml::de::DeTable`, no serde): every key and value keeps its byte
//! range, so errors name the exact line and column.
//!
//! This module checks what the TOML itself says (syntax, shape, unknown keys, value
//! types); rules across fields and rows live in `validate`.

use crate::diagnostics::Diagnostics;
use crate::model::{
    self, Capability, ClockIdSpec, ClockRow, Located, ResolutionSpec, Site, TableSettings,
};
use crate::suggest::valid_keys_help;
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// Reads every row of `text`. Syntax errors are reported to `diagnostics`; the rows
/// still come back (from toml's error recovery). The rows that end before the first
/// syntax error are read as usual; the errors about later ones are muted (they would
/// only repeat the syntax error in other words) and those rows declare marker types
/// only.
pub fn read(text: &str, diagnostics: &mut Diagnostics<'_>) -> (Vec<ClockRow>, TableSettings) {
    let (document, syntax_errors) = DeTable::parse_recoverable(text);
    let mut first_error: Option<usize> = None;
    for error in &syntax_errors {
        let at = error.span().unwrap_or_else(|| {
            let start = locate_spanless_error(text);
            start..start
        });
        // From the start of the error's line: a key on that line is part of the error.
        let line_start = text
            .get(..at.start)
            .and_then(|before| before.rfind('\n'))
            .map_or(0, |newline| newline + 1);
        first_error = Some(first_error.map_or(line_start, |first| first.min(line_start)));
        diagnostics.error(
            &Site::Table(at),
            format!("invalid TOML: {}", error.message()),
            "fix the TOML syntax; each clock is a `[[clock]]` header followed by `key = value` lines",
        );
    }
    read_document(document.get_ref(), first_error, diagnostics)
}

/// Where the syntax error that the parser reports without a place (its recursion
/// limit, hit by a deeply nested header such as `[a.a.a.….b]`) is: the start of the
/// first line whose inclusion makes a prefix of `text` fail that way, found by
/// bisecting on line ends with the same parser.
fn locate_spanless_error(text: &str) -> usize {
    let line_ends: Vec<usize> = text
        .match_indices('\n')
        .map(|(at, _)| at + 1)
        .chain(core::iter::once(text.len()))
        .collect();
    let fails = |end: usize| {
        let (_, errors) = DeTable::parse_recoverable(text.get(..end).unwrap_or(text));
        errors.iter().any(|error| error.span().is_none())
    };
    // The first line end whose prefix fails; the whole text fails.
    let (mut low, mut high) = (0, line_ends.len().saturating_sub(1));
    while low < high {
        let middle = low + (high - low) / 2;
        if line_ends.get(middle).is_some_and(|&end| fails(end)) {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    match low {
        0 => 0,
        line => line_ends.get(line - 1).copied().unwrap_or(0),
    }
}

/// Reads the rows of `document`; the diagnostics about whatever lies past
/// `first_error` (the start of the first syntax error's line) are dropped and such rows
/// marked.
fn read_document(
    document: &DeTable<'_>,
    first_error: Option<usize>,
    diagnostics: &mut Diagnostics<'_>,
) -> (Vec<ClockRow>, TableSettings) {
    let past_error = |end: usize| first_error.is_some_and(|error| end > error);
    let mut rows = Vec::new();
    let mut settings = TableSettings::default();
    for (key, value) in document {
        if past_error(value.span().end) {
            // Only the rows of the `clock` array are still read, below; other keys
            // past the error are left to the syntax error.
            if key.get_ref().as_ref() != model::CLOCK_ARRAY {
                continue;
            }
        }
        if key.get_ref().as_ref() == model::KERNEL_SERVICES {
            match value.get_ref() {
                DeValue::Boolean(flag) => {
                    settings.kernel_services = Some(Located::new(*flag, site(value)));
                }
                other => wrong_type(
                    model::KERNEL_SERVICES,
                    "a boolean",
                    other,
                    &site(value),
                    diagnostics,
                ),
            }
            continue;
        }
        if key.get_ref().as_ref() != model::CLOCK_ARRAY {
            diagnostics.error(
                &site(key),
                format_args!("unknown top-level key `{}`", key.get_ref()),
                format_args!(
                    "a clock table holds `{}` and `[[{}]]` tables; {}",
                    model::KERNEL_SERVICES,
                    model::CLOCK_ARRAY,
                    match crate::suggest::did_you_mean(key.get_ref(), model::TOP_LEVEL_KEYS) {
                        Some(model::CLOCK_ARRAY) => "did you mean `[[clock]]`?".to_owned(),
                        Some(meant) => format!("did you mean `{meant}`?"),
                        None => "move this key into a `[[clock]]` table or remove it".to_owned(),
                    }
                ),
            );
            continue;
        }
        match value.get_ref() {
            DeValue::Array(array) => {
                for element in array {
                    match element.get_ref() {
                        DeValue::Table(table) => {
                            let before = diagnostics.count();
                            let mut row = read_row(table, site(element), diagnostics);
                            if past_error(row_end(table, element.span().end)) {
                                diagnostics.truncate(before);
                                row.had_errors = true;
                            }
                            rows.push(row);
                        }
                        other => diagnostics.error(
                            &site(element),
                            format_args!("expected a `[[clock]]` table, found {}", kind(other)),
                            "write each clock as a `[[clock]]` header followed by its keys",
                        ),
                    }
                }
            }
            DeValue::Table(table) => {
                diagnostics.error(
                    &site(key),
                    "`clock` is a single table, not an array of tables",
                    "write `[[clock]]` (double brackets) so that each clock is one entry of the array",
                );
                let mut row = read_row(table, site(key), diagnostics);
                row.had_errors = true;
                rows.push(row);
            }
            other => diagnostics.error(
                &site(value),
                format_args!("`clock` must be an array of tables, found {}", kind(other)),
                "write each clock as a `[[clock]]` header followed by its keys",
            ),
        }
    }
    (rows, settings)
}

/// Where a row's last key or value ends (at least `header_end`).
fn row_end(table: &DeTable<'_>, header_end: usize) -> usize {
    table
        .iter()
        .map(|(key, value)| key.span().end.max(value.span().end))
        .fold(header_end, usize::max)
}

fn read_row(table: &DeTable<'_>, row_site: Site, diagnostics: &mut Diagnostics<'_>) -> ClockRow {
    let mut row = ClockRow::new(row_site);
    let before = diagnostics.count();
    for (key, value) in table {
        let key_name: &str = key.get_ref();
        let value_site = site(value);
        let errors_before_key = diagnostics.count();
        match key_name {
            model::NAME => row.name = string(key_name, value, diagnostics),
            model::GETTER => row.getter = string(key_name, value, diagnostics),
            model::DOC => row.doc = string(key_name, value, diagnostics),
            model::OFFSET => row.offset = string(key_name, value, diagnostics),
            model::RETURNS => row.returns = string(key_name, value, diagnostics),
            model::RESOLUTION => match value.get_ref() {
                DeValue::String(text) => {
                    row.resolution = Some(Located::new(ResolutionSpec::Text(text.to_string()), value_site));
                }
                DeValue::Integer(integer) => match i128::from_str_radix(integer.as_str(), integer.radix()) {
                    Ok(number) => row.resolution = Some(Located::new(ResolutionSpec::Nanos(number), value_site)),
                    Err(_) => diagnostics.error(
                        &value_site,
                        format_args!("`{key_name}` is out of range"),
                        "a resolution is a positive number of nanoseconds that fits an `i64`, or \"tick\"",
                    ),
                },
                other => wrong_type(key_name, "a number of nanoseconds or \"tick\"", other, &value_site, diagnostics),
            },
            capability if Capability::from_key(capability).is_some() => match value.get_ref() {
                DeValue::Boolean(flag) => {
                    if let Some(capability) = Capability::from_key(capability) {
                        row.capabilities.push((capability, Located::new(*flag, value_site)));
                    }
                }
                other => wrong_type(key_name, "a boolean", other, &value_site, diagnostics),
            },
            model::OFFSET_BASE => match value.get_ref() {
                DeValue::Boolean(flag) => row.offset_base = Some(Located::new(*flag, value_site)),
                other => wrong_type(key_name, "a boolean", other, &value_site, diagnostics),
            },
            model::MONOTONIC => match value.get_ref() {
                DeValue::Boolean(flag) => row.monotonic = Some(Located::new(*flag, value_site)),
                other => wrong_type(key_name, "a boolean", other, &value_site, diagnostics),
            },
            model::CLOCKID => match value.get_ref() {
                DeValue::String(constant) => {
                    row.clockid = Some(Located::new(ClockIdSpec::Constant(constant.to_string()), value_site));
                }
                DeValue::Integer(integer) => match i128::from_str_radix(integer.as_str(), integer.radix()) {
                    Ok(number) => row.clockid = Some(Located::new(ClockIdSpec::Number(number), value_site)),
                    Err(_) => diagnostics.error(
                        &value_site,
                        format_args!("`{key_name}` is out of range"),
                        "a clock id is a C `clockid_t` (an `int`): use a value from -2147483648 to 2147483647",
                    ),
                },
                other => wrong_type(key_name, "a constant name (string) or an integer", other, &value_site, diagnostics),
            },
            unknown => {
                diagnostics.error(
                    &site(key),
                    format_args!("unknown key `{unknown}` in a `[[clock]]` table"),
                    valid_keys_help(unknown, model::ROW_KEYS),
                );
                row.misspelt(unknown, model::ROW_KEYS);
            }
        }
        if diagnostics.count() > errors_before_key {
            row.rejected.push(key_name.to_owned());
        }
    }
    row.had_errors = diagnostics.count() > before;
    row
}

fn string(
    key: &str,
    value: &Spanned<DeValue<'_>>,
    diagnostics: &mut Diagnostics<'_>,
) -> Option<Located<String>> {
    match value.get_ref() {
        DeValue::String(text) => Some(Located::new(text.to_string(), site(value))),
        other => {
            wrong_type(key, "a string", other, &site(value), diagnostics);
            None
        }
    }
}

fn wrong_type(
    key: &str,
    expected: &str,
    found: &DeValue<'_>,
    at: &Site,
    diagnostics: &mut Diagnostics<'_>,
) {
    let example = match key {
        model::NAME => "name = \"Monotonic\"",
        model::GETTER => "getter = \"ktime_get\"",
        model::MONOTONIC => "monotonic = true",
        model::CLOCKID => "clockid = \"CLOCK_MONOTONIC\" or clockid = 1",
        model::OFFSET => "offset = \"TK_OFFS_BOOT\"",
        model::OFFSET_BASE => "offset_base = true",
        model::RETURNS => "returns = \"u64\"",
        model::RESOLUTION => "resolution = 1 or resolution = \"tick\"",
        model::KERNEL_SERVICES => "kernel_services = true",
        "nmi_safe" => "nmi_safe = true",
        "hrtimer" => "hrtimer = true",
        "settable" => "settable = true",
        "counts_suspend" => "counts_suspend = true",
        _ => "doc = \"What the clock measures.\"",
    };
    diagnostics.error(
        at,
        format_args!("`{key}` must be {expected}, found {}", kind(found)),
        format_args!("write it as `{example}`"),
    );
}

fn kind(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date-time",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

fn site<T>(spanned: &Spanned<T>) -> Site {
    Site::Table(spanned.span())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::TableText;
    use proc_macro2::Span;

    fn read_text(text: &str) -> (Vec<ClockRow>, Vec<String>) {
        let table = TableText {
            display: "clocks.toml".to_owned(),
            text: text.to_owned(),
            span: Span::call_site(),
        };
        let mut diagnostics = Diagnostics::for_table(&table);
        let (rows, _) = read(&table.text, &mut diagnostics);
        let errors = diagnostics
            .finish()
            .map(|e| e.into_iter().map(|e| e.to_string()).collect())
            .unwrap_or_default();
        (rows, errors)
    }

    #[test]
    fn reads_every_field_in_order() {
        let (rows, errors) = read_text(
            "[[clock]]\nname = \"Monotonic\"\ngetter = \"ktime_get\"\nmonotonic = true\nclockid = \"CLOCK_MONOTONIC\"\ndoc = \"d\"\n\n[[clock]]\nname = \"Raw\"\ngetter = \"g\"\nmonotonic = false\nclockid = 4\n",
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].name.as_ref().unwrap().value, "Monotonic");
        assert_eq!(rows[0].getter.as_ref().unwrap().value, "ktime_get");
        assert!(rows[0].monotonic.as_ref().unwrap().value);
        assert_eq!(
            rows[0].clockid.as_ref().unwrap().value,
            ClockIdSpec::Constant("CLOCK_MONOTONIC".into())
        );
        assert_eq!(rows[0].doc.as_ref().unwrap().value, "d");
        assert_eq!(
            rows[1].clockid.as_ref().unwrap().value,
            ClockIdSpec::Number(4)
        );
        assert!(!rows[1].monotonic.as_ref().unwrap().value);
    }

    #[test]
    fn unknown_key_names_line_column_and_suggests() {
        let (rows, errors) = read_text("[[clock]]\nname = \"A\"\ngettr = \"g\"\n");
        assert_eq!(rows.len(), 1);
        assert!(rows[0].had_errors);
        assert_eq!(errors.len(), 1);
        assert!(
            errors[0].starts_with("clocks.toml:3:1: unknown key `gettr`"),
            "{}",
            errors[0]
        );
        assert!(
            errors[0].contains("3 | gettr = \"g\"\n  | ^^^^^"),
            "{}",
            errors[0]
        );
        assert!(
            errors[0].contains("did you mean `getter`?"),
            "{}",
            errors[0]
        );
    }

    #[test]
    fn wrong_types_are_reported_at_the_value() {
        let (_, errors) = read_text("[[clock]]\nname = 5\nmonotonic = \"yes\"\nclockid = 1.5\n");
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(
            errors[0].starts_with("clocks.toml:2:8: `name` must be a string, found an integer"),
            "{}",
            errors[0]
        );
        assert!(
            errors[1]
                .starts_with("clocks.toml:3:13: `monotonic` must be a boolean, found a string"),
            "{}",
            errors[1]
        );
        assert!(errors[1].contains("monotonic = true"), "{}", errors[1]);
        assert!(errors[2].starts_with("clocks.toml:4:11: `clockid` must be a constant name (string) or an integer, found a float"), "{}", errors[2]);
    }

    #[test]
    fn syntax_errors_are_reported_and_mute_the_rest() {
        let (_, errors) = read_text("[[clock]]\nname = \"A\nmonotonic = true\n");
        assert!(!errors.is_empty());
        assert!(
            errors.iter().all(|e| e.contains("invalid TOML")),
            "{errors:?}"
        );
        assert!(errors[0].starts_with("clocks.toml:2:"), "{}", errors[0]);
    }

    #[test]
    fn duplicate_keys_are_toml_errors() {
        let (_, errors) = read_text("[[clock]]\nname = \"A\"\nname = \"B\"\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with("clocks.toml:3:1: invalid TOML: duplicate key"),
            "{}",
            errors[0]
        );
    }

    #[test]
    fn shape_errors() {
        let (_, errors) = read_text("[clock]\nname = \"A\"\n");
        assert!(errors[0].contains("not an array of tables"), "{errors:?}");
        let (_, errors) = read_text("clock = 3\n");
        assert!(
            errors[0].starts_with(
                "clocks.toml:1:9: `clock` must be an array of tables, found an integer"
            ),
            "{errors:?}"
        );
        let (_, errors) = read_text("clocks = []\n");
        assert!(
            errors[0].contains("unknown top-level key `clocks`")
                && errors[0].contains("did you mean `[[clock]]`?"),
            "{errors:?}"
        );
        let (_, errors) = read_text("clock = [1]\n");
        assert!(
            errors[0].contains("expected a `[[clock]]` table, found an integer"),
            "{errors:?}"
        );
    }

    #[test]
    fn a_deeply_nested_header_is_located_and_the_rows_before_it_stay() {
        let header = format!("[{}b]\nx = 1\n", "a.".repeat(200));
        let text = format!(
            "[[clock]]\nname = \"Good\"\ngetter = \"g\"\nmonotonic = true\n\n{header}\n\
             [[clock]]\nname = \"Late\"\ngetter = \"h\"\nmonotonic = true\n"
        );
        let (rows, errors) = read_text(&text);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with("clocks.toml:6:1: invalid TOML: recursion limit"),
            "{errors:?}"
        );
        let good = rows
            .iter()
            .find(|row| row.name.as_ref().is_some_and(|n| n.value == "Good"));
        assert!(good.is_some_and(|row| !row.had_errors), "{rows:?}");
    }

    #[test]
    fn rows_after_a_syntax_error_are_muted_and_rows_before_it_are_checked() {
        let text = "[[clock]]\nname = \"Before\"\ngetter = \"g\"\nmonotonic = 1\n\n\
                    [[clock]]\nname = \"After\"\ngetter = \"h\"\nmonotonic = true\nbroken = \n";
        let (rows, errors) = read_text(text);
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(
            errors[0].starts_with("clocks.toml:4:13: `monotonic` must be a boolean"),
            "{errors:?}"
        );
        assert!(errors[1].contains("invalid TOML"), "{errors:?}");
        assert!(rows.iter().all(|row| row.had_errors), "{rows:?}");
    }
}
