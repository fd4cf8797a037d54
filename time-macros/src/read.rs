//! Reading a `clocks.toml` file into [`Row`]s with `toml-span`, a small,
//! maintained, span-preserving TOML reader (the same one on the host and in the kernel
//! tree). TOML itself (syntax, duplicate keys, dotted keys and headers, nesting depth)
//! is toml-span's to decide, with its own messages; its error is reported as "invalid
//! TOML" at its line and column.
//!
//! toml-span stops at the first error. The rows before it are still read: the longest
//! prefix of the file that ends at a line end before the error, and that toml-span
//! reads without error, is read as the table, so good rows before a syntax error keep
//! their clocks. The row that the error cuts short (when the prefix ends inside it)
//! declares its marker type only, and is not called incomplete; rows after the error
//! are not read.
//!
//! What is ours is the schema: the top-level keys, `clock` as an array of tables,
//! each row's keys and the kind of each value. Rules across fields and rows live in
//! `validate`.

use crate::ast::{Located, Row, Site, Value as RowValue};
use crate::ctxt::Ctxt;
use crate::schema::{self, Form, KeySpec, ValueKind, CLOCK_ARRAY};
use crate::suggest::unknown_row_key;
use toml_span::value::{Key, Table, Value, ValueInner};

/// What a table file holds: its rows.
#[derive(Default)]
pub(crate) struct Read {
    /// The rows read.
    pub(crate) rows: Vec<Row>,
    /// A TOML error stopped the reading: rows after it were not read.
    pub(crate) truncated: bool,
}

/// Help for every TOML syntax error.
const SYNTAX_HELP: &str =
    "fix the TOML syntax; each clock is a `[[clock]]` header followed by `key = value` lines";

/// Help for a `clock` that is not an array of tables.
const ARRAY_HELP: &str = "write each clock as a `[[clock]]` header followed by its keys";

/// Reads every row of `text`. A TOML error is reported to `cx`, and the rows before
/// it still come back (see the module documentation).
pub(crate) fn read(text: &str, cx: &Ctxt) -> Read {
    let error = match toml_span::parse(text) {
        Ok(document) => return read_document(&document, cx),
        Err(error) => error,
    };
    report(&error, text, cx);
    // toml-span reads every line before it checks keys across lines, so a syntax error
    // late in the file hides a duplicate key before it. A prefix that ends before the
    // error shows such an error, which no cut can cause (it is about lines the prefix
    // holds whole): report it too, and cut before it in turn.
    let mut cut = line_start(text, error.span.start);
    let prefix = loop {
        match toml_span::parse(text.get(..cut).unwrap_or("")) {
            Ok(document) => break Some((cut, document)),
            Err(error) if across_lines(&error) && error.span.start < cut => {
                report(&error, text, cx);
                cut = line_start(text, error.span.start);
            }
            // Any other error of a prefix may be the cut's own (a string or array cut
            // short): find the longest prefix that reads, and look at the line after
            // it, which may hold an error across lines.
            Err(_) => {
                let Some((end, document)) = readable_prefix(text, cut) else {
                    break None;
                };
                let next = text
                    .get(end..)
                    .and_then(|rest| rest.find('\n'))
                    .map_or(text.len(), |newline| end + newline + 1);
                match toml_span::parse(text.get(..next).unwrap_or("")) {
                    Err(error) if across_lines(&error) && next <= cut => {
                        report(&error, text, cx);
                        cut = line_start(text, error.span.start);
                    }
                    _ => break Some((end, document)),
                }
            }
        }
    };
    let Some((end, document)) = prefix else {
        return Read {
            truncated: true,
            ..Read::default()
        };
    };
    // The prefix ends where the error's line (or the construct it breaks) starts. When
    // that line is not a table header, it continues the last row of the prefix, which
    // the error cuts short: that row declares its marker type only, and its missing
    // keys are not reported (they may be past the error).
    let cut_short = !starts_a_header(text.get(end..).unwrap_or(""));
    let mut read = read_document(&document, cx);
    read.truncated = true;
    if let (true, Some(last)) = (cut_short, read.rows.last_mut()) {
        last.cut_short();
    }
    read
}

/// Reports a TOML error of toml-span, in its words, at its place.
fn report(error: &toml_span::Error, text: &str, cx: &Ctxt) {
    let at = error.span.start.min(text.len())..error.span.end.min(text.len());
    cx.error(
        &Site::Table(at),
        format_args!("invalid TOML: {error}"),
        SYNTAX_HELP,
    );
}

/// Whether toml-span found `error` between lines it had read whole (a key or table
/// given twice, a table redefined), rather than in one line's syntax.
fn across_lines(error: &toml_span::Error) -> bool {
    use toml_span::ErrorKind;
    matches!(
        error.kind,
        ErrorKind::DuplicateKey { .. }
            | ErrorKind::DuplicateTable { .. }
            | ErrorKind::RedefineAsArray
            | ErrorKind::DottedKeyInvalidType { .. }
    )
}

/// The start of the line that holds byte `offset` of `text`.
fn line_start(text: &str, offset: usize) -> usize {
    text.get(..offset.min(text.len()))
        .and_then(|before| before.rfind('\n'))
        .map_or(0, |newline| newline + 1)
}

/// The longest prefix of `text` that ends at a line end at or before `limit` and that
/// toml-span reads without error, with its document; `None` when not even the empty
/// prefix is one. A prefix that ends inside a value (a multi-line string or array the
/// cut splits) does not read, though a longer one may: so the prefix ends first at
/// the last line end outside every value, as toml-span's tokenizer sees the text
/// ([`last_whole_line`]), which reads unless an earlier line holds an error; then, for
/// those, at the last line end found by bisecting (toml-span decides each prefix).
fn readable_prefix(text: &str, limit: usize) -> Option<(usize, Value<'_>)> {
    let parses = |end: usize| toml_span::parse(text.get(..end).unwrap_or("")).ok();
    let whole = last_whole_line(text, limit);
    if let Some(document) = parses(whole) {
        return Some((whole, document));
    }
    let ends: Vec<usize> = core::iter::once(0)
        .chain(text.match_indices('\n').map(|(at, _)| at + 1))
        .take_while(|&end| end <= whole)
        .collect();
    let first = parses(0)?;
    // The last line end whose prefix reads: `low` reads, `high` does not.
    let (mut low, mut high) = (0, ends.len());
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if parses(ends[middle]).is_some() {
            low = middle;
        } else {
            high = middle;
        }
    }
    match low {
        0 => Some((0, first)),
        _ => parses(ends[low]).map(|document| (ends[low], document)),
    }
}

/// The end of the last line of `text[..limit]` that ends outside every array, inline
/// table and string, by toml-span's tokenizer (a string is one token; where the
/// tokenizer stops on an error, the lines before it).
fn last_whole_line(text: &str, limit: usize) -> usize {
    use toml_span::tokens::{Token, Tokenizer};
    let mut tokens = Tokenizer::new(text.get(..limit).unwrap_or(""));
    let (mut depth, mut end) = (0_usize, 0);
    while let Ok(Some((span, token))) = tokens.step() {
        match token {
            Token::LeftBracket | Token::LeftBrace => depth += 1,
            Token::RightBracket | Token::RightBrace => depth = depth.saturating_sub(1),
            Token::Newline if depth == 0 => end = span.end,
            _ => {}
        }
    }
    end
}

/// Whether the first token of `text` (after blank space), as toml-span's tokenizer
/// reads it, opens a table header: `[` at the start of a line.
fn starts_a_header(text: &str) -> bool {
    use toml_span::tokens::{Token, Tokenizer};
    let mut tokens = Tokenizer::new(text);
    loop {
        match tokens.step() {
            Ok(Some((_, Token::Whitespace(_)))) => {}
            Ok(Some((_, Token::LeftBracket))) => return true,
            _ => return false,
        }
    }
}

/// Where errors about `value` under `key` go: the value as written (for a string, its
/// contents, as toml-span spans it), or the key when the value is a table (made by a
/// dotted key, a header or braces: toml-span's span of a dotted table is its inner
/// value's).
fn value_site(key: &Key<'_>, value: &Value<'_>) -> Site {
    match value.as_ref() {
        ValueInner::Table(_) => site(key.span),
        _ => site(value.span),
    }
}

/// Reads the top-level keys.
fn read_document(document: &Value<'_>, cx: &Ctxt) -> Read {
    let mut read = Read::default();
    let Some(table) = document.as_table() else {
        return read;
    };
    // In toml-span's order (by name): `Ctxt` puts the errors in file order.
    for (key, value) in table {
        match key.name.as_ref() {
            CLOCK_ARRAY => read_clocks(key, value, &mut read.rows, cx),
            unknown => cx.error(
                &site(key.span),
                format_args!("unknown top-level key `{unknown}`"),
                format_args!(
                    "a clock table holds `[[{CLOCK_ARRAY}]]` tables only; {}",
                    match (
                        unknown,
                        crate::suggest::did_you_mean(unknown, schema::TOP_LEVEL_KEYS)
                    ) {
                        (schema::KERNEL_SERVICES, _) => "the kernel's delays, polls and hrtimers \
                            are its own `kernel::time::{delay, hrtimer}` and `kernel::io::poll`, \
                            which no table generates: remove this key"
                            .to_owned(),
                        (_, Some(_)) => "did you mean `[[clock]]`?".to_owned(),
                        (_, None) =>
                            "move this key into a `[[clock]]` table or remove it".to_owned(),
                    }
                ),
            ),
        }
    }
    read
}

/// The `clock` key: an array of tables, one row each.
fn read_clocks(key: &Key<'_>, value: &Value<'_>, rows: &mut Vec<Row>, cx: &Ctxt) {
    match value.as_ref() {
        ValueInner::Array(items) => {
            for item in items {
                match item.as_ref() {
                    ValueInner::Table(entries) => rows.push(read_row(entries, site(item.span), cx)),
                    other => cx.error(
                        &site(item.span),
                        format_args!("expected a `[[clock]]` table, found {}", kind(other)),
                        ARRAY_HELP,
                    ),
                }
            }
        }
        // `[clock]`: one table where an array of them belongs. Its keys are still read
        // (and checked), and the row declares its type only.
        ValueInner::Table(entries) => {
            cx.error(
                &site(key.span),
                "`clock` is a single table, not an array of tables",
                "write `[[clock]]` (double brackets) so that each clock is one entry of the array",
            );
            let mut row = read_row(entries, site(key.span), cx);
            row.mark_error();
            rows.push(row);
        }
        other => cx.error(
            &value_site(key, value),
            format_args!("`clock` must be an array of tables, found {}", kind(other)),
            ARRAY_HELP,
        ),
    }
}

/// One `[[clock]]` table.
fn read_row(entries: &Table<'_>, row_site: Site, cx: &Ctxt) -> Row {
    let mut row = Row::new(row_site);
    for (key, value) in entries {
        let name = key.name.as_ref();
        match schema::row_key(name) {
            Some(spec) => {
                let at = value_site(key, value);
                match typed(&spec, value.as_ref(), &at, cx) {
                    Some(read) => row.assign(spec.name, Located::new(read, at)),
                    None => row.reject(spec.name),
                }
            }
            None => unknown_row_key(
                &mut row,
                name,
                &schema::row_keys(),
                &site(key.span),
                format_args!("unknown key `{name}` in a `[[clock]]` table"),
                cx,
            ),
        }
    }
    row
}

/// `value`, checked against the kind `spec` expects; `None` (reported) when it is
/// of another kind.
fn typed(spec: &KeySpec, value: &ValueInner<'_>, at: &Site, cx: &Ctxt) -> Option<RowValue> {
    match (spec.kind, value) {
        (
            ValueKind::Text | ValueKind::Name(_) | ValueKind::Resolution,
            ValueInner::String(text),
        ) => Some(RowValue::Text(text.to_string())),
        (ValueKind::Bool, ValueInner::Boolean(flag)) => Some(RowValue::Bool(*flag)),
        (ValueKind::ClockId, ValueInner::String(constant)) => {
            Some(RowValue::Constant(constant.to_string()))
        }
        (ValueKind::ClockId | ValueKind::Resolution, ValueInner::Integer(number)) => {
            Some(RowValue::Number(i128::from(*number)))
        }
        (_, other) => {
            wrong_type(spec, other, at, cx);
            None
        }
    }
}

fn wrong_type(spec: &KeySpec, found: &ValueInner<'_>, at: &Site, cx: &Ctxt) {
    cx.error(
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

fn kind(value: &ValueInner<'_>) -> &'static str {
    match value {
        ValueInner::String(_) => "a string",
        ValueInner::Integer(_) => "an integer",
        ValueInner::Float(_) => "a float",
        ValueInner::Boolean(_) => "a boolean",
        ValueInner::Array(_) => "an array",
        ValueInner::Table(_) => "a table",
    }
}

fn site(span: toml_span::Span) -> Site {
    Site::Table(span.start..span.end)
}


#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
