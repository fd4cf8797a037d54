//! One broken row: exactly its error, at its place, and the other rows unharmed.

use super::*;
use crate::schema::ValueKind;

/// A TOML value of each kind, with the name the error messages give its kind.
pub(crate) const WRONG_VALUES: &[(&str, &str)] = &[
    ("7", "an integer"),
    ("-1.5e3", "a float"),
    ("true", "a boolean"),
    ("\"text\"", "a string"),
    ("[1, \"two\"]", "an array"),
    ("{ a = 1 }", "a table"),
];

#[derive(Clone, Debug)]
pub(crate) enum Fault {
    /// Remove one of the row's keys.
    Drop(Index),
    /// Give one of the row's keys a value of another TOML type.
    WrongType(Index, Index),
    /// Rename one of the row's keys to an unknown key.
    Rename(Index, String),
    /// Misspell one of the row's keys (its last letter doubled), so that the error
    /// suggests the key it stands for.
    Misspell(Index),
    /// Give the row the name of another row.
    DuplicateName(Index),
    /// Give the row the getter of another row.
    DuplicateGetter(Index),
    /// An invalid name (TOML text of the value).
    BadName(String),
    /// An invalid getter.
    BadGetter(String),
    /// An invalid clock id (TOML text of the value), with the start of its message.
    BadClockid(String, String),
}

pub(crate) fn bad_name() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "",
            "self",
            "Self",
            "crate",
            "Has_Underscore",
            "Crème",
            "9Lives",
            "Mono-Tonic",
            "A B",
            "_",
            "Ä",
            "A\u{301}",
            "Ｍｏｎｏ",
            "A\0",
            "A\u{200b}",
        ])
        .prop_map(str::to_owned),
        // The runtime's items, which a clock would clash with.
        prop::sample::select(
            crate::schema::RUNTIME_ITEMS
                .iter()
                .map(|name| (*name).to_owned())
                .chain(runtime_item_names())
                .collect::<Vec<_>>()
        ),
        "[a-z][A-Za-z0-9]{0,10}",
        "[A-Z][a-z]{0,5}_[a-z0-9]{0,5}",
        "[A-Z][^A-Za-z0-9]{1,4}",
        Just("b".repeat(5_000)),
    ]
}

pub(crate) fn bad_getter() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "",
            "1get",
            "ktime-get",
            "int",
            "fn",
            "_",
            "get time",
            "ünï",
            "self",
            "Self",
            "unsigned",
            "static_assert",
            "yield",
            "r#type",
            "get\n",
            // Readers that take arguments (some of them seqcount readers too).
            "ktime_get_with_offset",
            "ktime_mono_to_any",
            "ktime_get_ts64",
            "ktime_get_coarse_real_ts64",
        ])
        .prop_map(str::to_owned),
        "[0-9][a-z0-9_]{0,8}",
        "[a-z]{1,5}[-.+ ][a-z]{1,5}",
    ]
}

pub(crate) fn bad_clockid() -> impl Strategy<Value = (String, String)> {
    prop_oneof![
        (i64::from(i32::MAX) + 1..=i64::MAX)
            .prop_map(|n| (n.to_string(), format!("clock id {n} is out of range"))),
        (i64::MIN..i64::from(i32::MIN))
            .prop_map(|n| (n.to_string(), format!("clock id {n} is out of range"))),
        prop::sample::select(vec!["CLOCK MONO", "1abc", "self", "a-b", "", "é"]).prop_map(|c| (
            toml_string(c, false),
            format!(
                "clock id `{}` is neither an integer nor a C constant name",
                c.escape_debug()
            )
        )),
    ]
}

pub(crate) fn fault() -> impl Strategy<Value = Fault> {
    prop_oneof![
        any::<Index>().prop_map(Fault::Drop),
        (any::<Index>(), any::<Index>()).prop_map(|(key, value)| Fault::WrongType(key, value)),
        (any::<Index>(), "[a-z][a-z0-9_]{0,10}").prop_map(|(key, new)| {
            let new = if row_keys().contains(&new.as_str()) {
                format!("{new}x")
            } else {
                new
            };
            Fault::Rename(key, new)
        }),
        any::<Index>().prop_map(Fault::Misspell),
        any::<Index>().prop_map(Fault::DuplicateName),
        any::<Index>().prop_map(Fault::DuplicateGetter),
        bad_name().prop_map(Fault::BadName),
        bad_getter().prop_map(Fault::BadGetter),
        bad_clockid().prop_map(|(value, message)| Fault::BadClockid(value, message)),
    ]
}

/// What a row should become.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Outcome {
    Clock,
    MarkerOnly,
    Absent,
}

/// The expectations for a table with one fault: the errors (line, column, start of
/// the message) and what each row becomes.
#[derive(Debug)]
pub(crate) struct Expected {
    pub(crate) errors: Vec<(usize, usize, String)>,
    pub(crate) rows: Vec<Outcome>,
}

/// The error for a required key missing from `row`, if `key` is required.
pub(crate) fn missing_error(
    table: &Table,
    row: usize,
    key: &str,
    written: &Written,
    named: bool,
) -> Option<(usize, usize, String)> {
    let required = match key {
        "name" | "monotonic" | "clockid" => true,
        "getter" => !table.posix,
        _ => false,
    };
    let (line, column) = written.row_start(row);
    let which = if named {
        format!("clock `{}`", table.rows[row].name)
    } else {
        format!("clock #{}", row + 1)
    };
    required.then(|| {
        (
            line,
            column,
            format!("{which} is missing the required key `{key}`"),
        )
    })
}

/// The error of an `nmi_safe` row of the kernel backend that lost its `returns = "u64"`.
pub(crate) fn lost_returns_error(
    table: &Table,
    row: usize,
    written: &Written,
) -> Option<(usize, usize, String)> {
    if !table.rows[row].nmi_safe || table.posix {
        return None;
    }
    let at = written.key(row, "nmi_safe");
    Some((
        at.line,
        at.value_column,
        "an `nmi_safe` clock must be read by a `u64` accessor".to_owned(),
    ))
}

/// The error for offsets without a base, when `row` was the base.
pub(crate) fn lost_base_error(
    table: &Table,
    row: usize,
    written: &Written,
) -> Option<(usize, usize, String)> {
    if table.rows[row].relation != Relation::Base || !table.has_offsets() || !table.bindings {
        return None;
    }
    let first = table
        .rows
        .iter()
        .position(|r| matches!(r.relation, Relation::Offset(_)))?;
    let at = written.key(first, "offset");
    Some((
        at.line,
        at.value_column,
        "this clock has an `offset`, but no clock is its base".to_owned(),
    ))
}

/// Applies `fault` to row `row` of `table` (with `other` for duplicates) and writes
/// the result; returns the text and what the macro must say about it.
pub(crate) fn apply_fault(
    table: &Table,
    layout: &Layout,
    row: usize,
    fault: &Fault,
) -> (String, Expected) {
    let n = table.rows.len();
    let mut rows = vec![Outcome::Clock; n];
    let mut errors = Vec::new();
    let mut table = table.clone();
    // Keys of the faulty row, in written order (the fault's `Index` picks one).
    let keys: Vec<&'static str> = row_pairs(&table.rows[row], layout, row)
        .iter()
        .map(|(k, _)| *k)
        .collect();
    // A misspelling is a rename to a near miss of the key.
    let misspelt;
    let fault = match fault {
        Fault::Misspell(key) => {
            let name = keys[key.index(keys.len())];
            let last = name.chars().last().unwrap_or('x');
            misspelt = Fault::Rename(*key, format!("{name}{last}"));
            &misspelt
        }
        other => other,
    };
    let written = match fault {
        Fault::Drop(key) => {
            let key = keys[key.index(keys.len())];
            let written = write_with(&table, layout, |i, pairs| {
                if i == row {
                    pairs.retain(|(k, _)| *k != key);
                }
            });
            let missing = missing_error(&table, row, key, &written, key != "name");
            match key {
                "name" => rows[row] = Outcome::Absent,
                _ if missing.is_some() => rows[row] = Outcome::MarkerOnly,
                _ => {}
            }
            errors.extend(missing);
            if key == "returns" {
                errors.extend(lost_returns_error(&table, row, &written));
                if table.rows[row].nmi_safe && !table.posix {
                    rows[row] = Outcome::MarkerOnly;
                }
            }
            if key == "offset_base" {
                errors.extend(lost_base_error(&table, row, &written));
            }
            written
        }
        Fault::WrongType(key, value) => {
            let key = keys[key.index(keys.len())];
            let kind = crate::schema::row_key(key)
                .expect("a key of the schema")
                .kind;
            let expected = kind.expected(crate::schema::Form::Toml);
            let fitting: &[&str] = match kind {
                ValueKind::Bool => &["a boolean"],
                ValueKind::ClockId | ValueKind::Resolution => &["a string", "an integer"],
                ValueKind::Text | ValueKind::Name(_) => &["a string"],
            };
            let wrong: Vec<&(&str, &str)> = WRONG_VALUES
                .iter()
                .filter(|(_, kind)| !fitting.contains(kind))
                .collect();
            let (text, kind) = wrong[value.index(wrong.len())];
            let written = write_with(&table, layout, |i, pairs| {
                if i == row {
                    for (k, v) in pairs.iter_mut() {
                        if *k == key {
                            *v = (*text).to_owned();
                        }
                    }
                }
            });
            let at = written.key(row, key);
            // A table value is reported at its key.
            let column = if *kind == "a table" {
                at.key_column
            } else {
                at.value_column
            };
            errors.push((
                at.line,
                column,
                format!("`{key}` must be {expected}, found {kind}"),
            ));
            rows[row] = if key == "name" {
                Outcome::Absent
            } else {
                Outcome::MarkerOnly
            };
            if key == "offset_base" {
                errors.extend(lost_base_error(&table, row, &written));
            }
            written
        }
        Fault::Rename(key, new) => {
            let key = keys[key.index(keys.len())];
            let written = write_with(&table, layout, |i, pairs| {
                if i == row {
                    let value = pairs
                        .iter()
                        .find(|(k, _)| *k == key)
                        .map(|(_, v)| v.clone())
                        .unwrap_or_default();
                    pairs.retain(|(k, _)| *k != key);
                    // The renamed key keeps its place at the end; its name is leaked
                    // once per case, to fit the `&'static str` of the other keys.
                    pairs.push((Box::leak(new.clone().into_boxed_str()), value));
                }
            });
            let at = written.key(row, new);
            errors.push((
                at.line,
                at.key_column,
                format!("unknown key `{new}` in a `[[clock]]` table"),
            ));
            // An unknown key that resembles the renamed one stands for it (the error
            // says "did you mean"), so the key is not also reported missing.
            if crate::suggest::did_you_mean(new, &row_keys()) != Some(key) {
                errors.extend(missing_error(&table, row, key, &written, key != "name"));
                if key == "returns" {
                    errors.extend(lost_returns_error(&table, row, &written));
                }
            }
            if key == "offset_base" {
                errors.extend(lost_base_error(&table, row, &written));
            }
            rows[row] = if key == "name" {
                Outcome::Absent
            } else {
                Outcome::MarkerOnly
            };
            written
        }
        Fault::DuplicateName(other_row) => {
            let j = other_row.index(n - 1);
            let j = if j >= row { j + 1 } else { j };
            table.rows[row].name = table.rows[j].name.clone();
            let later = row.max(j);
            let written = write(&table, layout);
            let at = written.key(later, "name");
            errors.push((
                at.line,
                at.value_column,
                format!("duplicate clock name `{}`", table.rows[j].name),
            ));
            rows[later] = Outcome::Absent;
            written
        }
        Fault::DuplicateGetter(other_row) => {
            let j = other_row.index(n - 1);
            let j = if j >= row { j + 1 } else { j };
            let shared = table.rows[j]
                .getter
                .clone()
                .unwrap_or_else(|| "dup_getter_collision_x".to_owned());
            table.rows[row].getter = Some(shared.clone());
            table.rows[j].getter = Some(shared.clone());
            let later = row.max(j);
            let written = write(&table, layout);
            let at = written.key(later, "getter");
            errors.push((
                at.line,
                at.value_column,
                format!("duplicate getter `{shared}`"),
            ));
            rows[later] = Outcome::MarkerOnly;
            written
        }
        Fault::BadName(name) => {
            table.rows[row].name = name.clone();
            let written = write(&table, layout);
            let at = written.key(row, "name");
            errors.push((
                at.line,
                at.value_column,
                format!("clock name `{}` ", name.escape_debug()),
            ));
            rows[row] = Outcome::Absent;
            written
        }
        Fault::BadGetter(getter) => {
            table.rows[row].getter = Some(getter.clone());
            let written = write(&table, layout);
            let at = written.key(row, "getter");
            errors.push((
                at.line,
                at.value_column,
                format!("getter `{}` ", getter.escape_debug()),
            ));
            rows[row] = Outcome::MarkerOnly;
            written
        }
        Fault::BadClockid(value, message) => {
            table.rows[row].clockid.get_or_insert(Id::Number(0));
            let written = write_with(&table, layout, |i, pairs| {
                if i == row {
                    for (k, v) in pairs.iter_mut() {
                        if *k == "clockid" {
                            v.clone_from(value);
                        }
                    }
                }
            });
            let at = written.key(row, "clockid");
            errors.push((at.line, at.value_column, message.clone()));
            rows[row] = Outcome::MarkerOnly;
            written
        }
        Fault::Misspell(_) => unreachable!("turned into a rename above"),
    };
    (written.text, Expected { errors, rows })
}

#[test]
pub(crate) fn one_broken_row_is_reported_exactly_and_the_others_still_expand() {
    property(
        "one_broken_row_is_reported_exactly_and_the_others_still_expand",
        1,
        (valid_table(2..10), layout(), any::<Index>(), fault()),
        |(table, layout, row, fault)| {
            let row = row.index(table.rows.len());
            let (text, expected) = apply_fault(&table, &layout, row, &fault);
            let expansion = check_table(&text, &table.args())?;
            let shown = |errors: &[String]| {
                errors
                    .iter()
                    .map(|e| e.lines().next().unwrap_or("").to_owned())
                    .collect::<Vec<_>>()
            };
            for (line, column, message) in &expected.errors {
                let prefix = format!("clocks.toml:{line}:{column}: {message}");
                prop_assert!(
                    expansion.errors.iter().any(|e| e.starts_with(&prefix)),
                    "expected {:?} among {:#?}\n{}",
                    prefix,
                    shown(&expansion.errors),
                    text
                );
            }
            prop_assert_eq!(
                expansion.errors.len(),
                expected.errors.len(),
                "{:#?}\n{}",
                shown(&expansion.errors),
                text
            );
            // Every row becomes what it should: in order, declared once.
            let names: Vec<String> = table
                .rows
                .iter()
                .enumerate()
                .map(|(i, r)| match &fault {
                    Fault::DuplicateName(_) if i == row => {
                        expansion_name_of_duplicate(&table, row, &fault)
                    }
                    _ => r.name.clone(),
                })
                .collect();
            // Every row that should be declared is, once (`check_invariants` rules out
            // twice); the complete clocks come out before the marker-only ones, so
            // compare in name order.
            let mut declared: Vec<&String> = names
                .iter()
                .zip(&expected.rows)
                .filter(|(_, outcome)| **outcome != Outcome::Absent)
                .map(|(name, _)| name)
                .collect();
            declared.sort();
            let mut types: Vec<&String> = expansion.types.iter().collect();
            types.sort();
            prop_assert_eq!(types, declared, "{}", text);
            for (name, outcome) in names.iter().zip(&expected.rows) {
                if *outcome == Outcome::Clock {
                    prop_assert!(
                        expansion.clocks.contains(name),
                        "`{}` is not a complete clock\n{}",
                        name,
                        text
                    );
                }
                if *outcome == Outcome::MarkerOnly {
                    prop_assert!(
                        !expansion.clocks.contains(name),
                        "`{}` should be a marker only\n{}",
                        name,
                        text
                    );
                }
            }
            Ok(())
        },
    );
}

/// The name a row takes when [`Fault::DuplicateName`] copies another row's name.
pub(crate) fn expansion_name_of_duplicate(table: &Table, row: usize, fault: &Fault) -> String {
    let Fault::DuplicateName(other_row) = fault else {
        return table.rows[row].name.clone();
    };
    let j = other_row.index(table.rows.len() - 1);
    let j = if j >= row { j + 1 } else { j };
    table.rows[j].name.clone()
}
