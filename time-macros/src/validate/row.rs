//! The checks of one row on its own: required keys, each value, and the keys that
//! must agree within the row (capabilities, offsets). Rules across rows are in
//! `unique`.

use super::names::{c_name_problem, check_getter, check_name, is_c_identifier};
use super::option_syntax;
use crate::diagnostics::Diagnostics;
use crate::model::{
    self, Backend, Capability, ClockId, ClockIdSpec, ClockRow, Located, Options, Resolution,
    ResolutionSpec, Returns, Site,
};
use proc_macro2::Ident;

/// Kernel getters that read the timekeeper under its seqcount: they spin while an
/// update is in progress, so an NMI that interrupts the update deadlocks in them.
const SEQCOUNT_GETTERS: &[&str] = &[
    "ktime_get",
    "ktime_get_real",
    "ktime_get_boottime",
    "ktime_get_clocktai",
    "ktime_get_raw",
    "ktime_get_with_offset",
    "ktime_get_coarse",
    "ktime_get_coarse_real",
    "ktime_get_coarse_boottime",
    "ktime_get_coarse_clocktai",
    "ktime_get_coarse_with_offset",
    "ktime_get_ns",
    "ktime_get_real_ns",
    "ktime_get_boottime_ns",
    "ktime_get_clocktai_ns",
    "ktime_get_raw_ns",
    "ktime_get_coarse_ns",
    "ktime_get_coarse_real_ns",
    "ktime_get_coarse_boottime_ns",
    "ktime_get_coarse_clocktai_ns",
];

/// The members of the kernel's `enum tk_offsets` that name an offset
/// (`include/linux/timekeeping.h`; `TK_OFFS_MAX` counts them and is none).
pub(super) const TIMEKEEPER_OFFSETS: &[&str] = &["TK_OFFS_REAL", "TK_OFFS_BOOT", "TK_OFFS_TAI"];

/// The clock ids the kernel has hrtimer bases for, by constant name and value.
const HRTIMER_CLOCKS: &[(&str, i32)] = &[
    ("CLOCK_REALTIME", 0),
    ("CLOCK_MONOTONIC", 1),
    ("CLOCK_BOOTTIME", 7),
    ("CLOCK_TAI", 11),
];

/// A row's values, each checked on its own (`None`: missing or rejected, and reported).
pub(super) struct CheckedRow {
    /// The type name.
    pub(super) name: Option<Ident>,
    /// The C getter.
    pub(super) getter: Option<Ident>,
    /// The clock id.
    pub(super) clockid: Option<ClockId>,
    /// What the getter returns.
    pub(super) returns: Returns,
    /// How finely the clock advances.
    pub(super) resolution: Option<Resolution>,
    /// The capabilities that passed their checks.
    pub(super) capabilities: Vec<Capability>,
    /// The row's place among related clocks, before the checks across rows.
    pub(super) relation: RowRelation,
    /// The backend cannot read the clock (posix, and the row has no `clockid`).
    pub(super) kernel_only: bool,
}

/// What a row says about offsets, checked within the row.
pub(super) enum RowRelation {
    /// Nothing (or nothing usable, already reported).
    None,
    /// `offset_base = true`, written at the site.
    Base(Site),
    /// `offset = "MEMBER"`.
    Offset(Located<String>),
}

/// Checks `row` (the `index`th of the table) on its own.
pub(super) fn check(
    row: &ClockRow,
    index: usize,
    options: &Options,
    diagnostics: &mut Diagnostics<'_>,
) -> CheckedRow {
    let name = row
        .text(model::NAME)
        .and_then(|name| check_name(&name, diagnostics));
    if row.get(model::NAME).is_none() && !row.mentions(model::NAME) {
        missing(
            row,
            index,
            model::NAME,
            "name = \"Monotonic\"",
            "the clock's Rust type name",
            diagnostics,
        );
    }
    let getter = row
        .text(model::GETTER)
        .and_then(|getter| check_getter(&getter, diagnostics));
    if row.get(model::GETTER).is_none()
        && !row.mentions(model::GETTER)
        && options.backend == Backend::Kernel
    {
        missing(
            row,
            index,
            model::GETTER,
            "getter = \"ktime_get\"",
            "the C function `ktime_t getter(void)` that reads the clock",
            diagnostics,
        );
    }
    if row.get(model::MONOTONIC).is_none() && !row.mentions(model::MONOTONIC) {
        missing(
            row,
            index,
            model::MONOTONIC,
            "monotonic = true",
            "whether the clock never goes backwards",
            diagnostics,
        );
    }
    let clockid = row
        .clockid()
        .and_then(|clockid| check_clockid(&clockid, options, diagnostics));
    // A row with a getter and no clock id is a kernel-only clock (the kernel has no
    // clockid_t for the coarse BootTime and TAI readers): one table serves both
    // backends, so the posix backend declares it without a reader instead of failing.
    let kernel_only = options.backend == Backend::Posix
        && row.clockid().is_none()
        && row.get(model::GETTER).is_some();
    if options.backend == Backend::Posix
        && row.clockid().is_none()
        && !kernel_only
        && !row.mentions(model::CLOCKID)
    {
        missing(
            row,
            index,
            model::CLOCKID,
            "clockid = \"CLOCK_MONOTONIC\"",
            "the posix backend reads each clock with `clock_gettime(clockid)`",
            diagnostics,
        );
    }
    if let (Some(getter), Some(ClockId::Constant(constant))) = (&getter, &clockid) {
        if getter == constant {
            if let Some(at) = row.get(model::GETTER) {
                diagnostics.error(
                    &at.site,
                    format_args!("`getter` and `clockid` both name `{getter}`"),
                    "the getter is the C function that reads the clock and the clock id a \
                     `CLOCK_*` constant: fix the one that is wrong",
                );
            }
        }
    }
    let relation = check_relation(row, options, diagnostics);
    let returns = check_returns(row, diagnostics);
    let resolution = check_resolution(row, diagnostics);
    let capabilities = check_capabilities(row, returns, clockid.as_ref(), diagnostics);
    CheckedRow {
        name,
        getter,
        clockid,
        returns,
        resolution,
        capabilities,
        relation,
        kernel_only,
    }
}

/// The row-local rules of `offset`/`offset_base`: not both, only with the kernel
/// backend and a bindings module, and a C member name.
fn check_relation(
    row: &ClockRow,
    options: &Options,
    diagnostics: &mut Diagnostics<'_>,
) -> RowRelation {
    let offset = row.text(model::OFFSET);
    let offset_base = row.flag(model::OFFSET_BASE);
    let is_base = offset_base.as_ref().is_some_and(|base| base.value);
    match (&offset, is_base) {
        (None, false) => RowRelation::None,
        (Some(offset), true) => {
            diagnostics.error(
                &offset.site,
                "a clock cannot both be the offset base and have an offset",
                "remove `offset` from the base clock, or `offset_base` from this one",
            );
            RowRelation::None
        }
        // One table serves both backends: the posix backend has no timekeeper offsets
        // to read, so it declares no conversions (documented on the macro).
        (_, _) if options.backend == Backend::Posix => RowRelation::None,
        (_, _) if options.bindings.is_none() => {
            let site = offset.as_ref().map_or_else(
                || {
                    offset_base
                        .as_ref()
                        .map_or(row.site.clone(), |b| b.site.clone())
                },
                |o| o.site.clone(),
            );
            diagnostics.error(
                &site,
                "conversions between clocks need the kernel's `ktime_mono_to_any` from a bindings module",
                format_args!(
                    "add {} (kernel backend), or remove `offset`/`offset_base` from the table",
                    option_syntax(&site, "unsafe(bindings = crate::bindings)")
                ),
            );
            RowRelation::None
        }
        (None, true) => RowRelation::Base(
            offset_base
                .as_ref()
                .map_or(row.site.clone(), |b| b.site.clone()),
        ),
        (Some(offset), false) if !is_c_identifier(&offset.value) => {
            diagnostics.error(
                &offset.site,
                format_args!("offset `{}` is not an `enum tk_offsets` member name", offset.value.escape_debug()),
                "write the member's name, e.g. `TK_OFFS_BOOT`; it is used as `tk_offsets_TK_OFFS_BOOT` of the bindings module",
            );
            RowRelation::None
        }
        (Some(offset), false) if !TIMEKEEPER_OFFSETS.contains(&offset.value.as_str()) => {
            diagnostics.error(
                &offset.site,
                format_args!("`{}` is not one of the timekeeper's offsets", offset.value),
                format_args!(
                    "write one of {}: `ktime_mono_to_any` indexes the timekeeper's offsets by it",
                    TIMEKEEPER_OFFSETS.join(", ")
                ),
            );
            RowRelation::None
        }
        (Some(offset), false) => RowRelation::Offset(offset.clone()),
    }
}

fn missing(
    row: &ClockRow,
    index: usize,
    key: &str,
    example: &str,
    meaning: &str,
    diagnostics: &mut Diagnostics<'_>,
) {
    if row.cut {
        return;
    }
    let which = match row.text(model::NAME) {
        Some(name) => format!("clock `{}`", name.value),
        None => format!("clock #{}", index + 1),
    };
    diagnostics.error(
        &row.site,
        format_args!("{which} is missing the required key `{key}`"),
        format_args!("add `{example}`: {meaning}"),
    );
}

fn check_clockid(
    clockid: &Located<ClockIdSpec>,
    options: &Options,
    diagnostics: &mut Diagnostics<'_>,
) -> Option<ClockId> {
    match &clockid.value {
        ClockIdSpec::Number(number) => match i32::try_from(*number) {
            Ok(number) => Some(ClockId::Number(number)),
            Err(_) => {
                diagnostics.error(
                    &clockid.site,
                    format_args!("clock id {number} is out of range"),
                    "a clock id is a C `clockid_t` (an `int`): use a value from -2147483648 to 2147483647",
                );
                None
            }
        },
        ClockIdSpec::Constant(constant) if c_name_problem(constant).is_some() => {
            diagnostics.error(
                &clockid.site,
                format_args!(
                    "clock id `{}` is neither an integer nor a C constant name: it {}",
                    constant.escape_debug(),
                    c_name_problem(constant).unwrap_or_default()
                ),
                "write the constant's name, e.g. `CLOCK_MONOTONIC`, or its value, e.g. `1`",
            );
            None
        }
        ClockIdSpec::Constant(constant)
            if options.bindings.is_none() && options.backend == Backend::Kernel =>
        {
            diagnostics.error(
                &clockid.site,
                format_args!("clock id `{constant}` names a constant, but there is no bindings module to find it in"),
                format_args!(
                    "add {} (the module with the C constants), or {} (constants from `libc`), \
                     or write the id as an integer",
                    option_syntax(&clockid.site, "unsafe(bindings = crate::bindings)"),
                    option_syntax(&clockid.site, "backend = posix")
                ),
            );
            None
        }
        ClockIdSpec::Constant(constant) => Some(ClockId::Constant(Ident::new(
            constant,
            diagnostics.span_of(&clockid.site),
        ))),
    }
}

/// What the row's getter returns: `"ktime_t"` unless the row says `"u64"`.
fn check_returns(row: &ClockRow, diagnostics: &mut Diagnostics<'_>) -> Returns {
    let Some(returns) = row.text(model::RETURNS) else {
        return Returns::Ktime;
    };
    match returns.value.as_str() {
        "ktime_t" => Returns::Ktime,
        "u64" => Returns::U64,
        other => {
            diagnostics.error(
                &returns.site,
                format_args!("unknown getter return type `{}`", other.escape_debug()),
                "a getter returns `ktime_t` (the default: `ktime_t getter(void)`) or `u64` nanoseconds \
                 (`u64 getter(void)`, like `ktime_get_mono_fast_ns`): write `returns = \"u64\"` or leave it out",
            );
            Returns::Ktime
        }
    }
}

/// The row's `resolution`: a positive number of nanoseconds, or `"tick"`.
fn check_resolution(row: &ClockRow, diagnostics: &mut Diagnostics<'_>) -> Option<Resolution> {
    let resolution = row.resolution()?;
    let help = "write the step the clock advances in, as nanoseconds (`resolution = 1`), or \
                `resolution = \"tick\"` for a clock that advances only at the timer tick";
    match &resolution.value {
        ResolutionSpec::Nanos(ns) => match i64::try_from(*ns) {
            Ok(ns) if ns > 0 => Some(Resolution::Nanos(ns)),
            _ => {
                diagnostics.error(
                    &resolution.site,
                    format_args!("resolution {ns} is not a positive number of nanoseconds that fits an `i64`"),
                    help,
                );
                None
            }
        },
        ResolutionSpec::Text(text) if text == "tick" => Some(Resolution::Tick),
        ResolutionSpec::Text(text) => {
            diagnostics.error(
                &resolution.site,
                format_args!("unknown resolution `{}`", text.escape_debug()),
                help,
            );
            None
        }
    }
}

/// The capabilities the row declares, checked against each other and the row.
fn check_capabilities(
    row: &ClockRow,
    returns: Returns,
    clockid: Option<&ClockId>,
    diagnostics: &mut Diagnostics<'_>,
) -> Vec<Capability> {
    let mut capabilities = Vec::new();
    let monotonic = row.is_set(model::MONOTONIC);
    for (capability, flag) in row.capabilities() {
        if !flag.value {
            continue;
        }
        let problem = match capability {
            Capability::Settable if monotonic => Some((
                "a clock cannot be both `settable` and `monotonic`".to_owned(),
                "setting a clock can move it backwards: keep `settable = true` with `monotonic = false`, \
                 or remove `settable`"
                    .to_owned(),
            )),
            Capability::NmiSafe => {
                let getter = row.text(model::GETTER);
                let getter = getter.as_ref().map(|g| g.value.as_str());
                match getter {
                    Some(getter) if SEQCOUNT_GETTERS.contains(&getter) => Some((
                        format!("`{getter}` is not NMI-safe: it reads the timekeeper under its seqcount"),
                        "an NMI that interrupts a timekeeping update deadlocks there; the NMI-safe readers are \
                         the `*_fast_ns` accessors (`ktime_get_mono_fast_ns`, `ktime_get_raw_fast_ns`, \
                         `ktime_get_boot_fast_ns`, `ktime_get_tai_fast_ns`, `ktime_get_real_fast_ns`): \
                         declare a row over one of them, with `returns = \"u64\"`"
                            .to_owned(),
                    )),
                    _ if returns != Returns::U64 => Some((
                        "an `nmi_safe` clock must be read by a `u64` accessor".to_owned(),
                        "the kernel's NMI-safe readers are the `*_fast_ns` accessors, which return `u64` \
                         nanoseconds: add `returns = \"u64\"` and name one of them as the `getter`"
                            .to_owned(),
                    )),
                    _ => None,
                }
            }
            Capability::HrTimer => match clockid {
                None => Some((
                    "an `hrtimer` clock needs its `clockid`".to_owned(),
                    "timers are armed on the hrtimer base of a clock id: add e.g. `clockid = \"CLOCK_MONOTONIC\"`"
                        .to_owned(),
                )),
                Some(id) if !HRTIMER_CLOCKS.iter().any(|(name, value)| match id {
                    ClockId::Constant(constant) => constant == name,
                    ClockId::Number(number) => number == value,
                }) =>
                {
                    let shown = match id {
                        ClockId::Constant(constant) => constant.to_string(),
                        ClockId::Number(number) => number.to_string(),
                    };
                    Some((
                        format!("the kernel has no hrtimer base for clock id `{shown}`"),
                        "hrtimers run on CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_BOOTTIME and CLOCK_TAI only: \
                         remove `hrtimer = true` from this row"
                            .to_owned(),
                    ))
                }
                Some(_) => None,
            },
            Capability::Settable | Capability::CountsSuspend => None,
        };
        match problem {
            Some((message, help)) => diagnostics.error(&flag.site, message, help),
            None => capabilities.push(capability),
        }
    }
    capabilities
}
