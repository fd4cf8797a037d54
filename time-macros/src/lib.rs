//! The `declare_clocks!` procedural macro behind [`time-core`].
//!
//! Use it through `time_core::declare_clocks!`: the runtime crate documents the macro,
//! the table schema and the generated items. This crate is only the compiler plugin;
//! everything below the entry point is an ordinary library (parse → read → validate →
//! expand), unit-tested without a compiler.
//!
//! [`time-core`]: https://docs.rs/time-core

// Without the TOML reader, file resolution and table diagnostics are compiled but
// unused (the inline form needs neither); keep one build of the modules for both.
#![cfg_attr(not(feature = "toml"), allow(dead_code))]

mod declare;
mod diagnostics;
mod env;
mod expand;
mod input;
mod model;
#[cfg(all(test, feature = "toml"))]
mod proptests;
#[cfg(all(test, feature = "toml"))]
mod scaling;
mod suggest;
#[cfg(feature = "toml")]
mod table;
mod validate;

use proc_macro::TokenStream;

/// Declares one zero-sized clock type per row of a clock table.
///
/// See `time_core::declare_clocks!` for the forms, the table schema and the expansion.
///
/// With `DECLARE_CLOCKS_TIMING` set (non-empty) in the compiler's environment, each expansion also
/// prints how long it took, measured inside the compiler (`scripts/macro-scaling.sh`
/// uses it). The variable is not tracked: touch the invoking file to measure again.
#[proc_macro]
pub fn declare_clocks(input: TokenStream) -> TokenStream {
    let start = std::time::Instant::now();
    let env = env::Environment::from_compiler();
    let output = declare::declare_clocks(input.into(), &env).into();
    if std::env::var_os("DECLARE_CLOCKS_TIMING").is_some_and(|value| !value.is_empty()) {
        eprintln!(
            "declare_clocks!: expanded in {:.3} ms",
            start.elapsed().as_secs_f64() * 1e3
        );
    }
    output
}
