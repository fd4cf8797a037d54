//! Code generation with `quote!`. Generated code names its runtime only through
//! `::time_core::__private`, so it survives `mod core {}` and `#![no_implicit_prelude]`
//! in the invoking module.

use crate::input::{Backend, Options};
use crate::model::{Clock, ClockId, Relation};
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
    let clocks: Vec<&Clock> = declared
        .iter()
        .filter_map(|declared| match declared {
            Declared::Clock(clock) => Some(clock),
            Declared::MarkerOnly(_) => None,
        })
        .collect();
    let conversions = conversions(&clocks, options);
    // Including the table makes cargo rebuild the invoking crate when it changes.
    let track = table_file.map(|path| {
        quote! {
            const _: &[::core::primitive::u8] = ::time_core::__private::core::include_bytes!(#path);
        }
    });
    quote! {
        #track
        #(#items)*
        #conversions
    }
}

fn clock_items(clock: &Clock, options: &Options, table_file: Option<&str>) -> TokenStream {
    let private = quote!(::time_core::__private);
    let name = &clock.name;
    let name_text = name.to_string();
    let monotonic = clock.monotonic;
    let docs = doc_lines(clock, options, table_file);

    let clockid = clock
        .clockid
        .as_ref()
        .map(|clockid| clockid_expr(clockid, options));
    let id = match &clockid {
        None => quote!(#private::core::option::Option::None),
        Some(ClockIdExpr::Number(number)) => quote!(#private::core::option::Option::Some(#number)),
        Some(ClockIdExpr::Constant(path)) => {
            quote!(#private::core::option::Option::Some(#path as #private::ClockId))
        }
    };

    let (reader_doc, body, posix_impl) = match (options.backend, &clock.getter, &clockid) {
        (Backend::Posix, _, Some(clockid)) => {
            let clockid = clockid.tokens();
            (
                " Reads the clock with `clock_gettime` on its `clockid_t`.".to_owned(),
                quote!(#private::posix::read_clock(#clockid as #private::libc::clockid_t)),
                Some(quote! {
                    impl ::time_core::posix::PosixClock for #name {
                        const CLOCKID: #private::libc::clockid_t = #clockid as #private::libc::clockid_t;
                    }
                }),
            )
        }
        (_, Some(getter), _) => {
            let getter_text = getter.to_string();
            let doc = format!(
                " Reads the clock through `{getter_text}`. Safety argument for the call: the clock \
                 table declares `{getter_text}` as the C function `ktime_t {getter_text}(void)`, which \
                 takes no arguments, has no preconditions and only reads timekeeping state."
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
            (doc, body, None)
        }
        // Validation only lets a row through with a way to read it.
        _ => return marker_only(name),
    };

    let monotonic_impl = monotonic.then(|| {
        quote! {
            impl #private::SealedMonotonic for #name {}
            impl #private::MonotonicClock for #name {}
        }
    });
    quote! {
        #(#[doc = #docs])*
        pub enum #name {}

        impl #private::Sealed for #name {}

        impl #private::ClockSource for #name {
            const NAME: &'static ::core::primitive::str = #name_text;
            const MONOTONIC: ::core::primitive::bool = #monotonic;
            const ID: #private::core::option::Option<#private::ClockId> = #id;

            #[doc = #reader_doc]
            #[inline]
            fn ktime_get() -> #private::Ktime {
                #body
            }
        }

        #monotonic_impl
        #posix_impl
    }
}

/// The marker type's doc: the table's `doc`, then what the row declares.
fn doc_lines(clock: &Clock, options: &Options, table_file: Option<&str>) -> Vec<String> {
    let mut docs: Vec<String> = clock
        .doc
        .as_deref()
        .map(|doc| doc.lines().map(|line| format!(" {line}")).collect())
        .unwrap_or_default();
    if !docs.is_empty() {
        docs.push(String::new());
    }
    let reader = match (options.backend, &clock.getter) {
        (Backend::Posix, _) => "read with `clock_gettime`".to_owned(),
        (Backend::Kernel, Some(getter)) => format!("read by the C function `{getter}`"),
        (Backend::Kernel, None) => "with no reader".to_owned(),
    };
    docs.push(format!(
        " A [`ClockSource`](::time_core::ClockSource) {reader}{}.",
        if clock.monotonic {
            "; monotonic, so [`Instant::elapsed`](::time_core::Instant::elapsed) is available"
        } else {
            "; not monotonic: it can jump backwards"
        }
    ));
    if let Some(clockid) = &clock.clockid {
        let shown = match clockid {
            ClockId::Constant(constant) => format!("`{constant}`"),
            ClockId::Number(number) => format!("`{number}`"),
        };
        docs.push(format!(" Its `clockid_t` is {shown}."));
    }
    match &clock.relation {
        Relation::None => {}
        Relation::Base => docs.push(" The base of the clocks declared with an `offset`: it converts to each of them with [`Instant::to_clock`](::time_core::Instant::to_clock).".to_owned()),
        Relation::Offset(offset) => docs.push(format!(
            " The base clock plus the timekeeper offset `{offset}`: it converts to and from the related clocks with [`Instant::to_clock`](::time_core::Instant::to_clock)."
        )),
    }
    docs.push(match table_file {
        Some(file) => format!(
            " Declared by `declare_clocks!` from `{}`.",
            file.rsplit(['/', '\\']).next().unwrap_or(file)
        ),
        None => " Declared by `declare_clocks!`.".to_owned(),
    });
    docs
}

/// A clock id as generated code names it.
enum ClockIdExpr {
    Number(i32),
    Constant(TokenStream),
}

impl ClockIdExpr {
    fn tokens(&self) -> TokenStream {
        match self {
            ClockIdExpr::Number(number) => quote!(#number),
            ClockIdExpr::Constant(path) => path.clone(),
        }
    }
}

/// Constants come from the bindings module, or from `libc` with the posix backend.
fn clockid_expr(clockid: &ClockId, options: &Options) -> ClockIdExpr {
    match clockid {
        ClockId::Number(number) => ClockIdExpr::Number(*number),
        ClockId::Constant(constant) => ClockIdExpr::Constant(match &options.bindings {
            Some(bindings) => quote!(#bindings::#constant),
            None => quote!(::time_core::__private::libc::#constant),
        }),
    }
}

/// `ConvertsTo` impls between the base clock and every clock with an offset, and
/// between each two clocks with offsets (through the base). Each conversion reads
/// the current offsets: it is a snapshot.
fn conversions(clocks: &[&Clock], options: &Options) -> TokenStream {
    let Some(bindings) = &options.bindings else {
        return TokenStream::new();
    };
    let Some(base) = clocks.iter().find(|clock| clock.relation == Relation::Base) else {
        return TokenStream::new();
    };
    let private = quote!(::time_core::__private);
    let derived: Vec<(&Ident, &Ident)> = clocks
        .iter()
        .filter_map(|clock| match &clock.relation {
            Relation::Offset(offset) => Some((&clock.name, offset)),
            _ => None,
        })
        .collect();
    // SAFETY (of every call below, which `quote!` cannot carry as comments):
    // `ktime_mono_to_any(ktime_t, enum tk_offsets)` takes a time and a valid offset
    // member, has no other preconditions and only reads the timekeeper's offsets.
    let to_any = |ktime: TokenStream, offset: &Ident| {
        quote! {
            // SAFETY: `ktime_mono_to_any` accepts any time and a valid `enum tk_offsets`
            // member, and only reads the timekeeper's offsets.
            unsafe { #bindings::ktime_mono_to_any(#ktime, #bindings::#offset) }
        }
    };
    let base_name = &base.name;
    let mut impls = Vec::new();
    for (name, offset) in &derived {
        let forward = to_any(quote!(ktime), offset);
        let offset_now = to_any(quote!(0), offset);
        impls.push(quote! {
            impl ::time_core::ConvertsTo<#name> for #base_name {
                #[inline]
                fn convert_ktime(ktime: #private::Ktime) -> #private::Ktime {
                    #forward
                }
            }
            impl ::time_core::ConvertsTo<#base_name> for #name {
                #[inline]
                fn convert_ktime(ktime: #private::Ktime) -> #private::Ktime {
                    ktime.saturating_sub(#offset_now)
                }
            }
        });
        for (other, other_offset) in &derived {
            if other == name {
                continue;
            }
            let from_offset = to_any(quote!(0), offset);
            let onward = to_any(quote!(ktime.saturating_sub(#from_offset)), other_offset);
            impls.push(quote! {
                impl ::time_core::ConvertsTo<#other> for #name {
                    #[inline]
                    fn convert_ktime(ktime: #private::Ktime) -> #private::Ktime {
                        #onward
                    }
                }
            });
        }
    }
    quote!(#(#impls)*)
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

    fn ident(text: &str) -> Ident {
        Ident::new(text, Span::call_site())
    }

    fn clock(name: &str, monotonic: bool, clockid: Option<ClockId>, relation: Relation) -> Clock {
        Clock {
            name: ident(name),
            getter: Some(ident(&format!("get_{}", name.to_lowercase()))),
            monotonic,
            clockid,
            doc: Some("Time since boot.".to_owned()),
            relation,
        }
    }

    fn bindings() -> Options {
        Options {
            bindings: Some(syn::parse_quote!(crate::bindings)),
            ..Options::default()
        }
    }

    #[test]
    fn bindings_form_calls_through_the_module() {
        let constant = ClockId::Constant(ident("CLOCK_MONOTONIC"));
        let clock = clock("Monotonic", true, Some(constant), Relation::None);
        let out = expand(
            &[Declared::Clock(clock)],
            &bindings(),
            Some("/x/clocks.toml"),
        )
        .to_string();
        assert!(out.contains("pub enum Monotonic { }"), "{out}");
        assert!(
            out.contains("unsafe { crate :: bindings :: get_monotonic () }"),
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
        assert!(!out.contains("ConvertsTo"), "{out}");
    }

    #[test]
    fn extern_form_declares_the_getter_and_non_monotonic_has_no_marker_impl() {
        let clock = clock("Real", false, Some(ClockId::Number(0)), Relation::None);
        let out = expand(&[Declared::Clock(clock)], &Options::default(), None).to_string();
        assert!(
            out.contains(
                "unsafe extern \"C\" { fn get_real () -> :: time_core :: __private :: Ktime ; }"
            ),
            "{out}"
        );
        assert!(!out.contains("MonotonicClock for"), "{out}");
        assert!(out.contains("Option :: Some (0i32)"), "{out}");
        assert!(!out.contains("include_bytes"), "{out}");
    }

    #[test]
    fn posix_backend_reads_by_clock_id() {
        let options = Options {
            backend: Backend::Posix,
            ..Options::default()
        };
        let mut raw = clock(
            "Raw",
            true,
            Some(ClockId::Constant(ident("CLOCK_MONOTONIC_RAW"))),
            Relation::None,
        );
        raw.getter = None;
        let out = expand(&[Declared::Clock(raw)], &options, None).to_string();
        assert!(
            out.contains(
                "posix :: read_clock (:: time_core :: __private :: libc :: CLOCK_MONOTONIC_RAW as"
            ),
            "{out}"
        );
        assert!(
            out.contains("impl :: time_core :: posix :: PosixClock for Raw"),
            "{out}"
        );
        assert!(!out.contains("extern"), "{out}");
    }

    #[test]
    fn conversions_cover_base_and_every_offset_pair() {
        let clocks = [
            clock("Mono", true, None, Relation::Base),
            clock(
                "Boot",
                true,
                None,
                Relation::Offset(ident("tk_offsets_TK_OFFS_BOOT")),
            ),
            clock(
                "Real",
                false,
                None,
                Relation::Offset(ident("tk_offsets_TK_OFFS_REAL")),
            ),
            clock("Raw", true, None, Relation::None),
        ];
        let declared: Vec<Declared> = clocks.into_iter().map(Declared::Clock).collect();
        let out = expand(&declared, &bindings(), None).to_string();
        for (from, to) in [
            ("Mono", "Boot"),
            ("Boot", "Mono"),
            ("Mono", "Real"),
            ("Real", "Mono"),
            ("Boot", "Real"),
            ("Real", "Boot"),
        ] {
            assert!(
                out.contains(&format!("ConvertsTo < {to} > for {from} ")),
                "{from} -> {to}: {out}"
            );
        }
        assert_eq!(out.matches("ConvertsTo <").count(), 6, "{out}");
        assert!(
            !out.contains("for Raw".replace("for", "ConvertsTo < Raw > for").as_str()),
            "{out}"
        );
        assert!(
            out.contains(
                "ktime_mono_to_any (ktime , crate :: bindings :: tk_offsets_TK_OFFS_BOOT)"
            ),
            "{out}"
        );
        // Without bindings there is nothing to convert with.
        let declared_again: Vec<Declared> = declared.clone();
        let out = expand(&declared_again, &Options::default(), None).to_string();
        assert!(!out.contains("ConvertsTo"), "{out}");
    }

    #[test]
    fn marker_only_rows_have_no_impls() {
        let out = expand(
            &[Declared::MarkerOnly(ident("Broken"))],
            &Options::default(),
            None,
        )
        .to_string();
        assert!(out.contains("pub enum Broken { }"), "{out}");
        assert!(!out.contains("impl"), "{out}");
    }
}
