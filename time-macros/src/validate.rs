//! Rules across fields and rows: required keys, identifier syntax, uniqueness of
//! names and getters, a non-empty table. Every problem is reported; every row that
//! can still declare a type does, so one bad row does not cascade into
//! "cannot find type" at each use of the others.

use crate::diagnostics::Diagnostics;
use crate::model::{
    self, Backend, Capability, Clock, ClockId, ClockIdSpec, ClockRow, Declared, Located, Options,
    Relation, Resolution, ResolutionSpec, Returns, Site,
};
use proc_macro2::Ident;
use std::collections::HashMap;

/// Rust keywords (strict and reserved, all editions): never a clock or getter name.
const RUST_KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut",
    "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try",
];

/// C keywords (C23, with C11's spellings that C23 keeps as alternatives): never a
/// getter or constant name.
const C_KEYWORDS: &[&str] = &[
    "alignas",
    "alignof",
    "auto",
    "bool",
    "break",
    "case",
    "char",
    "const",
    "constexpr",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "false",
    "float",
    "for",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "nullptr",
    "register",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "static_assert",
    "struct",
    "switch",
    "thread_local",
    "true",
    "typedef",
    "typeof",
    "typeof_unqual",
    "union",
    "unsigned",
    "void",
    "volatile",
    "while",
    "_Alignas",
    "_Alignof",
    "_Atomic",
    "_BitInt",
    "_Bool",
    "_Complex",
    "_Decimal128",
    "_Decimal32",
    "_Decimal64",
    "_Generic",
    "_Imaginary",
    "_Noreturn",
    "_Static_assert",
    "_Thread_local",
];

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

/// The clock ids the kernel has hrtimer bases for, by constant name and value.
const HRTIMER_CLOCKS: &[(&str, i32)] = &[
    ("CLOCK_REALTIME", 0),
    ("CLOCK_MONOTONIC", 1),
    ("CLOCK_BOOTTIME", 7),
    ("CLOCK_TAI", 11),
];

/// Validates `rows`, reporting every problem to `diagnostics`, and returns the clocks
/// to declare: the valid rows, plus the rows whose name is usable even though another
/// of their fields is not (they expand to a marker type only, so uses of them do not
/// produce secondary errors).
pub(crate) fn validate(
    rows: &[ClockRow],
    options: &Options,
    whole_table: &Site,
    diagnostics: &mut Diagnostics<'_>,
) -> Vec<Declared> {
    if rows.is_empty() {
        diagnostics.error(
            whole_table,
            "the clock table declares no clocks",
            "add at least one clock: `[[clock]]` with `name`, `getter` and `monotonic` (in a file), or \
             `Name { getter: c_function, monotonic: true }` (inline)",
        );
        return Vec::new();
    }
    let mut names: HashMap<String, Site> = HashMap::new();
    let mut getters: HashMap<String, Site> = HashMap::new();
    let mut declared = Vec::new();
    let mut relations = Relations::default();
    for (index, row) in rows.iter().enumerate() {
        let before = diagnostics.count();
        let name = row
            .name
            .as_ref()
            .and_then(|name| check_name(name, diagnostics));
        if row.name.is_none() && !row.mentions(model::NAME) {
            missing(
                row,
                index,
                model::NAME,
                "name = \"Monotonic\"",
                "the clock's Rust type name",
                diagnostics,
            );
        }
        if let Some(name) = &name {
            if let Some(first) = names.get(&name.to_string()) {
                let first = diagnostics.describe(first);
                diagnostics.error(
                    &row.name.as_ref().map_or(row.site.clone(), |n| n.site.clone()),
                    format_args!("duplicate clock name `{name}`"),
                    format_args!("`{name}` is first declared at {first}; give each clock its own name, or remove the repeated row"),
                );
            }
        }
        let getter = row
            .getter
            .as_ref()
            .and_then(|getter| check_getter(getter, diagnostics));
        if row.getter.is_none()
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
        if let (Some(getter), Some(located)) = (&getter, &row.getter) {
            if let Some(first) = getters.get(&getter.to_string()) {
                let first = diagnostics.describe(first);
                diagnostics.error(
                    &located.site,
                    format_args!("duplicate getter `{getter}`"),
                    format_args!("`{getter}` is already the getter of the clock at {first}; two clocks that read the same C function are the same clock: remove one, or fix the getter"),
                );
            } else {
                getters.insert(getter.to_string(), located.site.clone());
            }
        }
        if row.monotonic.is_none() && !row.mentions(model::MONOTONIC) {
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
            .clockid
            .as_ref()
            .and_then(|clockid| check_clockid(clockid, options, diagnostics));
        if options.backend == Backend::Posix
            && row.clockid.is_none()
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
        let relation = check_relation(row, options, &mut relations, diagnostics);
        let returns = check_returns(row, diagnostics);
        let resolution = check_resolution(row, diagnostics);
        let capabilities = check_capabilities(row, returns, clockid.as_ref(), diagnostics);

        let Some(name) = name else { continue };
        if names.contains_key(&name.to_string()) {
            continue;
        }
        names.insert(
            name.to_string(),
            row.name
                .as_ref()
                .map_or(row.site.clone(), |n| n.site.clone()),
        );
        let clean = diagnostics.count() == before && !row.had_errors;
        // The posix backend reads clocks by id; a getter, if written, is not used.
        let has_reader = getter.is_some() || options.backend == Backend::Posix;
        declared.push(match (clean && has_reader, row.monotonic.as_ref()) {
            (true, Some(monotonic)) => Declared::Clock(Clock {
                name,
                getter,
                monotonic: monotonic.value,
                clockid,
                doc: row.doc.as_ref().map(|doc| doc.value.clone()),
                relation,
                returns,
                resolution,
                capabilities,
                getter_location: row
                    .getter
                    .as_ref()
                    .and_then(|getter| diagnostics.locate(&getter.site))
                    .unwrap_or_default(),
            }),
            _ => Declared::MarkerOnly(name),
        });
    }
    relations.check_complete(diagnostics);
    declared
}

/// What the rows say about offsets, gathered to check them across the table.
#[derive(Default)]
struct Relations {
    /// The first `offset_base = true` row.
    base: Option<Site>,
    /// The first row with an `offset`, for the "no base" error.
    first_offset: Option<Site>,
    /// Offsets seen, with where.
    offsets: HashMap<String, Site>,
}

impl Relations {
    fn check_complete(&self, diagnostics: &mut Diagnostics<'_>) {
        if let (None, Some(first)) = (&self.base, &self.first_offset) {
            diagnostics.error(
                first,
                "this clock has an `offset`, but no clock is its base",
                "mark the clock the offsets are relative to (the kernel's CLOCK_MONOTONIC) with `offset_base = true`",
            );
        }
    }
}

fn check_relation(
    row: &ClockRow,
    options: &Options,
    relations: &mut Relations,
    diagnostics: &mut Diagnostics<'_>,
) -> Relation {
    let is_base = row.offset_base.as_ref().is_some_and(|base| base.value);
    match (&row.offset, is_base) {
        (None, false) => Relation::None,
        (Some(offset), true) => {
            diagnostics.error(
                &offset.site,
                "a clock cannot both be the offset base and have an offset",
                "remove `offset` from the base clock, or `offset_base` from this one",
            );
            Relation::None
        }
        // One table serves both backends: the posix backend has no timekeeper offsets
        // to read, so it declares no conversions (documented on the macro).
        (_, _) if options.backend == Backend::Posix => Relation::None,
        (_, _) if options.bindings.is_none() => {
            let site = row.offset.as_ref().map_or_else(
                || {
                    row.offset_base
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
                    option_syntax(&site, "bindings = crate::bindings")
                ),
            );
            Relation::None
        }
        (None, true) => {
            let site = row
                .offset_base
                .as_ref()
                .map_or(row.site.clone(), |b| b.site.clone());
            if let Some(first) = &relations.base {
                let first = diagnostics.describe(first);
                diagnostics.error(
                    &site,
                    "a second clock is marked `offset_base = true`",
                    format_args!("offsets are relative to one base clock, first declared at {first}; keep one `offset_base = true`"),
                );
                return Relation::None;
            }
            relations.base = Some(site);
            Relation::Base
        }
        (Some(offset), false) => {
            if !is_c_identifier(&offset.value) {
                diagnostics.error(
                    &offset.site,
                    format_args!("offset `{}` is not an `enum tk_offsets` member name", offset.value.escape_debug()),
                    "write the member's name, e.g. `TK_OFFS_BOOT`; it is used as `tk_offsets_TK_OFFS_BOOT` of the bindings module",
                );
                return Relation::None;
            }
            if let Some(first) = relations.offsets.get(&offset.value) {
                let first = diagnostics.describe(first);
                diagnostics.error(
                    &offset.site,
                    format_args!("duplicate offset `{}`", offset.value),
                    format_args!("`{}` is already the offset of the clock at {first}: two clocks with one offset are the same clock", offset.value),
                );
                return Relation::None;
            }
            relations
                .offsets
                .insert(offset.value.clone(), offset.site.clone());
            relations
                .first_offset
                .get_or_insert_with(|| offset.site.clone());
            Relation::Offset(Ident::new(
                &format!("tk_offsets_{}", offset.value),
                diagnostics.span_of(&offset.site),
            ))
        }
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
    let which = match &row.name {
        Some(name) => format!("clock `{}`", name.value),
        None => format!("clock #{}", index + 1),
    };
    diagnostics.error(
        &row.site,
        format_args!("{which} is missing the required key `{key}`"),
        format_args!("add `{example}`: {meaning}"),
    );
}

fn check_name(name: &Located<String>, diagnostics: &mut Diagnostics<'_>) -> Option<Ident> {
    let text = name.value.as_str();
    let problem = if text.is_empty() {
        Some("is empty")
    } else if RUST_KEYWORDS.contains(&text) {
        Some("is a Rust keyword")
    } else if !text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        Some("is not an identifier of ASCII letters and digits")
    } else if !text.starts_with(|c: char| c.is_ascii_uppercase()) || text.contains('_') {
        Some("is not UpperCamelCase")
    } else {
        None
    };
    match problem {
        Some(problem) => {
            diagnostics.error(
                &name.site,
                format_args!("clock name `{}` {problem}", text.escape_debug()),
                format_args!(
                    "a clock's name is its Rust type name: an UpperCamelCase identifier such as `{}`",
                    upper_camel_case(text).unwrap_or_else(|| "MonotonicRaw".to_owned())
                ),
            );
            None
        }
        None => Some(Ident::new(text, diagnostics.span_of(&name.site))),
    }
}

/// `monotonic_raw` → `MonotonicRaw`, when that makes a usable suggestion.
fn upper_camel_case(text: &str) -> Option<String> {
    let camel: String = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|part| !part.is_empty())
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect();
    let usable = camel.starts_with(|c: char| c.is_ascii_uppercase())
        && !RUST_KEYWORDS.contains(&camel.as_str());
    usable.then_some(camel)
}

/// Whether `text` is a Rust or C keyword (never a clock or getter name).
#[cfg(test)]
pub(crate) fn is_keyword(text: &str) -> bool {
    RUST_KEYWORDS.contains(&text) || C_KEYWORDS.contains(&text) || text == "_"
}

fn is_c_identifier(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Why `text` cannot be a C name that Rust code refers to by that same name (a
/// getter, a constant), if it cannot.
fn c_name_problem(text: &str) -> Option<&'static str> {
    if !is_c_identifier(text) {
        Some("is not a C identifier (ASCII letters, digits and `_`, not starting with a digit)")
    } else if C_KEYWORDS.contains(&text) {
        Some("is a C keyword")
    } else if RUST_KEYWORDS.contains(&text) || text == "_" {
        Some("is a Rust keyword, so Rust cannot name it")
    } else {
        None
    }
}

fn check_getter(getter: &Located<String>, diagnostics: &mut Diagnostics<'_>) -> Option<Ident> {
    let text = getter.value.as_str();
    let problem = c_name_problem(text);
    match problem {
        Some(problem) => {
            diagnostics.error(
                &getter.site,
                format_args!("getter `{}` {problem}", text.escape_debug()),
                "`getter` names the C function `ktime_t getter(void)` that reads the clock, e.g. `ktime_get`",
            );
            None
        }
        None => Some(Ident::new(text, diagnostics.span_of(&getter.site))),
    }
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
                    option_syntax(&clockid.site, "bindings = crate::bindings"),
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
    let Some(returns) = &row.returns else {
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
    let resolution = row.resolution.as_ref()?;
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
    let monotonic = row.monotonic.as_ref().is_some_and(|m| m.value);
    for (capability, flag) in &row.capabilities {
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
                let getter = row.getter.as_ref().map(|g| g.value.as_str());
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
            None => capabilities.push(*capability),
        }
    }
    capabilities
}

/// The clock that `kernel_services` (`services`: the option or the table's key) time
/// their waits on: the row named `Monotonic`,
/// else the first monotonic clock. Reports a missing bindings module or monotonic
/// clock at the `kernel_services` key; `None` when nothing is to be generated.
pub(crate) fn kernel_services_clock(
    declared: &[Declared],
    options: &Options,
    services: Option<&Located<bool>>,
    diagnostics: &mut Diagnostics<'_>,
) -> Option<Ident> {
    let services = services?;
    // One table serves both backends: the posix backend has no kernel services.
    if !services.value || options.backend == Backend::Posix {
        return None;
    }
    if options.bindings.is_none() {
        diagnostics.error(
            &services.site,
            "`kernel_services` call C through a bindings module, and there is none",
            format_args!(
                "add {} (the module with `fsleep`, `udelay`, `__msecs_to_jiffies` and the hrtimer functions), \
                 or remove `kernel_services`",
                option_syntax(&services.site, "bindings = crate::bindings")
            ),
        );
        return None;
    }
    let clocks = declared.iter().filter_map(|declared| match declared {
        Declared::Clock(clock) if clock.monotonic => Some(clock),
        _ => None,
    });
    let clock = clocks
        .clone()
        .find(|clock| clock.name == "Monotonic")
        .or_else(|| clocks.clone().next());
    if clock.is_none() {
        diagnostics.error(
            &services.site,
            "`kernel_services` need a monotonic clock to time their waits, and the table has none",
            "declare one with `monotonic = true` (the kernel's `ktime_get`, CLOCK_MONOTONIC), or remove `kernel_services`",
        );
    }
    clock.map(|clock| clock.name.clone())
}

/// How to write the macro option `option` (`name = value`) in the form the row at
/// `site` comes from: inline rows take options as leading `name = value;` items, the
/// file form takes them after the table's path.
fn option_syntax(site: &Site, option: &str) -> String {
    match site {
        Site::Tokens(_) => format!("`{option};` before the rows"),
        Site::Table(_) => format!("`, {option}` after the table's path"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::Span;

    fn row(name: Option<&str>, getter: Option<&str>, monotonic: Option<bool>) -> ClockRow {
        let site = Site::Tokens(Span::call_site());
        let mut row = ClockRow::new(site.clone());
        row.name = name.map(|n| Located::new(n.to_owned(), site.clone()));
        row.getter = getter.map(|g| Located::new(g.to_owned(), site.clone()));
        row.monotonic = monotonic.map(|m| Located::new(m, site.clone()));
        row
    }

    fn run(rows: &[ClockRow], options: &Options) -> (Vec<Declared>, Vec<String>) {
        let mut diagnostics = Diagnostics::for_tokens();
        let declared = validate(
            rows,
            options,
            &Site::Tokens(Span::call_site()),
            &mut diagnostics,
        );
        let errors = diagnostics
            .finish()
            .map(|e| e.into_iter().map(|e| e.to_string()).collect())
            .unwrap_or_default();
        (declared, errors)
    }

    fn names(declared: &[Declared]) -> Vec<String> {
        declared
            .iter()
            .map(|d| match d {
                Declared::Clock(clock) => clock.name.to_string(),
                Declared::MarkerOnly(name) => format!("marker:{name}"),
            })
            .collect()
    }

    #[test]
    fn valid_rows_become_clocks() {
        let (declared, errors) = run(
            &[row(Some("Monotonic"), Some("ktime_get"), Some(true))],
            &Options::default(),
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(names(&declared), ["Monotonic"]);
    }

    #[test]
    fn empty_table_is_an_error() {
        let (declared, errors) = run(&[], &Options::default());
        assert!(declared.is_empty());
        assert!(errors[0].starts_with("the clock table declares no clocks"));
    }

    #[test]
    fn missing_fields_each_reported_and_named_rows_still_declare_a_marker() {
        let (declared, errors) = run(
            &[row(Some("A"), None, None), row(None, Some("g"), Some(true))],
            &Options::default(),
        );
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(errors[0].starts_with("clock `A` is missing the required key `getter`"));
        assert!(errors[1].starts_with("clock `A` is missing the required key `monotonic`"));
        assert!(errors[2].starts_with("clock #2 is missing the required key `name`"));
        assert_eq!(names(&declared), ["marker:A"]);
    }

    #[test]
    fn bad_names_and_suggestions() {
        let bad = [
            "self",
            "monotonic_raw",
            "Mono-Tonic",
            "",
            "Crème",
            "9Lives",
            "Self",
        ];
        for name in bad {
            let (declared, errors) = run(
                &[row(Some(name), Some("g"), Some(true))],
                &Options::default(),
            );
            assert_eq!(errors.len(), 1, "{name}: {errors:?}");
            assert!(declared.is_empty(), "{name}");
        }
        let (_, errors) = run(
            &[row(Some("monotonic_raw"), Some("g"), Some(true))],
            &Options::default(),
        );
        assert!(
            errors[0].contains("is not UpperCamelCase")
                && errors[0].contains("such as `MonotonicRaw`"),
            "{errors:?}"
        );
        let (_, errors) = run(
            &[row(Some("self"), Some("g"), Some(true))],
            &Options::default(),
        );
        assert!(errors[0].contains("is a Rust keyword"), "{errors:?}");
    }

    #[test]
    fn bad_getters() {
        for getter in ["ktime-get", "1get", "", "int", "fn", "_", "get time"] {
            let (declared, errors) = run(
                &[row(Some("A"), Some(getter), Some(true))],
                &Options::default(),
            );
            assert_eq!(errors.len(), 1, "{getter}: {errors:?}");
            assert_eq!(names(&declared), ["marker:A"], "{getter}");
        }
        let (_, errors) = run(
            &[row(Some("A"), Some("_under_score9"), Some(true))],
            &Options::default(),
        );
        assert!(errors.is_empty(), "{errors:?}");
    }

    #[test]
    fn duplicates_name_the_first_declaration() {
        let rows = [
            row(Some("A"), Some("g"), Some(true)),
            row(Some("A"), Some("h"), Some(true)),
            row(Some("B"), Some("g"), Some(false)),
        ];
        let (declared, errors) = run(&rows, &Options::default());
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].starts_with("duplicate clock name `A`"));
        assert!(errors[1].starts_with("duplicate getter `g`"));
        // The first A is declared once; B still gets its marker type.
        assert_eq!(names(&declared), ["A", "marker:B"]);
    }

    #[test]
    fn clock_ids() {
        let site = Site::Tokens(Span::call_site());
        let with_id = |spec: ClockIdSpec| {
            let mut r = row(Some("A"), Some("g"), Some(true));
            r.clockid = Some(Located::new(spec, site.clone()));
            r
        };
        let (_, errors) = run(&[with_id(ClockIdSpec::Number(1))], &Options::default());
        assert!(errors.is_empty());
        let (_, errors) = run(
            &[with_id(ClockIdSpec::Number(1 << 40))],
            &Options::default(),
        );
        assert!(errors[0].contains("out of range"), "{errors:?}");
        let (_, errors) = run(
            &[with_id(ClockIdSpec::Constant("CLOCK_MONOTONIC".into()))],
            &Options::default(),
        );
        assert!(errors[0].contains("no bindings module"), "{errors:?}");
        // The help writes the options in the syntax of the row's form: inline here.
        assert!(
            errors[0].contains("add `bindings = crate::bindings;` before the rows")
                && errors[0].contains("or `backend = posix;` before the rows"),
            "{errors:?}"
        );
        let mut in_a_file = with_id(ClockIdSpec::Constant("CLOCK_MONOTONIC".into()));
        in_a_file.clockid.as_mut().expect("set above").site = Site::Table(0..1);
        let (_, errors) = run(&[in_a_file], &Options::default());
        assert!(
            errors[0].contains("add `, bindings = crate::bindings` after the table's path")
                && errors[0].contains("or `, backend = posix` after the table's path"),
            "{errors:?}"
        );
        let bindings = Options {
            bindings: Some(syn::parse_quote!(crate::bindings)),
            ..Options::default()
        };
        let (_, errors) = run(
            &[with_id(ClockIdSpec::Constant("CLOCK_MONOTONIC".into()))],
            &bindings,
        );
        assert!(errors.is_empty(), "{errors:?}");
        let (_, errors) = run(
            &[with_id(ClockIdSpec::Constant("CLOCK MONOTONIC".into()))],
            &bindings,
        );
        assert!(
            errors[0].contains("neither an integer nor a C constant name"),
            "{errors:?}"
        );
    }

    #[test]
    fn posix_backend_needs_clock_ids_not_getters() {
        let site = Site::Tokens(Span::call_site());
        let posix = Options {
            backend: Backend::Posix,
            ..Options::default()
        };
        let mut with_id = row(Some("Mono"), None, Some(true));
        with_id.clockid = Some(Located::new(
            ClockIdSpec::Constant("CLOCK_MONOTONIC".into()),
            site,
        ));
        let (declared, errors) = run(
            &[with_id, row(Some("NoId"), Some("g"), Some(false))],
            &posix,
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with("clock `NoId` is missing the required key `clockid`"),
            "{errors:?}"
        );
        assert_eq!(names(&declared), ["Mono", "marker:NoId"]);
    }

    #[test]
    fn offsets_need_one_base_and_bindings() {
        let site = Site::Tokens(Span::call_site());
        let bindings = Options {
            bindings: Some(syn::parse_quote!(crate::bindings)),
            ..Options::default()
        };
        let with = |name: &str, getter: &str, offset: Option<&str>, base: bool| {
            let mut r = row(Some(name), Some(getter), Some(true));
            r.offset = offset.map(|o| Located::new(o.to_owned(), site.clone()));
            r.offset_base = base.then(|| Located::new(true, site.clone()));
            r
        };
        let good = [
            with("Mono", "a", None, true),
            with("Boot", "b", Some("TK_OFFS_BOOT"), false),
        ];
        let (declared, errors) = run(&good, &bindings);
        assert!(errors.is_empty(), "{errors:?}");
        let Declared::Clock(boot) = &declared[1] else {
            panic!("Boot is valid")
        };
        assert!(matches!(&boot.relation, Relation::Offset(o) if o == "tk_offsets_TK_OFFS_BOOT"));

        let (_, errors) = run(&good, &Options::default());
        assert!(
            errors
                .iter()
                .all(|e| e.contains("need the kernel's `ktime_mono_to_any`")),
            "{errors:?}"
        );

        let (_, errors) = run(&[with("Boot", "b", Some("TK_OFFS_BOOT"), false)], &bindings);
        assert!(errors[0].contains("no clock is its base"), "{errors:?}");

        let (_, errors) = run(
            &[with("A", "a", None, true), with("B", "b", None, true)],
            &bindings,
        );
        assert!(
            errors[0].contains("a second clock is marked `offset_base = true`"),
            "{errors:?}"
        );

        let dup = [
            with("Mono", "a", None, true),
            with("B", "b", Some("TK_OFFS_BOOT"), false),
            with("C", "c", Some("TK_OFFS_BOOT"), false),
        ];
        let (_, errors) = run(&dup, &bindings);
        assert!(
            errors[0].contains("duplicate offset `TK_OFFS_BOOT`"),
            "{errors:?}"
        );

        let (_, errors) = run(&[with("A", "a", Some("TK_OFFS_BOOT"), true)], &bindings);
        assert!(
            errors[0].contains("cannot both be the offset base and have an offset"),
            "{errors:?}"
        );

        let (_, errors) = run(
            &[
                with("A", "a", None, true),
                with("B", "b", Some("TK OFFS"), false),
            ],
            &bindings,
        );
        assert!(
            errors[0].contains("is not an `enum tk_offsets` member name"),
            "{errors:?}"
        );
    }
}
