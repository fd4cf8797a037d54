//! The generated-code reference, `docs/expansion/expanded.rs`: what the kernel's
//! invocation makes of the small table beside it, formatted. The test fails when the
//! macro's output changes; `UPDATE_EXPANSION=1` rewrites the file (read the diff).

use crate::declare::declare_clocks;
use crate::env::Environment;
use quote::quote;
use std::path::Path;

/// What the file says above the expansion.
const HEADER: &str = "\
// SPDX-License-Identifier: GPL-2.0
//
// What `declare_clocks!` expands to, for the table `clocks.toml` beside this file:
//
//     declare_clocks!(
//         \"clocks.toml\",
//         unsafe(bindings = crate::bindings),
//         runtime = self
//     );
//
// formatted with prettyplease, and the table's absolute path cut to its name. Written by
// `UPDATE_EXPANSION=1 cargo test -p typed-clocks-macros --lib reference`, and checked
// against the macro's output by that test. The `unsafe` items and blocks the caller's
// `unsafe(...)` vouches for carry the caller's token (docs/runtime.md).

";

#[test]
fn the_reference_is_the_macros_output() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/expansion");
    let dir = dir.canonicalize().expect("docs/expansion");
    let env = Environment {
        manifest_dir: Some(dir.clone()),
        ..Environment::default()
    };
    let tokens = declare_clocks(
        quote!("clocks.toml", unsafe(bindings = crate::bindings), runtime = self),
        &env,
    );
    let file: syn::File = syn::parse2(tokens).expect("the expansion is a Rust file");
    let table = dir.join("clocks.toml");
    let expanded = format!("{HEADER}{}", prettyplease::unparse(&file)).replace(
        &format!("{:?}", table.display().to_string()),
        "\"clocks.toml\"",
    );
    let path = dir.join("expanded.rs");
    if std::env::var_os("UPDATE_EXPANSION").is_some() {
        std::fs::write(&path, &expanded).expect("write expanded.rs");
        return;
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        written == expanded,
        "docs/expansion/expanded.rs is not the macro's output: rewrite it with \
         UPDATE_EXPANSION=1 cargo test -p typed-clocks-macros --lib reference (then read \
         the diff)"
    );
}
