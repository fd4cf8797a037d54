//! Code generation: one template set for every runtime and backend, written with
//! `quote!` in the modules below, each holding one kind of item:
//!
//! module | what it writes
//! ---|---
//! `runtime` | the items the table's rules make part of the runtime (the capability traits, `ClockInfo`, `TableClock`, …), for `runtime = self`
//! `clocks` | each clock: its marker type, its clock-trait impl reading its getter, its capability impls, its row as data; `CLOCKS` and `for_each_clock`
//! `checks` | the compile-time checks of what the table names in a bindings module, located at the row's `clocks.toml:LINE:COL`
//! `convert` | the conversions between the clocks the table relates by a timekeeper offset
//!
//! The generated code names the runtime through the one path the invocation gives
//! ([`Runtime`]): the kernel's `kernel::time` (`runtime = self` in it) or
//! `::typed_clocks`, and `core` as `::core`, so it survives `mod core {}` and
//! `#![no_implicit_prelude]` in the invoking module. Every `unsafe` written on the
//! caller's word (`unsafe(bindings = …)`, `unsafe(extern "C")`) is the caller's own
//! token, and so are the first and last tokens of the item or block it opens
//! ([`Vouched`]): the lint `unsafe_code` reports it at the invocation, so a crate under
//! `#![forbid(unsafe_code)]` cannot vouch for C. The `unsafe` the expansion justifies
//! itself (a compile-time check, a clamp) is its own.

mod checks;
mod clocks;
mod convert;
mod runtime;

use crate::ast::{Site, Source, Table};
use crate::validate::Valid;
use proc_macro2::{Delimiter, Group, Ident, Literal, Span, TokenStream};
use quote::{quote, ToTokens};

/// Everything `declare_clocks!` emits for a validated table.
pub(crate) fn expand(table: &Table, valid: &Valid) -> TokenStream {
    let Some(runtime) = Runtime::of(table) else {
        return TokenStream::new();
    };
    let mut tokens = TokenStream::new();
    tokens.extend(track_file(table));
    if runtime.declares_items {
        tokens.extend(runtime::items(&runtime));
    }
    tokens.extend(clocks::markers(valid));
    tokens.extend(clocks::clocks(table, valid, &runtime));
    tokens.extend(convert::conversions(table, valid, &runtime));
    tokens
}

/// The runtime the generated code names: where the clock trait, `Instant` and the
/// items of [`runtime`] are.
pub(crate) struct Runtime {
    /// The runtime's path: `self`, `crate::time`, `::typed_clocks`.
    path: TokenStream,
    /// The clock trait's name in it (`ClockSource`; 7.4 calls it `ClockId`).
    clock_trait: Ident,
    /// Whether the runtime's items are declared here (`runtime = self`).
    declares_items: bool,
}

impl Runtime {
    /// The table's runtime; `None` when the invocation names none (reported).
    fn of(table: &Table) -> Option<Self> {
        let options = &table.options;
        let runtime = options.runtime.as_ref()?;
        Some(Runtime {
            path: runtime.path.clone(),
            clock_trait: options
                .clock_trait
                .clone()
                .unwrap_or_else(|| Ident::new("ClockSource", Span::call_site())),
            declares_items: runtime.is_self,
        })
    }

    /// The runtime's item `name`: `PATH::name`.
    fn item(&self, name: &str) -> TokenStream {
        let path = &self.path;
        let name = Ident::new(name, Span::call_site());
        quote!(#path::#name)
    }

    /// The clock trait: `PATH::ClockSource`.
    fn clock(&self) -> TokenStream {
        let path = &self.path;
        let name = &self.clock_trait;
        quote!(#path::#name)
    }
}

/// The caller's `unsafe` token, which an item or block written on the caller's word
/// opens with.
pub(crate) struct Vouched<'a>(pub(crate) &'a syn::Token![unsafe]);

impl Vouched<'_> {
    /// `unsafe HEAD { BODY }` (an `unsafe impl`, an `unsafe extern` block, an `unsafe`
    /// block) with its first and last tokens spanned at the caller's `unsafe`: an item
    /// spans from its first token to its last, and the lint `unsafe_code` reports only
    /// the items and blocks whose span is the caller's code.
    fn wrap(&self, head: TokenStream, body: TokenStream) -> TokenStream {
        let token = self.0;
        let mut group = Group::new(Delimiter::Brace, body);
        group.set_span(token.span);
        quote!(#token #head #group)
    }
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

/// A message the compiler shows away from the table (a failed compile-time check):
/// `file:LINE:COL: TEXT`, the line quoted below, as an `assert!` format string (braces
/// doubled).
fn message(table: &Table, site: &Site, text: &str) -> Literal {
    let mut message = format!("{}{text}", table.location(site));
    if let (Site::Table(range), Some(file)) = (site, table.text()) {
        message = format!("{message}\n{}", file.excerpt(range));
    }
    Literal::string(&message.replace('{', "{{").replace('}', "}}"))
}

/// The value of a missing constant's stand-in: outside every integer type a C constant
/// has.
fn missing() -> TokenStream {
    quote!(::core::primitive::i128::MIN)
}

/// `#[doc = TEXT]` lines, one per line of `text`.
fn doc_lines(text: &str) -> TokenStream {
    let mut tokens = TokenStream::new();
    for line in text.lines() {
        let line = format!(" {line}");
        let line = line.trim_end();
        tokens.extend(quote!(#[doc = #line]));
    }
    tokens
}

/// A `bool` as a token.
fn flag(value: bool) -> TokenStream {
    Ident::new(if value { "true" } else { "false" }, Span::call_site()).into_token_stream()
}
