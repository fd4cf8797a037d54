//! Prints what `declare_clocks!(ARGS)` expands to, as the proc macro would hand it to
//! the compiler: `cargo run -p typed-clocks-macros-impl --example expand -- '"clocks.toml"'`
//! (relative table paths are resolved against the current directory). Errors print as
//! the `compile_error!` invocations the compiler would report.
//! `scripts/macro-ratio.sh` uses it to build the "template" twin of a crate.

use proc_macro2::TokenStream;
use typed_clocks_macros_impl::{declare_clocks, Environment};

fn main() {
    let args = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
    let tokens: TokenStream = match args.parse() {
        Ok(tokens) => tokens,
        Err(error) => {
            eprintln!("the arguments are not Rust tokens: {error}");
            std::process::exit(2);
        }
    };
    let here = std::env::current_dir().ok();
    let env = Environment {
        manifest_dir: here.clone(),
        table_dir: None,
        source_dir: here,
        posix_available: true,
        working_dir: None,
    };
    println!("{}", declare_clocks(tokens, &env));
}
