//! Property tests of the macro as a library: no table, no file and no token stream
//! makes it panic, and every expansion is a Rust file; valid tables always expand, in
//! every TOML layout and in the inline form, under every runtime option, each clock
//! with the impls, row data and compile-time checks its row gives it; one broken row
//! gives exactly the error it should, at its `file:LINE:COL`, without disturbing the
//! other rows; every rejection of a table is an error that starts with
//! `clocks.toml:LINE:COL:` inside the file, and so is every compile-time check's
//! message; and every `unsafe` written on the caller's word is the caller's own token.
//!
//! Tables are checked in memory (`read::read`, as `declare::read_file` runs it, then
//! `validate::validate` + `expand::expand`); the file path
//! (`declare::declare_clocks` with a temporary `CARGO_MANIFEST_DIR`) gets its own,
//! smaller properties: valid files, arbitrary bytes, invalid UTF-8. Expansions are
//! read back by `tests::observe`.
//!
//! Case counts: `PROPTEST_CASES` (proptest's own variable, default 256) per property,
//! divided by 8 for the properties that write a file per case. Every property prints
//! `proptests: NAME: N cases passed in T` (visible with `--nocapture`). The long run:
//!
//! ```text
//! PROPTEST_CASES=10000 cargo test -p typed-clocks-macros --release --lib tests::proptests \
//!     -- --nocapture 2>&1 | grep '^proptests:'
//! ```
//!
//! `cargo fuzz` is not used: it needs a nightly toolchain (`-Zsanitizer`), and only
//! stable is installed here; these properties drive the same entry points instead.

use super::observe::{invariants, observe, Expansion};
use crate::ast::{Source, Table as AstTable, TableText};
use crate::ctxt::Ctxt;
use crate::declare::declare_clocks;
use crate::env::Environment;
use crate::schema::row_keys;
use crate::validate::{is_keyword, validate};
use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseResult, TestRunner};
use quote::quote;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Debug;
use std::path::PathBuf;

// ---------------------------------------------------------------------------------
// Running properties

/// Runs `test` on `PROPTEST_CASES / divisor` cases of `strategy` (failures are
/// shrunk and saved under `proptest-regressions/`, as with `proptest!`), then prints
/// how many cases passed.
fn property<S>(name: &str, divisor: u32, strategy: S, test: impl Fn(S::Value) -> TestCaseResult)
where
    S: Strategy,
    S::Value: Debug,
{
    let defaults = Config::default();
    let config = Config {
        cases: (defaults.cases / divisor).max(1),
        source_file: Some(file!()),
        failure_persistence: Some(Box::new(FileFailurePersistence::SourceParallel(
            "proptest-regressions",
        ))),
        ..defaults
    };
    let cases = config.cases;
    let started = std::time::Instant::now();
    if let Err(failure) = TestRunner::new(config).run(&strategy, test) {
        panic!("{name}: {failure}");
    }
    eprintln!(
        "proptests: {name}: {cases} cases passed in {:.2?}",
        started.elapsed()
    );
}

mod broken_rows;
mod damage;
mod edge_cases;
mod run;
mod tokens;
mod valid_model;
mod valid_tables;
mod vouched;
mod write;

use run::*;
use valid_model::*;
use write::*;
