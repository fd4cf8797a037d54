use super::*;
use crate::ast::TableText;
use proc_macro2::Span;

fn read_text(text: &str) -> (Vec<Row>, Vec<String>) {
    let table = TableText::new("clocks.toml".to_owned(), text.to_owned(), Span::call_site());
    let cx = Ctxt::new();
    let read = read(&table.text, &cx);
    let errors = cx
        .check(Some(&table))
        .err()
        .map(|e| e.into_iter().map(|e| e.to_string()).collect())
        .unwrap_or_default();
    (read.rows, errors)
}

#[test]
fn reads_every_field_in_order() {
    let (rows, errors) = read_text(
        "[[clock]]\nname = \"Monotonic\"\ngetter = \"ktime_get\"\nmonotonic = true\n\
         clockid = \"CLOCK_MONOTONIC\"\ndoc = \"d\"\n\n[[clock]]\nname = \"Raw\"\n\
         getter = \"g\"\nmonotonic = false\nclockid = 4\n",
    );
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].text(schema::NAME).unwrap().value, "Monotonic");
    assert_eq!(rows[0].text(schema::GETTER).unwrap().value, "ktime_get");
    assert!(rows[0].flag(schema::MONOTONIC).unwrap().value);
    assert_eq!(
        rows[0].get(schema::CLOCKID).unwrap().value,
        RowValue::Constant("CLOCK_MONOTONIC".into())
    );
    assert_eq!(rows[0].text(schema::DOC).unwrap().value, "d");
    assert_eq!(
        rows[1].get(schema::CLOCKID).unwrap().value,
        RowValue::Number(4)
    );
    assert!(!rows[1].flag(schema::MONOTONIC).unwrap().value);
}

#[test]
fn unknown_key_names_line_column_and_suggests() {
    let (rows, errors) = read_text("[[clock]]\nname = \"A\"\ngettr = \"g\"\n");
    assert_eq!(rows.len(), 1);
    assert!(rows[0].had_errors());
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
        errors[1].starts_with("clocks.toml:3:14: `monotonic` must be a boolean, found a string"),
        "{}",
        errors[1]
    );
    assert!(errors[1].contains("monotonic = true"), "{}", errors[1]);
    assert!(
        errors[2].starts_with(
            "clocks.toml:4:11: `clockid` must be a constant name (string) or an integer, \
             found a float"
        ),
        "{}",
        errors[2]
    );
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
        errors[0]
            .starts_with("clocks.toml:1:9: `clock` must be an array of tables, found an integer"),
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
        errors[0].starts_with(
            "clocks.toml:6:258: invalid TOML: input exceeds the maximum allowed nesting depth"
        ),
        "{errors:?}"
    );
    let row = |name: &str| {
        rows.iter()
            .find(|row| row.text(schema::NAME).is_some_and(|n| n.value == name))
    };
    assert!(row("Good").is_some_and(|row| !row.had_errors()), "{rows:?}");
    assert!(row("Late").is_none_or(|row| row.had_errors()), "{rows:?}");
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
        .find(|row| row.text(schema::NAME).is_some_and(|n| n.value == "Good"));
    assert!(good.is_some_and(|row| !row.had_errors()), "{rows:?}");
}

#[test]
fn reads_escapes_and_trailing_commas() {
    // `\e` and a trailing comma in an inline table: toml-span reads them.
    let (rows, errors) =
        read_text("clock = [{ name = \"A\", getter = \"g\", monotonic = true, doc = \"\\e\", }]\n");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(rows[0].text(schema::DOC).unwrap().value, "\u{1b}");
}

#[test]
fn dotted_keys_sub_tables_and_inline_rows() {
    let (rows, errors) =
        read_text("clock = [{ name = \"A\", getter = \"g\", monotonic = true }]\n");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(rows[0].text(schema::GETTER).unwrap().value, "g");
    let (_, errors) =
        read_text("[[clock]]\nname = \"A\"\ndoc.text = \"d\"\nx.a = 1\nx.b = 2\n[clock.getter]\n");
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
        errors[0].starts_with("clocks.toml:3:1: invalid TOML: redefinition of table `clock`"),
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
            errors[0]
                .starts_with("clocks.toml:1:2: `clock` is a single table, not an array of tables"),
            "{text}: {errors:?}"
        );
        assert!(
            errors.iter().all(|error| !error.contains("invalid TOML")),
            "{text}: {errors:?}"
        );
        assert!(rows.iter().all(|row| row.had_errors()), "{rows:?}");
    }
}

#[test]
fn invalid_toml_is_reported_where_toml_span_finds_it() {
    // A dotted key extending an integer.
    let (_, errors) = read_text("[[clock]]\nname = \"A\"\n\n\n\n\nname.x = 1\n");
    assert!(
        errors.iter().any(|error| error.starts_with(
            "clocks.toml:7:1: invalid TOML: dotted key attempted to extend non-table type"
        )),
        "{errors:?}"
    );
    // A date-time inside an array value: toml-span reads no date-times.
    let (rows, errors) =
        read_text("[[clock]]\nname = \"A\"\ngetter = \"g\"\nmonotonic = [1979-05-27T07:32:00Z]\n");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with("clocks.toml:4:14: invalid TOML: invalid number"),
        "{errors:?}"
    );
    assert!(rows[0].had_errors() && rows[0].is_cut(), "{rows:?}");
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
    assert!(rows.iter().all(|row| row.had_errors()), "{rows:?}");
}

/// A syntax error that cuts an array short keeps the rows before it, whatever
/// values span lines there: a prefix that ends inside a multi-line string does not
/// read, though the longer one that holds the whole string does (found by the
/// hostile tables: bisecting over such prefixes lost the rows after the string).
#[test]
fn a_multi_line_string_before_a_syntax_error_keeps_its_row() {
    let text = "[[clock]]\nname = \"A\"\ngetter = \"a\"\nmonotonic = true\nclockid = 1\n\
                [[clock]]\ndoc = \"\"\"\n1\n2\n3\n4\n5\n6\n7\n8\n\"\"\"\nname = \"B\"\n\
                getter = \"b\"\nmonotonic = true\nclockid = 1\n[[clock]]\nname = \"C\"\n\
                returns = \"i64\"\n[[clock]]\ndoc = [1, 2\nname = \"D\"\n";
    let (rows, errors) = read_text(text);
    let names: Vec<_> = rows
        .iter()
        .filter_map(|row| row.text(schema::NAME).map(|name| name.value.to_owned()))
        .collect();
    assert_eq!(names, ["A", "B", "C"], "{errors:?}");
    assert!(
        errors.iter().any(|e| e.contains("invalid TOML")),
        "{errors:?}"
    );
}
