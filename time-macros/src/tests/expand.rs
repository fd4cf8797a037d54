//! Writes what `typed_clocks::declare_clocks!(ARGS)` expands to, as the proc macro
//! would hand it to the compiler, for `scripts/macro-ratio.sh`'s "template" twin of a
//! crate:
//!
//! ```text
//! EXPAND_ARGS='"clocks.toml", unsafe(extern "C")' EXPAND_DIR=/path/to/crate EXPAND_OUT=out.rs \
//!     cargo test -p typed-clocks-macros --lib -- --ignored --exact tests::expand::print_expansion
//! ```
//!
//! The runtime is typed-clocks, as its `declare_clocks!` names it in a dependent crate
//! (`[::typed_clocks]` before the arguments); a `runtime = PATH` in `EXPAND_ARGS` wins,
//! as it does over that. Relative table paths are resolved against `EXPAND_DIR` (as the
//! crate's `CARGO_MANIFEST_DIR`). Errors are written as the `compile_error!`
//! invocations the compiler would report.

use crate::declare::declare_clocks;
use crate::env::Environment;
use proc_macro2::TokenStream;
use std::path::PathBuf;

#[test]
#[ignore = "a tool for scripts/macro-ratio.sh, driven by EXPAND_ARGS, EXPAND_DIR and EXPAND_OUT"]
fn print_expansion() {
    let var = |name: &str| std::env::var(name).unwrap_or_else(|_| panic!("set {name}"));
    let tokens: TokenStream = var("EXPAND_ARGS")
        .parse()
        .expect("EXPAND_ARGS are Rust tokens");
    let dir = PathBuf::from(var("EXPAND_DIR"));
    let env = Environment {
        manifest_dir: Some(dir),
        ..Environment::default()
    };
    let tokens = quote::quote!([::typed_clocks] #tokens);
    std::fs::write(var("EXPAND_OUT"), declare_clocks(tokens, &env).to_string())
        .expect("write EXPAND_OUT");
}
