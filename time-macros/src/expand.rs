//! Code generation.
//!
//! The marker types and their trait impls come from one invocation of
//! `typed_clocks::__private::clock_items!`, a `macro_rules!` template in
//! `time-core/src/items.rs`: this macro emits one compact row per clock (name, doc,
//! flags, id, the expression that reads it) and the template writes the shared item
//! text. Building tokens one at a time and taking them across the proc-macro bridge
//! is most of what the macro costs, so rows are kept short (`docs/performance.md`).
//! The posix backend's `PosixClock` impls and the conversions between related clocks
//! are written here with `quote!`, in a `const _: () = { … };` block that aliases
//! `::typed_clocks::__private` (the pattern `serde_derive` uses).
//!
//! Generated code names its runtime only through `::typed_clocks::__private` (and the
//! template through `$crate`), so it survives `mod core {}` and
//! `#![no_implicit_prelude]` in the invoking module.

use crate::model::Declared;
use crate::model::{Backend, ModulePath, Options};
use crate::model::{Capability, Clock, ClockId, Relation, Returns};
use crate::template::{BindingsGetter, TemplateRow};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{quote, ToTokens};

/// Everything `declare_clocks!` emits for a validated table. `services_clock` is the
/// clock the kernel services time their waits on, when they are to be generated.
pub fn expand(
    declared: &[Declared],
    options: &Options,
    table_file: Option<&str>,
    services_clock: Option<&Ident>,
) -> TokenStream {
    // The last sentence of every clock's doc names the table it comes from, by file name.
    let declared_by = match table_file {
        Some(file) => format!(
            " Declared in `{}`.",
            file.rsplit(['/', '\\']).next().unwrap_or(file)
        ),
        None => String::new(),
    };
    let runtime = Ident::new("__typed_clocks", Span::call_site());
    let mut rows = TokenStream::new();
    let mut count = 0_usize;
    let mut lists = CapabilityLists::default();
    let mut marker_only_types = TokenStream::new();
    let mut impls = TokenStream::new();
    for declared in declared {
        let clock = match declared {
            Declared::Clock(clock) if !options.markers_only => clock,
            Declared::Clock(Clock { name, .. }) | Declared::MarkerOnly(name) => {
                marker_only_types.extend(marker_only(name));
                continue;
            }
            Declared::KernelOnly(name) => {
                let doc =
                    " A kernel-only clock: its row in the clock table has no `clockid`, so the \
                           posix backend, which reads clocks with `clock_gettime`, cannot read it.";
                marker_only_types.extend(quote! {
                    #[doc = #doc]
                    pub enum #name {}
                });
                continue;
            }
        };
        let id = clock
            .clockid
            .as_ref()
            .map(|clockid| clockid_expr(clockid, options));
        let Some(reader) = reader(clock, id.is_some(), options) else {
            marker_only_types.extend(marker_only(&clock.name));
            continue;
        };
        let name = &clock.name;
        let mut doc = String::new();
        marker_doc(&mut doc, clock, options, &declared_by);
        let mut row = TemplateRow {
            name,
            doc,
            table_doc: clock.doc.as_deref().unwrap_or(""),
            monotonic: clock.monotonic,
            id,
            resolution: clock.resolution,
            bindings_getter: None,
            extern_getter: None,
            id_constant: match &clock.clockid {
                Some(ClockId::Constant(constant)) => {
                    Some((constant, missing_clockid_message(clock, constant, options)))
                }
                _ => None,
            },
            read: TokenStream::new(),
        };
        let read = match reader {
            Reader::Bindings(bindings, getter) => {
                row.bindings_getter = Some(BindingsGetter {
                    getter,
                    module: bindings,
                    missing: missing_getter_message(clock, bindings, getter),
                    not_a_function: not_a_function_message(clock, bindings, getter),
                });
                quote!(unsafe { #getter() })
            }
            Reader::Extern(getter) => {
                row.extern_getter = Some((getter, clock.returns));
                quote!(unsafe { #getter() })
            }
            Reader::Posix => {
                // The id expression is evaluated once, in `ClockSource::ID`.
                impls.extend(quote! {
                    impl #runtime::SealedPosixClock for #name {}
                    impl #runtime::PosixClock for #name {
                        const CLOCKID: #runtime::libc::clockid_t =
                            #runtime::id_or_zero(<#name as #runtime::ClockSource>::ID) as #runtime::libc::clockid_t;
                    }
                });
                quote!(::typed_clocks::__private::posix::read_clock(
                    <#name as ::typed_clocks::__private::PosixClock>::CLOCKID
                ))
            }
        };
        row.read = match (options.backend, clock.returns) {
            (Backend::Kernel, Returns::U64) => quote!({
                let nanos: ::typed_clocks::__private::u64 = #read;
                // The kernel's `ns_to_ktime()`: the same bits, as `s64`.
                nanos as ::typed_clocks::__private::Ktime
            }),
            _ => quote!({ #read }),
        };
        row.to_tokens(&mut rows);
        count += 1;
        if clock.monotonic {
            lists.monotonic.extend(quote!(#name));
        }
        for capability in &clock.capabilities {
            match capability {
                Capability::NmiSafe => lists.nmi_safe.extend(quote!(#name)),
                Capability::HrTimer => lists.hrtimer.extend(quote!(#name)),
                Capability::Settable => lists.settable.extend(quote!(#name)),
                Capability::CountsSuspend => lists.counts_suspend.extend(quote!(#name)),
            }
        }
    }
    let clocks: Vec<&Clock> = declared
        .iter()
        .filter_map(|declared| match declared {
            Declared::Clock(clock) if !options.markers_only => Some(clock),
            _ => None,
        })
        .collect();
    impls.extend(conversions(&clocks, options));
    // Including the table makes cargo rebuild the invoking crate when it changes.
    let track = table_file.map(|path| {
        quote! {
            const _: &[::typed_clocks::__private::u8] = ::typed_clocks::__private::core::include_bytes!(#path);
        }
    });
    let items = (count > 0).then(|| {
        let count = Literal::usize_unsuffixed(count);
        let CapabilityLists {
            monotonic,
            nmi_safe,
            hrtimer,
            settable,
            counts_suspend,
        } = &lists;
        quote! {
            ::typed_clocks::__private::clock_items! {
                count = #count;
                clocks = [#rows];
                monotonic = [#monotonic];
                nmi_safe = [#nmi_safe];
                hrtimer = [#hrtimer];
                settable = [#settable];
                counts_suspend = [#counts_suspend];
            }
        }
    });
    let impls = (!impls.is_empty()).then(|| {
        quote! {
            const _: () = {
                use ::typed_clocks::__private as #runtime;
                #impls
            };
        }
    });
    let services = match (services_clock, &options.bindings) {
        (Some(clock), Some(bindings)) => {
            let error = options
                .error
                .as_ref()
                .map(|(error, _)| quote!(error = #error;));
            Some(quote! {
                ::typed_clocks::__private::kernel_services! { bindings = #bindings; clock = #clock; #error }
            })
        }
        _ => None,
    };
    quote! {
        #track
        #items
        #marker_only_types
        #impls
        #services
    }
}

/// The names of the clocks with each trait the template implements by list.
#[derive(Default)]
struct CapabilityLists {
    monotonic: TokenStream,
    nmi_safe: TokenStream,
    hrtimer: TokenStream,
    settable: TokenStream,
    counts_suspend: TokenStream,
}

/// `path:LINE:COL: ` before a message about a table key written at `location` (empty
/// for inline rows, whose errors the compiler places at their tokens).
fn location_prefix(location: &str) -> String {
    if location.is_empty() {
        String::new()
    } else {
        format!("{location}: ")
    }
}

/// A module path as the user writes it: `crate::bindings`.
fn path_text(path: &ModulePath) -> String {
    quote!(#path).to_string().replace(' ', "")
}

/// The message of the error when the bindings module has no function `getter`: where
/// the row names it, and what is missing (a deprecation note, taken as written).
fn missing_getter_message(clock: &Clock, bindings: &ModulePath, getter: &Ident) -> String {
    let bindings = path_text(bindings);
    let returns = match clock.returns {
        Returns::Ktime => "ktime_t",
        Returns::U64 => "u64",
    };
    let at = location_prefix(&clock.getter_location);
    format!(
        "{at}the bindings module `{bindings}` has no function `{getter}`: declare `{returns} {getter}(void);` \
         in the header bindgen reads, or fix the row's `getter`"
    )
}

/// The message of the const assertion that fails when the bindings module's `getter`
/// is not a function (a constant or a static of that name). It is a format string
/// (`assert!`'s), so its braces are doubled.
fn not_a_function_message(clock: &Clock, bindings: &ModulePath, getter: &Ident) -> String {
    let bindings = path_text(bindings);
    let at = location_prefix(&clock.getter_location);
    format!(
        "{at}`{getter}` of the bindings module `{bindings}` is not a function: the row's `getter` \
         must name the C function that reads the clock"
    )
    .replace('{', "{{")
    .replace('}', "}}")
}

/// How a clock is read.
enum Reader<'a> {
    /// `unsafe { bindings::getter() }`.
    Bindings(&'a ModulePath, &'a Ident),
    /// `unsafe { getter() }`, with `getter` declared by the template.
    Extern(&'a Ident),
    /// `clock_gettime` on the clock's id (posix backend).
    Posix,
}

/// How `clock` is read, given whether it has an id; `None` when the row has no way to
/// be read, which validation does not let through.
fn reader<'a>(clock: &'a Clock, has_id: bool, options: &'a Options) -> Option<Reader<'a>> {
    match (options.backend, &clock.getter, &options.bindings) {
        (Backend::Posix, _, _) => has_id.then_some(Reader::Posix),
        (Backend::Kernel, Some(getter), Some(bindings)) => Some(Reader::Bindings(bindings, getter)),
        (Backend::Kernel, Some(getter), None) => Some(Reader::Extern(getter)),
        (Backend::Kernel, None, _) => None,
    }
}

/// The marker type's doc: the table's `doc`, then one generated paragraph, as a
/// single string.
fn marker_doc(doc: &mut String, clock: &Clock, options: &Options, declared_by: &str) {
    if let Some(user_doc) = &clock.doc {
        for line in user_doc.lines() {
            doc.push(' ');
            doc.push_str(line);
            doc.push('\n');
        }
        doc.push('\n');
    }
    generated_doc(doc, clock, options, declared_by);
}

/// The generated paragraph of a marker type's doc: how the clock is read, whether it
/// is monotonic, its id and relations, and where it was declared. Short, and one
/// string per clock: escaping doc strings is the largest part of what the macro
/// spends per clock. The page of the type lists its trait impls (`ClockSource`,
/// `MonotonicClock`) on its own.
fn generated_doc(doc: &mut String, clock: &Clock, options: &Options, declared_by: &str) {
    use std::fmt::Write;
    match (options.backend, &clock.getter) {
        (Backend::Posix, _) => doc.push_str(" Read with `clock_gettime`"),
        (Backend::Kernel, Some(getter)) => {
            let _ = write!(doc, " Read by the C function `{getter}`");
        }
        (Backend::Kernel, None) => doc.push_str(" Not readable"),
    }
    doc.push_str(if clock.monotonic {
        "; monotonic."
    } else {
        "; not monotonic: it can jump backwards."
    });
    match &clock.clockid {
        Some(ClockId::Constant(constant)) => {
            let _ = write!(doc, " `clockid_t`: `{constant}`.");
        }
        Some(ClockId::Number(number)) => {
            let _ = write!(doc, " `clockid_t`: `{number}`.");
        }
        None => {}
    }
    if let Some(header) = clock.row.text(crate::model::HEADER) {
        let _ = write!(doc, " Declared in C by `<{}>`.", header.value);
    }
    match &clock.relation {
        Relation::None => {}
        Relation::Base => doc.push_str(
            " The base of the clocks declared with an `offset`: it converts to each of them \
             with [`Instant::to_clock`](::typed_clocks::Instant::to_clock).",
        ),
        Relation::Offset(offset) => {
            let _ = write!(
                doc,
                " The base clock plus the timekeeper offset `{offset}`: it converts to and \
                 from the related clocks with [`Instant::to_clock`](::typed_clocks::Instant::to_clock)."
            );
        }
    }
    doc.push_str(declared_by);
}

/// A clock id as generated code names it: a literal, or a constant from the bindings
/// module (or from `libc` without one, as the posix backend has).
fn clockid_expr(clockid: &ClockId, options: &Options) -> TokenStream {
    match clockid {
        ClockId::Number(number) => Literal::i32_unsuffixed(*number).into_token_stream(),
        // Through a glob import, so that a constant the module lacks resolves to the
        // row's stand-in (see `clock_items!`), whose use is an error naming the row.
        ClockId::Constant(constant) => {
            let module = match &options.bindings {
                Some(bindings) => quote!(#bindings),
                None => quote!(::typed_clocks::__private::libc),
            };
            quote!({
                #[allow(unused_imports)]
                use #module::*;
                #constant
            })
        }
    }
}

/// The message of the error when the module that should hold a clock id constant
/// (the bindings module, or `libc` with the posix backend) does not have it.
fn missing_clockid_message(clock: &Clock, constant: &Ident, options: &Options) -> String {
    let module = match &options.bindings {
        Some(bindings) => format!("the bindings module `{}`", path_text(bindings)),
        None => "`libc`".to_owned(),
    };
    let at = location_prefix(&clock.clockid_location);
    format!(
        "{at}{module} has no clock id constant `{constant}`: fix the row's `clockid` (a constant \
         of that module, or an integer)"
    )
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
    let private = Ident::new("__typed_clocks", Span::call_site());
    let derived: Vec<(&Ident, &Ident)> = clocks
        .iter()
        .filter_map(|clock| match &clock.relation {
            Relation::Offset(offset) => Some((&clock.name, offset)),
            _ => None,
        })
        .collect();
    // A stand-in for each offset constant, which the conversions' `use bindings::*`
    // shadows when the module has it; its use (the module lacks the constant) is a
    // denied deprecation naming the row, plus a type error no lint level can cap.
    let module = path_text(bindings);
    let stand_ins = clocks.iter().filter_map(|clock| {
        let Relation::Offset(offset) = &clock.relation else {
            return None;
        };
        let at = location_prefix(&clock.offset_location);
        let message = Literal::string(&format!(
            "{at}the bindings module `{module}` has no timekeeper offset `{offset}`: \
             generate `enum tk_offsets` from `linux/timekeeping.h`, or fix the row's `offset`"
        ));
        Some(quote! {
            #[deprecated(note = #message)]
            #[allow(dead_code, non_upper_case_globals)]
            const #offset: #private::MissingOffset = #private::MissingOffset;
        })
    });
    // SAFETY (of every call below, which `quote!` cannot carry as comments):
    // `ktime_mono_to_any(ktime_t, enum tk_offsets)` takes a time and a valid offset
    // member, has no other preconditions and only reads the timekeeper's offsets.
    let to_any = |ktime: TokenStream, offset: &Ident| {
        quote! {
            // SAFETY: `ktime_mono_to_any` accepts any time and a valid `enum tk_offsets`
            // member, and only reads the timekeeper's offsets.
            unsafe {
                #bindings::ktime_mono_to_any(#ktime, {
                    #[allow(unused_imports)]
                    use #bindings::*;
                    #offset
                })
            }
        }
    };
    let base_name = &base.name;
    let mut impls = Vec::new();
    for (name, offset) in &derived {
        let forward = to_any(quote!(ktime), offset);
        let offset_now = to_any(quote!(0), offset);
        impls.push(quote! {
            impl #private::SealedConvertsTo<#name> for #base_name {}
            impl #private::ConvertsTo<#name> for #base_name {
                #[inline]
                #[deny(deprecated)]
                fn convert_ktime(ktime: #private::Ktime) -> #private::Ktime {
                    #forward
                }
            }
            impl #private::SealedConvertsTo<#base_name> for #name {}
            impl #private::ConvertsTo<#base_name> for #name {
                #[inline]
                #[deny(deprecated)]
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
                impl #private::SealedConvertsTo<#other> for #name {}
                impl #private::ConvertsTo<#other> for #name {
                    #[inline]
                    #[deny(deprecated)]
                    fn convert_ktime(ktime: #private::Ktime) -> #private::Ktime {
                        #onward
                    }
                }
            });
        }
    }
    quote!(#(#stand_ins)* #(#impls)*)
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
            row: crate::model::ClockRow::new(crate::model::Site::Tokens(Span::call_site())),
            name: ident(name),
            getter: Some(ident(&format!("get_{}", name.to_lowercase()))),
            monotonic,
            clockid,
            doc: Some("Time since boot.".to_owned()),
            relation,
            returns: Returns::Ktime,
            resolution: None,
            capabilities: Vec::new(),
            getter_location: String::new(),
            clockid_location: String::new(),
            offset_location: String::new(),
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
            None,
        )
        .to_string();
        let doc = " Time since boot.\\n\\n Read by the C function `get_monotonic`; monotonic. \
                   `clockid_t`: `CLOCK_MONOTONIC`. Declared in `clocks.toml`.";
        assert!(
            out.contains(&format!(
                ":: typed_clocks :: __private :: clock_items ! {{ count = 1 ; clocks = [Monotonic \"{doc}\" \
                 \"Time since boot.\" \"Monotonic\" true [{{ # [allow (unused_imports)] use crate :: bindings \
                 :: * ; CLOCK_MONOTONIC }}] [Nanos (1)] \
                 [get_monotonic \"the bindings module `crate::bindings` has no function `get_monotonic`: declare \
                 `ktime_t get_monotonic(void);` in the header bindgen reads, or fix the row's `getter`\" \
                 \"`get_monotonic` of the bindings module `crate::bindings` is not a function: the row's `getter` \
                 must name the C function that reads the clock\" [crate :: bindings]] [] \
                 [CLOCK_MONOTONIC \"the bindings module `crate::bindings` has no clock id constant \
                 `CLOCK_MONOTONIC`: fix the row's `clockid` (a constant of that module, or an integer)\"] \
                 {{ unsafe {{ get_monotonic () }} }}] ; \
                 monotonic = [Monotonic] ; nmi_safe = [] ; hrtimer = [] ; settable = [] ; counts_suspend = [] ; }}"
            )),
            "{out}"
        );
        assert!(
            out.contains("include_bytes ! (\"/x/clocks.toml\")"),
            "{out}"
        );
        assert!(!out.contains("ConvertsTo"), "{out}");
        assert!(
            !out.contains("const _ : () ="),
            "no impls outside the template: {out}"
        );
    }

    #[test]
    fn extern_form_has_the_template_declare_the_getter() {
        let mut real = clock("Real", false, Some(ClockId::Number(0)), Relation::None);
        real.doc = None;
        let out = expand(&[Declared::Clock(real)], &Options::default(), None, None).to_string();
        assert!(
            out.contains(
                "clocks = [Real \" Read by the C function `get_real`; not monotonic: it can jump \
                 backwards. `clockid_t`: `0`.\" \"\" \"Real\" false [0] [Nanos (1)] [] [get_real Ktime] [] { unsafe { get_real () } }] ; \
                 monotonic = [] ; nmi_safe = [] ; hrtimer = [] ; settable = [] ; counts_suspend = [] ;"
            ),
            "{out}"
        );
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
        let out = expand(&[Declared::Clock(raw)], &options, None, None).to_string();
        assert!(
            out.contains(
                "[{ # [allow (unused_imports)] use :: typed_clocks :: __private :: libc :: * ; CLOCK_MONOTONIC_RAW }] \
                 [Nanos (1)] [] [] [CLOCK_MONOTONIC_RAW \"`libc` has no clock id constant `CLOCK_MONOTONIC_RAW`: \
                 fix the row's `clockid` (a constant of that module, or an integer)\"] { :: typed_clocks :: __private \
                 :: posix :: read_clock (< Raw as :: typed_clocks :: __private :: PosixClock > :: CLOCKID) }"
            ),
            "{out}"
        );
        assert!(
            out.contains(
                "const _ : () = { use :: typed_clocks :: __private as __typed_clocks ; impl __typed_clocks :: \
                 SealedPosixClock for Raw { } impl __typed_clocks :: PosixClock for Raw { const CLOCKID : \
                 __typed_clocks :: libc :: clockid_t = __typed_clocks :: id_or_zero (< Raw as __typed_clocks :: \
                 ClockSource > :: ID) as __typed_clocks :: libc :: clockid_t ; } }"
            ),
            "{out}"
        );
        assert!(!out.contains("unsafe"), "{out}");
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
        let out = expand(&declared, &bindings(), None, None).to_string();
        for (from, to) in [
            ("Mono", "Boot"),
            ("Boot", "Mono"),
            ("Mono", "Real"),
            ("Real", "Mono"),
            ("Boot", "Real"),
            ("Real", "Boot"),
        ] {
            assert!(
                out.contains(&format!(
                    "__typed_clocks :: ConvertsTo < {to} > for {from} "
                )) && out.contains(&format!("SealedConvertsTo < {to} > for {from} ")),
                "{from} -> {to}: {out}"
            );
        }
        assert_eq!(out.matches(":: ConvertsTo <").count(), 6, "{out}");
        assert!(
            !out.contains("for Raw".replace("for", "ConvertsTo < Raw > for").as_str()),
            "{out}"
        );
        assert!(
            out.contains(
                "ktime_mono_to_any (ktime , { # [allow (unused_imports)] use crate :: bindings :: * ; \
                 tk_offsets_TK_OFFS_BOOT })"
            ),
            "{out}"
        );
        // Without bindings there is nothing to convert with.
        let declared_again: Vec<Declared> = declared.clone();
        let out = expand(&declared_again, &Options::default(), None, None).to_string();
        assert!(!out.contains("ConvertsTo"), "{out}");
    }

    #[test]
    fn the_header_key_is_named_in_the_marker_doc() {
        let mut mono = clock("Mono", true, None, Relation::None);
        mono.row.assign(
            crate::model::HEADER,
            crate::model::Located::new(
                crate::model::KeyValue::Text("linux/timekeeping.h".to_owned()),
                crate::model::Site::Tokens(Span::call_site()),
            ),
        );
        let out = expand(&[Declared::Clock(mono)], &bindings(), None, None).to_string();
        assert!(
            out.contains("monotonic. Declared in C by `<linux/timekeeping.h>`.\""),
            "{out}"
        );
    }

    #[test]
    fn marker_only_rows_have_no_impls() {
        let out = expand(
            &[Declared::MarkerOnly(ident("Broken"))],
            &Options::default(),
            None,
            None,
        )
        .to_string();
        assert!(out.contains("pub enum Broken { }"), "{out}");
        assert!(!out.contains("impl"), "{out}");
        assert!(!out.contains("clock_items"), "{out}");
    }
}
