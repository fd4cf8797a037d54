//! Arbitrary damage: never a panic, every error located.

use super::*;

/// Edits of a table's text, line by line or byte by byte.
#[derive(Debug, Clone)]
pub(crate) enum Mutation {
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

pub(crate) fn mutation() -> impl Strategy<Value = Mutation> {
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
            "kernel_services = true",
        ])
        .prop_map(str::to_owned),
        Just(format!("x = {}{}", "[".repeat(300), "]".repeat(300))),
        Just(format!("x = {}1{}", "{ a = ".repeat(300), " }".repeat(300))),
        "\\PC{0,30}",
        "[a-z_]{1,8} = .{0,16}",
    ];
    let splice = prop_oneof![
        prop::sample::select(vec![
            "\u{feff}", "\u{200b}", "\u{202e}", "\u{0301}", "\u{e9}", "😀", "\0", "\u{7f}", "\r",
            "\n", "\t", "\"", "'", "\\", "[", "]", "=", "#", ",", ".", "{", "}",
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

pub(crate) fn apply(text: &str, mutation: &Mutation) -> String {
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
pub(crate) fn mutated_tables_never_panic_and_every_error_is_located() {
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
            check_table(&text, &table.args())?;
            Ok(())
        },
    );
}

/// Text that looks like TOML: headers, keys and values, well- and ill-formed.
pub(crate) fn toml_like() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        prop::sample::select(row_keys()).prop_map(str::to_owned),
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
        1 => prop::sample::select(vec![
            "[[clock]]", "[clock]", "[[clock.x]]", "[x]", "[[x]]", "# c", "", "[[", "]]",
            "kernel_services = true",
        ])
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
pub(crate) fn arbitrary_text_never_panics_and_every_error_is_located() {
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
            check_table(&text, &Table::options_only(bindings, posix).args())?;
            Ok(())
        },
    );
}

/// The location `declare_clocks` must give invalid UTF-8 in `bytes`, computed
/// independently: the line and character column of the first invalid byte.
pub(crate) fn utf8_error_location(bytes: &[u8]) -> Option<(usize, usize)> {
    let valid = std::str::from_utf8(bytes).err()?.valid_up_to();
    let prefix = std::str::from_utf8(&bytes[..valid]).expect("valid prefix");
    let line = prefix.matches('\n').count() + 1;
    let column = prefix.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    Some((line, column))
}

#[test]
pub(crate) fn arbitrary_files_never_panic_and_every_error_is_located() {
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
            let expansion = expand_file(&dir, &bytes, &extern_getters());
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
                    for message in &expansion.assertions {
                        check_assertion_located(message, &text)?;
                    }
                }
            }
            Ok(())
        },
    );
}
