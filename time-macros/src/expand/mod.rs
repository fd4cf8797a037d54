//! Code generation: the expansion written as Rust source text, lexed by the compiler,
//! with the caller's tokens spliced in (`text` says why and how). One template set for
//! every runtime and backend, in the modules below, each writing one kind of item:
//!
//! - `runtime`: the items the table's rules make part of the runtime (the capability
//!   traits, `ClockInfo`, `TableClock`, …), for `runtime = self`;
//! - `clocks`: each clock: its marker type, its clock-trait impl reading its getter,
//!   its capability impls, its row as data; `CLOCKS` and `for_each_clock`;
//! - `checks`: the compile-time checks of what the table names in a bindings module,
//!   located at the row's `clocks.toml:LINE:COL`;
//! - `convert`: the conversions between the clocks the table relates by a timekeeper
//!   offset;
//! - `text` the writer, `splice` the caller's tokens put in.
//!
//! The expansion is two texts. The first, lexed as it is, holds the items of the
//! invoking module that name nothing of the caller's: the table's `include_bytes!`,
//! the runtime's items, the marker types. The second holds one block with every impl,
//! `CLOCKS` and `for_each_clock`; it is lexed, then spliced: the block aliases the
//! runtime's path once (`use PATH as __rt;`, or `self::` for `runtime = self`), and
//! writes the items on the caller's word at its top level, apart from the others (in
//! a block of their own), so that the splice reads few tokens.
//!
//! The generated code names `core` as `::core` (the block imports the primitive types
//! its signatures name from `::core::primitive`), so it survives `mod core {}` and
//! `#![no_implicit_prelude]` in the invoking module. Every `unsafe` written on the
//! caller's word (`unsafe(bindings = …)`, `unsafe(extern "C")`) is the caller's own
//! token, and so are the first and last tokens of the item or block it opens: the lint
//! `unsafe_code` reports it at the invocation, so a crate under
//! `#![forbid(unsafe_code)]` cannot vouch for C. (The getters the macro declares for
//! `unsafe(extern "C")` are `safe fn`s in one `unsafe extern "C"` block of the
//! caller's: the block vouches for their signatures and for calling them, so their
//! calls need no `unsafe` of their own.) The `unsafe` the expansion justifies itself
//! (a compile-time check, a clamp) is its own.

mod checks;
mod clocks;
mod convert;
mod runtime;
mod splice;
mod text;

use crate::ast::{Source, Table};
use crate::validate::Valid;
use clocks::ClockItems;
use proc_macro2::TokenStream;
use quote::ToTokens;
use splice::Splices;
use text::{Runtime, Text};

/// Lexes Rust source text into tokens. In a procedural macro, the compiler's lexer
/// (`proc_macro`'s `TokenStream::from_str`); elsewhere, [`lex`].
pub(crate) type Lexer = fn(&str) -> TokenStream;

/// Lexes Rust source text with proc-macro2 (which, in a procedural macro, checks the
/// text with its own lexer before the compiler's).
pub(crate) fn lex(text: &str) -> TokenStream {
    text.parse().expect("the expansion's text is Rust tokens")
}

/// Everything `declare_clocks!` emits for a validated table.
pub(crate) fn expand(table: &Table, valid: &Valid, lex: Lexer) -> TokenStream {
    let mut items = Text::new();
    track_file(table, &mut items);
    let Some(runtime) = Runtime::of(table) else {
        // Reported: the rows declare their marker types only (validation makes no
        // clock of them).
        clocks::markers(valid, &mut items);
        return lex(items.as_str());
    };
    if runtime.declares_items {
        runtime::items(&runtime, &mut items);
    }
    clocks::markers(valid, &mut items);
    let mut spliced = Text::new();
    if let Some(clock_items) = clocks::clocks(table, valid, &runtime, &mut items) {
        block(table, valid, &runtime, &clock_items, &mut spliced);
        clocks::table_items(&clock_items.names, &runtime, &mut spliced);
    }
    let mut tokens = lex(items.as_str());
    if !spliced.as_str().is_empty() {
        let (text, idents) = spliced.into_parts();
        let mut splices = splices(table, idents);
        tokens.extend(splices.splice(lex(&text)));
    }
    tokens
}

/// The block of every impl: its imports, the items on the caller's word, the others in
/// a block of their own (which the splice does not read), and the conversions.
fn block(table: &Table, valid: &Valid, runtime: &Runtime, items: &ClockItems, text: &mut Text) {
    text.push("const _: () = @{\n");
    runtime.imports(text);
    text.append(&items.vouched);
    text.push("const _: () = {\n");
    text.append(&items.plain);
    text.push("};\n");
    convert::conversions(table, valid, runtime, text);
    text.push("};\n");
}

/// The caller's tokens that the markers of the text stand for.
fn splices(table: &Table, idents: Vec<proc_macro2::Ident>) -> Splices {
    let options = &table.options;
    Splices {
        idents: idents.into_iter(),
        vouched: options.trust.as_ref().map(|(token, _)| token.span),
        runtime: options.runtime.as_ref().map(|runtime| runtime.path.clone()),
        bindings: options
            .trusted_bindings()
            .map(|(_, path)| path.to_token_stream()),
    }
}

/// Including the table makes cargo (and Kbuild, through rustc's dep-info) rebuild the
/// invoking crate when it changes.
fn track_file(table: &Table, text: &mut Text) {
    if let Source::File { path, .. } = &table.source {
        writeln!(
            text,
            "const _: &[::core::primitive::u8] = ::core::include_bytes!({path:?});"
        );
    }
}
