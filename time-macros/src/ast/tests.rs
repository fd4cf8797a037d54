//! The unit tests of `ast` (host only: the kernel tree does not carry them).

use super::*;

fn table(text: &str) -> TableText {
    TableText::new("clocks.toml".to_owned(), text.to_owned(), Span::call_site())
}

#[test]
fn locations_are_one_based_lines_and_character_columns() {
    let t = table("[[clock]]\nname = \"é\" x\n");
    assert_eq!(t.line_column(0), (1, 1));
    assert_eq!(t.line_column(10), (2, 1));
    let x = t.text.find('x').unwrap();
    assert_eq!(t.line_column(x), (2, 12));
    assert_eq!(t.location(x), "clocks.toml:2:12");
    // Offsets past the end or inside a character do not panic.
    assert_eq!(t.line_column(10_000), (3, 1));
    let e = t.text.find('é').unwrap();
    assert_eq!(t.line_column(e + 1), (2, 9));
}

#[test]
fn excerpt_quotes_the_line_and_underlines_the_range() {
    let t = table("[[clock]]\ngettr = \"ktime_get\"\n");
    assert_eq!(
        t.excerpt(&(10..15)),
        "  |\n2 | gettr = \"ktime_get\"\n  | ^^^^^"
    );
    // A range spanning lines is cut at the end of its first line.
    assert!(
        t.excerpt(&(18..100)).ends_with("|         ^^^^^^^^^^^"),
        "{}",
        t.excerpt(&(18..100))
    );
}
