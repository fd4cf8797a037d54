//! What the modules of `expand` share: the runtime the generated code names, the
//! caller's `unsafe` token, and small token builders.

use crate::ast::{Site, Table};
use crate::validate::Clock;
use proc_macro2::{Delimiter, Group, Ident, Literal, Span, TokenStream};
use quote::{quote, ToTokens};

/// The runtime the generated code names: where the clock trait, `Instant` and the
/// items of `expand::runtime` are.
pub(super) struct Runtime {
    /// The runtime's path: `self`, `crate::time`, `::typed_clocks`.
    pub(super) path: TokenStream,
    /// The clock trait's name in it (`ClockSource`; 7.4 calls it `ClockId`).
    clock_trait: Ident,
    /// Whether the runtime's items are declared here (`runtime = self`).
    pub(super) declares_items: bool,
}

impl Runtime {
    /// The table's runtime; `None` when the invocation names none (reported).
    pub(super) fn of(table: &Table) -> Option<Self> {
        let options = &table.options;
        let runtime = options.runtime.as_ref()?;
        Some(Runtime {
            path: runtime.path.clone(),
            // The caller's name, resolved as the macro's own tokens are: a path of the
            // caller's tokens alone (`self::ClockId`) trips `unused_qualifications` in
            // the invoking module.
            clock_trait: options.clock_trait.as_ref().map_or_else(
                || Ident::new("ClockSource", Span::call_site()),
                |name| Ident::new(&name.to_string(), Span::call_site().located_at(name.span())),
            ),
            declares_items: runtime.is_self,
        })
    }

    /// The runtime's item `name`: `PATH::name`.
    pub(super) fn item(&self, name: &str) -> TokenStream {
        let path = &self.path;
        let name = Ident::new(name, Span::call_site());
        quote!(#path::#name)
    }

    /// The clock trait: `PATH::ClockSource`.
    pub(super) fn clock(&self) -> TokenStream {
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
    pub(super) fn wrap(&self, head: TokenStream, body: TokenStream) -> TokenStream {
        let token = self.0;
        let mut group = Group::new(Delimiter::Brace, body);
        group.set_span(token.span);
        quote!(#token #head #group)
    }
}

/// A message the compiler shows away from the table (a failed compile-time check):
/// `file:LINE:COL: TEXT`, the line quoted below, as an `assert!` format string (braces
/// doubled).
pub(super) fn message(table: &Table, site: &Site, text: &str) -> Literal {
    let mut message = format!("{}{text}", table.location(site));
    if let (Site::Table(range), Some(file)) = (site, table.text()) {
        message = format!("{message}\n{}", file.excerpt(range));
    }
    Literal::string(&message.replace('{', "{{").replace('}', "}}"))
}

/// The value of a missing constant's stand-in: outside every integer type a C constant
/// has.
pub(super) fn missing() -> TokenStream {
    quote!(::core::primitive::i128::MIN)
}

/// `#[doc = TEXT]` lines, one per line of `text`.
pub(super) fn doc_lines(text: &str) -> TokenStream {
    let mut tokens = TokenStream::new();
    for line in text.lines() {
        let line = format!(" {line}");
        let line = line.trim_end();
        tokens.extend(quote!(#[doc = #line]));
    }
    tokens
}

/// A `bool` as a token.
pub(super) fn flag(value: bool) -> TokenStream {
    Ident::new(if value { "true" } else { "false" }, Span::call_site()).into_token_stream()
}

/// The type the getter returns.
pub(super) fn returns(clock: &Clock) -> TokenStream {
    if clock.returns_u64 {
        quote!(::core::primitive::u64)
    } else {
        quote!(::core::primitive::i64)
    }
}
