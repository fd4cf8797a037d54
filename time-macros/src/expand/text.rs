//! The expansion as Rust source text, and what its writers share: the runtime the
//! text names, the markers that `splice` replaces with the caller's tokens, and the
//! pieces written the same way everywhere (doc lines, messages, types).
//!
//! The compiler lexes text faster than a procedural macro can hand it tokens one by
//! one (each token stream the macro builds crosses the proc-macro bridge), so the
//! expansion is written as text and lexed once per part. The tokens that must be the
//! caller's are marked in the text with `@` (a token the expansion never writes
//! otherwise: no table's name, getter or constant can be a marker) and spliced in after
//! lexing:
//!
//! - `@(HEAD) { … }`: an item or block written on the caller's word, `unsafe HEAD { …
//!   }` with the caller's `unsafe` token, whose braces get its span too (`@(impl Trait
//!   for Clock) { … }`, `@(extern "C") { … }`, `@() { … }` for a block; the head is
//!   handed back unread);
//! - `@runtime`, `@bindings`: the runtime's path and the bindings module's path, as
//!   the invocation writes them (`$crate` cannot be written as text);
//! - `@ident`: the next of the identifiers the text was written with ([`Text::ident`]),
//!   with its span: a bindings module's getter where it is called, so that the
//!   compiler's errors about the call (a getter that takes arguments, or is no
//!   function) point at the row's token, or at the table's path;
//! - `@` before a group: the group holds markers, and `splice` looks into it (it
//!   looks into no other group: each group it opens costs bridge calls).

use crate::ast::{Site, Table};
use crate::validate::Clock;
use proc_macro2::Ident;
use std::fmt;

/// Rust source text being written, and the identifiers its `@ident` markers stand for.
#[derive(Default)]
pub(super) struct Text(String, Vec<Ident>);

impl Text {
    pub(super) fn new() -> Self {
        Text::default()
    }

    /// Appends `@ident`, which `splice` replaces with `ident` (its span included).
    pub(super) fn ident(&mut self, ident: &Ident) {
        self.0.push_str("@ident");
        self.1.push(ident.clone());
    }

    /// Appends `other`, its identifiers included.
    pub(super) fn append(&mut self, other: &Text) {
        self.0.push_str(&other.0);
        self.1.extend(other.1.iter().cloned());
    }

    /// The text written, and the identifiers of its `@ident` markers, in order.
    pub(super) fn into_parts(self) -> (String, Vec<Ident>) {
        (self.0, self.1)
    }

    /// Appends formatted text: what `write!(text, …)` calls (writing to a `String`
    /// cannot fail).
    pub(super) fn write_fmt(&mut self, arguments: fmt::Arguments<'_>) {
        let _ = fmt::Write::write_fmt(&mut self.0, arguments);
    }

    /// Appends `text`.
    pub(super) fn push(&mut self, text: &str) {
        self.0.push_str(text);
    }

    /// Appends `pieces`, in order: what the writers of each clock's items use, as a
    /// procedural macro is built unoptimised by default, where `write!`'s formatting
    /// costs several times as much.
    pub(super) fn push_all(&mut self, pieces: &[&str]) {
        for piece in pieces {
            self.0.push_str(piece);
        }
    }

    /// Appends `number` in decimal.
    pub(super) fn number(&mut self, number: i64) {
        if number < 0 {
            self.0.push('-');
        }
        let mut digits = [0u8; 20];
        let mut rest = number.unsigned_abs();
        let mut start = digits.len();
        loop {
            start -= 1;
            digits[start] = b'0' + (rest % 10) as u8;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        self.0
            .push_str(std::str::from_utf8(&digits[start..]).unwrap_or_default());
    }

    /// The text written.
    pub(super) fn as_str(&self) -> &str {
        &self.0
    }

    /// One line of an item's documentation: `line` is the attribute's value (a leading
    /// space, as `///` comments have, or empty). Written as a `///` comment unless it
    /// holds a carriage return (which a doc comment cannot).
    pub(super) fn doc_line(&mut self, line: &str) {
        if line.contains('\r') {
            writeln!(self, "#[doc = {line:?}]");
        } else {
            self.push_all(&["///", line, "\n"]);
        }
    }

    /// The documentation `text`, one `///` line per line (each with a leading space,
    /// trailing spaces cut; empty lines empty).
    pub(super) fn docs(&mut self, text: &str) {
        for line in text.lines() {
            match line.trim_end() {
                "" => self.doc_line(""),
                line if line.contains('\r') => self.doc_line(&format!(" {line}")),
                line => self.push_all(&["/// ", line, "\n"]),
            }
        }
    }

    /// `text` as a string literal (as `{:?}` writes it; at once when nothing in it is
    /// escaped).
    pub(super) fn string(&mut self, text: &str) {
        if text
            .bytes()
            .all(|byte| (b' '..=b'~').contains(&byte) && byte != b'"' && byte != b'\\')
        {
            self.push_all(&["\"", text, "\""]);
        } else {
            write!(self, "{text:?}");
        }
    }
}

/// The runtime the generated code names: where the clock trait, `Instant` and the
/// items of `expand::runtime` are.
pub(super) struct Runtime {
    /// What the text writes before a runtime item's name: `self::` for `runtime =
    /// self`; `__rt::` otherwise, in the blocks that alias the runtime's path
    /// (`use @runtime as __rt;`).
    pub(super) prefix: &'static str,
    /// The clock trait's name in it (`ClockSource`; 7.4 calls it `ClockId`).
    pub(super) clock_trait: String,
    /// Whether the runtime's items are declared here (`runtime = self`).
    pub(super) declares_items: bool,
}

impl Runtime {
    /// The table's runtime; `None` when the invocation names none (reported).
    pub(super) fn of(table: &Table) -> Option<Self> {
        let options = &table.options;
        let runtime = options.runtime.as_ref()?;
        Some(Runtime {
            prefix: if runtime.is_self { "self::" } else { "__rt::" },
            clock_trait: options
                .clock_trait
                .as_ref()
                .map_or_else(|| "ClockSource".to_owned(), ToString::to_string),
            declares_items: runtime.is_self,
        })
    }

    /// The imports of the block that holds the impls: the runtime's path as `__rt`
    /// (but for `runtime = self`), and the primitive types of the clock trait's
    /// signatures, by one token each: paths from a macro cost the compiler more to
    /// resolve than the same paths written by hand. (The blocks that import a module's
    /// items with a glob still name them `::core::primitive::…`: a bindings module
    /// may have a `u64` of its own.)
    pub(super) fn imports(&self, text: &mut Text) {
        if !self.declares_items {
            text.push("#[allow(unused_imports)]\nuse @runtime as __rt;\n");
        }
        text.push("#[allow(unused_imports)]\nuse ::core::primitive::{i32, i64, u64};\n");
    }
}

/// A message the compiler shows away from the table (a failed compile-time check), as
/// a string literal: `file:LINE:COL: TEXT`, the line quoted below, as an `assert!`
/// format string (braces doubled).
pub(super) fn message(table: &Table, site: &Site, text: &str) -> String {
    let mut message = format!("{}{text}", table.location(site));
    if let (Site::Table(range), Some(file)) = (site, table.text()) {
        message = format!("{message}\n{}", file.excerpt(range));
    }
    format!("{:?}", message.replace('{', "{{").replace('}', "}}"))
}

/// The value of a missing constant's stand-in: outside every integer type a C constant
/// has.
pub(super) const MISSING: &str = "::core::primitive::i128::MIN";

/// The type the getter returns.
pub(super) fn returns(clock: &Clock) -> &'static str {
    if clock.returns_u64 {
        "::core::primitive::u64"
    } else {
        "::core::primitive::i64"
    }
}
