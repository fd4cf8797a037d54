//! Each value of a row, and the rules between the values of one row (the getter and
//! the clock id name different things, the capabilities' rules, `offset` against
//! `offset_base`). Each check returns what it validated, or `None` once it has
//! reported why not.

use super::super::model::{ClockId, Resolution, RowRelation};
use super::super::names::{c_name_problem, check_getter, check_name, is_c_identifier};
use crate::ast::{Backend, Located, Row, Table, Value};
use crate::capabilities::POSIX_READABLE_IDS;
use crate::capability::{Capability, Facts, CAPABILITIES};
use crate::ctxt::Ctxt;
use crate::schema;
use proc_macro2::Ident;

/// The members of the kernel's `enum tk_offsets` that name an offset
/// (`include/linux/timekeeping.h`; `TK_OFFS_MAX` counts them and is none).
const TIMEKEEPER_OFFSETS: &[&str] = &["TK_OFFS_REAL", "TK_OFFS_BOOT", "TK_OFFS_TAI"];

/// A row's values, each checked (`None`: absent or reported).
pub(super) struct Values {
    /// The type name.
    pub(super) name: Option<Ident>,
    /// The getter.
    pub(super) getter: Option<Located<Ident>>,
    /// Whether the getter is valid or not written (a written one must be valid, even
    /// where the backend does not use it).
    pub(super) getter_ok: bool,
    /// The clock id.
    pub(super) clockid: Option<Located<ClockId>>,
    /// Whether the getter and the clock id name different things.
    pub(super) distinct: bool,
    /// The row's place among related clocks.
    pub(super) relation: Option<RowRelation>,
    /// Whether the getter returns `u64`.
    pub(super) returns_u64: Option<bool>,
    /// The resolution (`Some(None)`: not given).
    pub(super) resolution: Option<Option<Resolution>>,
    /// The capabilities the row has with the table's backend.
    pub(super) capabilities: Option<Vec<&'static Capability>>,
    /// The row's `monotonic`.
    pub(super) monotonic: bool,
}

/// Checks each value of `row` (of `table`) and the rules between them.
pub(super) fn check(table: &Table, row: &Row, cx: &Ctxt) -> Values {
    let name = row
        .text(schema::NAME)
        .and_then(|name| check_name(table, &name, cx));
    let written_getter = row.text(schema::GETTER);
    let getter = written_getter
        .as_ref()
        .and_then(|getter| check_getter(table, getter, cx));
    let clockid = row
        .get(schema::CLOCKID)
        .and_then(|clockid| check_clockid(table, clockid, cx));
    let distinct = check_distinct(getter.as_ref(), clockid.as_ref(), cx);
    let relation = check_relation(table, row, cx);
    let returns_u64 = check_returns(row, cx);
    let resolution = check_resolution(row, cx);
    let clockid_text = clockid.as_ref().map(|id| clockid_text(&id.value));
    let capabilities = check_capabilities(
        row,
        &Facts {
            backend: table.options.backend,
            row,
            // A getter that was rejected (reported) breaks no capability's rule.
            getter: written_getter
                .as_ref()
                .filter(|_| getter.is_some())
                .map(|getter| getter.value),
            clockid: clockid_text.as_deref(),
            clockid_value: clockid.as_ref().and_then(|id| id.value.known_value()),
        },
        cx,
    );
    Values {
        name,
        getter_ok: written_getter.is_none() || getter.is_some(),
        getter,
        clockid,
        distinct,
        relation,
        returns_u64,
        resolution,
        capabilities,
        monotonic: row.is_set(schema::MONOTONIC),
    }
}

/// Whether the getter and the clock id name different things; reports it when a row
/// names one constant as both.
fn check_distinct(
    getter: Option<&Located<Ident>>,
    clockid: Option<&Located<ClockId>>,
    cx: &Ctxt,
) -> bool {
    match (getter, clockid) {
        (
            Some(getter),
            Some(Located {
                value: ClockId::Constant(constant),
                ..
            }),
        ) if getter.value == *constant => {
            cx.error(
                &getter.site,
                format_args!("`getter` and `clockid` both name `{}`", getter.value),
                "the getter is the C function that reads the clock and the clock id a \
                 `CLOCK_*` constant: fix the one that is wrong",
            );
            false
        }
        _ => true,
    }
}

fn check_clockid(table: &Table, clockid: &Located<Value>, cx: &Ctxt) -> Option<Located<ClockId>> {
    let site = &clockid.site;
    let id = match &clockid.value {
        Value::Number(number) => match i32::try_from(*number) {
            Ok(number) => ClockId::Number(number),
            Err(_) => {
                cx.error(
                    site,
                    format_args!("clock id {number} is out of range"),
                    "a clock id is a C `clockid_t` (an `int`): use a value from -2147483648 to 2147483647",
                );
                return None;
            }
        },
        Value::Constant(constant) => {
            if let Some(problem) = c_name_problem(constant) {
                cx.error(
                    site,
                    format_args!(
                        "clock id `{}` is neither an integer nor a C constant name: it {problem}",
                        constant.escape_debug(),
                    ),
                    "write the constant's name, e.g. `CLOCK_MONOTONIC`, or its value, e.g. `1`",
                );
                return None;
            }
            if table.options.bindings().is_none() && table.options.backend == Backend::Kernel {
                cx.error(
                    site,
                    format_args!(
                        "clock id `{constant}` names a constant, but there is no bindings module to find it in"
                    ),
                    format_args!(
                        "add {} (the module with the C constants), or {} (constants from `libc`), \
                         or write the id as an integer",
                        site.option_syntax("unsafe(bindings = crate::bindings)"),
                        site.option_syntax("backend = posix")
                    ),
                );
                return None;
            }
            ClockId::Constant(Ident::new(constant, table.span_of(site)))
        }
        _ => return None,
    };
    if table.options.backend == Backend::Posix {
        if let Some(value) = id.known_value() {
            if let Some((message, help)) = posix_unreadable(&clockid_text(&id), value) {
                cx.error(site, message, help);
                return None;
            }
        }
    }
    Some(Located::new(id, site.clone()))
}

/// Why the posix backend refuses clock id `value` (written `text`): `clock_gettime`
/// can fail on it, and a clock whose readings fail cannot be waited on.
fn posix_unreadable(text: &str, value: i32) -> Option<(String, String)> {
    const READABLE: &str = "the posix backend reads the clocks every running Linux has: \
        CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID, \
        CLOCK_MONOTONIC_RAW, CLOCK_REALTIME_COARSE, CLOCK_MONOTONIC_COARSE, CLOCK_BOOTTIME \
        and CLOCK_TAI";
    if POSIX_READABLE_IDS.contains(&value) {
        return None;
    }
    let alarm_base = match value {
        8 => Some("CLOCK_REALTIME"),
        9 => Some("CLOCK_BOOTTIME"),
        _ => None,
    };
    Some(match alarm_base {
        Some(base) => (
            format!(
                "`clock_gettime` fails on clock id `{text}` where the machine has no RTC \
                 (containers, most VMs): the clock would not advance"
            ),
            format!(
                "read `{base}` instead: it is the same clock, and an alarm clock differs from \
                 it only in timers that wake the system from suspend"
            ),
        ),
        None if value < 0 => (
            format!(
                "clock id `{text}` is negative: the CPU clock of a process or thread, or the \
                 clock of a file descriptor, which `clock_gettime` fails on once it is gone (a \
                 thread's, outside its process)"
            ),
            format!(
                "for this process's or thread's CPU time, read CLOCK_PROCESS_CPUTIME_ID or \
                 CLOCK_THREAD_CPUTIME_ID; {READABLE}"
            ),
        ),
        None => (
            format!("Linux has no clock with id `{text}`: `clock_gettime` fails on it"),
            format!("fix the row's `clockid`: {READABLE}"),
        ),
    })
}

/// A clock id as the table writes it.
fn clockid_text(id: &ClockId) -> String {
    match id {
        ClockId::Constant(constant) => constant.to_string(),
        ClockId::Number(number) => number.to_string(),
    }
}

/// The row-local rules of `offset`/`offset_base`: not both, only with the kernel
/// backend and a bindings module, and a member of the timekeeper's offsets; `None`
/// (reported) when the row breaks one.
fn check_relation(table: &Table, row: &Row, cx: &Ctxt) -> Option<RowRelation> {
    let offset = row.text(schema::OFFSET);
    let offset_base = row.flag(schema::OFFSET_BASE);
    let is_base = offset_base.as_ref().is_some_and(|base| base.value);
    match (&offset, is_base) {
        (None, false) => Some(RowRelation::None),
        (Some(offset), true) => {
            cx.error(
                &offset.site,
                "a clock cannot both be the offset base and have an offset",
                "remove `offset` from the base clock, or `offset_base` from this one",
            );
            None
        }
        // One table serves both backends: the posix backend has no timekeeper offsets
        // to read, so it declares no conversions (documented on the macro).
        (_, _) if table.options.backend == Backend::Posix => Some(RowRelation::None),
        (_, _) if table.options.bindings().is_none() => {
            let site = offset.as_ref().map_or_else(
                || {
                    offset_base
                        .as_ref()
                        .map_or(row.site.clone(), |b| b.site.clone())
                },
                |o| o.site.clone(),
            );
            cx.error(
                &site,
                "conversions between clocks need the kernel's `ktime_mono_to_any` from a bindings module",
                format_args!(
                    "add {} (kernel backend), or remove `offset`/`offset_base` from the table",
                    &site.option_syntax("unsafe(bindings = crate::bindings)")
                ),
            );
            None
        }
        (None, true) => Some(RowRelation::Base(
            offset_base
                .as_ref()
                .map_or(row.site.clone(), |b| b.site.clone()),
        )),
        (Some(offset), false) => check_offset(offset, cx),
    }
}

/// `offset = "MEMBER"`: a member of the timekeeper's offsets, or `None` (reported).
fn check_offset(offset: &Located<&str>, cx: &Ctxt) -> Option<RowRelation> {
    if !is_c_identifier(offset.value) {
        cx.error(
            &offset.site,
            format_args!(
                "offset `{}` is not an `enum tk_offsets` member name",
                offset.value.escape_debug()
            ),
            "write the member's name, e.g. `TK_OFFS_BOOT`; it is used as `tk_offsets_TK_OFFS_BOOT` of the bindings module",
        );
        return None;
    }
    if !TIMEKEEPER_OFFSETS.contains(&offset.value) {
        cx.error(
            &offset.site,
            format_args!("`{}` is not one of the timekeeper's offsets", offset.value),
            format_args!(
                "write one of {}: `ktime_mono_to_any` indexes the timekeeper's offsets by it",
                TIMEKEEPER_OFFSETS.join(", ")
            ),
        );
        return None;
    }
    Some(RowRelation::Offset(Located::new(
        offset.value.to_owned(),
        offset.site.clone(),
    )))
}

/// Whether the row's getter returns `u64` (`"ktime_t"`, the default, is `false`);
/// `None` (reported) for another type.
fn check_returns(row: &Row, cx: &Ctxt) -> Option<bool> {
    let Some(returns) = row.text(schema::RETURNS) else {
        return Some(false);
    };
    match returns.value {
        "ktime_t" => Some(false),
        "u64" => Some(true),
        other => {
            cx.error(
                &returns.site,
                format_args!("unknown getter return type `{}`", other.escape_debug()),
                "a getter returns `ktime_t` (the default: `ktime_t getter(void)`) or `u64` \
                 nanoseconds (`u64 getter(void)`, like `ktime_get_mono_fast_ns`): write \
                 `returns = \"u64\"` or leave it out",
            );
            None
        }
    }
}

/// The row's `resolution` (`Some(None)`: not given): a positive number of
/// nanoseconds, or `"tick"`; `None` (reported) otherwise.
fn check_resolution(row: &Row, cx: &Ctxt) -> Option<Option<Resolution>> {
    let Some(resolution) = row.get(schema::RESOLUTION) else {
        return Some(None);
    };
    let help = "write the step the clock advances in, as nanoseconds (`resolution = 1`), or \
                `resolution = \"tick\"` for a clock that advances only at the timer tick";
    match &resolution.value {
        Value::Number(ns) => match i64::try_from(*ns) {
            Ok(ns) if ns > 0 => Some(Some(Resolution::Nanos(ns))),
            _ => {
                cx.error(
                    &resolution.site,
                    format_args!(
                        "resolution {ns} is not a positive number of nanoseconds that fits an `i64`"
                    ),
                    help,
                );
                None
            }
        },
        Value::Text(text) if text == "tick" => Some(Some(Resolution::Tick)),
        Value::Text(text) => {
            cx.error(
                &resolution.site,
                format_args!("unknown resolution `{}`", text.escape_debug()),
                help,
            );
            None
        }
        _ => None,
    }
}

/// The capabilities the row declares, each checked against its rule and the backend;
/// `None` when one of them broke its rule (reported at its key).
fn check_capabilities(row: &Row, facts: &Facts<'_>, cx: &Ctxt) -> Option<Vec<&'static Capability>> {
    let mut capabilities = Vec::new();
    let mut ok = true;
    for capability in CAPABILITIES {
        let Some(Located {
            value: Value::Bool(true),
            site,
        }) = row.get(capability.key)
        else {
            continue;
        };
        // Ignored with a backend that has nothing to vouch for it (one table serves
        // both backends): the clock does not get the trait.
        if capability.justified(facts.backend).is_none() {
            continue;
        }
        match capability.broken(facts) {
            Some((message, help)) => {
                cx.error(site, message, help);
                ok = false;
            }
            None => capabilities.push(capability),
        }
    }
    ok.then_some(capabilities)
}


#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
