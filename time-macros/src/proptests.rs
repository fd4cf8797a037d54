//! Property tests: no table and no token stream makes the macro panic, valid tables
//! always expand, and every rejection of a table is an error at `file:LINE:COL`
//! inside the file.
//!
//! `PROPTEST_CASES` sets the cases per property (default 256). The long run:
//! `PROPTEST_CASES=20000 cargo test -p time-macros --release proptests` (see
//! docs/reliability.md for the measured count and time).

use crate::declare::declare_clocks;
use crate::diagnostics::{Diagnostics, TableText};
use crate::env::Environment;
use crate::input::Options;
use crate::model::Site;
use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use proptest::prelude::*;
use quote::quote;

/// Reads and validates `text` as `clocks.toml`; returns the error messages and the
/// names declared.
fn check_text(text: &str) -> (Vec<String>, Vec<String>) {
    let table = TableText {
        display: "clocks.toml".to_owned(),
        text: text.to_owned(),
        span: Span::call_site(),
    };
    let mut diagnostics = Diagnostics::for_table(&table);
    let rows = crate::table::read(&table.text, &mut diagnostics);
    let declared = crate::validate::validate(
        &rows,
        &Options::default(),
        &Site::Table(0..0),
        &mut diagnostics,
    );
    let tokens = crate::expand::expand(&declared, &Options::default(), None).to_string();
    let names = declared
        .iter()
        .map(|d| match d {
            crate::validate::Declared::Clock(clock) => clock.name.to_string(),
            crate::validate::Declared::MarkerOnly(name) => name.to_string(),
        })
        .inspect(|name| {
            assert!(
                tokens.contains(&format!("pub enum {name}")),
                "{name} not expanded"
            )
        })
        .collect();
    let errors = diagnostics
        .finish()
        .map(|e| e.into_iter().map(|e| e.to_string()).collect())
        .unwrap_or_default();
    (errors, names)
}

/// Asserts that an error message starts with `clocks.toml:LINE:COL: ` inside `text`.
fn assert_located(error: &str, text: &str) {
    let rest = error
        .strip_prefix("clocks.toml:")
        .unwrap_or_else(|| panic!("no file in {error:?}"));
    let mut parts = rest.splitn(3, ':');
    let line: usize = parts
        .next()
        .and_then(|l| l.parse().ok())
        .unwrap_or_else(|| panic!("no line: {error:?}"));
    let column: usize = parts
        .next()
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no column: {error:?}"));
    let lines = text.split('\n').count().max(1);
    assert!(
        (1..=lines).contains(&line),
        "line {line} of {lines}: {error:?}"
    );
    let line_text = text.split('\n').nth(line - 1).unwrap_or("");
    assert!(
        column >= 1 && column <= line_text.chars().count() + 1,
        "column {column} of {line_text:?}: {error:?}"
    );
    assert!(error.contains("= help: "), "no help in {error:?}");
}

fn clock_name() -> impl Strategy<Value = String> {
    "[A-Z][A-Za-z0-9]{0,12}"
}

fn getter_name() -> impl Strategy<Value = String> {
    "[a-z_][a-z0-9_]{0,12}".prop_filter("not a keyword", |g| !crate::validate::is_keyword(g))
}

/// A valid table of 1..40 clocks with distinct names and getters.
fn valid_table() -> impl Strategy<Value = (String, usize)> {
    prop::collection::btree_map(clock_name(), (getter_name(), any::<bool>(), prop::option::of(0i32..64), prop::option::of(".{0,40}")), 1..40)
        .prop_filter("distinct getters", |rows| {
            let mut getters: Vec<_> = rows.values().map(|v| &v.0).collect();
            getters.sort();
            getters.windows(2).all(|w| w[0] != w[1])
        })
        .prop_filter("no keyword names", |rows| rows.keys().all(|n| !crate::validate::is_keyword(n)))
        .prop_map(|rows| {
            let count = rows.len();
            let text = rows
                .into_iter()
                .map(|(name, (getter, monotonic, clockid, doc))| {
                    let mut row = format!("[[clock]]\nname = \"{name}\"\ngetter = \"{getter}\"\nmonotonic = {monotonic}\n");
                    if let Some(id) = clockid {
                        row.push_str(&format!("clockid = {id}\n"));
                    }
                    if let Some(doc) = doc {
                        row.push_str(&format!("doc = {}\n", toml_string(&doc)));
                    }
                    row
                })
                .collect::<Vec<_>>()
                .join("\n");
            (text, count)
        })
}

fn toml_string(text: &str) -> String {
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

/// Mutations of a valid table's text, line by line.
#[derive(Debug, Clone)]
enum Mutation {
    DropLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    RenameKey(usize, String),
    ReplaceValue(usize, String),
    Insert(usize, String),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let value = prop_oneof![
        Just("\"yes\"".to_owned()),
        Just("1.5".to_owned()),
        Just("[1, 2]".to_owned()),
        Just("{ a = 1 }".to_owned()),
        Just("1979-05-27T07:32:00Z".to_owned()),
        Just("99999999999999999999".to_owned()),
        Just("\"self\"".to_owned()),
        Just("\"\"".to_owned()),
        Just("\"ünïcödé\"".to_owned()),
        Just(format!("\"{}\"", "A".repeat(5_000))),
        Just("\"a-b\"".to_owned()),
        ".{0,12}",
    ];
    prop_oneof![
        any::<usize>().prop_map(Mutation::DropLine),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        (any::<usize>(), "[a-z_]{1,10}|\\PC{1,6}").prop_map(|(l, k)| Mutation::RenameKey(l, k)),
        (any::<usize>(), value).prop_map(|(l, v)| Mutation::ReplaceValue(l, v)),
        (
            any::<usize>(),
            prop_oneof![
                Just("[clock]".to_owned()),
                Just("[[clock.inner]]".to_owned()),
                Just("clock = 5".to_owned()),
                Just("[other]".to_owned()),
                Just(format!("x = {}{}", "[".repeat(200), "]".repeat(200))),
                Just("a.b.c.d.e.f = 1".to_owned()),
                "\\PC{0,30}",
            ]
        )
            .prop_map(|(l, t)| Mutation::Insert(l, t)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

fn apply(text: &str, mutation: &Mutation) -> String {
    let mut lines: Vec<String> = text.split('\n').map(str::to_owned).collect();
    let pick = |i: usize, len: usize| i % len.max(1);
    match mutation {
        Mutation::DropLine(i) => {
            let i = pick(*i, lines.len());
            lines.remove(i);
        }
        Mutation::DuplicateLine(i) => {
            let i = pick(*i, lines.len());
            let line = lines[i].clone();
            lines.insert(i, line);
        }
        Mutation::SwapLines(a, b) => {
            let (a, b) = (pick(*a, lines.len()), pick(*b, lines.len()));
            lines.swap(a, b);
        }
        Mutation::RenameKey(i, key) => {
            let i = pick(*i, lines.len());
            if let Some((_, value)) = lines[i].clone().split_once(" = ") {
                lines[i] = format!("{key} = {value}");
            }
        }
        Mutation::ReplaceValue(i, value) => {
            let i = pick(*i, lines.len());
            if let Some((key, _)) = lines[i].clone().split_once(" = ") {
                lines[i] = format!("{key} = {value}");
            }
        }
        Mutation::Insert(i, line) => {
            let i = pick(*i, lines.len() + 1);
            lines.insert(i, line.clone());
        }
        Mutation::Truncate(at) => {
            let joined = lines.join("\n");
            let mut at = at % (joined.len() + 1);
            while !joined.is_char_boundary(at) {
                at -= 1;
            }
            return joined[..at].to_owned();
        }
    }
    lines.join("\n")
}

/// Random token trees: identifiers (keywords included), literals, punctuation, groups.
fn token_stream() -> impl Strategy<Value = TokenStream> {
    let leaf = prop_oneof![
        prop::sample::select(vec![
            "Monotonic",
            "getter",
            "monotonic",
            "clockid",
            "doc",
            "bindings",
            "backend",
            "posix",
            "self",
            "crate",
            "true",
            "false",
            "offset",
            "offset_base",
            "x",
            "_"
        ])
        .prop_map(|word| TokenTree::Ident(Ident::new(word, Span::call_site()))),
        prop::sample::select(vec![':', ',', ';', '=', '-', '#', '!', '.'])
            .prop_map(|c| TokenTree::Punct(Punct::new(c, Spacing::Alone))),
        any::<i64>().prop_map(|n| TokenTree::Literal(Literal::i64_suffixed(n))),
        any::<u32>().prop_map(|n| TokenTree::Literal(Literal::u32_unsuffixed(n))),
        ".{0,10}".prop_map(|s| TokenTree::Literal(Literal::string(&s))),
        Just(TokenTree::Literal(Literal::f64_unsuffixed(1.5))),
    ];
    let tree = leaf.prop_recursive(4, 64, 8, |inner| {
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
    });
    prop::collection::vec(tree, 0..16).prop_map(|trees| trees.into_iter().collect())
}

fn temp_env(name: &str, bytes: &[u8]) -> Environment {
    let dir = std::env::temp_dir().join(format!("time-macros-prop-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("clocks.toml"), bytes).expect("write table");
    Environment {
        manifest_dir: Some(dir),
        table_dir: None,
        source_dir: None,
    }
}

proptest! {
    #[test]
    fn valid_tables_expand_without_errors((text, count) in valid_table()) {
        let (errors, names) = check_text(&text);
        prop_assert!(errors.is_empty(), "{:?}\n{}", errors, text);
        prop_assert_eq!(names.len(), count);
    }

    #[test]
    fn mutated_tables_never_panic_and_errors_are_located(
        (text, _) in valid_table(),
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        let mutated = mutations.iter().fold(text, |text, m| apply(&text, m));
        let (errors, _) = check_text(&mutated);
        for error in &errors {
            assert_located(error, &mutated);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}|(\\[\\[clock\\]\\]\n([a-z_]{1,9} = .{0,20}\n){0,6}){0,4}") {
        let (errors, _) = check_text(&text);
        for error in &errors {
            assert_located(error, &text);
        }
    }

    #[test]
    fn arbitrary_files_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let env = temp_env("bytes", &bytes);
        let out = declare_clocks(quote!("clocks.toml"), &env).to_string();
        // Whatever the bytes, the output is either declarations or located errors.
        if out.contains("compile_error") {
            prop_assert!(out.contains("clocks.toml"), "{}", out);
        }
    }

    #[test]
    fn arbitrary_tokens_never_panic(tokens in token_stream()) {
        let out = declare_clocks(tokens, &Environment::default());
        let _ = out.to_string();
    }
}

#[test]
fn thousands_of_clocks_expand() {
    let text: String = (0..3_000)
        .map(|i| {
            format!(
                "[[clock]]\nname = \"Clock{i}\"\ngetter = \"get_{i}\"\nmonotonic = {}\n\n",
                i % 2 == 0
            )
        })
        .collect();
    let (errors, names) = check_text(&text);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(names.len(), 3_000);
}

#[test]
fn deep_nesting_and_long_names_are_errors_not_crashes() {
    let deep = format!(
        "[[clock]]\nname = \"A\"\ngetter = \"a\"\nmonotonic = true\nx = {}1{}\n",
        "[".repeat(5_000),
        "]".repeat(5_000)
    );
    let (errors, _) = check_text(&deep);
    assert!(!errors.is_empty());
    for error in &errors {
        assert_located(error, &deep);
    }
    let long = format!(
        "[[clock]]\nname = \"{}\"\ngetter = \"{}\"\nmonotonic = true\n",
        "A".repeat(100_000),
        "g".repeat(100_000)
    );
    let (errors, names) = check_text(&long);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(names.len(), 1);
    let env = temp_env("invalid-utf8", b"[[clock]]\nname = \"\xff\xfe\"\n");
    let out = declare_clocks(quote!("clocks.toml"), &env).to_string();
    assert!(
        out.contains("clocks.toml:2:9: the clock table is not valid UTF-8"),
        "{out}"
    );
}

#[test]
fn zz_probe() {
    for text in [
        "[[clock]]\nname = \"A\"\nmonotonic = true\n\n[[clock]]\nname = \"B\"\ngetter = \"b\"\nmonotonic = 1\ndoc = 5\n[[clock]]\ngettr = \"c\"\n",
        "clock = [ { name = \"A\", getter = \"a\" }, {name=\"A\", getter=\"a\", monotonic=true} ]\n",
        "\u{feff}[[clock]]\r\nname = \"A\"\r\ngetter = \"a\"\r\nmonotonic = true\r\n[[clock]]\r\nname = \"A\"\r\n",
        "[[clock]]\nname = \"A\"\ngetter = \"a\"\nmonotonic = true\n[[clock]]\nname = \"A\"\ngetter = \"a\"\nmonotonic = true\n",
        "[[clock]]\n\"name\" = 'A'\ngetter = \"\"\"a\"\"\"\nmonotonic = true\nclockid = 0x1f\n",
    ] {
        let (errors, names) = check_text(text);
        eprintln!("---- {names:?}");
        for e in errors { eprintln!("{e}\n"); }
    }
    let lit = TokenTree::Literal(Literal::i64_suffixed(-5));
    eprintln!("{}", declare_clocks(quote!(A { getter: g, monotonic: true, clockid: - #lit }), &Environment::default()));
}
