//! The items a clock table's rules make part of its runtime, declared where the
//! invocation says `runtime = self` (the kernel's `kernel::time`, typed-clocks's root):
//! one trait per capability of the capability table (and its narrower trait), the
//! table as data (`ClockInfo`, with one `bool` per capability, and `Resolution`),
//! `TableClock`, `ClockVisitor` and `ConvertsTo`. Each table's clocks implement them
//! (`clocks`, `convert`).

use super::text::{Runtime, Text};
use crate::capabilities::{Trait, CAPABILITIES};

/// The runtime's items.
pub(super) fn items(runtime: &Runtime, text: &mut Text) {
    for capability in CAPABILITIES {
        capability_trait(runtime, &capability.tr, text);
        if let Some(narrower) = &capability.narrower {
            capability_trait(runtime, &narrower.tr, text);
        }
    }
    row_items(runtime, text);
    table_traits(runtime, text);
}

/// The trait of a capability.
fn capability_trait(runtime: &Runtime, tr: &Trait, text: &mut Text) {
    let rt = runtime.prefix;
    let supertrait = tr.supertrait.unwrap_or(runtime.clock_trait.as_str());
    let [message, label, note] = tr.unimplemented;
    text.docs(tr.doc);
    if tr.is_unsafe {
        for line in ["", " # Safety", ""] {
            text.doc_line(line);
        }
        text.docs(tr.safety);
    }
    write!(
        text,
        "#[diagnostic::on_unimplemented(message = {message:?}, label = {label:?}"
    );
    if !note.is_empty() {
        write!(text, ", note = {note:?}");
    }
    text.push(")]\n");
    if tr.is_unsafe {
        // Clippy reads no doc attribute a macro wrote, so it cannot see the section.
        text.push("#[allow(clippy::missing_safety_doc)]\npub unsafe ");
    } else {
        text.push("pub ");
    }
    writeln!(text, "trait {}: {rt}{supertrait} {{}}", tr.name);
}

/// `Resolution` and `ClockInfo`: a table's rows as data.
fn row_items(runtime: &Runtime, text: &mut Text) {
    let rt = runtime.prefix;
    text.push(
        "/// How finely a clock's readings advance: a row's `resolution`.
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
",
    );
    writeln!(text, "pub resolution: {rt}Resolution,");
    for capability in CAPABILITIES {
        text.doc_line(&format!(
            " Whether the clock {}: the row's `{}`.",
            capability.doc, capability.key
        ));
        writeln!(text, "pub {}: ::core::primitive::bool,", capability.key);
    }
    text.push(
        "    /// Reads the clock: the `ktime_get` of its clock trait.
    pub read: fn() -> ::core::primitive::i64,
}
",
    );
}

/// `TableClock`, `ClockVisitor`, `ConvertsTo`: the traits over a table's clocks.
fn table_traits(runtime: &Runtime, text: &mut Text) {
    let (rt, clock) = (runtime.prefix, &runtime.clock_trait);
    let converts_to_note = "conversions exist only between clocks related by a timekeeper \
        offset (`offset = \"TK_OFFS_...\"` in clocks.toml) and their monotonic base (the row \
        with `offset_base = true`)";
    write!(
        text,
        "/// A clock of a clock table: its row, as data.
pub trait TableClock: {rt}{clock} {{
    /// The clock's row.
    const INFO: {rt}ClockInfo;
}}

/// Code that is generic over every clock of a table: the `for_each_clock`
/// that `declare_clocks!` declares beside the clocks calls
/// [`visit`](ClockVisitor::visit) once per clock, in table order.
pub trait ClockVisitor {{
    /// Called once for each clock `C` of the table.
    fn visit<C: {rt}TableClock>(&mut self);
}}

/// The instants of `Self` convert to the clock `D`: the clock table relates the
/// two by the kernel's timekeeper offsets (`offset_base = true` on one row,
/// `offset = \"TK_OFFS_…\"` on others).
#[diagnostic::on_unimplemented(
    message = \"the clock table declares no conversion from `{{Self}}` to `{{D}}`\",
    label = \"no conversion between these clocks\",
    note = {converts_to_note:?}
)]
pub trait ConvertsTo<D: {rt}{clock}>: {rt}{clock} + ::core::marker::Sized {{
    /// The instant of `D` that is the same moment as `instant`, with the offsets
    /// as they are now, saturating at `0` and `KTIME_MAX`.
    fn to_clock(instant: {rt}Instant<Self>) -> {rt}Instant<D>;
}}
"
    );
}
