//! The `declare_clocks!` procedural macro behind [`typed-clocks`].
//!
//! Use it through `typed_clocks::declare_clocks!`: the runtime crate documents the macro,
//! the table schema and the generated items. This crate is the compiler plugin only:
//! this file reads the compiler's environment and hands the tokens to
//! `declare::declare_clocks`; the stages are ordinary private modules with unit tests
//! (parse → read → validate → expand), as in thiserror's `impl` crate.
//!
//! [`typed-clocks`]: https://docs.rs/typed-clocks

mod declare;
mod diagnostics;
mod env;
mod expand;
mod input;
mod model;
mod suggest;
#[cfg(feature = "toml")]
mod table;
mod template;
#[cfg(test)]
mod tests;
mod validate;

use proc_macro::TokenStream;
use std::path::{Path, PathBuf};

/// Declares one zero-sized clock type per row of a clock table.
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
        source_dir: proc_macro::Span::call_site()
            .local_file()
            .and_then(|file| file.parent().map(Path::to_path_buf)),
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
