//! The `declare_clocks!` procedural macro behind [`typed-clocks`].
//!
//! Use it through `typed_clocks::declare_clocks!`: the runtime crate documents the macro,
//! the table schema and the generated items. This crate is the compiler plugin only:
//! this file reads the compiler's environment and hands the tokens to one pipeline of
//! private modules with unit tests, as in thiserror's `impl` crate:
//!
//! stage | module | from → to
//! ---|---|---
//! parse | `input` | the invocation's tokens → options and inline rows
//! find, read | `env`, `read` (feature `toml`) | a table path → the file's rows, with byte spans
//! model | `ast` | both forms → one `Table`
//! validate | `validate` | `Table` → the clocks to declare; every error into a `Ctxt`
//! expand | `expand` | the clocks → the items, as text lexed once, the caller's tokens spliced in
//!
//! `schema` holds the keys, and `capabilities` the capabilities and their rules as
//! data (a file that imports nothing, which the tests include too); `capability`
//! applies those rules to a row. `ctxt` collects errors, `suggest` finds the name a
//! misspelt one was meant to be. No two modules import each other, directly or
//! around a loop: `ast`, `schema` and `capabilities` are at the bottom, and
//! `validate`'s results are types of their own (`validate::model`). No function is
//! over 60 lines. `tests/tests/macro_structure.rs` of the workspace checks both on
//! these sources (unit tests, `#[cfg(test)]`, are left out).
//!
//! Where a check goes (serde_derive's rule): a check of one key or option that needs
//! only its own tokens is made while parsing, where the tokens are read: an unknown
//! key or option, one given twice, a value of the wrong kind (a string for a flag, a
//! backend that is not `kernel` or `posix`), a malformed option (`bindings` without
//! `unsafe`, an option given twice). That is `input` for the
//! invocation and inline rows, `read` for the TOML file, with `suggest`. Every
//! other check is in `validate`: what a value names or means (names, getters, clock
//! ids, resolutions, offsets), the keys a row must give, and every rule between keys,
//! rows, options and the table: `validate::row` for one row (its required keys, its
//! values and the rules between them, including the capabilities' rules),
//! `validate::unique` across rows, `validate` itself for the options against the
//! table.
//!
//! [`typed-clocks`]: https://docs.rs/typed-clocks

mod ast;
mod capabilities;
mod capability;
mod clock_ids;
mod ctxt;
mod declare;
mod env;
mod expand;
mod input;
#[cfg(feature = "toml")]
mod read;
mod schema;
mod suggest;
#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
mod validate;

use proc_macro::TokenStream;
use std::path::PathBuf;

/// Declares one clock type per row of a clock table.
///
/// See `typed_clocks::declare_clocks!` for the forms, the table schema and the expansion.
///
/// With `DECLARE_CLOCKS_TIMING` set (non-empty) in the compiler's environment, each
/// expansion also prints how long it took, measured inside the compiler
/// (`scripts/macro-scaling.sh` uses it). The variable is not tracked: touch the
/// invoking file to measure again.
#[proc_macro]
pub fn declare_clocks(input: TokenStream) -> TokenStream {
    let start = std::time::Instant::now();
    let env = env::Environment {
        manifest_dir: std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from),
        table_dir: std::env::var_os(env::TABLE_DIR_VAR).map(PathBuf::from),
        source_file: Some(|span| span.unwrap().local_file()),
        locate: Some(|span| {
            let span = span.unwrap();
            Some(format!("{}:{}:{}", span.file(), span.line(), span.column()))
        }),
        // The compiler's lexer, once: proc-macro2's `from_str` checks the text with
        // its own lexer first.
        lex: Some(|text| {
            text.parse::<TokenStream>()
                .expect("the expansion's text is Rust tokens")
                .into()
        }),
        posix_available: cfg!(feature = "posix"),
        working_dir: None,
    };
    let output = declare::declare_clocks(input.into(), &env).into();
    if std::env::var_os("DECLARE_CLOCKS_TIMING").is_some_and(|value| !value.is_empty()) {
        eprintln!(
            "declare_clocks!: expanded in {:.3} ms",
            start.elapsed().as_secs_f64() * 1e3
        );
    }
    output
}
