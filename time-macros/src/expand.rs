//! Code generation with `quote!`. Generated code names its runtime only through
//! `::time_core::__private`, so it survives `mod core {}` and `#![no_implicit_prelude]`
//! in the invoking module.

use crate::input::Options;
use crate::model::{Clock, ClockId};
use crate::validate::Declared;
use proc_macro2::{Ident, TokenStream};
use quote::quote;

/// Everything `declare_clocks!` emits for a validated table.
pub(crate) fn expand(
    declared: &[Declared],
    options: &Options,
    table_file: Option<&str>,
) -> TokenStream {
    let items = declared.iter().map(|declared| match declared {
        Declared::Clock(clock) => clock_items(clock, options, table_file),
        Declared::MarkerOnly(name) => marker_only(name),
    });
    // Including the table makes cargo rebuild the invoking crate when it changes.
    let track = table_file.map(|path| {
        quote! {
            const _: &[::core::primitive::u8] = ::time_core::__private::core::include_bytes!(#path);
        }
    });
    quote! {
        #track
        #(#items)*
    }
}

fn clock_items(clock: &Clock, options: &Options, table_file: Option<&str>) -> TokenStream {
    let Clock {
        name,
        getter,
        monotonic,
        clockid,
        doc,
    } = clock;
    let private = quote!(::time_core::__private);
    let name_text = name.to_string();
    let getter_text = getter.to_string();

    let mut docs: Vec<String> = doc
        .as_deref()
        .map(|doc| doc.lines().map(|line| format!(" {line}")).collect())
        .unwrap_or_default();
    if !docs.is_empty() {
        docs.push(String::new());
    }
    docs.push(format!(
        " A [`ClockSource`]({private}::ClockSource) read by the C function `{getter_text}`{}.",
        if *monotonic {
            "; monotonic, so [`Instant::elapsed`](::time_core::Instant::elapsed) is available"
        } else {
            "; not monotonic: it can jump backwards"
        },
        private = "::time_core"
    ));
    if let Some(clockid) = clockid {
        let shown = match clockid {
            ClockId::Constant(constant) => format!("`{constant}`"),
            ClockId::Number(number) => format!("`{number}`"),
        };
        docs.push(format!(" Its `clockid_t` is {shown}."));
    }
    docs.push(match table_file {
        Some(file) => format!(
            " Declared by `declare_clocks!` from `{}`.",
            file.rsplit(['/', '\\']).next().unwrap_or(file)
        ),
        None => " Declared by `declare_clocks!`.".to_owned(),
    });

    let id = match clockid {
        None => quote!(#private::core::option::Option::None),
        Some(ClockId::Number(number)) => quote!(#private::core::option::Option::Some(#number)),
        Some(ClockId::Constant(constant)) => {
            let bindings = options.bindings.as_ref().map(|path| quote!(#path::));
            quote!(#private::core::option::Option::Some(#bindings #constant as #private::ClockId))
        }
    };

    let safety_doc = format!(
        " Reads the clock through `{getter_text}`. Safety argument for the call: the clock table \
         declares `{getter_text}` as the C function `ktime_t {getter_text}(void)`, which takes no \
         arguments, has no preconditions and only reads timekeeping state."
    );
    let body = match &options.bindings {
        Some(bindings) => quote! {
            // SAFETY: the clock table declares the getter as a C function
            // `ktime_t getter(void)` with no preconditions that only reads the clock.
            unsafe { #bindings::#getter() }
        },
        None => quote! {
            unsafe extern "C" {
                fn #getter() -> #private::Ktime;
            }
            // SAFETY: the clock table declares the getter as a C function
            // `ktime_t getter(void)` with no preconditions that only reads the clock.
            unsafe { #getter() }
        },
    };

    let monotonic_impl = monotonic.then(|| quote!(impl #private::MonotonicClock for #name {}));
    quote! {
        #(#[doc = #docs])*
        pub enum #name {}

        impl #private::Sealed for #name {}

        impl #private::ClockSource for #name {
            const NAME: &'static ::core::primitive::str = #name_text;
            const MONOTONIC: ::core::primitive::bool = #monotonic;
            const ID: #private::core::option::Option<#private::ClockId> = #id;

            #[doc = #safety_doc]
            #[inline]
            fn ktime_get() -> #private::Ktime {
                #body
            }
        }

        #monotonic_impl
    }
}

/// A row with errors still declares its type (without impls), so that code using it
/// does not bury the real error under "cannot find type" errors.
fn marker_only(name: &Ident) -> TokenStream {
    quote! {
        /// A clock whose row in the clock table has errors (see the compiler's message).
        pub enum #name {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::Span;

    fn clock(monotonic: bool, clockid: Option<ClockId>) -> Clock {
        Clock {
            name: Ident::new("Monotonic", Span::call_site()),
            getter: Ident::new("ktime_get", Span::call_site()),
            monotonic,
            clockid,
            doc: Some("Time since boot.".to_owned()),
        }
    }

    fn text(tokens: TokenStream) -> String {
        tokens.to_string()
    }

    #[test]
    fn bindings_form_calls_through_the_module() {
        let options = Options {
            bindings: Some(syn::parse_quote!(crate::bindings)),
        };
        let constant = ClockId::Constant(Ident::new("CLOCK_MONOTONIC", Span::call_site()));
        let out = text(expand(
            &[Declared::Clock(clock(true, Some(constant)))],
            &options,
            Some("/x/clocks.toml"),
        ));
        assert!(out.contains("pub enum Monotonic { }"), "{out}");
        assert!(
            out.contains("unsafe { crate :: bindings :: ktime_get () }"),
            "{out}"
        );
        assert!(
            out.contains("impl :: time_core :: __private :: MonotonicClock for Monotonic"),
            "{out}"
        );
        assert!(out.contains("Some (crate :: bindings :: CLOCK_MONOTONIC as :: time_core :: __private :: ClockId)"), "{out}");
        assert!(
            out.contains("include_bytes ! (\"/x/clocks.toml\")"),
            "{out}"
        );
        assert!(out.contains("# [doc = \" Time since boot.\"]"), "{out}");
        assert!(out.contains("# [inline] fn ktime_get ()"), "{out}");
        assert!(!out.contains("extern"), "{out}");
    }

    #[test]
    fn extern_form_declares_the_getter_and_non_monotonic_has_no_marker_impl() {
        let out = text(expand(
            &[Declared::Clock(clock(false, Some(ClockId::Number(0))))],
            &Options::default(),
            None,
        ));
        assert!(
            out.contains(
                "unsafe extern \"C\" { fn ktime_get () -> :: time_core :: __private :: Ktime ; }"
            ),
            "{out}"
        );
        assert!(!out.contains("MonotonicClock for"), "{out}");
        assert!(out.contains("Option :: Some (0i32)"), "{out}");
        assert!(!out.contains("include_bytes"), "{out}");
    }

    #[test]
    fn marker_only_rows_have_no_impls() {
        let out = text(expand(
            &[Declared::MarkerOnly(Ident::new(
                "Broken",
                Span::call_site(),
            ))],
            &Options::default(),
            None,
        ));
        assert!(out.contains("pub enum Broken { }"), "{out}");
        assert!(!out.contains("impl"), "{out}");
    }
}
