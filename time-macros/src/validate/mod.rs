//! Validation: [`validate`] owns every check of a [`Table`] that reading it did not
//! (the invocation's options against the table, each row on its own in `row`, with
//! the name rules in `names`, then the rules across rows in `unique`). Every problem is
//! reported to the [`Ctxt`]; every row that can still declare a type does, so one bad
//! row does not cascade into "cannot find type" at each use of the others.

mod keywords;
mod model;
mod names;
mod row;
mod unique;

pub(crate) use model::{Clock, ClockId, Relation, Resolution, Valid};

#[cfg(all(test, feature = "toml"))]
pub(crate) use names::is_keyword;

use crate::ast::{Backend, Site, Source, Table};
use crate::ctxt::Ctxt;
use crate::input::EXTERN_CONTRACT;
use crate::schema;
use unique::Uniqueness;

/// Checks `table`, reporting every problem to `cx`, and returns what it declares.
pub(crate) fn validate(table: &Table, cx: &Ctxt) -> Valid {
    check_trust(table, cx);
    check_runtime(table, cx);
    let mut unique = Uniqueness::default();
    let mut valid = Valid {
        clocks: Vec::new(),
        markers: Vec::new(),
    };
    for (index, row) in table.rows.iter().enumerate() {
        let checked = row::check(table, row, index, cx);
        let name_site = row.get(schema::NAME).map_or(&row.site, |n| &n.site);
        // The names and getters as the row writes them (what the checked identifiers
        // were made from).
        let text = |key| row.text(key).map_or("", |text| text.value);
        let new_name =
            checked.name.is_some() && unique.name(table, text(schema::NAME), name_site, cx);
        let getter_unique = checked
            .getter
            .as_ref()
            .is_none_or(|getter| unique.getter(table, text(schema::GETTER), &getter.site, cx));
        let relation = unique.relation(table, checked.relation, cx);
        let (Some(name), true) = (checked.name, new_name) else {
            continue;
        };
        match (checked.clock, getter_unique, relation, readable(table)) {
            (Some(mut clock), true, Some(relation), true) => {
                clock.relation = relation;
                valid.clocks.push(clock);
            }
            _ => valid.markers.push(name),
        }
    }
    unique.finish(cx);
    let runtime_alone = table.options.runtime.as_ref().is_some_and(|r| r.is_self)
        && matches!(table.source, Source::Inline);
    if table.rows.is_empty() && !table.truncated && !runtime_alone {
        cx.error(
            &whole_table(table),
            "the clock table declares no clocks",
            "add at least one clock: `[[clock]]` with `name`, `getter`, `monotonic` and `clockid` \
             (in a file), or `Name { getter: c_function, monotonic: true, clockid: 1 }` (inline)",
        );
    }
    valid
}

/// Whether the table's clocks can be read: the invocation names their runtime, the
/// backend is there, and with the kernel backend the invocation vouches for the
/// getters (else that is reported, and the rows declare their marker types only).
fn readable(table: &Table) -> bool {
    table.options.runtime.is_some()
        && !table.options.markers_only
        && (table.options.backend == Backend::Posix || table.options.trust.is_some())
}

/// Where an error about the whole table goes: line 1 of the file, or the invocation.
fn whole_table(table: &Table) -> Site {
    match table.source {
        Source::File { .. } => Site::Table(0..0),
        Source::Inline => Site::Tokens(proc_macro2::Span::call_site()),
    }
}

/// With the kernel backend and no bindings module, the macro declares each getter
/// itself as `extern "C"` and calls it from safe code: the invocation must say
/// `unsafe(extern "C")`. Without it, one error at the first row's getter. And `backend
/// = posix` needs the runtime's posix backend.
fn check_trust(table: &Table, cx: &Ctxt) {
    let options = &table.options;
    // Only the posix backend can be missing (`declare` sets `markers_only` for it).
    if options.markers_only {
        cx.error(
            &Site::Tokens(
                options
                    .backend_span
                    .unwrap_or_else(proc_macro2::Span::call_site),
            ),
            "the posix backend needs typed-clocks's `posix` feature",
            "enable it: `typed-clocks = { version = \"…\", features = [\"posix\"] }` in Cargo.toml",
        );
    }
    if options.backend != Backend::Kernel || options.bindings().is_some() || options.trust.is_some()
    {
        return;
    }
    let Some(getter) = table.rows.iter().find_map(|row| row.text(schema::GETTER)) else {
        return;
    };
    cx.error(
        &getter.site,
        format_args!(
            "the macro would declare `unsafe extern \"C\" fn {}() -> ktime_t` and call it from \
             safe code, which only you can vouch for",
            getter.value
        ),
        EXTERN_CONTRACT,
    );
}

/// The generated code names its runtime: `typed_clocks::declare_clocks!` says which,
/// and a direct invocation (the kernel's) says `runtime = PATH`.
fn check_runtime(table: &Table, cx: &Ctxt) {
    if table.options.runtime.is_some() {
        return;
    }
    cx.error(
        &Site::Tokens(proc_macro2::Span::call_site()),
        "the invocation names no runtime for the clocks",
        "add `runtime = PATH`, the module with the clock trait and `Instant` (`runtime = self` \
         in that module itself, which then declares the table's traits too), or invoke the macro \
         as `typed_clocks::declare_clocks!`",
    );
}
