//! The conversions between the clocks a table relates by the kernel's timekeeper
//! offsets: the base (`offset_base = true`) and each clock with an `offset`, both ways
//! and between each other, as `ConvertsTo` impls. A clock's time is its base's plus its
//! offset, which `ktime_mono_to_any(0, offset)` reads as it is now (0 for the base).
//! With a bindings module only (validation refuses offsets elsewhere).

use super::tokens::{message, missing, Runtime, Vouched};
use crate::ast::{Site, Table, Trust};
use crate::validate::{Clock, Relation, Valid};
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

/// The `ConvertsTo` impls of the table, in one block with their checks.
pub(super) fn conversions(table: &Table, valid: &Valid, runtime: &Runtime) -> Option<TokenStream> {
    let Some((token, Trust::Bindings(path))) = &table.options.trust else {
        return None;
    };
    let vouched = Vouched(token);
    // The related clocks, each with its offset (`None` for the base) and a name for
    // the function that reads it.
    let related: Vec<(&Clock, Option<&Ident>, Ident)> = valid
        .clocks
        .iter()
        .filter_map(|clock| match &clock.relation {
            Relation::None => None,
            Relation::Base => Some((clock, None)),
            Relation::Offset(offset) => Some((clock, Some(&offset.value))),
        })
        .enumerate()
        .map(|(index, (clock, offset))| {
            (
                clock,
                offset,
                Ident::new(&format!("__offset{index}"), Span::mixed_site()),
            )
        })
        .collect();
    let first_offset = valid
        .clocks
        .iter()
        .find_map(|clock| match &clock.relation {
            Relation::Offset(offset) => Some(offset),
            _ => None,
        })?;
    if !related.iter().any(|(_, offset, _)| offset.is_none()) {
        return None;
    }
    let mut tokens = checks(table, &path.text(), first_offset.site.clone(), &related);
    for (_, offset, reader) in &related {
        tokens.extend(offset_reader(&vouched, *offset, reader));
    }
    for (from, _, from_offset) in &related {
        for (to, _, to_offset) in &related {
            if !std::ptr::eq(*from, *to) {
                tokens.extend(conversion(runtime, from, to, from_offset, to_offset));
            }
        }
    }
    Some(quote! {
        const _: () = {
            #[allow(unused_imports)]
            use #path as __module;
            #tokens
        };
    })
}

/// The stand-ins of `ktime_mono_to_any` and of the offsets, and the assertions that
/// the module has them: the function's at the first row with an `offset`, each
/// offset's at its row.
fn checks(
    table: &Table,
    module: &str,
    first_offset: Site,
    related: &[(&Clock, Option<&Ident>, Ident)],
) -> TokenStream {
    let (mut stand_ins, mut assertions) = function_check(table, module, &first_offset);
    for (clock, offset, _) in related {
        let Some(member) = offset else { continue };
        let Relation::Offset(located) = &clock.relation else {
            continue;
        };
        let (stand_in, assertion) = offset_check(table, module, &located.site, member);
        stand_ins.extend(stand_in);
        assertions.extend(assertion);
    }
    quote! {
        #stand_ins
        const _: () = {
            #[allow(unused_imports)]
            use __module::*;
            #assertions
        };
    }
}

/// `ktime_mono_to_any`'s stand-in (a function pointer, so a real function, a zero-sized
/// item, shadows it) and the assertion that the module has it, located at `site`.
fn function_check(table: &Table, module: &str, site: &Site) -> (TokenStream, TokenStream) {
    let function = message(
        table,
        site,
        &format!(
            "the bindings module `{module}` has no function `ktime_mono_to_any`, which converts \
             between the clocks of the table's offsets: declare `ktime_t \
             ktime_mono_to_any(ktime_t tmono, enum tk_offsets offs);` in the header bindgen \
             reads (`linux/timekeeping.h` declares it), or remove the `offset`s"
        ),
    );
    let stand_in = quote! {
        #[allow(dead_code, non_upper_case_globals)]
        const ktime_mono_to_any: unsafe extern "C" fn(
            ::core::primitive::i64,
            ::core::primitive::u32,
        ) -> ::core::primitive::i64 = {
            extern "C" fn missing(
                _: ::core::primitive::i64,
                _: ::core::primitive::u32,
            ) -> ::core::primitive::i64 {
                0
            }
            missing
        };
    };
    let assertion = quote! {
        ::core::assert!(::core::mem::size_of_val(&ktime_mono_to_any) == 0, #function);
    };
    (stand_in, assertion)
}

/// An offset's stand-in and the assertion that the module has the offset `member`,
/// located at `site`.
fn offset_check(
    table: &Table,
    module: &str,
    site: &Site,
    member: &Ident,
) -> (TokenStream, TokenStream) {
    let missing = missing();
    let text = message(
        table,
        site,
        &format!(
            "the bindings module `{module}` has no timekeeper offset `{member}`: generate \
             `enum tk_offsets` from `linux/timekeeping.h`, or fix the row's `offset`"
        ),
    );
    let stand_in = quote! {
        #[allow(dead_code, non_upper_case_globals)]
        const #member: ::core::primitive::i128 = #missing;
    };
    let assertion = quote! {
        ::core::assert!((#member as ::core::primitive::i128) != #missing, #text);
    };
    (stand_in, assertion)
}

/// The function that reads a clock's offset now: `ktime_mono_to_any(0, offset)`, on
/// the caller's word that the module's function is the kernel's (which takes any time
/// and a member of `enum tk_offsets`, and only reads the timekeeper's offsets; from 0
/// it adds nothing but the offset, so it cannot overflow); 0 for the base.
fn offset_reader(vouched: &Vouched<'_>, offset: Option<&Ident>, reader: &Ident) -> TokenStream {
    let body = match offset {
        None => quote!(0),
        Some(member) => {
            let call = vouched.wrap(
                TokenStream::new(),
                quote!(ktime_mono_to_any(0, #member as _)),
            );
            quote! {
                #[allow(unused_imports)]
                use __module::*;
                #call
            }
        }
    };
    quote! {
        #[inline]
        fn #reader() -> ::core::primitive::i64 {
            #body
        }
    }
}

/// `ConvertsTo<to>` for `from`: the instant plus `to`'s offset minus `from`'s,
/// saturating, clamped at 0.
fn conversion(
    runtime: &Runtime,
    from: &Clock,
    to: &Clock,
    from_offset: &Ident,
    to_offset: &Ident,
) -> TokenStream {
    let converts_to = runtime.item("ConvertsTo");
    let instant = runtime.item("Instant");
    let (from, to) = (&from.name, &to.name);
    quote! {
        impl #converts_to<#to> for #from {
            #[inline]
            #[allow(unused_unsafe)]
            fn to_clock(instant: #instant<#from>) -> #instant<#to> {
                let ktime = instant
                    .as_nanos()
                    .saturating_add(#to_offset().saturating_sub(#from_offset()));
                // `from_ktime` takes a time in `0..=KTIME_MAX` (`unsafe` in the kernel,
                // which relies on it): the sum saturates at `KTIME_MAX` and is clamped
                // at 0.
                unsafe {
                    #instant::<#to>::from_ktime(if ktime < 0 { 0 } else { ktime })
                }
            }
        }
    }
}
