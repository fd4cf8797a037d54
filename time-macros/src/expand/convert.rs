//! The conversions between the clocks a table relates by the kernel's timekeeper
//! offsets: the base (`offset_base = true`) and each clock with an `offset`, both ways
//! and between each other, as `ConvertsTo` impls. A clock's time is its base's plus its
//! offset, which `ktime_mono_to_any(0, offset)` reads as it is now (0 for the base).
//! With a bindings module only (validation refuses offsets elsewhere).

use super::text::{message, Runtime, Text, MISSING};
use crate::ast::{Site, Table, Trust};
use crate::validate::{Clock, Relation, Valid};
use proc_macro2::Ident;

/// A clock related by an offset: the clock, its offset (`None` for the base), and the
/// number of the function that reads the offset (`__offsetN`).
type Related<'a> = (&'a Clock, Option<&'a Ident>, usize);

/// The `ConvertsTo` impls of the table, in one block with their checks, inside the
/// block that aliases the runtime (spliced: it reads the offsets on the caller's word).
pub(super) fn conversions(table: &Table, valid: &Valid, runtime: &Runtime, text: &mut Text) {
    let Some((_, Trust::Bindings(path))) = &table.options.trust else {
        return;
    };
    let related: Vec<Related<'_>> = valid
        .clocks
        .iter()
        .filter_map(|clock| match &clock.relation {
            Relation::None => None,
            Relation::Base => Some((clock, None)),
            Relation::Offset(offset) => Some((clock, Some(&offset.value))),
        })
        .enumerate()
        .map(|(index, (clock, offset))| (clock, offset, index))
        .collect();
    let first_offset = valid.clocks.iter().find_map(|clock| match &clock.relation {
        Relation::Offset(offset) => Some(offset),
        _ => None,
    });
    let Some(first_offset) = first_offset else {
        return;
    };
    if !related.iter().any(|(_, offset, _)| offset.is_none()) {
        return;
    }
    text.push("const _: () = @{\n#[allow(unused_imports)]\nuse @bindings as __module;\n");
    checks(table, &path.text(), &first_offset.site, &related, text);
    for (_, offset, reader) in &related {
        offset_reader(*offset, *reader, text);
    }
    text.push("const _: () = {\n");
    for (from, _, from_offset) in &related {
        for (to, _, to_offset) in &related {
            if !std::ptr::eq(*from, *to) {
                conversion(runtime, from, to, *from_offset, *to_offset, text);
            }
        }
    }
    text.push("};\n};\n");
}

/// The stand-ins of `ktime_mono_to_any` and of the offsets, and the assertions that
/// the module has them: the function's at the first row with an `offset`, each
/// offset's at its row.
fn checks(
    table: &Table,
    module: &str,
    first_offset: &Site,
    related: &[Related<'_>],
    text: &mut Text,
) {
    let mut assertions = Text::new();
    function_check(table, module, first_offset, text, &mut assertions);
    for (clock, offset, _) in related {
        let (Some(member), Relation::Offset(located)) = (offset, &clock.relation) else {
            continue;
        };
        let message = message(
            table,
            &located.site,
            &format!(
                "the bindings module `{module}` has no timekeeper offset `{member}`: generate \
                 `enum tk_offsets` from `linux/timekeeping.h`, or fix the row's `offset`"
            ),
        );
        write!(
            text,
            "#[allow(dead_code, non_upper_case_globals)]\n\
             const {member}: ::core::primitive::i128 = {MISSING};\n"
        );
        writeln!(
            assertions,
            "::core::assert!(({member} as ::core::primitive::i128) != {MISSING}, {message});"
        );
    }
    text.push("const _: () = {\n#[allow(unused_imports)]\nuse __module::*;\n");
    text.append(&assertions);
    text.push("};\n");
}

/// `ktime_mono_to_any`'s stand-in (a function pointer, so that a real function, a
/// zero-sized item, shadows it), and the assertion that the module has it, located at
/// `site`.
fn function_check(
    table: &Table,
    module: &str,
    site: &Site,
    text: &mut Text,
    assertions: &mut Text,
) {
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
    text.push(
        "#[allow(dead_code, non_upper_case_globals)]\n\
         const ktime_mono_to_any: unsafe extern \"C\" fn(\n\
         ::core::primitive::i64,\n::core::primitive::u32,\n\
         ) -> ::core::primitive::i64 = {\n\
         extern \"C\" fn missing(\n_: ::core::primitive::i64,\n_: ::core::primitive::u32,\n\
         ) -> ::core::primitive::i64 {\n0\n}\n\
         missing\n\
         };\n",
    );
    writeln!(
        assertions,
        "::core::assert!(::core::mem::size_of_val(&ktime_mono_to_any) == 0, {function});"
    );
}

/// The function that reads a clock's offset now: `ktime_mono_to_any(0, offset)`, on
/// the caller's word that the module's function is the kernel's (which takes any time
/// and a member of `enum tk_offsets`, and only reads the timekeeper's offsets; from 0
/// it adds nothing but the offset, so it cannot overflow); 0 for the base.
fn offset_reader(offset: Option<&Ident>, reader: usize, text: &mut Text) {
    write!(
        text,
        "#[inline]\nfn __offset{reader}() -> ::core::primitive::i64 "
    );
    match offset {
        None => text.push("{\n0\n}\n"),
        Some(member) => writeln!(
            text,
            "@{{\n#[allow(unused_imports)]\nuse __module::*;\n\
             @() {{ ktime_mono_to_any(0, {member} as _) }}\n}}"
        ),
    }
}

/// `ConvertsTo<to>` for `from`: the instant plus `to`'s offset minus `from`'s,
/// saturating, clamped at 0.
fn conversion(
    runtime: &Runtime,
    from: &Clock,
    to: &Clock,
    from_offset: usize,
    to_offset: usize,
    text: &mut Text,
) {
    let rt = runtime.prefix;
    let (from, to) = (&from.name, &to.name);
    // `from_ktime` takes a time in `0..=KTIME_MAX` (`unsafe` in the kernel, which relies
    // on it): the sum saturates at `KTIME_MAX` and is clamped at 0.
    write!(
        text,
        "impl {rt}ConvertsTo<{to}> for {from} {{\n\
         #[inline]\n\
         #[allow(unused_unsafe)]\n\
         fn to_clock(instant: {rt}Instant<{from}>) -> {rt}Instant<{to}> {{\n\
         let ktime = instant\n\
         .as_nanos()\n\
         .saturating_add(__offset{to_offset}().saturating_sub(__offset{from_offset}()));\n\
         unsafe {{\n\
         {rt}Instant::<{to}>::from_ktime(if ktime < 0 {{ 0 }} else {{ ktime }})\n\
         }}\n\
         }}\n\
         }}\n"
    );
}
