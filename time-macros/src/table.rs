//! Reading a `clocks.toml` file into [`ClockRow`]s with the `toml` crate's spanned,
//! recoverable document reader ([`DeTable::parse_recoverable`]). TOML itself (TOML
//! 1.1: syntax, duplicate keys, dotted keys and headers, dates) is the `toml`
//! crate's to decide, with its own messages; every error it finds is reported as
//! "invalid TOML" at its line and column, and its recovery lets the rows before a
//! syntax error keep their clocks.
//!
//! What is ours is the schema: the top-level keys, `clock` as an array of tables,
//! each row's keys and the kind of each value. Rules across fields and rows live in
//! `validate`.

use crate::diagnostics::Diagnostics;
use crate::model::{
    self, ClockIdSpec, ClockRow, Form, KeySpec, KeyValue, Located, ResolutionSpec, Site,
    TableSettings, ValueKind,
};
use crate::suggest::valid_keys_help;
use std::ops::Range;
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// Help for every TOML syntax error.
const SYNTAX_HELP: &str =
    "fix the TOML syntax; each clock is a `[[clock]]` header followed by `key = value` lines";

/// Help for a `clock` that is not an array of tables.
const ARRAY_HELP: &str = "write each clock as a `[[clock]]` header followed by its keys";

/// Reads every row of `text`. TOML errors are reported to `diagnostics`; the rows
/// still come back (from the reader's error recovery). The rows that end before the
/// line of the first TOML error are read as usual; the errors about later ones are
/// dropped (they would only repeat the TOML error in other words) and those rows
/// declare marker types only.
pub fn read(text: &str, diagnostics: &mut Diagnostics<'_>) -> (Vec<ClockRow>, TableSettings) {
    let (document, errors) = DeTable::parse_recoverable(text);
    let mut first_error: Option<usize> = None;
    for error in &errors {
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
            format_args!("invalid TOML: {}", error.message()),
            SYNTAX_HELP,
        );
    }
    let past_error = |end: usize| first_error.is_some_and(|error| end > error);
    read_document(document.get_ref(), &past_error, diagnostics)
}

/// Where a TOML error that the reader reports without a place is: the start of the
/// first line whose inclusion makes a prefix of `text` fail that way, found by
/// bisecting on line ends with the same reader.
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

/// The entries of `table` in the order they are written (the reader's map may order
/// them otherwise).
fn in_file_order<'d, 'i>(
    table: &'d DeTable<'i>,
) -> Vec<(
    &'d Spanned<toml::de::DeString<'i>>,
    &'d Spanned<DeValue<'i>>,
)> {
    let mut entries: Vec<_> = table.iter().collect();
    entries.sort_by_key(|(key, _)| key.span().start);
    entries
}

/// Where `value` ends: the end of its own span or of anything inside it, whichever
/// is later (a `[[clock]]` table's span is its header).
fn end_of(value: &Spanned<DeValue<'_>>) -> usize {
    let inner = match value.get_ref() {
        DeValue::Array(items) => items.iter().map(end_of).max(),
        DeValue::Table(table) => table
            .iter()
            .map(|(key, value)| key.span().end.max(end_of(value)))
            .max(),
        _ => None,
    };
    inner.unwrap_or(0).max(value.span().end)
}

/// Where errors about `value` under `key` go: the value as written, or the key when
/// the value is a table made by a dotted key or a header (whose span is the key, or
/// the header, not a value's text).
fn value_site(key: &Spanned<toml::de::DeString<'_>>, value: &Spanned<DeValue<'_>>) -> Site {
    match value.get_ref() {
        DeValue::Table(_) if value.span().start <= key.span().start => site(&key.span()),
        _ => site(&value.span()),
    }
}

/// Reads the top-level keys; whatever ends past the first TOML error (`past_error`)
/// is read without its errors, and such rows are marked.
fn read_document(
    document: &DeTable<'_>,
    past_error: &dyn Fn(usize) -> bool,
    diagnostics: &mut Diagnostics<'_>,
) -> (Vec<ClockRow>, TableSettings) {
    let mut rows = Vec::new();
    let mut settings = TableSettings::default();
    for (key, value) in in_file_order(document) {
        let muted = past_error(end_of(value).max(key.span().end));
        match key.get_ref().as_ref() {
            model::CLOCK_ARRAY => read_clocks(key, value, past_error, &mut rows, diagnostics),
            _ if muted => {}
            model::KERNEL_SERVICES => match value.get_ref() {
                DeValue::Boolean(flag) => {
                    settings.kernel_services = Some(Located::new(*flag, value_site(key, value)));
                }
                other => wrong_type(
                    &model::KERNEL_SERVICES_SPEC,
                    other,
                    &value_site(key, value),
                    diagnostics,
                ),
            },
            unknown => diagnostics.error(
                &site(&key.span()),
                format_args!("unknown top-level key `{unknown}`"),
                format_args!(
                    "a clock table holds `{}` and `[[{}]]` tables; {}",
                    model::KERNEL_SERVICES,
                    model::CLOCK_ARRAY,
                    match crate::suggest::did_you_mean(unknown, model::TOP_LEVEL_KEYS) {
                        Some(model::CLOCK_ARRAY) => "did you mean `[[clock]]`?".to_owned(),
                        Some(meant) => format!("did you mean `{meant}`?"),
                        None => "move this key into a `[[clock]]` table or remove it".to_owned(),
                    }
                ),
            ),
        }
    }
    (rows, settings)
}

/// The `clock` key: an array of tables, one row each.
fn read_clocks(
    key: &Spanned<toml::de::DeString<'_>>,
    value: &Spanned<DeValue<'_>>,
    past_error: &dyn Fn(usize) -> bool,
    rows: &mut Vec<ClockRow>,
    diagnostics: &mut Diagnostics<'_>,
) {
    match value.get_ref() {
        DeValue::Array(items) => {
            for item in items.iter() {
                let muted = past_error(end_of(item));
                match item.get_ref() {
                    DeValue::Table(entries) => {
                        let (mut row, errors) = read_row(entries, site(&item.span()), diagnostics);
                        if muted {
                            row.had_errors = true;
                        } else {
                            diagnostics.keep(errors);
                        }
                        rows.push(row);
                    }
                    _ if muted => {}
                    other => diagnostics.error(
                        &site(&item.span()),
                        format_args!("expected a `[[clock]]` table, found {}", kind(other)),
                        ARRAY_HELP,
                    ),
                }
            }
        }
        // `[clock]`: one table where an array of them belongs. Its keys are still read
        // (and checked), and the row declares its type only.
        DeValue::Table(entries) => {
            let muted = past_error(end_of(value));
            let (mut row, errors) = read_row(entries, site(&key.span()), diagnostics);
            if !muted {
                diagnostics.error(
                    &site(&key.span()),
                    "`clock` is a single table, not an array of tables",
                    "write `[[clock]]` (double brackets) so that each clock is one entry of the array",
                );
                diagnostics.keep(errors);
            }
            row.had_errors = true;
            rows.push(row);
        }
        _ if past_error(end_of(value)) => {}
        other => diagnostics.error(
            &value_site(key, value),
            format_args!("`clock` must be an array of tables, found {}", kind(other)),
            ARRAY_HELP,
        ),
    }
}

/// One `[[clock]]` table, with its errors as a value of their own: the caller keeps
/// them, or drops them when the row is past a TOML error.
fn read_row<'t>(
    entries: &DeTable<'_>,
    row_site: Site,
    diagnostics: &Diagnostics<'t>,
) -> (ClockRow, Diagnostics<'t>) {
    let mut row = ClockRow::new(row_site);
    let mut errors = diagnostics.scope();
    for (key, value) in in_file_order(entries) {
        let mut key_errors = errors.scope();
        let name = key.get_ref().as_ref();
        match KeySpec::row_key(name) {
            Some(spec) => {
                let at = value_site(key, value);
                if let Some(read) = typed(spec, value.get_ref(), &at, &mut key_errors) {
                    row.assign(spec.name, Located::new(read, at));
                }
            }
            None => {
                key_errors.error(
                    &site(&key.span()),
                    format_args!("unknown key `{name}` in a `[[clock]]` table"),
                    valid_keys_help(name, model::ROW_KEYS),
                );
                row.misspelt(name, model::ROW_KEYS);
            }
        }
        if !key_errors.is_empty() {
            row.rejected.push(name.to_owned());
            errors.keep(key_errors);
        }
    }
    row.had_errors = !errors.is_empty();
    (row, errors)
}

/// `value`, checked against the kind `spec` expects.
fn typed(
    spec: &KeySpec,
    value: &DeValue<'_>,
    at: &Site,
    diagnostics: &mut Diagnostics<'_>,
) -> Option<KeyValue> {
    let integer =
        |number: &toml::de::DeInteger<'_>, help: &str, diagnostics: &mut Diagnostics<'_>| {
            match i128::from_str_radix(number.as_str(), number.radix()) {
                Ok(number) => Some(number),
                Err(_) => {
                    diagnostics.error(at, format_args!("`{}` is out of range", spec.name), help);
                    None
                }
            }
        };
    match (spec.kind, value) {
        (ValueKind::Text | ValueKind::Name(_), DeValue::String(text)) => {
            Some(KeyValue::Text(text.to_string()))
        }
        (ValueKind::Bool, DeValue::Boolean(flag)) => Some(KeyValue::Bool(*flag)),
        (ValueKind::ClockId, DeValue::String(constant)) => Some(KeyValue::ClockId(
            ClockIdSpec::Constant(constant.to_string()),
        )),
        (ValueKind::ClockId, DeValue::Integer(number)) => integer(
            number,
            "a clock id is a C `clockid_t` (an `int`): use a value from -2147483648 to 2147483647",
            diagnostics,
        )
        .map(|number| KeyValue::ClockId(ClockIdSpec::Number(number))),
        (ValueKind::Resolution, DeValue::String(text)) => {
            Some(KeyValue::Resolution(ResolutionSpec::Text(text.to_string())))
        }
        (ValueKind::Resolution, DeValue::Integer(number)) => integer(
            number,
            "a resolution is a positive number of nanoseconds that fits an `i64`, or \"tick\"",
            diagnostics,
        )
        .map(|number| KeyValue::Resolution(ResolutionSpec::Nanos(number))),
        (_, other) => {
            wrong_type(spec, other, at, diagnostics);
            None
        }
    }
}

fn wrong_type(spec: &KeySpec, found: &DeValue<'_>, at: &Site, diagnostics: &mut Diagnostics<'_>) {
    diagnostics.error(
        at,
        format_args!(
            "`{}` must be {}, found {}",
            spec.name,
            spec.kind.expected(Form::Toml),
            kind(found)
        ),
        format_args!("write it as `{}`", spec.example(Form::Toml)),
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

fn site(span: &Range<usize>) -> Site {
    Site::Table(span.clone())
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
        assert_eq!(rows[0].text(model::NAME).unwrap().value, "Monotonic");
        assert_eq!(rows[0].text(model::GETTER).unwrap().value, "ktime_get");
        assert!(rows[0].flag(model::MONOTONIC).unwrap().value);
        assert_eq!(
            rows[0].clockid().unwrap().value,
            ClockIdSpec::Constant("CLOCK_MONOTONIC".into())
        );
        assert_eq!(rows[0].text(model::DOC).unwrap().value, "d");
        assert_eq!(rows[1].clockid().unwrap().value, ClockIdSpec::Number(4));
        assert!(!rows[1].flag(model::MONOTONIC).unwrap().value);
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
    fn a_deeply_nested_header_is_the_toml_readers_error_and_the_rows_before_it_stay() {
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
        let row = |name: &str| {
            rows.iter()
                .find(|row| row.text(model::NAME).is_some_and(|n| n.value == name))
        };
        assert!(row("Good").is_some_and(|row| !row.had_errors), "{rows:?}");
        assert!(row("Late").is_none_or(|row| row.had_errors), "{rows:?}");
    }

    #[test]
    fn deeply_nested_values_are_a_located_syntax_error() {
        let text = format!(
            "[[clock]]\nname = \"Good\"\ngetter = \"g\"\nmonotonic = true\n\n\
             [[clock]]\nname = \"Deep\"\ndoc = {}{}\n",
            "[".repeat(200),
            "]".repeat(200)
        );
        let (rows, errors) = read_text(&text);
        assert!(!errors.is_empty(), "{errors:?}");
        assert!(
            errors[0].starts_with("clocks.toml:8:") && errors[0].contains("invalid TOML"),
            "{errors:?}"
        );
        let good = rows
            .iter()
            .find(|row| row.text(model::NAME).is_some_and(|n| n.value == "Good"));
        assert!(good.is_some_and(|row| !row.had_errors), "{rows:?}");
    }

    #[test]
    fn reads_toml_1_1() {
        // `\e` and a trailing comma in an inline table are TOML 1.1, not 1.0.
        let (rows, errors) = read_text(
            "clock = [{ name = \"A\", getter = \"g\", monotonic = true, doc = \"\\e\", }]\n",
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(rows[0].text(model::DOC).unwrap().value, "\u{1b}");
    }

    #[test]
    fn dotted_keys_sub_tables_and_inline_rows() {
        let (rows, errors) =
            read_text("clock = [{ name = \"A\", getter = \"g\", monotonic = true }]\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(rows[0].text(model::GETTER).unwrap().value, "g");
        let (_, errors) = read_text(
            "[[clock]]\nname = \"A\"\ndoc.text = \"d\"\nx.a = 1\nx.b = 2\n[clock.getter]\n",
        );
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(
            errors[0].starts_with("clocks.toml:3:1: `doc` must be a string, found a table"),
            "{errors:?}"
        );
        assert!(
            errors[1].starts_with("clocks.toml:4:1: unknown key `x`"),
            "{errors:?}"
        );
        assert!(
            errors[2].starts_with("clocks.toml:6:8: `getter` must be a string, found a table"),
            "{errors:?}"
        );
        let (_, errors) = read_text("[[clock]]\nname = \"A\"\n[clock]\n");
        assert!(
            errors[0].starts_with("clocks.toml:3:2: invalid TOML: duplicate key"),
            "{errors:?}"
        );
    }

    #[test]
    fn a_clock_table_with_sub_tables_is_a_schema_error_not_invalid_toml() {
        // Valid TOML: `clock` is a table with a sub-table; the schema wants an array.
        for text in [
            "[clock]\nname = \"A\"\n[clock.sub]\n",
            "[clock]\n[clock.name]\n",
        ] {
            let (rows, errors) = read_text(text);
            assert!(
                errors[0].starts_with(
                    "clocks.toml:1:2: `clock` is a single table, not an array of tables"
                ),
                "{text}: {errors:?}"
            );
            assert!(
                errors.iter().all(|error| !error.contains("invalid TOML")),
                "{text}: {errors:?}"
            );
            assert!(rows.iter().all(|row| row.had_errors), "{rows:?}");
        }
    }

    #[test]
    fn invalid_toml_is_reported_where_the_toml_crate_finds_it() {
        // A dotted key extending an array, after `[clock.sub]` and `clock = [ … ]`.
        let (_, errors) = read_text("[clock.sub]\nclock = [ 1 ]\n\n\n\n\nclock.name = \"A\"\n");
        assert!(
            errors.iter().any(|error| error
                .starts_with("clocks.toml:7:1: invalid TOML: cannot extend value of type array")),
            "{errors:?}"
        );
        // An invalid date-time inside an array value.
        let (rows, errors) = read_text(
            "[[clock]]\nname = \"A\"\ngetter = \"g\"\nmonotonic = [1979-05-27T0732:00Z]\n",
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with("clocks.toml:4:14: invalid TOML: invalid time"),
            "{errors:?}"
        );
        assert!(rows[0].had_errors, "{rows:?}");
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
