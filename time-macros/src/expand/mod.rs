//! Code generation: one template set for every runtime and backend, written with
//! `quote!` in the modules below, each holding one kind of item:
//!
//! - `runtime`: the items the table's rules make part of the runtime (the capability
//!   traits, `ClockInfo`, `TableClock`, …), for `runtime = self`;
//! - `clocks`: each clock: its marker type, its clock-trait impl reading its getter,
//!   its capability impls, its row as data; `CLOCKS` and `for_each_clock`;
//! - `checks`: the compile-time checks of what the table names in a bindings module,
//!   located at the row's `clocks.toml:LINE:COL`;
//! - `convert`: the conversions between the clocks the table relates by a timekeeper
//!   offset.
//!
//! The generated code names the runtime through the one path the invocation gives
//! (`tokens::Runtime`): the kernel's `kernel::time` (`runtime = self` in it) or
//! `::typed_clocks`, and `core` as `::core`, so it survives `mod core {}` and
//! `#![no_implicit_prelude]` in the invoking module. Every `unsafe` written on the
//! caller's word (`unsafe(bindings = …)`, `unsafe(extern "C")`) is the caller's own
//! token, and so are the first and last tokens of the item or block it opens
//! (`tokens::Vouched`): the lint `unsafe_code` reports it at the invocation, so a crate under
//! `#![forbid(unsafe_code)]` cannot vouch for C. The `unsafe` the expansion justifies
//! itself (a compile-time check, a clamp) is its own.

mod checks;
mod clocks;
mod convert;
mod runtime;
mod tokens;

use crate::ast::{Source, Table};
use crate::validate::Valid;
use proc_macro2::TokenStream;
use quote::quote;
use tokens::Runtime;

/// Everything `declare_clocks!` emits for a validated table.
pub(crate) fn expand(table: &Table, valid: &Valid) -> TokenStream {
    let mut tokens = TokenStream::new();
    tokens.extend(track_file(table));
    let Some(runtime) = Runtime::of(table) else {
        // Reported: the rows declare their marker types only (validation makes no
        // clock of them).
        tokens.extend(clocks::markers(valid));
        return tokens;
    };
    if runtime.declares_items {
        tokens.extend(runtime::items(&runtime));
    }
    tokens.extend(clocks::markers(valid));
    tokens.extend(clocks::clocks(table, valid, &runtime));
    tokens.extend(convert::conversions(table, valid, &runtime));
    tokens
}

/// Including the table makes cargo (and Kbuild, through rustc's dep-info) rebuild the
/// invoking crate when it changes.
fn track_file(table: &Table) -> Option<TokenStream> {
    let Source::File { path, .. } = &table.source else {
        return None;
    };
    Some(quote! {
        const _: &[::core::primitive::u8] = ::core::include_bytes!(#path);
    })
}
