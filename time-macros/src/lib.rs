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
//! expand | `expand` | the clocks → one invocation of typed-clocks's template
//!
//! `schema` and `capability` hold the keys and the capability table that the stages
//! derive their lists from; `ctxt` collects errors, `suggest` finds the name a
//! misspelt one was meant to be.
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
