//! The items a clock table's rules make part of its runtime, declared where the
//! invocation says `runtime = self` (the kernel's `kernel::time`, typed-clocks's root):
//! one trait per capability of the capability table (and its narrower trait), the
//! table as data (`ClockInfo`, with one `bool` per capability, and `Resolution`),
//! `TableClock`, `ClockVisitor` and `ConvertsTo`. Each table's clocks implement them
//! (`clocks`, `convert`).

use super::tokens::{doc_lines, Runtime};
use crate::capabilities::{Trait, CAPABILITIES};
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

/// The runtime's items.
pub(super) fn items(runtime: &Runtime) -> TokenStream {
    let mut tokens = TokenStream::new();
    for capability in CAPABILITIES {
        tokens.extend(capability_trait(runtime, &capability.tr));
        if let Some(narrower) = &capability.narrower {
            tokens.extend(capability_trait(runtime, &narrower.tr));
        }
    }
    tokens.extend(row_items(runtime));
    tokens.extend(table_traits(runtime));
    tokens
}

/// The trait of a capability.
fn capability_trait(runtime: &Runtime, tr: &Trait) -> TokenStream {
    let name = Ident::new(tr.name, Span::call_site());
    let supertrait = match tr.supertrait {
        Some(name) => runtime.item(name),
        None => runtime.clock(),
    };
    let [message, label, note] = tr.unimplemented;
    let note = (!note.is_empty()).then(|| quote!(, note = #note));
    if tr.is_unsafe {
        let mut doc = doc_lines(tr.doc);
        doc.extend(quote!(#[doc = ""] #[doc = " # Safety"] #[doc = ""]));
        doc.extend(doc_lines(tr.safety));
        // Clippy reads no doc attribute a macro wrote, so it cannot see the section.
        quote! {
            #doc
            #[diagnostic::on_unimplemented(message = #message, label = #label #note)]
            #[allow(clippy::missing_safety_doc)]
            pub unsafe trait #name: #supertrait {}
        }
    } else {
        let doc = doc_lines(tr.doc);
        quote! {
            #doc
            #[diagnostic::on_unimplemented(message = #message, label = #label #note)]
            pub trait #name: #supertrait {}
        }
    }
}

/// `Resolution` and `ClockInfo`: a table's rows as data.
fn row_items(runtime: &Runtime) -> TokenStream {
    let resolution = runtime.item("Resolution");
    let fields = CAPABILITIES.iter().map(|capability| {
        let key = Ident::new(capability.key, Span::call_site());
        let doc = format!(
            " Whether the clock {}: the row's `{}`.",
            capability.doc, capability.key
        );
        quote!(#[doc = #doc] pub #key: ::core::primitive::bool,)
    });
    quote! {
        /// How finely a clock's readings advance: a row's `resolution`.
        #[derive(::core::clone::Clone, ::core::marker::Copy, ::core::fmt::Debug,
                 ::core::cmp::PartialEq, ::core::cmp::Eq)]
        pub enum Resolution {
            /// Readings advance in steps of at most this many nanoseconds (1 when the
            /// row does not say).
            Nanos(::core::primitive::i64),
            /// Readings advance only at the timer tick, every `1/HZ` seconds (the coarse
            /// clocks): intervals shorter than a tick cannot be measured on such a clock.
            Tick,
        }

        /// One row of a clock table, as data: what `declare_clocks!` lists in the
        /// `CLOCKS` array it declares beside the clocks, in table order, and in each
        /// clock's [`TableClock::INFO`].
        #[derive(::core::clone::Clone, ::core::marker::Copy, ::core::fmt::Debug)]
        pub struct ClockInfo {
            /// The clock's name, which is its type's name.
            pub name: &'static ::core::primitive::str,
            /// The clock's `clockid_t` (the row's `clockid`).
            pub id: ::core::primitive::i32,
            /// The C function that reads the clock (the row's `getter`; empty when the
            /// clock is read by its id).
            pub getter: &'static ::core::primitive::str,
            /// The row's `doc` (empty without one).
            pub doc: &'static ::core::primitive::str,
            /// How finely the clock's readings advance.
            pub resolution: #resolution,
            #(#fields)*
            /// Reads the clock: the `ktime_get` of its clock trait.
            pub read: fn() -> ::core::primitive::i64,
        }
    }
}

/// `TableClock`, `ClockVisitor`, `ConvertsTo`: the traits over a table's clocks.
fn table_traits(runtime: &Runtime) -> TokenStream {
    let clock = runtime.clock();
    let instant = runtime.item("Instant");
    let info = runtime.item("ClockInfo");
    let table_clock = runtime.item("TableClock");
    let converts_to_note = "conversions exist only between clocks related by a timekeeper \
        offset (`offset = \"TK_OFFS_...\"` in clocks.toml) and their monotonic base (the row \
        with `offset_base = true`)";
    quote! {
        /// A clock of a clock table: its row, as data.
        pub trait TableClock: #clock {
            /// The clock's row.
            const INFO: #info;
        }

        /// Code that is generic over every clock of a table: the `for_each_clock`
        /// that `declare_clocks!` declares beside the clocks calls
        /// [`visit`](ClockVisitor::visit) once per clock, in table order.
        pub trait ClockVisitor {
            /// Called once for each clock `C` of the table.
            fn visit<C: #table_clock>(&mut self);
        }

        /// The instants of `Self` convert to the clock `D`: the clock table relates the
        /// two by the kernel's timekeeper offsets (`offset_base = true` on one row,
        /// `offset = "TK_OFFS_…"` on others).
        #[diagnostic::on_unimplemented(
            message = "the clock table declares no conversion from `{Self}` to `{D}`",
            label = "no conversion between these clocks",
            note = #converts_to_note
        )]
        pub trait ConvertsTo<D: #clock>: #clock + ::core::marker::Sized {
            /// The instant of `D` that is the same moment as `instant`, with the offsets
            /// as they are now, saturating at `0` and `KTIME_MAX`.
            fn to_clock(instant: #instant<Self>) -> #instant<D>;
        }
    }
}
