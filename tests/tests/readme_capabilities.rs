//! The README's table of clocks and their capabilities is generated from the root
//! `clocks.toml`, and this test keeps it so: it regenerates the table and fails, with
//! the table it expected, when the README says anything else.
//!
//! Its capability columns are the capabilities of the macro's data
//! (`time-macros/src/capabilities.rs`), in its order.
//!
//! After editing `clocks.toml`: `UPDATE_README=1 cargo test -p clock-tests --test
//! readme_capabilities` rewrites the table in README.md (then read the diff).

#[path = "support/capabilities.rs"]
mod capabilities;

use std::path::Path;
use toml_span::value::{Table, ValueInner};

const BEGIN: &str = "<!-- clock table: generated from clocks.toml, checked by tests/tests/readme_capabilities.rs -->";
const END: &str = "<!-- end of clock table -->";

/// The value of `key` in `row`, as the README shows it.
fn value(row: &Table<'_>, key: &str) -> Option<String> {
    row.get(key).map(|value| match value.as_ref() {
        ValueInner::String(text) => text.to_string(),
        ValueInner::Boolean(flag) => flag.to_string(),
        ValueInner::Integer(integer) => integer.to_string(),
        other => panic!("`{key}` has an unexpected value: {other:?}"),
    })
}

fn flag(row: &Table<'_>, key: &str) -> &'static str {
    match value(row, key).as_deref() {
        Some("true") => "yes",
        _ => "—",
    }
}

/// The table the README must hold, from `clocks.toml`'s text.
fn expected_table(clocks_toml: &str) -> String {
    let document = toml_span::parse(clocks_toml).expect("clocks.toml parses");
    let rows = match document.pointer("/clock").map(|rows| rows.as_ref()) {
        Some(ValueInner::Array(rows)) => rows,
        _ => panic!("clocks.toml has no [[clock]] rows"),
    };
    let capabilities = capabilities::capabilities();
    let mut table = String::from("| clock | getter | `clockid` |");
    for capability in capabilities {
        table.push_str(&format!(" `{}` |", capability.key));
    }
    table.push_str(" resolution |\n|---|---|---|");
    table.push_str(&"---|".repeat(capabilities.len()));
    table.push_str("---|\n");
    for row in rows {
        let ValueInner::Table(row) = row.as_ref() else {
            panic!("a [[clock]] row is not a table")
        };
        let name = value(row, "name").expect("every row has a name");
        let getter = value(row, "getter").unwrap_or_default();
        let returns = match value(row, "returns").as_deref() {
            Some("u64") => " (`u64`)",
            _ => "",
        };
        let clockid = value(row, "clockid").map_or_else(|| "—".to_owned(), |id| format!("`{id}`"));
        let resolution = match value(row, "resolution").as_deref() {
            None | Some("1") => "1 ns".to_owned(),
            Some("tick") => "tick".to_owned(),
            Some(nanos) => format!("{nanos} ns"),
        };
        table.push_str(&format!("| `{name}` | `{getter}`{returns} | {clockid} |"));
        for capability in capabilities {
            table.push_str(&format!(" {} |", flag(row, capability.key)));
        }
        table.push_str(&format!(" {resolution} |\n"));
    }
    table
}

#[test]
fn readme_clock_table_matches_clocks_toml() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let clocks = std::fs::read_to_string(root.join("clocks.toml")).expect("read clocks.toml");
    let readme_path = root.join("README.md");
    let readme = std::fs::read_to_string(&readme_path).expect("read README.md");
    let expected = expected_table(&clocks);
    let start = readme
        .find(BEGIN)
        .expect("README.md has the clock table's start marker")
        + BEGIN.len();
    let end = readme
        .find(END)
        .expect("README.md has the clock table's end marker");
    let shown = readme.get(start..end).unwrap_or("").trim_matches('\n');
    if shown == expected.trim_end_matches('\n') {
        return;
    }
    if std::env::var_os("UPDATE_README").is_some() {
        let updated = format!("{}\n{}{}", &readme[..start], expected, &readme[end..]);
        std::fs::write(&readme_path, updated).expect("write README.md");
        return;
    }
    panic!(
        "README.md's clock table does not match clocks.toml; it should be:\n\n{expected}\n\
         (UPDATE_README=1 cargo test -p clock-tests --test readme_capabilities rewrites it)"
    );
}

#[test]
fn the_table_follows_each_row() {
    let table = expected_table(
        "[[clock]]\nname = \"A\"\ngetter = \"a_fast_ns\"\nreturns = \"u64\"\nmonotonic = false\nnmi_safe = true\n\
         resolution = \"tick\"\n",
    );
    let cells = |line: &str| -> Vec<String> {
        line.split('|')
            .map(|cell| cell.trim().to_owned())
            .filter(|cell| !cell.is_empty())
            .collect()
    };
    let lines: Vec<&str> = table.lines().collect();
    let (header, row) = (cells(lines[0]), cells(lines[lines.len() - 1]));
    assert_eq!(header.len(), row.len(), "{table}");
    let mut expected: Vec<String> = ["`A`", "`a_fast_ns` (`u64`)", "—"]
        .map(str::to_owned)
        .to_vec();
    for capability in capabilities::capabilities() {
        expected.push(
            if capability.key == "nmi_safe" {
                "yes"
            } else {
                "—"
            }
            .to_owned(),
        );
    }
    expected.push("tick".to_owned());
    assert_eq!(row, expected, "{table}");
}
