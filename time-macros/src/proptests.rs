//! Property tests of the macro as a library: no table, no file and no token stream
//! makes it panic; valid tables always expand, in every TOML layout and in the
//! inline form; one broken row gives exactly the error it should, at its
//! `file:LINE:COL`, without disturbing the other rows; and every rejection of a
//! table is an error that starts with `clocks.toml:LINE:COL:` inside the file.
//!
//! Tables are checked in memory (`table::read` + `validate::validate` +
//! `expand::expand`, as `declare::from_file` runs them); the file path
//! (`declare::declare_clocks` with a temporary `CARGO_MANIFEST_DIR`) gets its own,
//! smaller properties: valid files, arbitrary bytes, invalid UTF-8.
//!
//! Case counts: `PROPTEST_CASES` (proptest's own variable, default 256) per property,
//! divided by 8 for the properties that write a file per case. Every property prints
//! `proptests: NAME: N cases passed in T` (visible with `--nocapture`). The long run
//! (docs/reliability.md has the measured count and time):
//!
//! ```text
//! PROPTEST_CASES=10000 cargo test -p time-macros --release proptests -- --nocapture 2>&1 | grep '^proptests:'
//! ```
//!
//! `cargo fuzz` is not used: it needs a nightly toolchain (`-Zsanitizer`), and only
//! stable is installed here; these properties drive the same entry points instead.

use crate::declare::declare_clocks;
use crate::diagnostics::{Diagnostics, TableText};
use crate::env::Environment;
use crate::model::{Backend, Options};
use crate::model::{Site, ROW_KEYS};
use crate::validate::{is_keyword, validate};
use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseResult, TestRunner};
use quote::quote;
use std::collections::BTreeSet;
use std::fmt::Debug;
use std::path::PathBuf;

// ---------------------------------------------------------------------------------
// Running properties

/// Runs `test` on `PROPTEST_CASES / divisor` cases of `strategy` (failures are
/// shrunk and saved under `proptest-regressions/`, as with `proptest!`), then prints
/// how many cases passed.
fn property<S>(name: &str, divisor: u32, strategy: S, test: impl Fn(S::Value) -> TestCaseResult)
where
    S: Strategy,
    S::Value: Debug,
{
    let defaults = Config::default();
    let config = Config {
        cases: (defaults.cases / divisor).max(1),
        source_file: Some(file!()),
        failure_persistence: Some(Box::new(FileFailurePersistence::SourceParallel(
            "proptest-regressions",
        ))),
        ..defaults
    };
    let cases = config.cases;
    let started = std::time::Instant::now();
    if let Err(failure) = TestRunner::new(config).run(&strategy, test) {
        panic!("{name}: {failure}");
    }
    eprintln!(
        "proptests: {name}: {cases} cases passed in {:.2?}",
        started.elapsed()
    );
}

// ---------------------------------------------------------------------------------
// Observing an expansion

/// What an expansion declares and reports, read back from its tokens: the top-level
/// items and the rows of its `clock_items!` invocation, read with that template's
/// grammar (`time-core/src/items.rs`).
#[derive(Debug, Default)]
struct Expansion {
    /// The declared marker types, in order: `clock_items!` rows, then `pub enum Name`.
    enums: Vec<String>,
    /// The rows of `clock_items!`, which implement `ClockSource`: the complete clocks.
    sources: BTreeSet<String>,
    /// The `monotonic = [...]` names, which implement `MonotonicClock`.
    monotonic: BTreeSet<String>,
    /// Each complete clock's `[ID]`, as text (empty without an id).
    ids: std::collections::BTreeMap<String, String>,
    /// The messages of the `compile_error! { "…" }`s.
    errors: Vec<String>,
    /// Whether the table file is included (so that cargo tracks it).
    includes_file: bool,
}

fn observe(tokens: TokenStream) -> Expansion {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut expansion = Expansion::default();
    let mut marker_only = Vec::new();
    for window in trees.windows(3) {
        match window {
            [TokenTree::Ident(a), TokenTree::Ident(b), TokenTree::Ident(name)]
                if a == "pub" && b == "enum" =>
            {
                marker_only.push(name.to_string());
            }
            [TokenTree::Ident(a), TokenTree::Punct(bang), TokenTree::Group(body)]
                if a == "clock_items" && bang.as_char() == '!' =>
            {
                observe_rows(body.stream(), &mut expansion);
            }
            [TokenTree::Ident(a), TokenTree::Punct(bang), TokenTree::Group(body)]
                if a == "compile_error" && bang.as_char() == '!' =>
            {
                let message = syn::parse2::<syn::LitStr>(body.stream())
                    .map(|literal| literal.value())
                    .unwrap_or_else(|_| panic!("compile_error! without a message: {body}"));
                expansion.errors.push(message);
            }
            [TokenTree::Ident(a), TokenTree::Punct(bang), TokenTree::Group(_)]
                if a == "include_bytes" && bang.as_char() == '!' =>
            {
                expansion.includes_file = true;
            }
            _ => {}
        }
    }
    expansion.enums.extend(marker_only);
    expansion
}

/// Reads `clocks = [Name "doc" "table doc" "Name" MONOTONIC [ID] [RESOLUTION]
/// [STAND-IN] [EXTERN] {BODY} …]; monotonic = [Name …];`, panicking on anything the template
/// would not accept.
fn observe_rows(body: TokenStream, expansion: &mut Expansion) {
    let trees: Vec<TokenTree> = body.into_iter().collect();
    let list = |key: &str| -> Vec<TokenTree> {
        let at = trees
            .iter()
            .position(|tree| matches!(tree, TokenTree::Ident(ident) if ident == key))
            .unwrap_or_else(|| panic!("clock_items! without `{key}`"));
        match &trees[at + 2] {
            TokenTree::Group(group) => group.stream().into_iter().collect(),
            literal @ TokenTree::Literal(_) => vec![literal.clone()],
            other => panic!("`{key} =` is followed by {other}"),
        }
    };
    let rows = list("clocks");
    let count: usize = list("count").first().map_or(usize::MAX, |count| {
        count.to_string().parse().unwrap_or(usize::MAX)
    });
    assert_eq!(rows.len(), count * 10, "`count` is the number of rows");
    for row in rows.chunks(10) {
        let [TokenTree::Ident(name), TokenTree::Literal(_doc), TokenTree::Literal(_table_doc), TokenTree::Literal(text), TokenTree::Ident(flag), TokenTree::Group(id), TokenTree::Group(resolution), TokenTree::Group(_stand_in), TokenTree::Group(_extern_decl), TokenTree::Group(read)] =
            row
        else {
            panic!("a clock_items! row that the template does not accept: {row:?}");
        };
        assert!(
            matches!(resolution.stream().into_iter().next(), Some(TokenTree::Ident(variant)) if variant == "Nanos" || variant == "Tick"),
            "RESOLUTION is {resolution}"
        );
        assert_eq!(
            text.to_string(),
            format!("{:?}", name.to_string()),
            "the row's NAME"
        );
        assert!(flag == "true" || flag == "false", "MONOTONIC is {flag}");
        assert!(!read.stream().is_empty(), "`{name}` has no reader");
        expansion.enums.push(name.to_string());
        expansion.sources.insert(name.to_string());
        expansion
            .ids
            .insert(name.to_string(), id.stream().to_string());
        if flag == "true" {
            assert!(list("monotonic")
                .iter()
                .any(|tree| *name == tree.to_string()));
        }
    }
    for name in list("monotonic") {
        expansion.monotonic.insert(name.to_string());
    }
}

/// The `LINE:COL` an error message starts with (`clocks.toml:LINE:COL: …`), if any.
fn table_place(error: &str) -> Option<(usize, usize)> {
    let rest = error.strip_prefix("clocks.toml:")?;
    let mut parts = rest.splitn(3, ':');
    let line = parts.next()?.parse().ok()?;
    let column = parts.next()?.parse().ok()?;
    Some((line, column))
}

/// Reads, validates and expands `text` as the table `clocks.toml`, as
/// `declare::from_file` does once it has the file's text.
fn expand_text(text: &str, options: &Options) -> Expansion {
    let table = TableText {
        display: "clocks.toml".to_owned(),
        text: text.to_owned(),
        span: Span::call_site(),
    };
    let mut diagnostics = Diagnostics::for_table(&table);
    let (rows, _) = crate::table::read(&table.text, &mut diagnostics);
    let declared = validate(&rows, options, &Site::Table(0..0), &mut diagnostics);
    let mut out = crate::expand::expand(&declared, options, None, None);
    if let Some(errors) = diagnostics.finish() {
        out.extend(errors.into_compile_error());
    }
    observe(out)
}

/// What holds of every expansion, whatever the input: no type is declared twice
/// (that would be a second, confusing error), impls are for declared types only,
/// the output is never silently empty, an expansion without errors declares only
/// complete clocks, and no error message is empty.
fn check_invariants(expansion: &Expansion) -> TestCaseResult {
    let declared: BTreeSet<&String> = expansion.enums.iter().collect();
    prop_assert_eq!(
        declared.len(),
        expansion.enums.len(),
        "a type is declared twice: {:?}",
        expansion.enums
    );
    for name in expansion.sources.iter().chain(&expansion.monotonic) {
        prop_assert!(declared.contains(name), "impl for undeclared `{}`", name);
    }
    prop_assert!(expansion.monotonic.is_subset(&expansion.sources));
    prop_assert!(
        !expansion.enums.is_empty() || !expansion.errors.is_empty(),
        "neither declarations nor errors"
    );
    if expansion.errors.is_empty() {
        prop_assert_eq!(expansion.sources.len(), expansion.enums.len());
    }
    for error in &expansion.errors {
        prop_assert!(!error.trim().is_empty(), "an empty error message");
    }
    // Errors about the table come in file order, after any about tokens.
    let places: Vec<Option<(usize, usize)>> =
        expansion.errors.iter().map(|e| table_place(e)).collect();
    prop_assert!(
        places.windows(2).all(|pair| pair[0] <= pair[1]),
        "errors out of file order: {:?}",
        places
    );
    Ok(())
}

/// `clocks.toml:LINE:COL: ` at the start of `error`, with the line and column inside
/// `text` (columns in characters, 1-based; one past the end of a line is the end of
/// the line or of the file), and a `help` that says what to do.
fn check_located(error: &str, text: &str) -> TestCaseResult {
    let (line, column) = location(error)
        .ok_or_else(|| TestCaseError::fail(format!("no `clocks.toml:LINE:COL: ` in {error:?}")))?;
    let lines: Vec<&str> = text.split('\n').collect();
    prop_assert!(
        (1..=lines.len()).contains(&line),
        "line {} of {}: {:?}",
        line,
        lines.len(),
        error
    );
    let width = lines[line - 1].chars().count();
    prop_assert!(
        (1..=width + 1).contains(&column),
        "column {} of a {}-character line: {:?}",
        column,
        width,
        error
    );
    prop_assert!(error.contains("\n  = help: "), "no help in {:?}", error);
    Ok(())
}

/// The line and column of `clocks.toml:LINE:COL: message`.
fn location(error: &str) -> Option<(usize, usize)> {
    let mut parts = error.strip_prefix("clocks.toml:")?.splitn(3, ':');
    let line = parts.next()?.parse().ok()?;
    let column = parts.next()?.parse().ok()?;
    parts.next()?.strip_prefix(' ')?;
    Some((line, column))
}

fn check_table(text: &str, options: &Options) -> Result<Expansion, TestCaseError> {
    let expansion = expand_text(text, options);
    check_invariants(&expansion)?;
    for error in &expansion.errors {
        check_located(error, text)?;
    }
    Ok(expansion)
}

// ---------------------------------------------------------------------------------
// A model of valid tables

#[derive(Clone, Debug)]
enum Id {
    Number(i32),
    Constant(String),
}

#[derive(Clone, Debug, PartialEq)]
enum Relation {
    None,
    Base,
    Offset(String),
}

#[derive(Clone, Debug)]
struct Row {
    name: String,
    getter: Option<String>,
    monotonic: bool,
    clockid: Option<Id>,
    doc: Option<String>,
    relation: Relation,
}

/// A table together with the options it is valid under.
#[derive(Clone, Debug)]
struct Table {
    rows: Vec<Row>,
    bindings: bool,
    posix: bool,
}

impl Table {
    fn options(&self) -> Options {
        Options {
            bindings: self.bindings.then(|| syn::parse_quote!(crate::bindings)),
            backend: if self.posix {
                Backend::Posix
            } else {
                Backend::Kernel
            },
            backend_given: self.posix,
            kernel_services: None,
            backend_span: None,
            markers_only: false,
        }
    }

    /// `bindings = crate::bindings`, `backend = posix`, as written in the invocation.
    fn option_tokens(&self) -> Vec<TokenStream> {
        let mut options = Vec::new();
        if self.bindings {
            options.push(quote!(bindings = crate::bindings));
        }
        if self.posix {
            options.push(quote!(backend = posix));
        }
        options
    }

    fn names(&self) -> Vec<String> {
        self.rows.iter().map(|row| row.name.clone()).collect()
    }

    fn monotonic_names(&self) -> BTreeSet<String> {
        self.rows
            .iter()
            .filter(|row| row.monotonic)
            .map(|row| row.name.clone())
            .collect()
    }

    /// Whether the kernel backend reads offsets from this table (posix ignores them).
    fn has_offsets(&self) -> bool {
        !self.posix
            && self
                .rows
                .iter()
                .any(|row| matches!(row.relation, Relation::Offset(_)))
    }
}

/// Raw material for a row, made valid by [`valid_table`]'s fix-ups.
type RawRow = (String, String, bool, bool, Option<Id>, Option<String>);

fn raw_row() -> impl Strategy<Value = RawRow> {
    let id = prop_oneof![
        any::<i32>().prop_map(Id::Number),
        (-2i32..16).prop_map(Id::Number),
        "[A-Za-z_][A-Za-z0-9_]{0,16}".prop_map(Id::Constant),
        "CLOCK_[A-Z_]{1,12}".prop_map(Id::Constant),
    ];
    let doc = prop_oneof![
        "\\PC{0,40}",
        ".{0,30}",
        "[a-z ]{0,10}\n[a-z ]{0,10}\r\n\t[a-z\"'\\\\]{0,10}",
    ];
    (
        "[A-Z][A-Za-z0-9]{0,15}",
        "[a-z_][a-z0-9_]{0,12}",
        any::<bool>(),
        prop::bool::weighted(0.8),
        prop::option::of(id),
        prop::option::of(doc),
    )
}

/// A valid table of `rows` rows under random options: distinct names and getters,
/// constant clock ids only where they can be resolved, a clock id on every row with
/// the posix backend, and offsets (with one base) only with a bindings module.
fn valid_table(rows: std::ops::Range<usize>) -> impl Strategy<Value = Table> {
    (
        any::<bool>(),
        prop::bool::weighted(0.25),
        prop::collection::vec(raw_row(), rows),
        0usize..5,
        any::<Index>(),
        any::<bool>(),
    )
        .prop_map(|(bindings, posix, raw, offsets, base, lone_base)| {
            let mut names = BTreeSet::new();
            let mut getters = BTreeSet::new();
            let count = raw.len();
            let mut rows: Vec<Row> = raw
                .into_iter()
                .enumerate()
                .map(|(i, (name, getter, monotonic, has_getter, clockid, doc))| {
                    let mut name = if name == "Self" {
                        format!("{name}{i}")
                    } else {
                        name
                    };
                    while !names.insert(name.clone()) {
                        name.push_str(&i.to_string());
                    }
                    let mut getter = if is_keyword(&getter) {
                        format!("get_{getter}")
                    } else {
                        getter
                    };
                    while !getters.insert(getter.clone()) {
                        getter.push_str(&format!("_{i}"));
                    }
                    let clockid = match clockid {
                        Some(Id::Constant(constant))
                            if is_keyword(&constant) || !(bindings || posix) =>
                        {
                            Some(Id::Number(constant.len() as i32))
                        }
                        None if posix => Some(Id::Number(i as i32)),
                        other => other,
                    };
                    Row {
                        name,
                        getter: (has_getter || !posix).then_some(getter),
                        monotonic,
                        clockid,
                        doc,
                        relation: Relation::None,
                    }
                })
                .collect();
            if bindings || posix {
                let base = base.index(count);
                let offsets = offsets.min(count - 1);
                if offsets > 0 || lone_base {
                    rows[base].relation = Relation::Base;
                }
                for k in 0..offsets {
                    rows[(base + 1 + k) % count].relation =
                        Relation::Offset(format!("TK_OFFS_{k}"));
                }
            }
            Table {
                rows,
                bindings,
                posix,
            }
        })
}

// ---------------------------------------------------------------------------------
// Writing a table as TOML, in several layouts, remembering where each key went

/// How a table is written: all of these are the same table to a TOML reader.
#[derive(Clone, Debug)]
struct Layout {
    /// `clock = [ { … }, … ]` instead of `[[clock]]` headers.
    inline_tables: bool,
    crlf: bool,
    comments: bool,
    quoted_keys: bool,
    literal_strings: bool,
    /// 0: decimal, 1: hex/octal/binary where non-negative, 2: `+`/underscores.
    number_style: u8,
    tight: bool,
    /// Permutes the keys of each row.
    key_order: u64,
}

fn layout() -> impl Strategy<Value = Layout> {
    (
        prop::bool::weighted(0.2),
        prop::bool::weighted(0.2),
        any::<bool>(),
        prop::bool::weighted(0.3),
        any::<bool>(),
        0u8..3,
        prop::bool::weighted(0.3),
        any::<u64>(),
    )
        .prop_map(
            |(
                inline_tables,
                crlf,
                comments,
                quoted_keys,
                literal_strings,
                number_style,
                tight,
                key_order,
            )| Layout {
                inline_tables,
                crlf,
                comments,
                quoted_keys,
                literal_strings,
                number_style,
                tight,
                key_order,
            },
        )
}

/// Where a written key and its value start (1-based line and character column).
#[derive(Clone, Copy, Debug, Default)]
struct KeyAt {
    line: usize,
    key_column: usize,
    value_column: usize,
}

/// A written table.
#[derive(Debug)]
struct Written {
    text: String,
    rows: Vec<WrittenRow>,
}

/// Where a written row is.
#[derive(Debug)]
struct WrittenRow {
    /// Line and column of its `[[clock]]` header, or of its `{`.
    start: (usize, usize),
    keys: Vec<(&'static str, KeyAt)>,
}

impl Written {
    fn key(&self, row: usize, key: &str) -> KeyAt {
        self.rows[row]
            .keys
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, at)| *at)
            .unwrap_or_else(|| panic!("row {row} has no key {key}"))
    }

    fn row_start(&self, row: usize) -> (usize, usize) {
        self.rows[row].start
    }
}

/// A TOML string: a literal `'…'` when allowed and possible, otherwise basic `"…"`.
fn toml_string(text: &str, literal: bool) -> String {
    if literal && !text.contains('\'') && !text.chars().any(|c| c.is_control() && c != '\t') {
        return format!("'{text}'");
    }
    let mut quoted = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            c if c.is_control() => quoted.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

fn toml_number(n: i64, style: u8, seed: u64) -> String {
    match (style, n >= 0, seed % 3) {
        (1, true, 0) => format!("0x{n:X}"),
        (1, true, 1) => format!("0o{n:o}"),
        (1, true, _) => format!("0b{n:b}"),
        (2, true, 0) => format!("+{n}"),
        (2, _, _) if n.unsigned_abs() >= 10 => {
            let digits = n.unsigned_abs().to_string();
            let (head, tail) = digits.split_at(1);
            format!("{}{head}_{tail}", if n < 0 { "-" } else { "" })
        }
        _ => n.to_string(),
    }
}

/// The `key = value` pairs of `row` as TOML text, in the row's (permuted) key order.
/// `value_override` replaces the value of one key (a fault); `rename` its key name.
fn row_pairs(row: &Row, layout: &Layout, index: usize) -> Vec<(&'static str, String)> {
    let mut pairs: Vec<(&'static str, String)> =
        vec![("name", toml_string(&row.name, layout.literal_strings))];
    if let Some(getter) = &row.getter {
        pairs.push(("getter", toml_string(getter, layout.literal_strings)));
    }
    pairs.push(("monotonic", row.monotonic.to_string()));
    match &row.clockid {
        Some(Id::Number(n)) => pairs.push((
            "clockid",
            toml_number(
                i64::from(*n),
                layout.number_style,
                layout.key_order ^ index as u64,
            ),
        )),
        Some(Id::Constant(constant)) => {
            pairs.push(("clockid", toml_string(constant, layout.literal_strings)))
        }
        None => {}
    }
    if let Some(doc) = &row.doc {
        pairs.push(("doc", toml_string(doc, layout.literal_strings)));
    }
    match &row.relation {
        Relation::None => {}
        Relation::Base => pairs.push(("offset_base", "true".to_owned())),
        Relation::Offset(offset) => {
            pairs.push(("offset", toml_string(offset, layout.literal_strings)))
        }
    }
    // A deterministic permutation per row (Fisher–Yates over a small LCG).
    let mut state = layout.key_order ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for i in (1..pairs.len()).rev() {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        pairs.swap(i, (state >> 33) as usize % (i + 1));
    }
    pairs
}

/// A table's text being built, line by line, with positions in characters.
struct Builder {
    text: String,
    line: usize,
    column: usize,
    newline: &'static str,
}

impl Builder {
    fn push(&mut self, text: &str) -> (usize, usize) {
        let at = (self.line, self.column);
        self.text.push_str(text);
        self.column += text.chars().count();
        at
    }

    fn end_line(&mut self) {
        self.text.push_str(self.newline);
        self.line += 1;
        self.column = 1;
    }
}

/// Writes `table` in `layout`; `edit(row, pairs)` may change a row's pairs first.
fn write_with(
    table: &Table,
    layout: &Layout,
    mut edit: impl FnMut(usize, &mut Vec<(&'static str, String)>),
) -> Written {
    let mut out = Builder {
        text: String::new(),
        line: 1,
        column: 1,
        newline: if layout.crlf { "\r\n" } else { "\n" },
    };
    let equals = if layout.tight { "=" } else { " = " };
    let mut rows = Vec::new();
    if layout.comments {
        out.push("# A clock table: one [[clock]] per clock.");
        out.end_line();
    }
    if layout.inline_tables {
        out.push("clock = [");
        out.end_line();
    }
    for (index, row) in table.rows.iter().enumerate() {
        let mut pairs = row_pairs(row, layout, index);
        edit(index, &mut pairs);
        let mut keys = Vec::new();
        let start;
        if layout.inline_tables {
            out.push("  ");
            start = out.push("{ ");
            for (i, (key, value)) in pairs.iter().enumerate() {
                if i > 0 {
                    out.push(", ");
                }
                let written_key = if layout.quoted_keys {
                    format!("\"{key}\"")
                } else {
                    (*key).to_owned()
                };
                let (line, key_column) = out.push(&written_key);
                out.push(equals);
                let (_, value_column) = out.push(value);
                keys.push((
                    *key,
                    KeyAt {
                        line,
                        key_column,
                        value_column,
                    },
                ));
            }
            out.push(" },");
            out.end_line();
        } else {
            if index > 0 && !layout.tight {
                out.end_line();
            }
            start = out.push("[[clock]]");
            if layout.comments {
                out.push(&format!(" # clock {index}"));
            }
            out.end_line();
            for (key, value) in &pairs {
                let written_key = if layout.quoted_keys {
                    format!("\"{key}\"")
                } else {
                    (*key).to_owned()
                };
                let (line, key_column) = out.push(&written_key);
                out.push(equals);
                let (_, value_column) = out.push(value);
                if layout.comments {
                    out.push(" # the row's ");
                    out.push(key);
                }
                out.end_line();
                keys.push((
                    *key,
                    KeyAt {
                        line,
                        key_column,
                        value_column,
                    },
                ));
            }
        }
        rows.push(WrittenRow { start, keys });
    }
    if layout.inline_tables {
        out.push("]");
        out.end_line();
    }
    Written {
        text: out.text,
        rows,
    }
}

fn write(table: &Table, layout: &Layout) -> Written {
    write_with(table, layout, |_, _| {})
}

/// The same table in the inline form: `bindings = …; backend = posix; Name { … }, …`.
fn inline_tokens(table: &Table, seed: u64) -> TokenStream {
    let options = table.option_tokens();
    let rows = table.rows.iter().enumerate().map(|(i, row)| {
        let name = Ident::new(&row.name, Span::call_site());
        let mut fields = Vec::new();
        if let Some(getter) = &row.getter {
            fields.push(if (seed >> (i % 64)) & 1 == 0 {
                let getter = Ident::new(getter, Span::call_site());
                quote!(getter: #getter)
            } else {
                quote!(getter: #getter)
            });
        }
        let monotonic = row.monotonic;
        fields.push(quote!(monotonic: #monotonic));
        match &row.clockid {
            Some(Id::Number(n)) => fields.push(match ((seed >> (i % 61)) & 1, *n < 0) {
                // A negative id either as `-` then a literal, or as one negative literal.
                (0, true) => {
                    let magnitude = Literal::i64_unsuffixed(-i64::from(*n));
                    quote!(clockid: - #magnitude)
                }
                _ => quote!(clockid: #n),
            }),
            Some(Id::Constant(constant)) => {
                let constant = Ident::new(constant, Span::call_site());
                fields.push(quote!(clockid: #constant));
            }
            None => {}
        }
        if let Some(doc) = &row.doc {
            fields.push(quote!(doc: #doc));
        }
        match &row.relation {
            Relation::None => {}
            Relation::Base => fields.push(quote!(offset_base: true)),
            Relation::Offset(offset) => {
                let offset = Ident::new(offset, Span::call_site());
                fields.push(quote!(offset: #offset));
            }
        }
        quote!(#name { #(#fields),* })
    });
    quote!(#(#options;)* #(#rows),*)
}

/// A fresh directory for the table files of one property.
fn temp_dir(property: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "time-macros-proptests-{}-{property}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn env_for(dir: &std::path::Path) -> Environment {
    Environment {
        manifest_dir: Some(dir.to_path_buf()),
        table_dir: None,
        source_dir: None,
        posix_available: true,
    }
}

/// Runs the macro on `"clocks.toml"` plus `options`, with `bytes` as the file.
fn expand_file(dir: &std::path::Path, bytes: &[u8], options: &[TokenStream]) -> Expansion {
    std::fs::write(dir.join("clocks.toml"), bytes).expect("write table");
    observe(declare_clocks(
        quote!("clocks.toml" #(, #options)*),
        &env_for(dir),
    ))
}

fn check_valid_expansion(expansion: &Expansion, table: &Table) -> TestCaseResult {
    prop_assert!(
        expansion.errors.is_empty(),
        "errors for a valid table: {:#?}",
        expansion.errors
    );
    check_invariants(expansion)?;
    prop_assert_eq!(&expansion.enums, &table.names());
    prop_assert_eq!(expansion.sources.len(), table.rows.len());
    prop_assert_eq!(&expansion.monotonic, &table.monotonic_names());
    Ok(())
}

// ---------------------------------------------------------------------------------
// Valid tables

#[test]
fn valid_tables_expand_in_every_layout() {
    property(
        "valid_tables_expand_in_every_layout",
        1,
        (valid_table(1..12), layout()),
        |(table, layout)| {
            let written = write(&table, &layout);
            let expansion = expand_text(&written.text, &table.options());
            check_valid_expansion(&expansion, &table)
        },
    );
}

#[test]
fn valid_tables_expand_from_files() {
    let dir = temp_dir("valid");
    property(
        "valid_tables_expand_from_files",
        8,
        (valid_table(1..12), layout()),
        |(table, layout)| {
            let written = write(&table, &layout);
            let expansion = expand_file(&dir, written.text.as_bytes(), &table.option_tokens());
            check_valid_expansion(&expansion, &table)?;
            prop_assert!(expansion.includes_file, "the table is not include_bytes!'d");
            Ok(())
        },
    );
}

#[test]
fn valid_tables_expand_in_the_inline_form() {
    property(
        "valid_tables_expand_in_the_inline_form",
        1,
        (valid_table(1..12), any::<u64>()),
        |(table, seed)| {
            let tokens = inline_tokens(&table, seed);
            let expansion = observe(declare_clocks(tokens, &Environment::default()));
            check_valid_expansion(&expansion, &table)?;
            prop_assert!(!expansion.includes_file);
            Ok(())
        },
    );
}

// ---------------------------------------------------------------------------------
// One broken row: exactly its error, at its place, and the other rows unharmed

/// A TOML value of each kind, with the name the error messages give its kind.
const WRONG_VALUES: &[(&str, &str)] = &[
    ("7", "an integer"),
    ("-1.5e3", "a float"),
    ("true", "a boolean"),
    ("\"text\"", "a string"),
    ("[1, \"two\"]", "an array"),
    ("{ a = 1 }", "a table"),
    ("1979-05-27T07:32:00Z", "a date-time"),
];

#[derive(Clone, Debug)]
enum Fault {
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

fn bad_name() -> impl Strategy<Value = String> {
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
        "[a-z][A-Za-z0-9]{0,10}",
        "[A-Z][a-z]{0,5}_[a-z0-9]{0,5}",
        "[A-Z][^A-Za-z0-9]{1,4}",
        Just("b".repeat(5_000)),
    ]
}

fn bad_getter() -> impl Strategy<Value = String> {
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
        ])
        .prop_map(str::to_owned),
        "[0-9][a-z0-9_]{0,8}",
        "[a-z]{1,5}[-.+ ][a-z]{1,5}",
    ]
}

fn bad_clockid() -> impl Strategy<Value = (String, String)> {
    prop_oneof![
        (i64::from(i32::MAX) + 1..=i64::MAX)
            .prop_map(|n| (n.to_string(), format!("clock id {n} is out of range"))),
        (i64::MIN..i64::from(i32::MIN))
            .prop_map(|n| (n.to_string(), format!("clock id {n} is out of range"))),
        "[1-9][0-9]{39,45}".prop_map(|n| (n, "`clockid` is out of range".to_owned())),
        prop::sample::select(vec!["CLOCK MONO", "1abc", "self", "a-b", "", "é"]).prop_map(|c| (
            toml_string(c, false),
            format!(
                "clock id `{}` is neither an integer nor a C constant name",
                c.escape_debug()
            )
        )),
    ]
}

fn fault() -> impl Strategy<Value = Fault> {
    prop_oneof![
        any::<Index>().prop_map(Fault::Drop),
        (any::<Index>(), any::<Index>()).prop_map(|(key, value)| Fault::WrongType(key, value)),
        (any::<Index>(), "[a-z][a-z0-9_]{0,10}").prop_map(|(key, new)| {
            let new = if ROW_KEYS.contains(&new.as_str()) {
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
enum Outcome {
    Clock,
    MarkerOnly,
    Absent,
}

/// The expectations for a table with one fault: the errors (line, column, start of
/// the message) and what each row becomes.
#[derive(Debug)]
struct Expected {
    errors: Vec<(usize, usize, String)>,
    rows: Vec<Outcome>,
}

/// The error for a required key missing from `row`, if `key` is required.
fn missing_error(
    table: &Table,
    row: usize,
    key: &str,
    written: &Written,
    named: bool,
) -> Option<(usize, usize, String)> {
    let required = match key {
        "name" | "monotonic" => true,
        "getter" => !table.posix,
        "clockid" => table.posix,
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

/// The error for offsets without a base, when `row` was the base.
fn lost_base_error(table: &Table, row: usize, written: &Written) -> Option<(usize, usize, String)> {
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
fn apply_fault(table: &Table, layout: &Layout, row: usize, fault: &Fault) -> (String, Expected) {
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
            if key == "offset_base" {
                errors.extend(lost_base_error(&table, row, &written));
            }
            written
        }
        Fault::WrongType(key, value) => {
            let key = keys[key.index(keys.len())];
            let (expected, fitting): (&str, &[&str]) = match key {
                "monotonic" | "offset_base" => ("a boolean", &["a boolean"]),
                "clockid" => (
                    "a constant name (string) or an integer",
                    &["a string", "an integer"],
                ),
                _ => ("a string", &["a string"]),
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
            errors.push((
                at.line,
                at.value_column,
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
            if crate::suggest::did_you_mean(new, ROW_KEYS) != Some(key) {
                errors.extend(missing_error(&table, row, key, &written, key != "name"));
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
fn one_broken_row_is_reported_exactly_and_the_others_still_expand() {
    property(
        "one_broken_row_is_reported_exactly_and_the_others_still_expand",
        1,
        (valid_table(2..10), layout(), any::<Index>(), fault()),
        |(table, layout, row, fault)| {
            let row = row.index(table.rows.len());
            let (text, expected) = apply_fault(&table, &layout, row, &fault);
            let expansion = check_table(&text, &table.options())?;
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
            let mut enums: Vec<&String> = expansion.enums.iter().collect();
            enums.sort();
            prop_assert_eq!(enums, declared, "{}", text);
            for (name, outcome) in names.iter().zip(&expected.rows) {
                if *outcome == Outcome::Clock {
                    prop_assert!(
                        expansion.sources.contains(name),
                        "`{}` is not a complete clock\n{}",
                        name,
                        text
                    );
                }
                if *outcome == Outcome::MarkerOnly {
                    prop_assert!(
                        !expansion.sources.contains(name),
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
fn expansion_name_of_duplicate(table: &Table, row: usize, fault: &Fault) -> String {
    let Fault::DuplicateName(other_row) = fault else {
        return table.rows[row].name.clone();
    };
    let j = other_row.index(table.rows.len() - 1);
    let j = if j >= row { j + 1 } else { j };
    table.rows[j].name.clone()
}

// ---------------------------------------------------------------------------------
// Arbitrary damage: never a panic, every error located

/// Edits of a table's text, line by line or byte by byte.
#[derive(Debug, Clone)]
enum Mutation {
    DropLine(Index),
    DuplicateLine(Index),
    /// Copies a whole `[[clock]]` block (duplicate name and getter).
    DuplicateRow(Index),
    SwapLines(Index, Index),
    RenameKey(Index, String),
    ReplaceValue(Index, String),
    Insert(Index, String),
    /// Inserts text at a character position (unicode, control characters, quotes).
    Splice(Index, String),
    Truncate(Index),
    CrLf,
    Bom,
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let value = prop_oneof![
        prop::sample::select(vec![
            "\"yes\"",
            "1.5",
            "[1, 2]",
            "{ a = 1 }",
            "1979-05-27T07:32:00Z",
            "99999999999999999999",
            "\"self\"",
            "\"\"",
            "\"ünïcödé\"",
            "\"a-b\"",
            "nan",
            "-inf",
            "0x",
            "1__0",
            "'''x'''",
            "\"\\q\"",
            "\"unterminated",
            "[",
            "{",
            "= 1",
            "true false",
            "\"\\uD800\"",
        ])
        .prop_map(str::to_owned),
        Just(format!("\"{}\"", "A".repeat(5_000))),
        Just(format!("[{}]", "1, ".repeat(2_000))),
        ".{0,12}",
    ];
    let line = prop_oneof![
        prop::sample::select(vec![
            "[clock]",
            "[[clock]]",
            "[[clock.inner]]",
            "[clock.inner]",
            "clock = 5",
            "clock = []",
            "[other]",
            "[[other]]",
            "a.b.c.d.e.f = 1",
            "name.x = 1",
            "\"name\" = 'Q'",
            "# comment",
            "",
            "  ",
            "\t",
            "[[clock]] x",
            "[ [clock] ]",
        ])
        .prop_map(str::to_owned),
        Just(format!("x = {}{}", "[".repeat(300), "]".repeat(300))),
        Just(format!("x = {}1{}", "{ a = ".repeat(300), " }".repeat(300))),
        "\\PC{0,30}",
        "[a-z_]{1,8} = .{0,16}",
    ];
    let splice = prop_oneof![
        prop::sample::select(vec![
            "\u{feff}", "\u{200b}", "\u{202e}", "\u{0301}", "é", "😀", "\0", "\u{7f}", "\r", "\n",
            "\t", "\"", "'", "\\", "[", "]", "=", "#", ",", ".", "{", "}",
        ])
        .prop_map(str::to_owned),
        "\\PC{1,4}",
        ".{1,4}",
    ];
    prop_oneof![
        any::<Index>().prop_map(Mutation::DropLine),
        any::<Index>().prop_map(Mutation::DuplicateLine),
        any::<Index>().prop_map(Mutation::DuplicateRow),
        (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        (any::<Index>(), "[a-z_]{1,10}|\\PC{1,6}|\"[^\"\\\\]{0,6}\"")
            .prop_map(|(l, k)| Mutation::RenameKey(l, k)),
        (any::<Index>(), value).prop_map(|(l, v)| Mutation::ReplaceValue(l, v)),
        (any::<Index>(), line).prop_map(|(l, t)| Mutation::Insert(l, t)),
        (any::<Index>(), splice).prop_map(|(at, t)| Mutation::Splice(at, t)),
        any::<Index>().prop_map(Mutation::Truncate),
        Just(Mutation::CrLf),
        Just(Mutation::Bom),
    ]
}

fn apply(text: &str, mutation: &Mutation) -> String {
    let mut lines: Vec<String> = text.split('\n').map(str::to_owned).collect();
    let len = lines.len();
    match mutation {
        Mutation::DropLine(i) => {
            lines.remove(i.index(len));
        }
        Mutation::DuplicateLine(i) => {
            let i = i.index(len);
            let line = lines[i].clone();
            lines.insert(i, line);
        }
        Mutation::DuplicateRow(i) => {
            let headers: Vec<usize> = (0..len)
                .filter(|&l| lines[l].starts_with("[[clock]]"))
                .collect();
            if !headers.is_empty() {
                let h = i.index(headers.len());
                let end = headers.get(h + 1).copied().unwrap_or(len);
                let block: Vec<String> = lines[headers[h]..end].to_vec();
                lines.extend(block);
            }
        }
        Mutation::SwapLines(a, b) => lines.swap(a.index(len), b.index(len)),
        Mutation::RenameKey(i, key) => {
            let i = i.index(len);
            if let Some((_, value)) = lines[i].clone().split_once(" = ") {
                lines[i] = format!("{key} = {value}");
            }
        }
        Mutation::ReplaceValue(i, value) => {
            let i = i.index(len);
            if let Some((key, _)) = lines[i].clone().split_once(" = ") {
                lines[i] = format!("{key} = {value}");
            }
        }
        Mutation::Insert(i, line) => lines.insert(i.index(len + 1), line.clone()),
        Mutation::Splice(at, insert) => {
            let joined = lines.join("\n");
            let boundaries: Vec<usize> = joined
                .char_indices()
                .map(|(i, _)| i)
                .chain([joined.len()])
                .collect();
            let at = boundaries[at.index(boundaries.len())];
            return format!("{}{insert}{}", &joined[..at], &joined[at..]);
        }
        Mutation::Truncate(at) => {
            let joined = lines.join("\n");
            let boundaries: Vec<usize> = joined
                .char_indices()
                .map(|(i, _)| i)
                .chain([joined.len()])
                .collect();
            return joined[..boundaries[at.index(boundaries.len())]].to_owned();
        }
        Mutation::CrLf => return lines.join("\r\n"),
        Mutation::Bom => return format!("\u{feff}{}", lines.join("\n")),
    }
    lines.join("\n")
}

#[test]
fn mutated_tables_never_panic_and_every_error_is_located() {
    property(
        "mutated_tables_never_panic_and_every_error_is_located",
        1,
        (
            valid_table(1..10),
            layout(),
            prop::collection::vec(mutation(), 1..5),
        ),
        |(table, layout, mutations)| {
            let text = mutations
                .iter()
                .fold(write(&table, &layout).text, |text, m| apply(&text, m));
            check_table(&text, &table.options())?;
            Ok(())
        },
    );
}

/// Text that looks like TOML: headers, keys and values, well- and ill-formed.
fn toml_like() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        prop::sample::select(ROW_KEYS.to_vec()).prop_map(str::to_owned),
        "[a-z_]{1,8}",
        "\"\\PC{0,6}\"",
        "'[^']{0,6}'",
        "[a-z]{1,4}\\.[a-z]{1,4}",
    ];
    let value = prop_oneof![
        "\"[^\"\\\\\n]{0,12}\"",
        "'[^'\n]{0,12}'",
        "-?[0-9]{1,25}",
        "0[xob][0-9a-fA-F_]{0,10}",
        "[0-9.eE+-]{1,8}",
        prop::sample::select(vec![
            "true", "false", "inf", "nan", "[]", "{}", "[1,", "{a=", "\"\"\"", "'''"
        ])
        .prop_map(str::to_owned),
        "[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2})?)?",
        "\\[(\"[a-z]{0,3}\", ?){0,3}\\]",
        "\\{ ?([a-z]{1,3} = [0-9]{1,3},? ?){0,3}\\}",
        ".{0,10}",
    ];
    let line = prop_oneof![
        3 => (key, " ?= ?", value).prop_map(|(k, eq, v)| format!("{k}{eq}{v}")),
        1 => prop::sample::select(vec!["[[clock]]", "[clock]", "[[clock.x]]", "[x]", "[[x]]", "# c", "", "[[", "]]"])
            .prop_map(str::to_owned),
        1 => "\\PC{0,20}",
    ];
    (
        prop::collection::vec(line, 0..24),
        prop::bool::weighted(0.2),
    )
        .prop_map(|(lines, crlf)| lines.join(if crlf { "\r\n" } else { "\n" }))
}

#[test]
fn arbitrary_text_never_panics_and_every_error_is_located() {
    let text = prop_oneof![
        2 => toml_like(),
        1 => "\\PC{0,200}",
        1 => ".{0,200}",
        1 => any::<String>(),
    ];
    property(
        "arbitrary_text_never_panics_and_every_error_is_located",
        1,
        (text, any::<bool>(), any::<bool>()),
        |(text, bindings, posix)| {
            let options = Table {
                rows: Vec::new(),
                bindings,
                posix,
            }
            .options();
            check_table(&text, &options)?;
            Ok(())
        },
    );
}

/// The location `declare_clocks` must give invalid UTF-8 in `bytes`, computed
/// independently: the line and character column of the first invalid byte.
fn utf8_error_location(bytes: &[u8]) -> Option<(usize, usize)> {
    let valid = std::str::from_utf8(bytes).err()?.valid_up_to();
    let prefix = std::str::from_utf8(&bytes[..valid]).expect("valid prefix");
    let line = prefix.matches('\n').count() + 1;
    let column = prefix.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    Some((line, column))
}

#[test]
fn arbitrary_files_never_panic_and_every_error_is_located() {
    let dir = temp_dir("bytes");
    let bytes = prop_oneof![
        prop::collection::vec(any::<u8>(), 0..400),
        // A valid table with a few bytes overwritten: often invalid UTF-8 mid-table.
        (
            valid_table(1..6),
            layout(),
            prop::collection::vec((any::<Index>(), any::<u8>()), 1..4)
        )
            .prop_map(|(table, layout, edits)| {
                let mut bytes = write(&table, &layout).text.into_bytes();
                for (at, byte) in edits {
                    let at = at.index(bytes.len());
                    bytes[at] = byte;
                }
                bytes
            }),
    ];
    property(
        "arbitrary_files_never_panic_and_every_error_is_located",
        8,
        bytes,
        |bytes| {
            let expansion = expand_file(&dir, &bytes, &[]);
            check_invariants(&expansion)?;
            match utf8_error_location(&bytes) {
                Some((line, column)) => {
                    prop_assert_eq!(expansion.errors.len(), 1);
                    let expected =
                        format!("clocks.toml:{line}:{column}: the clock table is not valid UTF-8");
                    prop_assert!(
                        expansion.errors[0].starts_with(&expected),
                        "{:?} vs {:?}",
                        expansion.errors[0],
                        expected
                    );
                }
                None => {
                    let text = String::from_utf8(bytes).expect("checked");
                    for error in &expansion.errors {
                        check_located(error, &text)?;
                    }
                }
            }
            Ok(())
        },
    );
}

// ---------------------------------------------------------------------------------
// Token streams

/// One token tree: identifiers (keywords and raw ones included), literals of every
/// kind (negative ones too, as other macros may produce), punctuation, groups.
fn token_tree() -> impl Strategy<Value = TokenTree> {
    let leaf = prop_oneof![
        prop::sample::select(vec![
            "Monotonic",
            "getter",
            "monotonic",
            "clockid",
            "doc",
            "name",
            "bindings",
            "backend",
            "posix",
            "kernel",
            "offset",
            "offset_base",
            "self",
            "crate",
            "super",
            "Self",
            "true",
            "false",
            "fn",
            "x",
            "_",
            "CLOCK_MONOTONIC",
            "ktime_get",
        ])
        .prop_map(|word| TokenTree::Ident(Ident::new(word, Span::call_site()))),
        prop::sample::select(vec!["type", "getter", "Monotonic", "x"])
            .prop_map(|word| TokenTree::Ident(Ident::new_raw(word, Span::call_site()))),
        prop::sample::select(vec![
            ':', ',', ';', '=', '-', '#', '!', '.', '<', '>', '&', '\'', '$'
        ])
        .prop_map(|c| TokenTree::Punct(Punct::new(c, Spacing::Alone))),
        prop::sample::select(vec![':', '=', '-'])
            .prop_map(|c| TokenTree::Punct(Punct::new(c, Spacing::Joint))),
        any::<i64>().prop_map(|n| TokenTree::Literal(Literal::i64_suffixed(n))),
        any::<i64>().prop_map(|n| TokenTree::Literal(Literal::i64_unsuffixed(n))),
        any::<i128>().prop_map(|n| TokenTree::Literal(Literal::i128_unsuffixed(n))),
        any::<u128>().prop_map(|n| TokenTree::Literal(Literal::u128_suffixed(n))),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| TokenTree::Literal(Literal::f64_unsuffixed(f))),
        prop_oneof![
            ".{0,10}",
            Just("clocks.toml".to_owned()),
            Just("../clocks.toml".to_owned()),
            Just(String::new())
        ]
        .prop_map(|s| TokenTree::Literal(Literal::string(&s))),
        "[a-z.]{0,8}".prop_map(|s| TokenTree::Literal(Literal::byte_string(s.as_bytes()))),
        any::<char>().prop_map(|c| TokenTree::Literal(Literal::character(c))),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        (
            prop::sample::select(vec![
                Delimiter::Brace,
                Delimiter::Parenthesis,
                Delimiter::Bracket,
                Delimiter::None,
            ]),
            prop::collection::vec(inner, 0..8),
        )
            .prop_map(|(delimiter, trees)| {
                TokenTree::Group(Group::new(delimiter, trees.into_iter().collect()))
            })
    })
}

#[test]
fn arbitrary_tokens_never_panic() {
    let dir = temp_dir("tokens");
    std::fs::write(
        dir.join("clocks.toml"),
        "[[clock]]\nname = \"Monotonic\"\ngetter = \"ktime_get\"\nmonotonic = true\n",
    )
    .expect("write table");
    property(
        "arbitrary_tokens_never_panic",
        1,
        prop::collection::vec(token_tree(), 0..16),
        |trees| {
            let expansion = observe(declare_clocks(trees.into_iter().collect(), &env_for(&dir)));
            check_invariants(&expansion)
        },
    );
}

/// A value in an inline row: mostly plausible, sometimes not.
fn inline_value() -> impl Strategy<Value = TokenStream> {
    prop_oneof![
        4 => token_tree().prop_map(TokenStream::from),
        1 => any::<i64>().prop_map(|n| {
            // `-` before a literal that may itself be negative.
            let literal = Literal::i64_suffixed(n);
            quote!(- #literal)
        }),
        1 => any::<u64>().prop_map(|n| quote!(- #n)),
        1 => Just(quote!(- - 1)),
        1 => Just(quote!(crate::bindings)),
        1 => Just(TokenStream::new()),
    ]
}

/// A plausible value for an inline row's `key` (`seed` picks one), or else any value.
fn plausible_value(key: &str, seed: u64) -> TokenStream {
    let pick = |options: &[TokenStream]| options[(seed % options.len() as u64) as usize].clone();
    match key {
        "getter" => pick(&[
            quote!(ktime_get),
            quote!(get_a),
            quote!("get_b"),
            quote!(r#fn),
        ]),
        "monotonic" | "offset_base" => pick(&[quote!(true), quote!(false)]),
        "clockid" => pick(&[
            quote!(1),
            quote!(-3),
            quote!(CLOCK_MONOTONIC),
            quote!(4294967296),
            quote!(0x10),
        ]),
        "doc" => pick(&[
            quote!("Time since boot."),
            quote!(""),
            quote!(r"raw \ doc"),
            quote!("multi\nline"),
        ]),
        "offset" => pick(&[
            quote!(TK_OFFS_BOOT),
            quote!("TK_OFFS_REAL"),
            quote!(TK_OFFS_BOOT),
        ]),
        _ => pick(&[quote!(x), quote!(1), quote!("s")]),
    }
}

/// An inline invocation: `key = value;` options, then `Name { key: value, … }` rows.
/// Most rows are complete and most values plausible, so that validation and expansion
/// are reached; every part is sometimes malformed (missing separators, unknown or
/// repeated keys, values of the wrong kind, tokens of any kind).
fn inline_input() -> impl Strategy<Value = TokenStream> {
    let key = prop_oneof![
        8 => prop::sample::select(ROW_KEYS[1..].to_vec()),
        1 => Just("name"),
        1 => prop::sample::select(vec!["gettr", "Monotonic", "clock_id", "k", "_"]),
    ];
    let field = (
        key,
        any::<u64>(),
        prop::bool::weighted(0.8),
        inline_value(),
        prop::bool::weighted(0.95),
    )
        .prop_map(|(key, seed, plausible, weird, colon)| {
            let value = if plausible {
                plausible_value(key, seed)
            } else {
                weird
            };
            let key = Ident::new(key, Span::call_site());
            if colon {
                quote!(#key: #value)
            } else {
                quote!(#key #value)
            }
        });
    let separator = prop_oneof![
        12 => Just(quote!(,)),
        1 => Just(quote!(;)),
        1 => Just(TokenStream::new()),
    ];
    let row = (
        prop_oneof![
            8 => "[A-Z][a-z]{0,6}".prop_map(|n| TokenTree::Ident(Ident::new(&n, Span::call_site()))),
            1 => token_tree(),
        ],
        // The required keys first, most of the time.
        prop::bool::weighted(0.7),
        "[a-z]{1,6}",
        any::<bool>(),
        prop::collection::vec((field, separator.clone()), 0..5),
        prop::bool::weighted(0.95),
    )
        .prop_map(|(name, complete, getter, monotonic, fields, braced)| {
            let getter = Ident::new(if is_keyword(&getter) { "g" } else { &getter }, Span::call_site());
            let required = complete.then(|| quote!(getter: #getter, monotonic: #monotonic,));
            let rest: TokenStream = fields.into_iter().map(|(f, s)| quote!(#f #s)).collect();
            if braced {
                quote!(#name { #required #rest })
            } else {
                quote!(#name ( #required #rest ))
            }
        });
    let option = (
        prop_oneof![
            6 => prop::sample::select(vec!["bindings", "backend"]),
            1 => prop::sample::select(vec!["bindngs", "colour"]),
        ],
        prop_oneof![
            3 => Just(quote!(crate::bindings)),
            3 => Just(quote!(posix)),
            1 => Just(quote!(kernel)),
            1 => Just(quote!(other)),
            1 => inline_value(),
        ],
        prop::bool::weighted(0.95),
    )
        .prop_map(|(key, value, semicolon)| {
            let key = Ident::new(key, Span::call_site());
            if semicolon {
                quote!(#key = #value;)
            } else {
                quote!(#key = #value)
            }
        });
    (
        prop::collection::vec(option, 0..3),
        prop::collection::vec((row, separator), 0..6),
    )
        .prop_map(|(options, rows)| {
            let rows: TokenStream = rows.into_iter().map(|(r, s)| quote!(#r #s)).collect();
            quote!(#(#options)* #rows)
        })
}

#[test]
fn inline_rows_never_panic() {
    property("inline_rows_never_panic", 1, inline_input(), |tokens| {
        let expansion = observe(declare_clocks(tokens, &Environment::default()));
        check_invariants(&expansion)
    });
}

/// The file form with random options after the path, over a valid table file.
#[test]
fn file_form_options_never_panic() {
    let dir = temp_dir("options");
    std::fs::write(
        dir.join("clocks.toml"),
        "[[clock]]\nname = \"Monotonic\"\ngetter = \"ktime_get\"\nmonotonic = true\nclockid = \"CLOCK_MONOTONIC\"\n",
    )
    .expect("write table");
    let path = prop_oneof![
        4 => Just(quote!("clocks.toml")),
        1 => Just(quote!("missing.toml")),
        1 => Just(quote!("")),
        1 => Just(quote!("/")),
        1 => ".{0,8}".prop_map(|p| quote!(#p)),
    ];
    let rest = prop::collection::vec(token_tree(), 0..8);
    property(
        "file_form_options_never_panic",
        1,
        (path, rest, prop::bool::weighted(0.7)),
        |(path, rest, comma)| {
            let tokens = if comma {
                quote!(#path, #(#rest)*)
            } else {
                quote!(#path #(#rest)*)
            };
            let expansion = observe(declare_clocks(tokens, &env_for(&dir)));
            check_invariants(&expansion)
        },
    );
}

// ---------------------------------------------------------------------------------
// Sizes and shapes no generator reaches often

#[test]
fn thousands_of_clocks_expand_from_a_file() {
    let dir = temp_dir("thousands");
    let row = |i: usize| {
        format!("[[clock]]\nname = \"Clock{i}\"\ngetter = \"get_{i}\"\nmonotonic = {}\nclockid = {}\n\n", i.is_multiple_of(2), i % 16)
    };
    let text: String = (0..3_000).map(row).collect();
    let expansion = expand_file(&dir, text.as_bytes(), &[]);
    assert!(expansion.errors.is_empty(), "{:?}", &expansion.errors[..1]);
    assert_eq!(expansion.enums.len(), 3_000);
    assert_eq!(expansion.sources.len(), 3_000);
    assert_eq!(expansion.monotonic.len(), 1_500);

    // Every tenth row broken: 200 located errors, and the other rows are all clocks.
    let text: String = (0..2_000)
        .map(|i| {
            if i % 10 == 0 {
                row(i).replace("monotonic = true", "monotonic = 1")
            } else {
                row(i)
            }
        })
        .collect();
    let expansion = expand_text(&text, &Options::default());
    assert_eq!(expansion.errors.len(), 200);
    for (k, error) in expansion.errors.iter().enumerate() {
        let line = k * 10 * 6 + 4;
        assert!(
            error.starts_with(&format!(
                "clocks.toml:{line}:13: `monotonic` must be a boolean"
            )),
            "{error}"
        );
    }
    assert_eq!(expansion.enums.len(), 2_000);
    assert_eq!(expansion.sources.len(), 1_800);
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let deep_values = [
        format!("x = {}1{}", "[".repeat(10_000), "]".repeat(10_000)),
        format!("x = {}1{}", "{ a = ".repeat(5_000), " }".repeat(5_000)),
        format!("{} = 1", vec!["a"; 10_000].join(".")),
        format!("[{}]", vec!["a"; 10_000].join(".")),
        format!("[[{}]]", vec!["clock"; 10_000].join(".")),
        format!("x = {}", "[".repeat(10_000)),
    ];
    for deep in deep_values {
        let text = format!("[[clock]]\nname = \"A\"\ngetter = \"a\"\nmonotonic = true\n{deep}\n");
        let expansion = expand_text(&text, &Options::default());
        assert!(!expansion.errors.is_empty(), "{}", &deep[..20]);
        for error in &expansion.errors {
            check_located(error, &text).unwrap_or_else(|e| panic!("{e}"));
        }
        // The good row before the damage is still declared.
        assert_eq!(expansion.enums, ["A"], "{}", &deep[..20]);
    }
    // Deeply nested groups in the tokens.
    let mut tokens = quote!(1);
    for _ in 0..500 {
        tokens = quote!(( #tokens ));
    }
    let expansion = observe(declare_clocks(
        quote!(A { getter: g, monotonic: #tokens }),
        &Environment::default(),
    ));
    assert_eq!(expansion.errors.len(), 1, "{:?}", expansion.errors);
}

#[test]
fn very_long_names_and_lines() {
    let long = format!(
        "[[clock]]\nname = \"{}\"\ngetter = \"{}\"\nmonotonic = true\ndoc = \"{}\"\n",
        "A".repeat(100_000),
        "g".repeat(100_000),
        "é".repeat(100_000)
    );
    let expansion = expand_text(&long, &Options::default());
    assert!(expansion.errors.is_empty(), "{:?}", expansion.errors);
    assert_eq!(expansion.enums.len(), 1);

    let bad = format!(
        "[[clock]]\nname = \"{}\"\ngetter = \"g\"\nmonotonic = true\n",
        "é".repeat(100_000)
    );
    let expansion = expand_text(&bad, &Options::default());
    assert_eq!(expansion.errors.len(), 1);
    assert!(
        expansion.errors[0].starts_with("clocks.toml:2:8: clock name `éé"),
        "{}",
        &expansion.errors[0][..80]
    );
}

#[test]
fn invalid_utf8_is_located_in_characters() {
    let dir = temp_dir("utf8");
    for (bytes, line, column) in [
        (&b"\xff[[clock]]"[..], 1, 1),
        (b"[[clock]]\nname = \"Caf\xc3\xa9\xe9\"\n", 2, 13),
        (
            b"[[clock]]\r\nname = \"\xf0\x9f\x98\x80\xf0\x9f\x98\"\n",
            2,
            10,
        ),
        (b"[[clock]]\n\n\nname = \"A\"\xc0\x80", 4, 11),
        (b"# \xed\xa0\x80 (an encoded surrogate)", 1, 3),
    ] {
        let expansion = expand_file(&dir, bytes, &[]);
        assert_eq!(expansion.errors.len(), 1, "{:?}", expansion.errors);
        let expected = format!("clocks.toml:{line}:{column}: the clock table is not valid UTF-8");
        assert!(
            expansion.errors[0].starts_with(&expected),
            "{:?}",
            expansion.errors[0]
        );
    }
}

/// Regression: `clockid: -` followed by a literal that is itself negative (as
/// `Literal::i64_suffixed(-5)` from another macro) made `syn::LitInt::new` panic on
/// `--5`.
#[test]
fn minus_before_a_negative_literal() {
    let negative = Literal::i64_suffixed(-5);
    let out = declare_clocks(
        quote!(A { getter: g, monotonic: true, clockid: - #negative }),
        &Environment::default(),
    );
    assert_eq!(observe(out).ids["A"], "5");
    let out = declare_clocks(
        quote!(A { getter: g, monotonic: true, clockid: #negative }),
        &Environment::default(),
    );
    assert_eq!(observe(out).ids["A"].replace(' ', ""), "-5");
}
