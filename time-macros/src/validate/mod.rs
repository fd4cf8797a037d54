//! Validation: each row on its own (`row`, with the name rules in `names`), then the
//! rules across rows (`unique`), and a non-empty table. Every problem is reported;
//! every row that can still declare a type does, so one bad row does not cascade into
//! "cannot find type" at each use of the others.

mod names;
mod row;
mod unique;

#[cfg(test)]
pub use names::is_keyword;

use crate::diagnostics::Diagnostics;
use crate::model::{self, Backend, Clock, ClockRow, Declared, Located, Options, Resolution, Site};
use proc_macro2::Ident;
use unique::Uniqueness;

/// Validates `rows`, reporting every problem to `diagnostics`, and returns the clocks
/// to declare: the valid rows, plus the rows whose name is usable even though another
/// of their fields is not (they expand to a marker type only, so uses of them do not
/// produce secondary errors).
pub fn validate(
    rows: Vec<ClockRow>,
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
    let mut unique = Uniqueness::default();
    let mut declared = Vec::new();
    for (index, row) in rows.into_iter().enumerate() {
        // The row's own errors, kept apart to tell whether it is clean.
        let mut row_errors = diagnostics.scope();
        let checked = row::check(&row, index, options, &mut row_errors);
        let name_site = row
            .get(model::NAME)
            .map_or(row.site.clone(), |n| n.site.clone());
        let new_name = checked
            .name
            .as_ref()
            .map(|name| unique.name(name, &name_site, &mut row_errors));
        if let (Some(getter), Some(located)) = (&checked.getter, row.get(model::GETTER)) {
            unique.getter(getter, &located.site, &mut row_errors);
        }
        let relation = unique.relation(checked.relation, &mut row_errors);
        let clean = row_errors.is_empty() && !row.had_errors;
        diagnostics.keep(row_errors);

        let (Some(name), Some(true)) = (checked.name, new_name) else {
            continue;
        };
        if clean && checked.kernel_only {
            declared.push(Declared::KernelOnly(name));
            continue;
        }
        // The posix backend reads clocks by id; a getter, if written, is not used.
        let has_reader = checked.getter.is_some() || options.backend == Backend::Posix;
        declared.push(match (clean && has_reader, row.flag(model::MONOTONIC)) {
            (true, Some(monotonic)) => {
                let location = |key| {
                    row.get(key)
                        .and_then(|value| diagnostics.locate(&value.site))
                        .unwrap_or_default()
                };
                Declared::Clock(Clock {
                    name,
                    getter: checked.getter,
                    monotonic: monotonic.value,
                    clockid: checked.clockid,
                    doc: row.text(model::DOC).map(|doc| doc.value),
                    relation,
                    returns: checked.returns,
                    resolution: checked.resolution,
                    capabilities: checked.capabilities,
                    getter_location: location(model::GETTER),
                    offset_location: location(model::OFFSET),
                    clockid_location: location(model::CLOCKID),
                    row,
                })
            }
            _ => Declared::MarkerOnly(name),
        });
    }
    unique.finish(diagnostics);
    declared
}

/// With the kernel backend and no bindings module, the macro declares each getter
/// itself as `extern "C"` and calls it from safe code: the invocation must say
/// `unsafe(extern "C")`. Without it, one error at the first row's getter.
pub fn extern_getters_asserted(
    rows: &[ClockRow],
    options: &Options,
    diagnostics: &mut Diagnostics<'_>,
) {
    if options.backend != Backend::Kernel
        || options.bindings.is_some()
        || options.unsafe_extern.is_some()
    {
        return;
    }
    let Some(getter) = rows.iter().find_map(|row| row.text(model::GETTER)) else {
        return;
    };
    diagnostics.error(
        &getter.site,
        format_args!(
            "the macro would declare `unsafe extern \"C\" fn {}() -> ktime_t` and call it from safe code, \
             which only you can vouch for",
            getter.value
        ),
        crate::input::EXTERN_CONTRACT,
    );
}

/// The clock that `kernel_services` (`services`: the option or the table's key) time
/// their waits on: the row named `Monotonic`, else the first monotonic clock that is
/// not a tick clock (`resolution = "tick"`). Reports a missing bindings module or monotonic
/// clock at the `kernel_services` key (the latter only when the whole table was read,
/// `complete`); `None` when nothing is to be generated.
pub fn kernel_services_clock(
    declared: &[Declared],
    options: &Options,
    services: Option<&Located<bool>>,
    complete: bool,
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
                option_syntax(&services.site, "unsafe(bindings = crate::bindings)")
            ),
        );
        return None;
    }
    // Timeouts of microseconds cannot be measured on a clock that advances only at
    // the tick.
    let clocks = declared.iter().filter_map(|declared| match declared {
        Declared::Clock(clock) if clock.monotonic && clock.resolution != Some(Resolution::Tick) => {
            Some(clock)
        }
        _ => None,
    });
    let clock = clocks
        .clone()
        .find(|clock| clock.name == "Monotonic")
        .or_else(|| clocks.clone().next());
    if clock.is_none() && complete {
        diagnostics.error(
            &services.site,
            "`kernel_services` need a monotonic clock finer than the tick to time their waits, and the table has none",
            "declare one with `monotonic = true` (the kernel's `ktime_get`, CLOCK_MONOTONIC), or remove `kernel_services`",
        );
    }
    clock.map(|clock| clock.name.clone())
}

/// `error = PATH` chooses the error type of the kernel services, so it needs them:
/// reported at the `error` key when the invocation's table has no `kernel_services`
/// (`services`: the option or the table's key).
pub fn error_module_has_services(
    options: &Options,
    services: Option<&Located<bool>>,
    diagnostics: &mut Diagnostics<'_>,
) {
    let Some((_, span)) = &options.error else {
        return;
    };
    if !services.is_some_and(|services| services.value) {
        diagnostics.error(
            &Site::Tokens(*span),
            "`error` chooses the error type of the kernel services, and this table has none",
            "add `kernel_services = true` (at the top of the table, or as an option of the inline form), \
             or remove `error`",
        );
    }
}

/// How to write the macro option `option` (`name = value`) in the form the row at
/// `site` comes from: inline rows take options as leading `name = value;` items, the
/// file form takes them after the table's path.
pub(crate) fn option_syntax(site: &Site, option: &str) -> String {
    match site {
        Site::Tokens(_) => format!("`{option};` before the rows"),
        Site::Table(_) => format!("`, {option}` after the table's path"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ClockIdSpec, KeyValue, Relation};
    use proc_macro2::Span;

    fn row(name: Option<&str>, getter: Option<&str>, monotonic: Option<bool>) -> ClockRow {
        let site = Site::Tokens(Span::call_site());
        let mut row = ClockRow::new(site.clone());
        if let Some(name) = name {
            row.assign(
                model::NAME,
                Located::new(KeyValue::Text(name.to_owned()), site.clone()),
            );
        }
        if let Some(getter) = getter {
            row.assign(
                model::GETTER,
                Located::new(KeyValue::Text(getter.to_owned()), site.clone()),
            );
        }
        if let Some(monotonic) = monotonic {
            row.assign(
                model::MONOTONIC,
                Located::new(KeyValue::Bool(monotonic), site.clone()),
            );
        }
        row
    }

    fn run(rows: &[ClockRow], options: &Options) -> (Vec<Declared>, Vec<String>) {
        let mut diagnostics = Diagnostics::for_tokens();
        let declared = validate(
            rows.to_vec(),
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
                Declared::KernelOnly(name) => format!("kernel-only:{name}"),
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
            r.assign(
                model::CLOCKID,
                Located::new(KeyValue::ClockId(spec), site.clone()),
            );
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
            errors[0].contains("add `unsafe(bindings = crate::bindings);` before the rows")
                && errors[0].contains("or `backend = posix;` before the rows"),
            "{errors:?}"
        );
        let mut in_a_file = with_id(ClockIdSpec::Constant("CLOCK_MONOTONIC".into()));
        in_a_file.assign(
            model::CLOCKID,
            Located::new(
                KeyValue::ClockId(ClockIdSpec::Constant("CLOCK_MONOTONIC".into())),
                Site::Table(0..1),
            ),
        );
        let (_, errors) = run(&[in_a_file], &Options::default());
        assert!(
            errors[0].contains("add `, unsafe(bindings = crate::bindings)` after the table's path")
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
        with_id.assign(
            model::CLOCKID,
            Located::new(
                KeyValue::ClockId(ClockIdSpec::Constant("CLOCK_MONOTONIC".into())),
                site,
            ),
        );
        let (declared, errors) = run(
            &[
                with_id,
                row(Some("NoId"), None, Some(false)),
                row(Some("KernelOnly"), Some("g"), Some(false)),
            ],
            &posix,
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with("clock `NoId` is missing the required key `clockid`"),
            "{errors:?}"
        );
        assert_eq!(
            names(&declared),
            ["Mono", "marker:NoId", "kernel-only:KernelOnly"]
        );
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
            if let Some(offset) = offset {
                r.assign(
                    model::OFFSET,
                    Located::new(KeyValue::Text(offset.to_owned()), site.clone()),
                );
            }
            if base {
                r.assign(
                    model::OFFSET_BASE,
                    Located::new(KeyValue::Bool(true), site.clone()),
                );
            }
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
