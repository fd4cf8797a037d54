//! The one model both input forms are read into: a [`Table`] is the invocation's
//! options, where the rows came from, the table-wide settings and the rows, each value
//! with the [`Site`] it was written at. `validate` checks it; `expand` writes it out.

use crate::schema::Key;
use proc_macro2::{Span, TokenStream};
use std::cell::OnceCell;
use std::ops::Range;

/// A clock table, from a file or from inline rows.
pub(crate) struct Table {
    /// The invocation's options.
    pub(crate) options: Options,
    /// Where the rows came from.
    pub(crate) source: Source,
    /// A TOML error stopped the reading: rows after it were not read.
    pub(crate) truncated: bool,
    /// The rows, in table order.
    pub(crate) rows: Vec<Row>,
    /// `file:LINE:COL` of an invocation token (for messages the compiler shows away from
    /// the token, such as const assertions), when the compiler can say it.
    pub(crate) locate: Option<Locator>,
}

/// The `file:LINE:COL` of a token of the invocation.
pub(crate) type Locator = fn(Span) -> Option<String>;

/// Where the rows of a [`Table`] came from.
#[cfg_attr(not(feature = "toml"), allow(dead_code))] // the file form needs the `toml` feature
pub(crate) enum Source {
    /// Rows written in the invocation.
    Inline,
    /// A table file: its text, and its absolute path (for `include_bytes!`).
    File { text: TableText, path: String },
}

impl Table {
    /// The table file's text, for messages about places in it.
    pub(crate) fn text(&self) -> Option<&TableText> {
        match &self.source {
            Source::File { text, .. } => Some(text),
            Source::Inline => None,
        }
    }

    /// `file:LINE:COL: ` of `site`, for a message the compiler shows away from it, or
    /// `""` when there is no saying.
    pub(crate) fn location(&self, site: &Site) -> String {
        match (site, self.text(), self.locate) {
            (Site::Table(range), Some(text), _) => format!("{}: ", text.location(range.start)),
            (Site::Tokens(span), _, Some(locate)) => {
                locate(*span).map_or_else(String::new, |at| format!("{at}: "))
            }
            _ => String::new(),
        }
    }

    /// `file:LINE:COL` of `site` when it is a place in the table file, for notes such as
    /// "first declared at …".
    pub(crate) fn describe(&self, site: &Site) -> String {
        match (site, self.text()) {
            (Site::Table(range), Some(text)) => text.location(range.start),
            _ => "an earlier row".to_owned(),
        }
    }

    /// The span for a name generated from `site`: the user's token for inline input;
    /// for a place in the table file (the compiler knows no span inside the file), the
    /// path literal as the location but the call site's hygiene, so that errors about a
    /// generated name point at the table while lints still see macro-generated code.
    pub(crate) fn span_of(&self, site: &Site) -> Span {
        match (site, self.text()) {
            (Site::Tokens(span), _) => *span,
            (Site::Table(_), Some(text)) => Span::call_site().located_at(text.span),
            (Site::Table(_), None) => Span::call_site(),
        }
    }
}

/// A table file's text, with what messages about it need.
#[derive(Debug)]
pub(crate) struct TableText {
    /// The path as the user wrote it, e.g. `clocks.toml` or `../clocks.toml`.
    pub(crate) display: String,
    /// The file's contents.
    pub(crate) text: String,
    /// The path literal, where errors about the file are attached.
    pub(crate) span: Span,
    /// Where each line starts (byte offsets), found the first time a place is located
    /// (a valid table of integer ids and no bindings module needs none): locating is
    /// then a binary search.
    line_starts: OnceCell<Vec<usize>>,
}

impl TableText {
    /// The text of the file the user names `display`, read from the literal at `span`.
    #[cfg_attr(not(feature = "toml"), allow(dead_code))] // the file form needs the `toml` feature
    pub(crate) fn new(display: String, text: String, span: Span) -> Self {
        TableText {
            display,
            text,
            span,
            line_starts: OnceCell::new(),
        }
    }

    /// Where each line starts, found once.
    fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| {
            // `find` runs core's `memchr`, optimised where this crate is not (a proc
            // macro is built unoptimised): a scan by hand costs more than the rest of
            // the macro.
            let mut line_starts = vec![0];
            let mut start = 0;
            while let Some(newline) = self.text.get(start..).and_then(|rest| rest.find('\n')) {
                start += newline + 1;
                line_starts.push(start);
            }
            line_starts
        })
    }

    /// `display:LINE:COL` of byte `offset`, 1-based, columns in characters.
    pub(crate) fn location(&self, offset: usize) -> String {
        let (line, column) = self.line_column(offset);
        format!("{}:{line}:{column}", self.display)
    }

    /// 1-based line and column (in characters) of byte `offset`.
    pub(crate) fn line_column(&self, offset: usize) -> (usize, usize) {
        let offset = self.floor(offset);
        // The lines that start at or before `offset`; the last of them holds it.
        let line_starts = self.line_starts();
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
    pub(crate) fn excerpt(&self, range: &Range<usize>) -> String {
        let (line, _) = self.line_column(range.start);
        let start = self.floor(range.start);
        let line_start = self.line_starts().get(line - 1).copied().unwrap_or(0);
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

/// Where a piece of input came from, for error messages.
#[derive(Clone, Debug)]
pub(crate) enum Site {
    /// Tokens of the macro invocation (inline form, macro arguments).
    Tokens(Span),
    /// A byte range of the table file.
    Table(Range<usize>),
}

impl Site {
    /// How to write the macro option `option` (`name = value`) in the form the row at
    /// this site comes from: inline rows take options as leading `name = value;` items, the
    /// file form takes them after the table's path.
    pub(crate) fn option_syntax(&self, option: &str) -> String {
        match self {
            Site::Tokens(_) => format!("`{option};` before the rows"),
            Site::Table(_) => format!("`, {option}` after the table's path"),
        }
    }
}

/// A value together with the place it was written.
#[derive(Clone, Debug)]
pub(crate) struct Located<T> {
    /// The value.
    pub(crate) value: T,
    /// Where it was written.
    pub(crate) site: Site,
}

impl<T> Located<T> {
    /// `value`, written at `site`.
    pub(crate) fn new(value: T, site: Site) -> Self {
        Located { value, site }
    }
}

/// A row key's value, read and type-checked against its [`Key`] by either reader.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    /// Text or a name.
    Text(String),
    /// `true` or `false`.
    Bool(bool),
    /// A `clockid` constant name.
    Constant(String),
    /// An integer (`clockid`, `resolution`).
    Number(i128),
}

/// One row as read, before validation: each key's value, typed by its [`Key`] and
/// located. A key is absent when the row lacks it or when its value had the wrong
/// type (that error is already reported).
#[derive(Clone, Debug)]
pub(crate) struct Row {
    /// The whole row (its `[[clock]]` header, or the inline row's name).
    pub(crate) site: Site,
    /// The values read, by key, in the order read.
    values: Vec<(Key, Located<Value>)>,
    /// Set when reading the row reported an error (wrong type, unknown key): such a
    /// row still declares its type, so uses of it do not cascade into more errors,
    /// but the reading errors are what the user sees.
    had_errors: bool,
    /// Keys present in the row whose value was rejected, and keys that an unknown key
    /// resembles (both already reported), so that validation does not also call them
    /// missing.
    rejected: Vec<Key>,
    /// Set when a TOML error cuts the row short (its later keys were not read): it
    /// declares its marker type only, and no key of it is called missing.
    cut: bool,
}

impl Row {
    /// A row at `site` with no keys yet.
    pub(crate) fn new(site: Site) -> Self {
        Row {
            site,
            values: Vec::new(),
            had_errors: false,
            rejected: Vec::new(),
            cut: false,
        }
    }

    /// Stores `value`, read for `key`; a later value for the same key replaces it.
    pub(crate) fn assign(&mut self, key: Key, value: Located<Value>) {
        self.values.retain(|(existing, _)| *existing != key);
        self.values.push((key, value));
    }

    /// Records that `key` was given a value that was rejected (and reported).
    pub(crate) fn reject(&mut self, key: Key) {
        self.had_errors = true;
        self.rejected.push(key);
    }

    /// Records that reading the row reported an error that names no key of it.
    pub(crate) fn mark_error(&mut self) {
        self.had_errors = true;
    }

    /// Records that a TOML error cut the row short (and was reported).
    #[cfg_attr(not(feature = "toml"), allow(dead_code))] // the file form needs the `toml` feature
    pub(crate) fn cut_short(&mut self) {
        self.cut = true;
        self.had_errors = true;
    }

    /// Whether reading the row reported an error.
    pub(crate) fn had_errors(&self) -> bool {
        self.had_errors
    }

    /// Whether a TOML error cut the row short.
    pub(crate) fn is_cut(&self) -> bool {
        self.cut
    }

    /// The value of `key`, as read.
    pub(crate) fn get(&self, key: Key) -> Option<&Located<Value>> {
        self.values
            .iter()
            .find(|(existing, _)| *existing == key)
            .map(|(_, value)| value)
    }

    /// Whether the row gives `key`, or gave it a rejected value, or a misspelling of it.
    pub(crate) fn mentions(&self, key: Key) -> bool {
        self.get(key).is_some() || self.rejected.contains(&key)
    }

    /// The text of `key` (a text or name key).
    pub(crate) fn text(&self, key: Key) -> Option<Located<&str>> {
        let located = self.get(key)?;
        match &located.value {
            Value::Text(text) => Some(Located::new(text.as_str(), located.site.clone())),
            _ => None,
        }
    }

    /// The flag `key` (a boolean key).
    pub(crate) fn flag(&self, key: Key) -> Option<Located<bool>> {
        let located = self.get(key)?;
        match located.value {
            Value::Bool(flag) => Some(Located::new(flag, located.site.clone())),
            _ => None,
        }
    }

    /// Whether the flag `key` is present and `true`.
    pub(crate) fn is_set(&self, key: Key) -> bool {
        self.flag(key).is_some_and(|flag| flag.value)
    }
}

/// The invocation's options.
#[derive(Default)]
pub(crate) struct Options {
    /// The runtime the generated code names: `runtime = PATH`, else the `$crate` that
    /// `typed_clocks::declare_clocks!` hands over.
    pub(crate) runtime: Option<RuntimePath>,
    /// `clock_trait = NAME`: the runtime's clock trait (`ClockSource` without it).
    pub(crate) clock_trait: Option<proc_macro2::Ident>,
    /// `unsafe(bindings = PATH)` or `unsafe(extern "C")`, with the caller's `unsafe`.
    pub(crate) trust: Option<(syn::Token![unsafe], Trust)>,
    /// `bindings = PATH` without `unsafe` (reported), kept to check the table against.
    pub(crate) untrusted_bindings: Option<ModulePath>,
    /// `backend = …`: how each clock is read.
    pub(crate) backend: Backend,
    /// Where `backend = …`'s value was written, if it was.
    pub(crate) backend_span: Option<Span>,
    /// The runtime lacks the backend the rows need (reported): marker types only.
    pub(crate) markers_only: bool,
}

/// Where the runtime is.
#[derive(Clone)]
pub(crate) struct RuntimePath {
    /// Its path, as the generated code names it.
    pub(crate) path: TokenStream,
    /// Whether it is the invoking module (`runtime = self`), which then declares the
    /// runtime's items.
    pub(crate) is_self: bool,
}

impl Options {
    /// The bindings module, if the invocation names one.
    pub(crate) fn bindings(&self) -> Option<&ModulePath> {
        self.trusted_bindings()
            .map(|(_, path)| path)
            .or(self.untrusted_bindings.as_ref())
    }

    /// The bindings module of `unsafe(bindings = PATH)`, with the caller's `unsafe`.
    pub(crate) fn trusted_bindings(&self) -> Option<(&syn::Token![unsafe], &ModulePath)> {
        match &self.trust {
            Some((token, Trust::Bindings(path))) => Some((token, path)),
            _ => None,
        }
    }
}

/// What the invocation's `unsafe(…)` vouches for.
pub(crate) enum Trust {
    /// `unsafe(bindings = PATH)`: the module's items that the table names are the
    /// kernel's.
    Bindings(ModulePath),
    /// `unsafe(extern "C")`: the getters the macro declares are C functions of the
    /// table's signature.
    Extern,
}

/// How the generated `ktime_get` reads a clock.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) enum Backend {
    /// The row's C getter (`ktime_t getter(void)`), as in the kernel.
    #[default]
    Kernel,
    /// `clock_gettime(clockid)` through `libc`, for ordinary programs.
    Posix,
}

/// A module path as `bindings = …` names it: `crate::bindings`, `::kernel::bindings`,
/// `super::b` (identifiers separated by `::`, no generic arguments), parsed with syn's
/// `Punctuated` so that the macro needs none of syn's type grammar.
pub(crate) struct ModulePath {
    leading_colon: Option<syn::Token![::]>,
    segments: syn::punctuated::Punctuated<proc_macro2::Ident, syn::Token![::]>,
}

impl syn::parse::Parse for ModulePath {
    fn parse(input: syn::parse::ParseStream<'_>) -> syn::Result<Self> {
        use syn::ext::IdentExt;
        Ok(ModulePath {
            leading_colon: input.parse()?,
            segments: syn::punctuated::Punctuated::parse_separated_nonempty_with(
                input,
                proc_macro2::Ident::parse_any,
            )?,
        })
    }
}

impl ModulePath {
    /// The path as the user writes it: `crate::bindings`.
    pub(crate) fn text(&self) -> String {
        let mut text = String::new();
        if self.leading_colon.is_some() {
            text.push_str("::");
        }
        for (index, segment) in self.segments.iter().enumerate() {
            if index > 0 {
                text.push_str("::");
            }
            text.push_str(&segment.to_string());
        }
        text
    }
}

impl quote::ToTokens for ModulePath {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        self.leading_colon.to_tokens(tokens);
        self.segments.to_tokens(tokens);
    }
}

#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
