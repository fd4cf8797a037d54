//! What a row names in a module (a bindings module's getter and clock id constant,
//! a `libc` clock id constant), checked where the compiler can tell, with one error at
//! the row's `clocks.toml:LINE:COL` instead of "cannot find …" at the invocation.
//!
//! The row's block declares a stand-in of each name; the code that names the item
//! imports the module with a glob in a block of its own, which shadows the stand-in
//! when the module has the item. So the code compiles either way, and a compile-time
//! assertion that tells the stand-in from the item fails with a message naming the
//! row's place in the table, quoting its line and saying what to do.

use super::tokens::{message, missing, returns};
use crate::ast::{Backend, Site, Table};
use crate::capabilities::{MONOTONIC_IDS, POSIX_READABLE_IDS};
use crate::validate::{Clock, ClockId};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;

/// The checks of one row, and the scope its code reads the module in.
pub(super) struct Checked {
    /// The row block's leading items: the module's alias, the stand-ins and the
    /// assertions.
    pub(super) prelude: TokenStream,
    /// The glob import of the module, for each block that names its items (empty
    /// without a module).
    pub(super) scope: TokenStream,
}

/// The checks of `clock`, whose items are those of `module` (a path and its text for
/// messages): a bindings module, or `libc` for a posix clock with a constant id.
pub(super) fn row(table: &Table, clock: &Clock, module: Option<(TokenStream, String)>) -> Checked {
    let Some((path, text)) = module else {
        return Checked {
            prelude: TokenStream::new(),
            scope: TokenStream::new(),
        };
    };
    let scope = quote! {
        #[allow(unused_imports)]
        use __module::*;
    };
    let mut stand_ins = TokenStream::new();
    let mut assertions = TokenStream::new();
    if let (Some(getter), Backend::Kernel) = (&clock.getter, table.options.backend) {
        let ident = &getter.value;
        let returns = returns(clock);
        stand_ins.extend(quote! {
            #[allow(dead_code, non_upper_case_globals)]
            const #ident: unsafe extern "C" fn() -> #returns = {
                extern "C" fn missing() -> #returns {
                    0
                }
                missing
            };
        });
        let message = message(
            table,
            &getter.site,
            &format!(
                "`{ident}` is not a function of the bindings module `{text}`: declare `{} \
                 {ident}(void);` in the header bindgen reads, or fix the row's `getter`",
                if clock.returns_u64 { "u64" } else { "ktime_t" }
            ),
        );
        // A function item is zero-sized; the stand-in, a function pointer, is not; nor is
        // a constant or static of the module of that name (whose call is then an error of
        // its own).
        assertions.extend(quote! {
            ::core::assert!(::core::mem::size_of_val(&#ident) == 0, #message);
        });
    }
    if let ClockId::Constant(constant) = &clock.id.value {
        let missing = missing();
        stand_ins.extend(quote! {
            #[allow(dead_code, non_upper_case_globals)]
            const #constant: ::core::primitive::i128 = #missing;
        });
        assertions.extend(id_assertions(table, clock, &text));
    }
    let prelude = quote! {
        #[allow(unused_imports)]
        use #path as __module;
        #stand_ins
        const _: () = {
            #scope
            #assertions
        };
    };
    Checked { prelude, scope }
}

/// The assertions about a clock id constant: the module has it, it fits a
/// `clockid_t`, and it has the value its name says where a capability relies on the
/// value (an hrtimer base; the posix backend's readable and monotonic ids).
fn id_assertions(table: &Table, clock: &Clock, module: &str) -> TokenStream {
    let ClockId::Constant(constant) = &clock.id.value else {
        return TokenStream::new();
    };
    let site = &clock.id.site;
    let missing = missing();
    let value = quote!((#constant as ::core::primitive::i128));
    let mut tokens = assertion(
        table,
        site,
        quote!(#value != #missing),
        &format!(
            "`{module}` has no clock id constant `{constant}`: fix the row's `clockid` (a \
             constant of that module, or an integer)"
        ),
    );
    tokens.extend(assertion(
        table,
        site,
        quote!(#value >= ::core::primitive::i32::MIN as ::core::primitive::i128
            && #value <= ::core::primitive::i32::MAX as ::core::primitive::i128),
        &format!(
            "the clock id constant `{constant}` of `{module}` does not fit a `clockid_t`: fix \
             the row's `clockid`"
        ),
    ));
    tokens.extend(match table.options.backend {
        Backend::Kernel => hrtimer_id_assertion(table, clock, constant, &value),
        Backend::Posix => posix_id_assertions(table, clock, &value),
    });
    tokens
}

/// A kernel clock with an hrtimer base: its constant has the value of the base's id.
fn hrtimer_id_assertion(
    table: &Table,
    clock: &Clock,
    constant: &Ident,
    value: &TokenStream,
) -> TokenStream {
    let hrtimer = clock.capabilities.iter().any(|c| c.key == "hrtimer");
    let (true, Some(known)) = (hrtimer, clock.id.value.known_value()) else {
        return TokenStream::new();
    };
    let known = Literal::i32_unsuffixed(known);
    assertion(
        table,
        &clock.id.site,
        quote!(#value == #known),
        &format!(
            "clock `{}` is declared `hrtimer = true` as clock id {known}, but the bindings' \
             `{constant}` has another value: fix the row's `clockid`",
            clock.name
        ),
    )
}

/// A posix clock whose constant's value is not known here: `clock_gettime` reads it,
/// and monotonically if the row says so.
fn posix_id_assertions(table: &Table, clock: &Clock, value: &TokenStream) -> TokenStream {
    if clock.id.value.known_value().is_some() {
        return TokenStream::new();
    }
    let site = &clock.id.site;
    let mut tokens = one_of(
        table,
        site,
        value,
        POSIX_READABLE_IDS,
        &format!(
            "`clock_gettime` can fail on the clock id of clock `{}` (an alarm clock without an \
             RTC, a negative or unknown id), and the clock would not advance: fix the row's \
             `clockid`",
            clock.name
        ),
    );
    if clock.monotonic {
        tokens.extend(one_of(
            table,
            site,
            value,
            MONOTONIC_IDS,
            &format!(
                "clock `{}` is declared `monotonic = true`, but `clock_gettime` does not read its \
                 clock id monotonically",
                clock.name
            ),
        ));
    }
    tokens
}

/// An assertion that `value` is one of `ids`.
fn one_of(table: &Table, site: &Site, value: &TokenStream, ids: &[i32], text: &str) -> TokenStream {
    let ids = ids.iter().map(|id| Literal::i32_unsuffixed(*id));
    assertion(
        table,
        site,
        quote!(::core::matches!(#value, #(#ids)|*)),
        text,
    )
}

/// `assert!(condition, MESSAGE)`, the message located at `site`.
fn assertion(table: &Table, site: &Site, condition: TokenStream, text: &str) -> TokenStream {
    let message = message(table, site, text);
    quote!(::core::assert!(#condition, #message);)
}
