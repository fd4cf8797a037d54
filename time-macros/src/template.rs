//! The interface between this crate and typed-clocks's `__clock_items!` template, defined
//! once: a [`TemplateRow`] per clock, written by its one [`ToTokens`] impl in the order
//! the template's pattern reads it (`time-core/src/items.rs`).
//!
//! ```text
//! Name "marker doc" "table doc" "Name" MONOTONIC [ID] [RESOLUTION]
//!     [getter "missing" "not a function" [MODULE]] [getter RETURN] [CONSTANT "message"] { READ }
//! ```
//!
//! The rows are positional to keep them short (building tokens and taking them across
//! the proc-macro bridge is most of what the macro costs, `docs/performance.md`); the
//! field order below is the pattern's order. `tests/tests/template_rows.rs` compiles
//! the template against rows of every shape this type writes, so the two cannot drift
//! apart.

use crate::model::{ModulePath, Resolution, Returns};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{quote, ToTokens};

/// One clock, as the template takes it.
pub struct TemplateRow<'a> {
    /// The marker type.
    pub name: &'a Ident,
    /// The marker type's whole doc comment.
    pub doc: String,
    /// The table's `doc` alone (`""` without one), for `ClockInfo`.
    pub table_doc: &'a str,
    /// Whether the clock never goes backwards.
    pub monotonic: bool,
    /// The `clockid_t` expression, if the row has one.
    pub id: Option<TokenStream>,
    /// How finely the clock advances (`None`: one nanosecond).
    pub resolution: Option<Resolution>,
    /// A getter from the bindings module (the template imports the module's items
    /// into the reader, over a stand-in for a missing getter).
    pub bindings_getter: Option<BindingsGetter<'a>>,
    /// A getter the template declares itself, `extern "C" fn getter() -> RETURN`.
    pub extern_getter: Option<(&'a Ident, Returns)>,
    /// A clock id constant: its name, and the message of the error when the module
    /// that should hold it lacks it (a stand-in, as for getters).
    pub id_constant: Option<(&'a Ident, String)>,
    /// The block that reads the clock, as `ClockSource::ktime_get`'s body.
    pub read: TokenStream,
}

/// A getter of the bindings module, with the errors about it.
pub struct BindingsGetter<'a> {
    /// The getter.
    pub getter: &'a Ident,
    /// The bindings module.
    pub module: &'a ModulePath,
    /// The note of the denied deprecation when the module has no `getter`: the
    /// template's stand-in, which the reader's `use MODULE::*` shadows, is used then.
    pub missing: String,
    /// The message of the const assertion that fails when the module's `getter` is not
    /// a function (an `assert!` format string: braces doubled).
    pub not_a_function: String,
}

impl ToTokens for TemplateRow<'_> {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let TemplateRow {
            name,
            doc,
            table_doc,
            monotonic,
            id,
            resolution,
            bindings_getter,
            extern_getter,
            id_constant,
            read,
        } = self;
        let text = Literal::string(&name.to_string());
        let monotonic = Ident::new(if *monotonic { "true" } else { "false" }, Span::call_site());
        let resolution = match resolution {
            None => quote!(Nanos(1)),
            Some(Resolution::Nanos(nanos)) => {
                let nanos = Literal::i64_unsuffixed(*nanos);
                quote!(Nanos(#nanos))
            }
            Some(Resolution::Tick) => quote!(Tick),
        };
        let bindings_getter = bindings_getter.as_ref().map(|getter| {
            let BindingsGetter {
                getter,
                module,
                missing,
                not_a_function,
            } = getter;
            let missing = Literal::string(missing);
            let not_a_function = Literal::string(not_a_function);
            quote!(#getter #missing #not_a_function [#module])
        });
        let extern_getter = extern_getter.as_ref().map(|(getter, returns)| {
            let returns = match returns {
                Returns::Ktime => quote!(Ktime),
                Returns::U64 => quote!(u64),
            };
            quote!(#getter #returns)
        });
        let id_constant = id_constant.as_ref().map(|(constant, message)| {
            let message = Literal::string(message);
            quote!(#constant #message)
        });
        tokens.extend(quote! {
            #name #doc #table_doc #text #monotonic [#id] [#resolution]
            [#bindings_getter] [#extern_getter] [#id_constant] #read
        });
    }
}
