//! What a row names in a module (a bindings module's getter and clock id constant,
//! a `libc` clock id constant), checked where the compiler can tell, with one error at
//! the row's `clocks.toml:LINE:COL` instead of "cannot find …" at the invocation.
//!
//! The row's block declares a stand-in of each name; the code that names the item
//! imports the module with a glob in a block of its own, which shadows the stand-in
//! when the module has the item. So the code compiles either way, and a compile-time
//! assertion that tells the stand-in from the item fails with a message naming the
//! row's place in the table, quoting its line and saying what to do.

use super::text::{message, returns, Text, MISSING};
use crate::ast::{Backend, Site, Table};
use crate::capabilities::{MONOTONIC_IDS, POSIX_READABLE_IDS};
use crate::validate::{Clock, ClockId};
use proc_macro2::Ident;

/// The glob import of the module, for each block that names its items.
pub(super) const GLOB: &str = "#[allow(unused_imports)]\nuse __module::*;\n";

/// The module whose items a row names.
pub(super) struct Module {
    /// Its path, as the text writes it (`@bindings`, `__rt::posix::libc`).
    pub(super) path: String,
    /// Its name in messages (`crate::bindings`, `libc`).
    pub(super) text: String,
}

/// The leading items of the block of `clock`, whose items are those of `module`: the
/// module's alias, the stand-ins and the assertions.
pub(super) fn row(table: &Table, clock: &Clock, module: &Module, text: &mut Text) {
    writeln!(
        text,
        "#[allow(unused_imports)]\nuse {} as __module;",
        module.path
    );
    let mut assertions = Text::new();
    if let (Some(getter), Backend::Kernel) = (&clock.getter, table.options.backend) {
        let ident = &getter.value;
        let returns = returns(clock);
        write!(
            text,
            "#[allow(dead_code, non_upper_case_globals)]\n\
             const {ident}: unsafe extern \"C\" fn() -> {returns} = {{\n\
             extern \"C\" fn missing() -> {returns} {{\n0\n}}\n\
             missing\n\
             }};\n"
        );
        let message = message(
            table,
            &getter.site,
            &format!(
                "`{ident}` is not a function of the bindings module `{}`: declare `{} \
                 {ident}(void);` in the header bindgen reads, or fix the row's `getter`",
                module.text,
                if clock.returns_u64 { "u64" } else { "ktime_t" }
            ),
        );
        // A function item is zero-sized; the stand-in, a function pointer, is not; nor is
        // a constant or static of the module of that name (whose call is then an error of
        // its own).
        writeln!(
            assertions,
            "::core::assert!(::core::mem::size_of_val(&{ident}) == 0, {message});"
        );
    }
    if let ClockId::Constant(constant) = &clock.id.value {
        write!(
            text,
            "#[allow(dead_code, non_upper_case_globals)]\n\
             const {constant}: ::core::primitive::i128 = {MISSING};\n"
        );
        id_assertions(table, clock, constant, &module.text, &mut assertions);
    }
    write!(text, "const _: () = {{\n{GLOB}{}}};\n", assertions.as_str());
}

/// The assertions about a clock id constant: the module has it, it fits a
/// `clockid_t`, and it has the value its name says where a capability relies on the
/// value (an hrtimer base; the posix backend's readable and monotonic ids).
fn id_assertions(table: &Table, clock: &Clock, constant: &Ident, module: &str, text: &mut Text) {
    let site = &clock.id.site;
    let value = format!("({constant} as ::core::primitive::i128)");
    assertion(
        table,
        site,
        &format!("{value} != {MISSING}"),
        &format!(
            "`{module}` has no clock id constant `{constant}`: fix the row's `clockid` (a \
             constant of that module, or an integer)"
        ),
        text,
    );
    assertion(
        table,
        site,
        &format!(
            "{value} >= ::core::primitive::i32::MIN as ::core::primitive::i128 \
             && {value} <= ::core::primitive::i32::MAX as ::core::primitive::i128"
        ),
        &format!(
            "the clock id constant `{constant}` of `{module}` does not fit a `clockid_t`: fix \
             the row's `clockid`"
        ),
        text,
    );
    match table.options.backend {
        Backend::Kernel => hrtimer_id_assertion(table, clock, constant, &value, text),
        Backend::Posix => posix_id_assertions(table, clock, &value, text),
    }
}

/// A kernel clock with an hrtimer base: its constant has the value of the base's id.
fn hrtimer_id_assertion(
    table: &Table,
    clock: &Clock,
    constant: &Ident,
    value: &str,
    text: &mut Text,
) {
    let hrtimer = clock.capabilities.iter().any(|c| c.key == "hrtimer");
    let (true, Some(known)) = (hrtimer, clock.id.value.known_value()) else {
        return;
    };
    assertion(
        table,
        &clock.id.site,
        &format!("{value} == {known}"),
        &format!(
            "clock `{}` is declared `hrtimer = true` as clock id {known}, but the bindings' \
             `{constant}` has another value: fix the row's `clockid`",
            clock.name
        ),
        text,
    );
}

/// A posix clock whose constant's value is not known here: `clock_gettime` reads it,
/// and monotonically if the row says so.
fn posix_id_assertions(table: &Table, clock: &Clock, value: &str, text: &mut Text) {
    if clock.id.value.known_value().is_some() {
        return;
    }
    let site = &clock.id.site;
    let readable = format!(
        "`clock_gettime` can fail on the clock id of clock `{}` (an alarm clock without an \
         RTC, a negative or unknown id), and the clock would not advance: fix the row's \
         `clockid`",
        clock.name
    );
    one_of(table, site, value, POSIX_READABLE_IDS, &readable, text);
    if clock.monotonic {
        let monotonic = format!(
            "clock `{}` is declared `monotonic = true`, but `clock_gettime` does not read its \
             clock id monotonically",
            clock.name
        );
        one_of(table, site, value, MONOTONIC_IDS, &monotonic, text);
    }
}

/// An assertion that `value` is one of `ids`.
fn one_of(table: &Table, site: &Site, value: &str, ids: &[i32], message: &str, text: &mut Text) {
    let ids: Vec<String> = ids.iter().map(ToString::to_string).collect();
    let condition = format!("::core::matches!({value}, {})", ids.join(" | "));
    assertion(table, site, &condition, message, text);
}

/// `assert!(condition, MESSAGE)`, the message located at `site`.
fn assertion(table: &Table, site: &Site, condition: &str, message_text: &str, text: &mut Text) {
    let message = message(table, site, message_text);
    writeln!(text, "::core::assert!({condition}, {message});");
}
