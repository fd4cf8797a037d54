//! Error collection: every problem is recorded with its [`Site`], and all of them are
//! reported together (as serde_derive's `Ctxt` does): errors about the macro's tokens
//! first, then errors about the table file in the order of their place in the file.
//!
//! Errors about a table file cannot point into the file (the compiler only knows the
//! invocation's tokens), so they are attached to the path literal and their message
//! starts with `path:LINE:COL:`, quotes the offending line and underlines the span.
//!
//! The errors of one unit (a row, a key) are collected apart, in a [`Diagnostics::scope`]
//! of their own: a value that the caller keeps ([`Diagnostics::keep`]) or drops.

use crate::model::Site;
use proc_macro2::Span;
use std::fmt::Display;
use std::ops::Range;
use std::rc::Rc;

/// A table file's text, with what messages about it need.
#[derive(Debug)]
pub struct TableText {
    /// The path as the user wrote it, e.g. `clocks.toml` or `../clocks.toml`.
    pub display: String,
    /// The file's contents.
    pub text: String,
    /// The path literal, where errors about the file are attached.
    pub span: Span,
}

/// Collected errors.
#[derive(Debug)]
pub struct Diagnostics<'t> {
    table: Option<&'t TableText>,
    /// Where each line of the table starts (byte offsets), found once: every clock's
    /// getter location and every error's is a binary search in them, so locating is
    /// linear in the table (a scan of the text before each place would be quadratic).
    line_starts: Rc<[usize]>,
    /// Each error with its byte offset in the table file (`None`: about tokens).
    errors: Vec<(Option<usize>, syn::Error)>,
}

impl<'t> Diagnostics<'t> {
    /// Errors about inline tokens only.
    pub fn for_tokens() -> Self {
        Diagnostics {
            table: None,
            line_starts: Rc::new([]),
            errors: Vec::new(),
        }
    }

    /// Errors about `table` (and possibly tokens).
    pub fn for_table(table: &'t TableText) -> Self {
        Diagnostics {
            table: Some(table),
            line_starts: table.line_starts().into(),
            errors: Vec::new(),
        }
    }

    /// An empty collection for the errors of one unit (a row, a key), about the same
    /// table: the caller [keeps](Diagnostics::keep) it or drops it.
    pub fn scope(&self) -> Diagnostics<'t> {
        Diagnostics {
            table: self.table,
            line_starts: Rc::clone(&self.line_starts),
            errors: Vec::new(),
        }
    }

    /// Adds the errors of `scope` (from [`Diagnostics::scope`]) to these.
    pub fn keep(&mut self, scope: Diagnostics<'t>) {
        self.errors.extend(scope.errors);
    }

    /// Whether no error was recorded.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// Records `message` at `site`, followed by a `help:` line that says what to do.
    pub fn error(&mut self, site: &Site, message: impl Display, help: impl Display) {
        let (offset, error) = match (site, self.table) {
            (Site::Table(range), Some(table)) => (
                Some(range.start),
                syn::Error::new(
                    table.span,
                    format!(
                        "{}: {message}\n{}\n  = help: {help}",
                        self.location(table, range),
                        table.excerpt(
                            range,
                            table.line_column_in(&self.line_starts, range.start).0
                        )
                    ),
                ),
            ),
            (Site::Table(_), None) => (None, with_help(Span::call_site(), message, help)),
            (Site::Tokens(span), _) => (None, with_help(*span, message, help)),
        };
        self.errors.push((offset, error));
    }

    /// Records an error that already has its span and text (e.g. from `syn`).
    pub fn push(&mut self, error: syn::Error) {
        self.errors.push((None, error));
    }

    /// The span for tokens generated from `site`: the user's tokens for inline input;
    /// for a place in the table file (the compiler knows no span inside the file), the
    /// table's path literal as the location but the call site's hygiene, so that
    /// errors about a generated name point at the table while lints still see
    /// macro-generated code (a bare `table.span` would make rustc lint the generated
    /// `bindings::CONSTANT` paths as if the user had written them).
    pub fn span_of(&self, site: &Site) -> Span {
        match (site, self.table) {
            (Site::Tokens(span), _) => *span,
            (Site::Table(_), Some(table)) => Span::call_site().located_at(table.span),
            (Site::Table(_), None) => Span::call_site(),
        }
    }

    /// `path:LINE:COL` of `site`, for notes such as "first declared at …".
    pub fn describe(&self, site: &Site) -> String {
        match (site, self.table) {
            (Site::Table(range), Some(table)) => self.location(table, range),
            _ => "an earlier row".to_owned(),
        }
    }

    /// `path:LINE:COL` of `site` when it is a place in the table file.
    pub fn locate(&self, site: &Site) -> Option<String> {
        match (site, self.table) {
            (Site::Table(range), Some(table)) => Some(self.location(table, range)),
            _ => None,
        }
    }

    /// `display:LINE:COL` of the start of `range` in `table`, with the line starts found
    /// once.
    fn location(&self, table: &TableText, range: &Range<usize>) -> String {
        let (line, column) = table.line_column_in(&self.line_starts, range.start);
        format!("{}:{line}:{column}", table.display)
    }

    /// The combined errors, if any: those about tokens in the order they were found,
    /// then those about the table file in file order (a stable sort, so errors at one
    /// place keep the order they were found in).
    pub fn finish(mut self) -> Option<syn::Error> {
        self.errors.sort_by_key(|(offset, _)| *offset);
        self.errors
            .into_iter()
            .map(|(_, error)| error)
            .reduce(|mut all, error| {
                all.combine(error);
                all
            })
    }
}

/// An error at `span` whose message is followed by a `help:` line that says what to do
/// (rustc shows a proc macro's error as one message; this is its one layout).
pub fn with_help(span: Span, message: impl Display, help: impl Display) -> syn::Error {
    syn::Error::new(span, format!("{message}\n  = help: {help}"))
}

impl TableText {
    /// `display:LINE:COL` of the start of `range`, 1-based, columns in characters.
    #[cfg(test)]
    pub fn location(&self, range: &Range<usize>) -> String {
        let (line, column) = self.line_column(range.start);
        format!("{}:{line}:{column}", self.display)
    }

    /// 1-based line and column (in characters) of byte `offset`.
    #[cfg(test)]
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        self.line_column_in(&self.line_starts(), offset)
    }

    /// The byte offset where each line starts: 0, then one past each `\n`.
    pub fn line_starts(&self) -> Vec<usize> {
        core::iter::once(0)
            .chain(
                self.text
                    .bytes()
                    .enumerate()
                    .filter(|&(_, byte)| byte == b'\n')
                    .map(|(at, _)| at + 1),
            )
            .collect()
    }

    /// [`TableText::line_column`], given [`TableText::line_starts`].
    pub fn line_column_in(&self, line_starts: &[usize], offset: usize) -> (usize, usize) {
        let offset = self.floor(offset);
        // The lines that start at or before `offset`; the last of them holds it.
        let line = line_starts.partition_point(|&start| start <= offset).max(1);
        let line_start = line_starts.get(line - 1).copied().unwrap_or(0);
        let column = self
            .text
            .get(line_start..offset)
            .unwrap_or("")
            .chars()
            .count()
            + 1;
        (line, column)
    }

    /// The line holding the start of `range`, with the range underlined:
    /// ```text
    ///    |
    ///  4 | gettr = "ktime_get"
    ///    | ^^^^^
    /// ```
    /// (`line`: the line number of the start of `range`.)
    fn excerpt(&self, range: &Range<usize>, line: usize) -> String {
        let start = self.floor(range.start);
        let line_start = self
            .text
            .get(..start)
            .and_then(|b| b.rfind('\n'))
            .map_or(0, |n| n + 1);
        let line_end = self
            .text
            .get(start..)
            .and_then(|rest| rest.find('\n'))
            .map_or(self.text.len(), |n| start + n);
        let line_text = self
            .text
            .get(line_start..line_end)
            .unwrap_or("")
            .trim_end_matches('\r');
        let end = self.floor(range.end.clamp(start, line_end));
        let lead: String = self
            .text
            .get(line_start..start)
            .unwrap_or("")
            .chars()
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let width = self
            .text
            .get(start..end)
            .unwrap_or("")
            .chars()
            .count()
            .max(1);
        let gutter = " ".repeat(line.to_string().len());
        format!(
            "{gutter} |\n{line} | {line_text}\n{gutter} | {lead}{}",
            "^".repeat(width)
        )
    }

    /// The largest char boundary at or before `offset`, within the text.
    fn floor(&self, offset: usize) -> usize {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> TableText {
        TableText {
            display: "clocks.toml".to_owned(),
            text: text.to_owned(),
            span: Span::call_site(),
        }
    }

    #[test]
    fn locations_are_one_based_lines_and_character_columns() {
        let t = table("[[clock]]\nname = \"é\" x\n");
        assert_eq!(t.line_column(0), (1, 1));
        assert_eq!(t.line_column(10), (2, 1));
        let x = t.text.find('x').unwrap();
        assert_eq!(t.line_column(x), (2, 12));
        assert_eq!(t.location(&(x..x + 1)), "clocks.toml:2:12");
        // Offsets past the end or inside a character do not panic.
        assert_eq!(t.line_column(10_000), (3, 1));
        let e = t.text.find('é').unwrap();
        assert_eq!(t.line_column(e + 1), (2, 9));
    }

    #[test]
    fn excerpt_quotes_the_line_and_underlines_the_range() {
        let t = table("[[clock]]\ngettr = \"ktime_get\"\n");
        let excerpt = t.excerpt(&(10..15), t.line_column(10).0);
        assert_eq!(excerpt, "  |\n2 | gettr = \"ktime_get\"\n  | ^^^^^");
        // A range spanning lines is cut at the end of its first line.
        let excerpt = t.excerpt(&(18..100), t.line_column(18).0);
        assert!(excerpt.ends_with("|         ^^^^^^^^^^^"), "{excerpt}");
    }

    #[test]
    fn errors_are_combined_not_replaced() {
        let t = table("a\nb\n");
        let mut diags = Diagnostics::for_table(&t);
        diags.error(&Site::Table(0..1), "first", "fix a");
        let mut dropped = diags.scope();
        dropped.error(&Site::Table(0..1), "dropped", "fix c");
        let mut kept = diags.scope();
        kept.error(&Site::Table(2..3), "second", "fix b");
        assert!(!kept.is_empty());
        diags.keep(kept);
        let messages: Vec<String> = diags
            .finish()
            .unwrap()
            .into_iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(messages.len(), 2);
        assert!(
            messages[0].starts_with("clocks.toml:1:1: first\n"),
            "{}",
            messages[0]
        );
        assert!(
            messages[1].starts_with("clocks.toml:2:1: second\n"),
            "{}",
            messages[1]
        );
        assert!(messages[1].ends_with("= help: fix b"), "{}", messages[1]);
    }
}
