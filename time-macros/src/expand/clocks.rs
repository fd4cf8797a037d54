//! Each clock of the table: its marker type; its clock-trait impl (`ID` and
//! `ktime_get`, read the backend's way), after the checks of what it names where
//! there are any; its capability impls and its row as data (`TableClock`); then
//! `CLOCKS` and `for_each_clock`.

use super::checks::{self, Module, GLOB};
use super::text::{Runtime, Text};
use crate::ast::{Backend, ModulePath, Source, Table, Trust};
use crate::capabilities::{Capability, Impl, Trait, CAPABILITIES};
use crate::validate::{Clock, ClockId, Resolution, Valid};

/// A row with errors still declares its type (without impls), so that code using it
/// does not bury the real error under "cannot find type" errors.
pub(super) fn markers(valid: &Valid, text: &mut Text) {
    for name in &valid.markers {
        text.doc_line(
            " A clock whose row in the clock table has errors (see the compiler's message).",
        );
        writeln!(text, "pub struct {name};");
    }
}

/// How the table's clocks are read.
enum Reader<'t> {
    /// Through the getters of a bindings module, on the caller's word.
    Bindings(&'t ModulePath),
    /// Through getters the expansion declares `extern "C"`, on the caller's word.
    Extern,
    /// With `clock_gettime(ID)`: the runtime's `posix::PosixClock::read`.
    Posix,
}

impl<'t> Reader<'t> {
    fn of(table: &'t Table) -> Option<Self> {
        match (&table.options.trust, table.options.backend) {
            (_, Backend::Posix) => Some(Reader::Posix),
            (Some((_, Trust::Bindings(path))), Backend::Kernel) => Some(Reader::Bindings(path)),
            (Some((_, Trust::Extern)), Backend::Kernel) => Some(Reader::Extern),
            // Refused by validation, whose rows declare their marker types only.
            (None, Backend::Kernel) => None,
        }
    }

    /// Whether the clocks are read on the caller's word (its `unsafe(…)`).
    fn vouched(&self) -> bool {
        !matches!(self, Reader::Posix)
    }
}

/// The items of the table's clocks, in two parts of the block that holds them.
#[derive(Default)]
pub(super) struct ClockItems {
    /// The items written on the macro's word (and the checks of a backend without
    /// one): nothing in them is spliced.
    pub(super) plain: Text,
    /// The items written on the caller's word (and the blocks that hold them), with
    /// the markers of the caller's `unsafe`.
    pub(super) vouched: Text,
    /// The clocks' names, in table order.
    pub(super) names: Vec<String>,
}

/// Every complete clock's marker type, written to `markers`, and its items.
pub(super) fn clocks(
    table: &Table,
    valid: &Valid,
    runtime: &Runtime,
    markers: &mut Text,
) -> Option<ClockItems> {
    let reader = Reader::of(table)?;
    if valid.clocks.is_empty() {
        return None;
    }
    let declared_in = match &table.source {
        Source::File { text, .. } => {
            let file = text
                .display
                .rsplit(['/', '\\'])
                .next()
                .unwrap_or(&text.display);
            format!(" Declared in `{file}`.")
        }
        Source::Inline => String::new(),
    };
    let mut items = ClockItems::default();
    if matches!(reader, Reader::Extern) {
        getters(valid, &mut items.vouched);
    }
    for clock in &valid.clocks {
        let names = Names::of(clock);
        marker(clock, &names.name, &declared_in, markers);
        clock_items(table, clock, &names, &reader, runtime, &mut items);
        items.names.push(names.name);
    }
    Some(items)
}

/// A clock's name and getter, as text.
struct Names {
    name: String,
    getter: String,
}

impl Names {
    fn of(clock: &Clock) -> Self {
        let getter = clock.getter.as_ref().map(|getter| getter.value.to_string());
        Names {
            name: clock.name.to_string(),
            getter: getter.unwrap_or_default(),
        }
    }
}

/// `pub struct Name;` with the row's doc.
fn marker(clock: &Clock, name: &str, declared_in: &str, text: &mut Text) {
    text.docs(clock.doc.as_deref().unwrap_or(""));
    if let Some(header) = &clock.header {
        text.doc_line("");
        text.doc_line(&format!(" Declared in C by `<{header}>`."));
    }
    if !declared_in.is_empty() {
        text.doc_line("");
        text.doc_line(declared_in);
    }
    text.push_all(&["pub struct ", name, ";\n"]);
}

/// The getters that the expansion declares, on the caller's word that each is a C
/// function of the table's signature that is safe to call anywhere: `safe` in the
/// caller's `unsafe extern` block, so that no other `unsafe` is needed to call them.
fn getters(valid: &Valid, text: &mut Text) {
    text.push("@(extern \"C\") {\n");
    for clock in &valid.clocks {
        if let Some(getter) = &clock.getter {
            let getter = getter.value.to_string();
            let returns = if clock.returns_u64 { "u64" } else { "i64" };
            text.push_all(&["safe fn ", &getter, "() -> ", returns, ";\n"]);
        }
    }
    text.push("}\n");
}

/// The items of one clock: the checks of what it names and its clock-trait impl, its
/// capability impls and its `TableClock` impl.
fn clock_items(
    table: &Table,
    clock: &Clock,
    names: &Names,
    reader: &Reader<'_>,
    runtime: &Runtime,
    items: &mut ClockItems,
) {
    let module = match (reader, &clock.id.value) {
        (Reader::Bindings(path), _) => Some(Module {
            path: "@bindings".to_owned(),
            text: path.text(),
        }),
        (Reader::Posix, ClockId::Constant(_)) => Some(Module {
            path: format!("{}posix::libc", runtime.prefix),
            text: "libc".to_owned(),
        }),
        _ => None,
    };
    let text = if reader.vouched() {
        &mut items.vouched
    } else {
        &mut items.plain
    };
    match &module {
        Some(module) => {
            // A block of the clock's own, for the stand-ins of the checks. With a
            // vouched reader, the markers in it are spliced.
            text.push(if reader.vouched() {
                "const _: () = @{\n"
            } else {
                "const _: () = {\n"
            });
            checks::row(table, clock, module, text);
            clock_impl(clock, names, reader, runtime, GLOB, text);
            text.push("};\n");
        }
        None => clock_impl(clock, names, reader, runtime, "", text),
    }
    if matches!(reader, Reader::Posix) {
        // `ktime_get` above is `PosixClock::read`, not overridden here.
        let (rt, name) = (runtime.prefix, names.name.as_str());
        items
            .plain
            .push_all(&["unsafe impl ", rt, "posix::PosixClock for ", name, " {}\n"]);
    }
    capability_impls(table, clock, &names.name, reader, runtime, items);
    table_clock(clock, names, runtime, &mut items.plain);
}

/// The clock-trait impl: `ID` and `ktime_get`, which read the module's items where
/// `scope` imports them (`GLOB`).
fn clock_impl(
    clock: &Clock,
    names: &Names,
    reader: &Reader<'_>,
    runtime: &Runtime,
    scope: &str,
    text: &mut Text,
) {
    // With a bindings module, the getter is called in an `unsafe` block of the
    // caller's, inside the impl: the splice looks into both.
    let (open, close, inner) = match reader {
        // `PosixClock::read` returns `clock_gettime(ID)` clamped to `0..=KTIME_MAX` and
        // is safe to call anywhere; the id is one it reads (validated, or asserted by
        // the checks). The method is the runtime's, in its `unsafe trait PosixClock`: a
        // runtime that reads something else wrote `unsafe` for it.
        Reader::Posix => ("unsafe impl ", " ", "{"),
        Reader::Extern => ("@(impl ", ") ", "{"),
        Reader::Bindings(_) => ("@(impl ", ") ", "@{"),
    };
    let (rt, name, clock_trait) = (
        runtime.prefix,
        names.name.as_str(),
        runtime.clock_trait.as_str(),
    );
    text.push_all(&[open, rt, clock_trait, " for ", name, close, inner]);
    text.push_all(&["\nconst ID: i32 = {\n", scope]);
    match &clock.id.value {
        ClockId::Number(number) => text.number((*number).into()),
        ClockId::Constant(constant) => {
            let constant = constant.to_string();
            text.push_all(&[&constant, " as ::core::primitive::i32"]);
        }
    }
    text.push_all(&["\n};\n#[inline]\nfn ktime_get() -> i64 ", inner]);
    text.push_all(&["\n", scope]);
    read(clock, &names.getter, reader, runtime, text);
    text.push("\n}\n}\n");
}

/// The body of `ktime_get`: the getter called (and a `u64` reading clamped to
/// `0..=KTIME_MAX`), or the runtime's `posix::PosixClock::read`.
fn read(clock: &Clock, getter_text: &str, reader: &Reader<'_>, runtime: &Runtime, text: &mut Text) {
    let getter = match (reader, &clock.getter) {
        (Reader::Bindings(_), Some(getter)) => Some(&getter.value),
        (Reader::Extern, _) => None,
        (Reader::Posix, _) | (Reader::Bindings(_), None) => {
            let rt = runtime.prefix;
            text.push_all(&["<Self as ", rt, "posix::PosixClock>::read()"]);
            return;
        }
    };
    if clock.returns_u64 {
        text.push("let nanos: ::core::primitive::u64 = ");
    }
    match getter {
        // A bindings module's getter, in an `unsafe` block of the caller's, as the row
        // writes it: the compiler's errors about the call point at the row.
        Some(ident) => {
            text.push("@() @{ ");
            text.ident(ident);
            text.push("() }");
        }
        None => text.push_all(&[getter_text, "()"]),
    }
    if clock.returns_u64 {
        text.push(
            ";\nif nanos > ::core::primitive::i64::MAX as ::core::primitive::u64 {\n\
             ::core::primitive::i64::MAX\n\
             } else {\n\
             nanos as ::core::primitive::i64\n\
             }",
        );
    }
}

/// The impls of the capabilities the clock has, and of their narrower traits where
/// the clock's id allows them.
fn capability_impls(
    table: &Table,
    clock: &Clock,
    name: &str,
    reader: &Reader<'_>,
    runtime: &Runtime,
    items: &mut ClockItems,
) {
    for capability in &clock.capabilities {
        let Some(justified) = capability.justified(table.options.backend) else {
            continue;
        };
        capability_impl(name, &capability.tr, justified, reader, runtime, items);
        if let Some(narrower) = &capability.narrower {
            let value = clock.id.value.known_value();
            if value.is_some_and(|id| !narrower.except_ids.contains(&id)) {
                capability_impl(name, &narrower.tr, justified, reader, runtime, items);
            }
        }
    }
}

/// One capability impl, justified as `justified` says.
fn capability_impl(
    name: &str,
    tr: &Trait,
    justified: Impl,
    reader: &Reader<'_>,
    runtime: &Runtime,
    items: &mut ClockItems,
) {
    let (text, open, close) = match (justified, reader.vouched()) {
        (Impl::Plain, _) => (&mut items.plain, "impl ", " "),
        (Impl::Vouched, true) => (&mut items.vouched, "@(impl ", ") "),
        // `MonotonicClock` of a clock read by id: `checks::row` asserts that
        // `clock_gettime` reads the id monotonically.
        (Impl::MonotonicId, _) => (&mut items.plain, "unsafe impl ", " "),
        // Validation gives a vouched capability to vouched readers only.
        (Impl::Vouched, false) => return,
    };
    let rt = runtime.prefix;
    text.push_all(&[open, rt, tr.name, " for ", name, close, "{}\n"]);
}

/// `TableClock` for the clock: its row, as data.
fn table_clock(clock: &Clock, names: &Names, runtime: &Runtime, text: &mut Text) {
    let (rt, name, clock_trait) = (runtime.prefix, names.name.as_str(), &runtime.clock_trait);
    text.push_all(&["impl ", rt, "TableClock for ", name, " {\nconst INFO: ", rt]);
    text.push_all(&["ClockInfo = ", rt, "ClockInfo {\nname: "]);
    text.string(name);
    text.push_all(&[
        ",\nid: <",
        name,
        " as ",
        rt,
        clock_trait,
        ">::ID,\ngetter: ",
    ]);
    text.string(&names.getter);
    text.push(",\ndoc: ");
    text.string(clock.doc.as_deref().unwrap_or(""));
    text.push_all(&[",\nresolution: ", rt, "Resolution::"]);
    match clock.resolution {
        Some(Resolution::Tick) => text.push("Tick"),
        Some(Resolution::Nanos(nanos)) => {
            text.push("Nanos(");
            text.number(nanos);
            text.push(")");
        }
        None => text.push("Nanos(1)"),
    }
    text.push(",\n");
    for capability in CAPABILITIES {
        let value = if has(clock, capability) {
            "true"
        } else {
            "false"
        };
        text.push_all(&[capability.key, ": ", value, ",\n"]);
    }
    text.push_all(&[
        "read: <",
        name,
        " as ",
        rt,
        clock_trait,
        ">::ktime_get,\n};\n}\n",
    ]);
}

/// Whether the clock has the capability (with the table's backend).
fn has(clock: &Clock, capability: &Capability) -> bool {
    clock
        .capabilities
        .iter()
        .any(|has| std::ptr::eq(*has, capability))
}

/// `CLOCKS` and `for_each_clock`, for the part of the expansion that is spliced (the
/// runtime's path, `@runtime`, is written once each).
pub(super) fn table_items(names: &[String], runtime: &Runtime, text: &mut Text) {
    // Outside the block that aliases the runtime: its path as the invocation gives it.
    let (path, walk) = if runtime.declares_items {
        ("self", "")
    } else {
        ("@runtime", "@")
    };
    text.doc_line(" Every clock of the table, in table order: each clock's row, as data.");
    write!(
        text,
        "pub const CLOCKS: {walk}[{path}::ClockInfo; {}] = ",
        names.len()
    );
    if !runtime.declares_items {
        text.push("@{\nuse @runtime as __rt;\n");
    }
    text.push("[");
    for name in names {
        text.push_all(&["<", name, " as ", runtime.prefix, "TableClock>::INFO,"]);
    }
    text.push(if runtime.declares_items {
        "];\n"
    } else {
        "]\n};\n"
    });
    text.doc_line(
        " Calls `visitor.visit::<C>()` for every clock `C` of the table, in table order.",
    );
    // `__Visitor` cannot be a clock's name (names are UpperCamelCase, without `_`).
    write!(
        text,
        "#[inline]\n\
         pub fn for_each_clock<__Visitor>(visitor: &mut __Visitor)\n\
         where\n\
         __Visitor: {path}::ClockVisitor + ?::core::marker::Sized,\n\
         {{\n"
    );
    for name in names {
        text.push_all(&["visitor.visit::<", name, ">();\n"]);
    }
    text.push("}\n");
}
