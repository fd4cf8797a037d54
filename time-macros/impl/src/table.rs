//! Reading a `clocks.toml` file (TOML 1.1) into [`ClockRow`]s with `toml_parser`, the
//! lexer and event parser under the `toml` crate: its events carry byte spans, so every
//! error names the exact line and column, and its error recovery lets the rows before a
//! syntax error keep their clocks.
//!
//! The events are gathered into the few shapes a clock table has (top-level keys,
//! `[[clock]]` sections, values) without building TOML's general maps; anything
//! else a file may hold is reported as the key that is not expected there. This module
//! checks what the TOML itself says (syntax, shape, unknown keys, value types); rules
//! across fields and rows live in `validate`.

use crate::diagnostics::Diagnostics;
use crate::model::{
    self, ClockIdSpec, ClockRow, Form, KeySpec, KeyValue, Located, ResolutionSpec, Site,
    TableSettings, ValueKind,
};
use crate::suggest::valid_keys_help;
use std::borrow::Cow;
use std::ops::Range;
use toml_parser::decoder::ScalarKind;
use toml_parser::parser::{Event, EventKind, RecursionGuard, ValidateWhitespace};
use toml_parser::{ParseError, Source};

/// How deeply arrays and inline tables may nest (as the `toml` crate allows).
const NESTING_LIMIT: u32 = 80;

/// Help for every TOML syntax error.
const SYNTAX_HELP: &str =
    "fix the TOML syntax; each clock is a `[[clock]]` header followed by `key = value` lines";

/// Reads every row of `text`. Syntax errors are reported to `diagnostics`; the rows
/// still come back (from the parser's error recovery). The rows that end before the
/// first syntax error are read as usual; the errors about later ones are muted (they
/// would only repeat the syntax error in other words) and those rows declare marker
/// types only.
pub fn read(text: &str, diagnostics: &mut Diagnostics<'_>) -> (Vec<ClockRow>, TableSettings) {
    let (events, syntax_errors) = parse(text);
    let mut first_error: Option<usize> = None;
    let mut decode_errors = Vec::new();
    let document = gather(&events, Source::new(text), &mut decode_errors);
    for error in syntax_errors.iter().chain(&decode_errors) {
        let at = match error.unexpected() {
            Some(span) => span.start()..span.end(),
            None => {
                let start = locate_spanless_error(text);
                start..start
            }
        };
        // From the start of the error's line: a key on that line is part of the error.
        let line_start = text
            .get(..at.start)
            .and_then(|before| before.rfind('\n'))
            .map_or(0, |newline| newline + 1);
        first_error = Some(first_error.map_or(line_start, |first| first.min(line_start)));
        diagnostics.error(
            &Site::Table(at),
            format_args!("invalid TOML: {}", message(error)),
            SYNTAX_HELP,
        );
    }
    read_document(&document, first_error, diagnostics)
}

/// Lexes and parses `text` into its events and syntax errors.
fn parse(text: &str) -> (Vec<Event>, Vec<ParseError>) {
    let source = Source::new(text);
    let tokens = source.lex().into_vec();
    let mut events = Vec::with_capacity(tokens.len());
    let mut errors = Vec::new();
    let mut whitespace = ValidateWhitespace::new(&mut events, source);
    let mut guard = RecursionGuard::new(&mut whitespace, NESTING_LIMIT);
    toml_parser::parser::parse_document(&tokens, &mut guard, &mut errors);
    (events, errors)
}

/// A parse error as the `toml` crate words it: the description, then what was expected.
fn message(error: &ParseError) -> String {
    let mut message = error.description().to_owned();
    if let Some(expected) = error.expected() {
        message.push_str(", expected ");
        if expected.is_empty() {
            message.push_str("nothing");
        }
        for (index, expected) in expected.iter().enumerate() {
            if index > 0 {
                message.push_str(", ");
            }
            match expected {
                toml_parser::Expected::Literal("\n") => message.push_str("newline"),
                toml_parser::Expected::Literal("`") => message.push_str("'`'"),
                toml_parser::Expected::Literal(literal)
                    if literal.chars().all(|c| c.is_ascii_control()) =>
                {
                    message.push_str(&format!("`{}`", literal.escape_debug()));
                }
                toml_parser::Expected::Literal(literal) => {
                    message.push_str(&format!("`{literal}`"))
                }
                toml_parser::Expected::Description(description) => message.push_str(description),
                _ => message.push_str("etc"),
            }
        }
    }
    message
}

/// Where a syntax error that the parser reports without a place is: the start of the
/// first line whose inclusion makes a prefix of `text` fail that way, found by
/// bisecting on line ends with the same parser.
fn locate_spanless_error(text: &str) -> usize {
    let line_ends: Vec<usize> = text
        .match_indices('\n')
        .map(|(at, _)| at + 1)
        .chain(core::iter::once(text.len()))
        .collect();
    let fails = |end: usize| {
        let (_, errors) = parse(text.get(..end).unwrap_or(text));
        errors.iter().any(|error| error.unexpected().is_none())
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

/// A key as written: its decoded text and where it is.
#[derive(Debug)]
struct Key {
    name: String,
    span: Range<usize>,
}

/// A value and where it is.
#[derive(Debug)]
struct Item {
    value: Value,
    span: Range<usize>,
}

/// A value, with only what the clock table needs of it.
#[derive(Debug)]
enum Value {
    String(String),
    /// The digits (with sign, without `_` or radix prefix) and the radix.
    Integer(String, u32),
    Float,
    Boolean(bool),
    Datetime,
    Array(Vec<Item>),
    Table(Vec<Entry>),
    /// Nothing readable (a syntax error, already reported).
    Missing,
}

/// `key.key = value`.
#[derive(Debug)]
struct Entry {
    keys: Vec<Key>,
    value: Item,
}

/// The `key = value` lines under one header (or before the first).
#[derive(Debug)]
struct Section {
    /// `[a.b]` or `[[a.b]]`: its keys, whether it is an array table and its span.
    header: Option<(Vec<Key>, bool, Range<usize>)>,
    entries: Vec<Entry>,
}

/// The events, skipping whitespace, comments and newlines (already validated).
struct Events<'e> {
    events: &'e [Event],
    at: usize,
}

impl<'e> Events<'e> {
    fn peek(&mut self) -> Option<&'e Event> {
        while let Some(event) = self.events.get(self.at) {
            match event.kind() {
                EventKind::Whitespace | EventKind::Comment | EventKind::Newline => self.at += 1,
                _ => return Some(event),
            }
        }
        None
    }

    fn next(&mut self) -> Option<&'e Event> {
        let event = self.peek();
        self.at += 1;
        event
    }
}

/// Gathers the events into sections; errors from decoding keys and values go to
/// `errors`.
fn gather(events: &[Event], source: Source<'_>, errors: &mut Vec<ParseError>) -> Vec<Section> {
    let mut events = Events { events, at: 0 };
    let mut sections = vec![Section {
        header: None,
        entries: Vec::new(),
    }];
    while let Some(event) = events.peek() {
        match event.kind() {
            EventKind::StdTableOpen | EventKind::ArrayTableOpen => {
                events.next();
                let is_array = event.kind() == EventKind::ArrayTableOpen;
                let mut span = event.span().start()..event.span().end();
                let keys = keys(&mut events, source, errors);
                if let Some(close) = events.peek() {
                    if matches!(
                        close.kind(),
                        EventKind::StdTableClose | EventKind::ArrayTableClose
                    ) {
                        events.next();
                        span.end = close.span().end();
                    }
                }
                sections.push(Section {
                    header: Some((keys, is_array, span)),
                    entries: Vec::new(),
                });
            }
            EventKind::SimpleKey => {
                if let (Some(entry), Some(section)) =
                    (entry(&mut events, source, errors), sections.last_mut())
                {
                    section.entries.push(entry);
                }
            }
            _ => {
                events.next();
            }
        }
    }
    sections
}

/// `key(.key)*`, from the event after the last key read.
fn keys(events: &mut Events<'_>, source: Source<'_>, errors: &mut Vec<ParseError>) -> Vec<Key> {
    let mut keys = Vec::new();
    while let Some(event) = events.peek() {
        match event.kind() {
            EventKind::SimpleKey => {
                events.next();
                let mut name = Cow::Borrowed("");
                if let Some(raw) = source.get(event) {
                    raw.decode_key(&mut name, errors);
                }
                keys.push(Key {
                    name: name.into_owned(),
                    span: event.span().start()..event.span().end(),
                });
            }
            EventKind::KeySep => {
                events.next();
            }
            _ => break,
        }
    }
    keys
}

/// `key = value`; `None` if the line has no `=` (a syntax error, already reported).
fn entry(
    events: &mut Events<'_>,
    source: Source<'_>,
    errors: &mut Vec<ParseError>,
) -> Option<Entry> {
    let keys = keys(events, source, errors);
    if events.peek()?.kind() != EventKind::KeyValSep {
        return None;
    }
    events.next();
    let value = value(events, source, errors);
    Some(Entry { keys, value })
}

fn value(events: &mut Events<'_>, source: Source<'_>, errors: &mut Vec<ParseError>) -> Item {
    let Some(event) = events.peek() else {
        return Item {
            value: Value::Missing,
            span: 0..0,
        };
    };
    let start = event.span().start();
    let mut span = start..event.span().end();
    let value = match event.kind() {
        EventKind::Scalar => {
            events.next();
            scalar(event, source, errors)
        }
        EventKind::ArrayOpen => {
            events.next();
            let mut items = Vec::new();
            while let Some(next) = events.peek() {
                match next.kind() {
                    EventKind::ArrayClose => {
                        events.next();
                        span.end = next.span().end();
                        break;
                    }
                    EventKind::ValueSep | EventKind::Error => {
                        events.next();
                    }
                    EventKind::Scalar | EventKind::ArrayOpen | EventKind::InlineTableOpen => {
                        items.push(value(events, source, errors));
                    }
                    // The array is not closed (a syntax error, already reported).
                    _ => break,
                }
            }
            Value::Array(items)
        }
        EventKind::InlineTableOpen => {
            events.next();
            let mut entries = Vec::new();
            while let Some(next) = events.peek() {
                match next.kind() {
                    EventKind::InlineTableClose => {
                        events.next();
                        span.end = next.span().end();
                        break;
                    }
                    EventKind::SimpleKey => entries.extend(entry(events, source, errors)),
                    EventKind::ValueSep | EventKind::Error => {
                        events.next();
                    }
                    _ => break,
                }
            }
            Value::Table(entries)
        }
        // No value after `=` (a syntax error, already reported).
        _ => Value::Missing,
    };
    if let Some(items) = match &value {
        Value::Array(items) => items.last().map(|item| item.span.end),
        Value::Table(entries) => entries.last().map(|entry| entry.value.span.end),
        _ => None,
    } {
        span.end = span.end.max(items);
    }
    Item { value, span }
}

fn scalar(event: &Event, source: Source<'_>, errors: &mut Vec<ParseError>) -> Value {
    let Some(raw) = source.get(event) else {
        return Value::Missing;
    };
    let mut decoded = Cow::Borrowed("");
    match raw.decode_scalar(&mut decoded, errors) {
        ScalarKind::String => Value::String(decoded.into_owned()),
        ScalarKind::Boolean(flag) => Value::Boolean(flag),
        ScalarKind::DateTime => Value::Datetime,
        ScalarKind::Float => Value::Float,
        ScalarKind::Integer(radix) => Value::Integer(decoded.into_owned(), radix.value()),
    }
}

/// Reads the rows of `sections`; the diagnostics about whatever lies past
/// `first_error` (the start of the first syntax error's line) are dropped and such rows
/// marked.
fn read_document(
    sections: &[Section],
    first_error: Option<usize>,
    diagnostics: &mut Diagnostics<'_>,
) -> (Vec<ClockRow>, TableSettings) {
    let past_error = |end: usize| first_error.is_some_and(|error| end > error);
    let mut rows = Vec::new();
    let mut settings = TableSettings::default();
    // Top-level names defined so far: a second definition is a TOML error, and an
    // unknown one is reported once.
    let mut defined = Defined::default();
    // Whether `clock` is the array of `[[clock]]` tables (sub-tables then belong to its
    // last row).
    let mut clock_is_array_of_tables = false;
    for section in sections {
        let Some((keys, is_array, header_span)) = &section.header else {
            for entry in &section.entries {
                let Some(first) = entry.keys.first() else {
                    continue;
                };
                if past_error(entry.value.span.end) && first.name != model::CLOCK_ARRAY {
                    continue;
                }
                if !defined.define(first, entry.keys.len() > 1, diagnostics) {
                    continue;
                }
                read_top_level(entry, &mut rows, &mut settings, &past_error, diagnostics);
            }
            continue;
        };
        let Some(first) = keys.first() else { continue };
        let row_end = section
            .entries
            .iter()
            .map(|entry| entry.value.span.end)
            .fold(header_span.end, usize::max);
        match (first.name.as_str(), keys.len(), is_array) {
            (model::CLOCK_ARRAY, 1, true) => {
                if !clock_is_array_of_tables {
                    if defined.seen(first) {
                        duplicate_key(first, diagnostics);
                        continue;
                    }
                    defined.define(first, true, diagnostics);
                    clock_is_array_of_tables = true;
                }
                let before = diagnostics.count();
                let mut row = read_row(
                    &section.entries,
                    Site::Table(header_span.clone()),
                    diagnostics,
                );
                if past_error(row_end) {
                    diagnostics.truncate(before);
                    row.had_errors = true;
                }
                rows.push(row);
            }
            (model::CLOCK_ARRAY, 1, false) => {
                if !defined.define(first, false, diagnostics) {
                    continue;
                }
                let before = diagnostics.count();
                diagnostics.error(
                    &site(&first.span),
                    "`clock` is a single table, not an array of tables",
                    "write `[[clock]]` (double brackets) so that each clock is one entry of the array",
                );
                let mut row = read_row(&section.entries, site(&first.span), diagnostics);
                if past_error(row_end) {
                    diagnostics.truncate(before);
                }
                row.had_errors = true;
                rows.push(row);
            }
            (model::CLOCK_ARRAY, _, _) if clock_is_array_of_tables => {
                // `[clock.key]`: a table inside the last row.
                if past_error(row_end) {
                    continue;
                }
                let entry = Entry {
                    keys: keys
                        .iter()
                        .skip(1)
                        .map(|key| Key {
                            name: key.name.clone(),
                            span: key.span.clone(),
                        })
                        .collect(),
                    value: Item {
                        value: Value::Table(Vec::new()),
                        span: keys
                            .get(1)
                            .map_or(header_span.clone(), |key| key.span.clone()),
                    },
                };
                if let Some(row) = rows.last_mut() {
                    let before = diagnostics.count();
                    read_entry(row, &entry, diagnostics);
                    row.had_errors |= diagnostics.count() > before;
                }
            }
            _ => {
                if past_error(row_end) {
                    continue;
                }
                if defined.define(first, true, diagnostics) {
                    let entry = Entry {
                        keys: keys
                            .iter()
                            .map(|key| Key {
                                name: key.name.clone(),
                                span: key.span.clone(),
                            })
                            .collect(),
                        value: Item {
                            value: Value::Table(Vec::new()),
                            span: first.span.clone(),
                        },
                    };
                    read_top_level(&entry, &mut rows, &mut settings, &past_error, diagnostics);
                }
            }
        }
    }
    (rows, settings)
}

/// The names defined in one table, for TOML's rule that a key is defined once (dotted
/// keys and headers may add to a table they define).
#[derive(Default)]
struct Defined {
    names: Vec<(String, bool)>,
}

impl Defined {
    fn seen(&self, key: &Key) -> bool {
        self.names.iter().any(|(name, _)| *name == key.name)
    }

    /// Records `key` (`extends`: as a table that later keys may add to); `false`, with
    /// the error reported, when it is defined already, `false` without an error when it
    /// extends a table already defined (so it is reported once).
    fn define(&mut self, key: &Key, extends: bool, diagnostics: &mut Diagnostics<'_>) -> bool {
        match self.names.iter().find(|(name, _)| *name == key.name) {
            Some((_, true)) if extends => false,
            Some(_) => {
                duplicate_key(key, diagnostics);
                false
            }
            None => {
                self.names.push((key.name.clone(), extends));
                true
            }
        }
    }
}

fn duplicate_key(key: &Key, diagnostics: &mut Diagnostics<'_>) {
    diagnostics.error(&site(&key.span), "invalid TOML: duplicate key", SYNTAX_HELP);
}

/// A top-level `key = value` (or `[key]` header, as an empty table).
fn read_top_level(
    entry: &Entry,
    rows: &mut Vec<ClockRow>,
    settings: &mut TableSettings,
    past_error: &dyn Fn(usize) -> bool,
    diagnostics: &mut Diagnostics<'_>,
) {
    let Some(key) = entry.keys.first() else {
        return;
    };
    let value = if entry.keys.len() > 1 {
        &Value::Table(Vec::new())
    } else {
        &entry.value.value
    };
    let value_site = if entry.keys.len() > 1 {
        site(&key.span)
    } else {
        site(&entry.value.span)
    };
    match key.name.as_str() {
        model::KERNEL_SERVICES => match value {
            Value::Boolean(flag) => {
                settings.kernel_services = Some(Located::new(*flag, value_site));
            }
            Value::Missing => {}
            other => wrong_type(
                &model::KERNEL_SERVICES_SPEC,
                other,
                &value_site,
                diagnostics,
            ),
        },
        model::CLOCK_ARRAY => match value {
            Value::Array(items) => {
                for item in items {
                    match &item.value {
                        Value::Table(entries) => {
                            let before = diagnostics.count();
                            let mut row = read_row(entries, site(&item.span), diagnostics);
                            if past_error(item.span.end) {
                                diagnostics.truncate(before);
                                row.had_errors = true;
                            }
                            rows.push(row);
                        }
                        Value::Missing => {}
                        other => diagnostics.error(
                            &site(&item.span),
                            format_args!("expected a `[[clock]]` table, found {}", kind(other)),
                            "write each clock as a `[[clock]]` header followed by its keys",
                        ),
                    }
                }
            }
            Value::Missing => {}
            other => diagnostics.error(
                &value_site,
                format_args!("`clock` must be an array of tables, found {}", kind(other)),
                "write each clock as a `[[clock]]` header followed by its keys",
            ),
        },
        unknown => diagnostics.error(
            &site(&key.span),
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

fn read_row(entries: &[Entry], row_site: Site, diagnostics: &mut Diagnostics<'_>) -> ClockRow {
    let mut row = ClockRow::new(row_site);
    let before = diagnostics.count();
    let mut defined = Defined::default();
    for entry in entries {
        let Some(first) = entry.keys.first() else {
            continue;
        };
        if defined.define(first, entry.keys.len() > 1, diagnostics) {
            read_entry(&mut row, entry, diagnostics);
        }
    }
    row.had_errors = diagnostics.count() > before;
    row
}

/// One `key = value` of a row (a dotted key, `a.b = …`, is `a` with a table value).
fn read_entry(row: &mut ClockRow, entry: &Entry, diagnostics: &mut Diagnostics<'_>) {
    let Some(key) = entry.keys.first() else {
        return;
    };
    let (value, value_site) = if entry.keys.len() > 1 {
        (&Value::Table(Vec::new()), site(&key.span))
    } else {
        (&entry.value.value, site(&entry.value.span))
    };
    let errors_before_key = diagnostics.count();
    match KeySpec::row_key(&key.name) {
        Some(spec) => {
            if let Some(read) = typed(spec, value, &value_site, diagnostics) {
                row.assign(spec.name, Located::new(read, value_site));
            }
        }
        None => {
            diagnostics.error(
                &site(&key.span),
                format_args!("unknown key `{}` in a `[[clock]]` table", key.name),
                valid_keys_help(&key.name, model::ROW_KEYS),
            );
            row.misspelt(&key.name, model::ROW_KEYS);
        }
    }
    if diagnostics.count() > errors_before_key {
        row.rejected.push(key.name.clone());
    }
}

/// `value`, checked against the kind `spec` expects.
fn typed(
    spec: &KeySpec,
    value: &Value,
    at: &Site,
    diagnostics: &mut Diagnostics<'_>,
) -> Option<KeyValue> {
    let integer = |digits: &str, radix: u32, help: &str, diagnostics: &mut Diagnostics<'_>| {
        match i128::from_str_radix(digits, radix) {
            Ok(number) => Some(number),
            Err(_) => {
                diagnostics.error(at, format_args!("`{}` is out of range", spec.name), help);
                None
            }
        }
    };
    match (spec.kind, value) {
        (_, Value::Missing) => None,
        (ValueKind::Text | ValueKind::Name(_), Value::String(text)) => {
            Some(KeyValue::Text(text.clone()))
        }
        (ValueKind::Bool, Value::Boolean(flag)) => Some(KeyValue::Bool(*flag)),
        (ValueKind::ClockId, Value::String(constant)) => {
            Some(KeyValue::ClockId(ClockIdSpec::Constant(constant.clone())))
        }
        (ValueKind::ClockId, Value::Integer(digits, radix)) => integer(
            digits,
            *radix,
            "a clock id is a C `clockid_t` (an `int`): use a value from -2147483648 to 2147483647",
            diagnostics,
        )
        .map(|number| KeyValue::ClockId(ClockIdSpec::Number(number))),
        (ValueKind::Resolution, Value::String(text)) => {
            Some(KeyValue::Resolution(ResolutionSpec::Text(text.clone())))
        }
        (ValueKind::Resolution, Value::Integer(digits, radix)) => integer(
            digits,
            *radix,
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

fn wrong_type(spec: &KeySpec, found: &Value, at: &Site, diagnostics: &mut Diagnostics<'_>) {
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

fn kind(value: &Value) -> &'static str {
    match value {
        Value::String(_) => "a string",
        Value::Integer(..) => "an integer",
        Value::Float => "a float",
        Value::Boolean(_) => "a boolean",
        Value::Datetime => "a date-time",
        Value::Array(_) => "an array",
        Value::Table(_) => "a table",
        Value::Missing => "nothing",
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
    fn a_deeply_nested_header_is_located_and_every_row_stays() {
        let header = format!("[{}b]\nx = 1\n", "a.".repeat(200));
        let text = format!(
            "[[clock]]\nname = \"Good\"\ngetter = \"g\"\nmonotonic = true\n\n{header}\n\
             [[clock]]\nname = \"Late\"\ngetter = \"h\"\nmonotonic = true\n"
        );
        let (rows, errors) = read_text(&text);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with("clocks.toml:6:2: unknown top-level key `a`"),
            "{errors:?}"
        );
        for name in ["Good", "Late"] {
            let row = rows
                .iter()
                .find(|row| row.name.as_ref().is_some_and(|n| n.value == name));
            assert!(row.is_some_and(|row| !row.had_errors), "{name}: {rows:?}");
        }
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
            .find(|row| row.name.as_ref().is_some_and(|n| n.value == "Good"));
        assert!(good.is_some_and(|row| !row.had_errors), "{rows:?}");
    }

    #[test]
    fn reads_toml_1_1() {
        // `\e` and a trailing comma in an inline table are TOML 1.1, not 1.0.
        let (rows, errors) = read_text(
            "clock = [{ name = \"A\", getter = \"g\", monotonic = true, doc = \"\\e\", }]\n",
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(rows[0].doc.as_ref().unwrap().value, "\u{1b}");
    }

    #[test]
    fn dotted_keys_sub_tables_and_inline_rows() {
        let (rows, errors) =
            read_text("clock = [{ name = \"A\", getter = \"g\", monotonic = true }]\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(rows[0].getter.as_ref().unwrap().value, "g");
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
