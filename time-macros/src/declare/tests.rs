//! The unit tests of `declare` (host only: the kernel tree does not carry them): the
//! whole macro on one table or invocation each, its expansion read back by
//! `tests::observe`.

use super::*;
use crate::tests::observe::{observe, Expansion, RuntimeItem};
use quote::quote;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

fn env_with(file: &str, text: &[u8]) -> Environment {
    let dir =
        std::env::temp_dir().join(format!("time-macros-declare-{}-{file}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(file), text).unwrap();
    Environment {
        manifest_dir: Some(dir),
        ..Environment::default()
    }
}

const MONO: &str = "[[clock]]\nname = \"Mono\"\ngetter = \"ktime_get\"\nmonotonic = true\n\
                    clockid = \"CLOCK_MONOTONIC\"\n";

/// The expansion of `table` (a `clocks.toml` text, written as `file`) by
/// `typed_clocks::declare_clocks!(file OPTIONS)`.
fn expand_table(file: &str, table: &str, options: TokenStream) -> Expansion {
    let env = env_with(file, table.as_bytes());
    observe(declare_clocks(
        quote!([::typed_clocks] #file #options),
        &env,
    ))
}

/// The set of `names`.
fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|name| (*name).to_owned()).collect()
}

#[test]
fn good_file_expands_every_clock_and_tracks_the_file() {
    let env = env_with(
        "good.toml",
        b"[[clock]]\nname = \"A\"\ngetter = \"a\"\nmonotonic = true\nclockid = 1\n\n[[clock]]\n\
          name = \"B\"\ngetter = \"b\"\nmonotonic = false\nclockid = 0\ndoc = \"Bee.\"\n",
    );
    let expansion = observe(declare_clocks(
        quote!([::typed_clocks] "good.toml", unsafe(extern "C")),
        &env,
    ));
    assert!(expansion.errors.is_empty(), "{expansion:#?}");
    assert_eq!(expansion.types, ["A", "B"]);
    assert_eq!(expansion.clocks, ["A", "B"]);
    assert_eq!(expansion.ids["A"], "1");
    assert_eq!(expansion.ids["B"], "0");
    assert_eq!(expansion.implementing("MonotonicClock"), set(&["A"]));
    assert_eq!(expansion.infos["B"]["doc"], "\"Bee.\"");
    assert_eq!(expansion.infos["B"]["getter"], "\"b\"");
    assert_eq!(
        expansion.clocks_array,
        Some((2, vec!["A".into(), "B".into()]))
    );
    let file = env.manifest_dir.unwrap().join("good.toml");
    assert_eq!(expansion.included.as_deref(), file.to_str());
    // The getters are called through the invocation's `unsafe(extern "C")`: no module,
    // so nothing to check at compile time.
    assert!(
        expansion.assertions.is_empty(),
        "{:?}",
        expansion.assertions
    );
    assert!(expansion.runtime_items.is_empty());
}

#[test]
fn the_runtime_path_is_the_one_the_invocation_gives() {
    let table = MONO.replace("\"CLOCK_MONOTONIC\"", "1");
    let env = env_with("krate.toml", table.as_bytes());
    let paths = |tokens: TokenStream| {
        let out = declare_clocks(tokens, &env);
        let expansion = observe(out.clone());
        assert!(expansion.errors.is_empty(), "{expansion:#?}");
        (expansion.trait_paths, out.to_string())
    };
    let (traits, out) = paths(quote!([::time_core] "krate.toml", unsafe(extern "C")));
    assert_eq!(
        traits,
        set(&[
            "::time_core::ClockSource",
            "::time_core::MonotonicClock",
            "::time_core::TableClock"
        ])
    );
    assert!(!out.contains("typed_clocks"), "{out}");
    // `runtime = PATH` wins over the path `typed_clocks::declare_clocks!` passes.
    let (traits, _) =
        paths(quote!([::time_core] "krate.toml", unsafe(extern "C"), runtime = crate::tc));
    assert!(
        traits.iter().all(|path| path.starts_with("crate::tc::")),
        "{traits:?}"
    );
    // And is the runtime of a direct invocation.
    let (traits, _) = paths(quote!("krate.toml", unsafe(extern "C"), runtime = super::time));
    assert!(
        traits.iter().all(|path| path.starts_with("super::time::")),
        "{traits:?}"
    );
}

#[test]
fn an_invocation_without_a_runtime_is_one_error_and_declares_the_types() {
    let env = env_with(
        "no-runtime.toml",
        MONO.replace("\"CLOCK_MONOTONIC\"", "1").as_bytes(),
    );
    for tokens in [
        quote!("no-runtime.toml", unsafe(extern "C")),
        quote!(unsafe(extern "C"); Mono { getter: ktime_get, monotonic: true, clockid: 1 }),
    ] {
        let expansion = observe(declare_clocks(tokens.clone(), &env));
        assert_eq!(expansion.errors.len(), 1, "{tokens}: {expansion:#?}");
        assert!(
            expansion.errors[0].starts_with("the invocation names no runtime for the clocks")
                && expansion.errors[0].contains(
                    "add `runtime = PATH`, the module with the clock trait and `Instant`"
                ),
            "{:?}",
            expansion.errors
        );
        // Uses of the clock add no "cannot find type" to the one error.
        assert_eq!(expansion.types, ["Mono"], "{tokens}");
        assert!(expansion.clocks.is_empty() && expansion.trait_paths.is_empty());
    }
}

#[test]
fn runtime_self_alone_declares_the_runtimes_items() {
    let expansion = observe(declare_clocks(
        quote!(runtime = self),
        &Environment::default(),
    ));
    assert!(expansion.errors.is_empty(), "{expansion:#?}");
    assert!(expansion.types.is_empty() && expansion.clocks.is_empty());
    assert_eq!(expansion.clocks_array, None);
    let mut expected: BTreeMap<String, RuntimeItem> = BTreeMap::new();
    let mut flags = Vec::new();
    for capability in crate::capabilities::CAPABILITIES {
        let mut traits = vec![(&capability.tr, "self::ClockSource".to_owned())];
        if let Some(narrower) = &capability.narrower {
            traits.push((&narrower.tr, format!("self::{}", capability.tr.name)));
        }
        for (tr, supertrait) in traits {
            let item = RuntimeItem::Trait {
                is_unsafe: tr.is_unsafe,
                supertraits: vec![supertrait],
            };
            expected.insert(tr.name.to_owned(), item);
        }
        flags.push((
            capability.key.to_owned(),
            "::core::primitive::bool".to_owned(),
        ));
    }
    let mut fields: Vec<(String, String)> = [
        ("name", "&'static::core::primitive::str"),
        ("id", "::core::primitive::i32"),
        ("getter", "&'static::core::primitive::str"),
        ("doc", "&'static::core::primitive::str"),
        ("resolution", "self::Resolution"),
    ]
    .iter()
    .map(|(name, ty)| ((*name).to_owned(), (*ty).to_owned()))
    .collect();
    fields.extend(flags);
    fields.push(("read".to_owned(), "fn()->::core::primitive::i64".to_owned()));
    expected.insert("ClockInfo".to_owned(), RuntimeItem::Struct(fields));
    expected.insert(
        "Resolution".to_owned(),
        RuntimeItem::Enum(vec!["Nanos".to_owned(), "Tick".to_owned()]),
    );
    let safe_trait = |supertraits: &[&str]| RuntimeItem::Trait {
        is_unsafe: false,
        supertraits: supertraits.iter().map(|s| (*s).to_owned()).collect(),
    };
    expected.insert("TableClock".to_owned(), safe_trait(&["self::ClockSource"]));
    expected.insert("ClockVisitor".to_owned(), safe_trait(&[]));
    expected.insert(
        "ConvertsTo".to_owned(),
        safe_trait(&["self::ClockSource", "::core::marker::Sized"]),
    );
    assert_eq!(expansion.runtime_items, expected);
}

#[test]
fn runtime_self_with_a_table_declares_both() {
    let expansion = expand_table(
        "self.toml",
        MONO,
        quote!(, unsafe(bindings = crate::bindings), runtime = self),
    );
    assert!(expansion.errors.is_empty(), "{expansion:#?}");
    assert!(expansion.runtime_items.contains_key("ClockInfo"));
    assert_eq!(expansion.clocks, ["Mono"]);
    assert_eq!(expansion.clock_trait_paths, set(&["self::ClockSource"]));
}

#[test]
fn clock_trait_names_the_runtimes_clock_trait() {
    let expansion = expand_table(
        "clock-id.toml",
        MONO,
        quote!(, unsafe(bindings = crate::bindings), runtime = self, clock_trait = ClockId),
    );
    assert!(expansion.errors.is_empty(), "{expansion:#?}");
    assert_eq!(expansion.clock_trait_paths, set(&["self::ClockId"]));
    assert_eq!(
        expansion.runtime_items["MonotonicClock"],
        RuntimeItem::Trait {
            is_unsafe: true,
            supertraits: vec!["self::ClockId".to_owned()]
        }
    );
    assert_eq!(
        expansion.infos["Mono"]["read"],
        "<Monoasself::ClockId>::ktime_get"
    );
    // Inline, with the runtime `typed_clocks::declare_clocks!` names.
    let expansion = observe(declare_clocks(
        quote!([::tc] clock_trait = ClockId; unsafe(extern "C"); A { getter: a, monotonic: false, clockid: 0 }),
        &Environment::default(),
    ));
    assert!(expansion.errors.is_empty(), "{expansion:#?}");
    assert_eq!(expansion.clock_trait_paths, set(&["::tc::ClockId"]));
}

#[test]
fn every_error_is_reported_and_good_rows_are_still_declared() {
    let expansion = expand_table(
        "bad.toml",
        "[[clock]]\nname = \"Good\"\ngetter = \"g\"\nmonotonic = true\nclockid = 1\n\n\
         [[clock]]\nname = \"bad_name\"\ngetter = \"h\"\nmonotonic = 1\nclockid = 1\n",
        quote!(, unsafe(extern "C")),
    );
    let errors = &expansion.errors;
    assert_eq!(errors.len(), 2, "{errors:?}");
    // In file order.
    assert!(
        errors[0].starts_with("bad.toml:8:9: clock name `bad_name` is not UpperCamelCase"),
        "{errors:?}"
    );
    assert!(
        errors[1].starts_with("bad.toml:10:13: `monotonic` must be a boolean"),
        "{errors:?}"
    );
    assert_eq!(expansion.clocks, ["Good"]);
    assert_eq!(expansion.types, ["Good"]);
}

#[test]
fn a_missing_clockid_is_an_error_that_says_what_to_write() {
    let expansion = expand_table(
        "no-id.toml",
        "[[clock]]\nname = \"A\"\ngetter = \"a\"\nmonotonic = true\n",
        quote!(, unsafe(extern "C")),
    );
    let errors = &expansion.errors;
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with("no-id.toml:1:1: clock `A` is missing the required key `clockid`")
            && errors[0].contains("the id of the time base it reads: CLOCK_BOOTTIME"),
        "{errors:?}"
    );
    assert_eq!(expansion.types, ["A"]);
    assert!(expansion.clocks.is_empty());
}

#[test]
fn a_misspelt_required_key_is_one_error_not_also_a_missing_key() {
    let expansion = expand_table(
        "typo.toml",
        "[[clock]]\nname = \"A\"\ngettr = \"g\"\nmonotonic = true\nclockid = 1\n",
        quote!(, unsafe(extern "C")),
    );
    let errors = &expansion.errors;
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("unknown key `gettr`") && errors[0].contains("did you mean `getter`?"),
        "{errors:?}"
    );

    let inline = observe(declare_clocks(
        quote!([::typed_clocks] unsafe(extern "C"); A { gettr: g, monotonic: true, clockid: 1 }),
        &Environment::default(),
    ));
    assert_eq!(inline.errors.len(), 1, "{:?}", inline.errors);
    assert!(
        inline.errors[0].starts_with("unknown key `gettr` in clock `A`"),
        "{:?}",
        inline.errors
    );

    // A key that resembles nothing leaves the required key missing.
    let unrelated = expand_table(
        "unrelated.toml",
        "[[clock]]\nname = \"A\"\nfrequency = 1\nmonotonic = true\nclockid = 1\n",
        quote!(, unsafe(extern "C")),
    );
    assert_eq!(unrelated.errors.len(), 2, "{:?}", unrelated.errors);
    assert!(
        unrelated.errors[0]
            .starts_with("unrelated.toml:1:1: clock `A` is missing the required key `getter`"),
        "{:?}",
        unrelated.errors
    );
}

#[test]
fn what_the_compiler_cannot_check_needs_unsafe_in_the_invocation() {
    let table = MONO.replace("\"CLOCK_MONOTONIC\"", "1");
    // The macro would declare the getter itself.
    let expansion = expand_table("trust.toml", &table, TokenStream::new());
    let errors = &expansion.errors;
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with(
            "trust.toml:3:11: the macro would declare `unsafe extern \"C\" fn ktime_get() -> ktime_t`"
        ) && errors[0].contains("write `unsafe(extern \"C\")`"),
        "{errors:?}"
    );
    assert_eq!(expansion.types, ["Mono"]);
    let inline = observe(declare_clocks(
        quote!([::typed_clocks] A { getter: close, monotonic: true, clockid: 1 }),
        &Environment::default(),
    ));
    assert_eq!(inline.errors.len(), 1, "{:?}", inline.errors);
    // A bindings module without `unsafe`.
    let expansion = expand_table("trust.toml", &table, quote!(, bindings = b));
    let errors = &expansion.errors;
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with("a bindings module is trusted for what the compiler cannot check")
            && errors[0].contains("write `unsafe(bindings = PATH)`"),
        "{errors:?}"
    );
    // Both spelled out, and the posix backend, which calls no table-named C.
    for options in [
        quote!(, unsafe(extern "C")),
        quote!(, unsafe(bindings = b)),
        quote!(, backend = posix),
    ] {
        let expansion = expand_table("trust.toml", &table, options.clone());
        assert!(expansion.errors.is_empty(), "{options}: {expansion:#?}");
        assert_eq!(expansion.clocks, ["Mono"]);
    }
}

#[test]
fn the_help_of_an_unsafe_option_names_only_what_it_vouches_for() {
    let table = MONO.replace("\"CLOCK_MONOTONIC\"", "1");
    for options in [quote!(, bindings = b), TokenStream::new()] {
        let expansion = expand_table("contract.toml", &table, options);
        assert_eq!(expansion.errors.len(), 1, "{:?}", expansion.errors);
        assert!(
            !expansion.errors[0].contains("kernel_services"),
            "a removed option in the help: {:?}",
            expansion.errors
        );
    }
}

#[test]
fn missing_file_lists_where_it_looked() {
    let env = Environment {
        manifest_dir: Some(PathBuf::from("/no/such/dir")),
        ..Environment::default()
    };
    let errors = observe(declare_clocks(quote!([::tc] "clocks.toml"), &env)).errors;
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].starts_with(
            "cannot find the clock table `clocks.toml`: looked for `$CARGO_MANIFEST_DIR/clocks.toml`"
        ),
        "{errors:?}"
    );
}

#[test]
fn invalid_utf8_names_the_position() {
    let env = env_with("latin1.toml", b"[[clock]]\nname = \"Caf\xe9\"\n");
    let errors = observe(declare_clocks(quote!([::tc] "latin1.toml"), &env)).errors;
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].starts_with("latin1.toml:2:12: the clock table is not valid UTF-8"),
        "{errors:?}"
    );
}

#[test]
fn empty_file_is_an_error_at_line_one() {
    let expansion = expand_table("empty.toml", "# nothing\n", TokenStream::new());
    assert_eq!(expansion.errors.len(), 1);
    assert!(
        expansion.errors[0].starts_with("empty.toml:1:1: the clock table declares no clocks"),
        "{:?}",
        expansion.errors
    );
    // Inline rows need a row too, but for the runtime's items alone.
    let inline = observe(declare_clocks(
        quote!(runtime = crate::time),
        &Environment::default(),
    ));
    assert_eq!(inline.errors.len(), 1, "{:?}", inline.errors);
    assert!(inline.errors[0].starts_with("the clock table declares no clocks"));
}

#[test]
fn structural_input_errors_do_not_panic() {
    for tokens in [
        quote!(),
        quote!(,),
        quote!("a.toml" bindings),
        quote!(A { getter }),
        quote!(42),
        quote!([]),
        quote!([::typed_clocks]),
        quote!(runtime = self runtime = self),
        quote!(unsafe(bindings)),
    ] {
        let expansion = observe(declare_clocks(tokens.clone(), &Environment::default()));
        assert!(!expansion.errors.is_empty(), "{tokens}: {expansion:#?}");
    }
}

#[test]
fn options_that_are_gone_are_unknown_options() {
    for (option, name) in [
        (quote!(error = crate::error), "error"),
        (quote!(crate = crate::tc), "crate"),
        (quote!(kernel_services = true), "kernel_services"),
    ] {
        let expansion = expand_table("gone.toml", MONO, quote!(, unsafe(bindings = b), #option));
        assert_eq!(
            expansion.errors.len(),
            1,
            "{option}: {:?}",
            expansion.errors
        );
        assert!(
            expansion.errors[0].starts_with(&format!("unknown option `{name}`"))
                && expansion.errors[0]
                    .contains("valid options are: bindings, backend, runtime, clock_trait"),
            "{:?}",
            expansion.errors
        );
        // The table is still declared.
        assert_eq!(expansion.clocks, ["Mono"]);
    }
}

#[test]
fn the_kernel_services_key_is_refused_with_the_kernels_own_modules() {
    let table = format!("kernel_services = true\n\n{MONO}");
    let expansion = expand_table("services.toml", &table, quote!(, unsafe(bindings = b)));
    assert_eq!(expansion.errors.len(), 1, "{:?}", expansion.errors);
    let error = &expansion.errors[0];
    assert!(
        error.starts_with("services.toml:1:1: unknown top-level key `kernel_services`"),
        "{error}"
    );
    assert!(
        error.contains("kernel_services = true\n  |")
            && error.contains("`kernel::time::{delay, hrtimer}` and `kernel::io::poll`")
            && error.contains("remove this key"),
        "{error}"
    );
    // The rows are still read and declared.
    assert_eq!(expansion.clocks, ["Mono"]);
}

/// A table whose rows have every capability, read through the bindings module `b`.
fn capabilities_table() -> Expansion {
    let table = format!(
        "{MONO}hrtimer = true\n\n[[clock]]\nname = \"Fast\"\n\
         getter = \"ktime_get_mono_fast_ns\"\nmonotonic = true\nreturns = \"u64\"\n\
         nmi_safe = true\nclockid = 1\n\n[[clock]]\nname = \"Real\"\n\
         getter = \"ktime_get_real\"\nmonotonic = false\nsettable = true\n\
         counts_suspend = true\nresolution = \"tick\"\nclockid = 0\nhrtimer = true\n"
    );
    let expansion = expand_table("caps.toml", &table, quote!(, unsafe(bindings = b)));
    assert!(expansion.errors.is_empty(), "{:?}", expansion.errors);
    expansion
}

#[test]
fn capabilities_are_the_traits_their_rows_give() {
    let expansion = capabilities_table();
    let impls: BTreeMap<String, BTreeSet<String>> = [
        ("MonotonicClock", &["Mono", "Fast"][..]),
        ("NmiSafeClock", &["Fast"]),
        ("HrTimerClock", &["Mono", "Real"]),
        // Not `Real`: the kernel queues relative CLOCK_REALTIME timers on another base.
        ("RelativeHrTimerClock", &["Mono"]),
        ("SettableClock", &["Real"]),
        ("SuspendCountingClock", &["Real"]),
    ]
    .iter()
    .map(|(name, clocks)| ((*name).to_owned(), set(clocks)))
    .collect();
    assert_eq!(expansion.impls, impls);
    // The safe capabilities' impls are safe; the others, vouched for.
    let safe = ["SettableClock", "SuspendCountingClock"];
    for (name, clocks) in &impls {
        for clock in clocks {
            let is_unsafe = expansion
                .unsafe_impls
                .contains(&(name.clone(), clock.clone()));
            assert_eq!(
                is_unsafe,
                !safe.contains(&name.as_str()),
                "{name} for {clock}"
            );
        }
    }
}

#[test]
fn capabilities_are_the_rows_data() {
    let expansion = capabilities_table();
    let real = &expansion.infos["Real"];
    assert_eq!(real["resolution"], "::typed_clocks::Resolution::Tick");
    for (key, value) in [
        ("monotonic", "false"),
        ("nmi_safe", "false"),
        ("hrtimer", "true"),
        ("settable", "true"),
        ("counts_suspend", "true"),
    ] {
        assert_eq!(real[key], value, "{key}");
    }
    assert_eq!(expansion.infos["Fast"]["nmi_safe"], "true");
    assert_eq!(
        expansion.infos["Fast"]["resolution"],
        "::typed_clocks::Resolution::Nanos(1)"
    );
}

#[test]
fn what_a_row_names_in_the_bindings_is_checked_at_its_value() {
    let expansion = capabilities_table();
    for check in [
        "caps.toml:3:11: `ktime_get` is not a function of the bindings module `b`: declare \
         `ktime_t ktime_get(void);`",
        "caps.toml:5:12: `b` has no clock id constant `CLOCK_MONOTONIC`",
        "caps.toml:5:12: clock `Mono` is declared `hrtimer = true` as clock id 1, but the \
         bindings' `CLOCK_MONOTONIC` has another value",
        "caps.toml:10:11: `ktime_get_mono_fast_ns` is not a function of the bindings module \
         `b`: declare `u64 ktime_get_mono_fast_ns(void);`",
    ] {
        assert!(
            expansion
                .assertions
                .iter()
                .any(|message| message.starts_with(check)),
            "{check}: {:#?}",
            expansion.assertions
        );
    }
}

#[test]
fn capabilities_that_break_their_rules_are_reported_at_their_keys() {
    let bad = "[[clock]]\nname = \"A\"\ngetter = \"ktime_get\"\nmonotonic = true\n\
               settable = true\nnmi_safe = true\nhrtimer = true\nclockid = 3\n\n[[clock]]\n\
               name = \"B\"\ngetter = \"b_fast\"\nmonotonic = true\nnmi_safe = true\n\
               clockid = \"CLOCK_MONOTONIC_RAW\"\nhrtimer = true\nresolution = 0\n\
               returns = \"i32\"\n\n[[clock]]\nname = \"C\"\ngetter = \"c\"\n\
               monotonic = false\nresolution = \"tock\"\nclockid = 0\n";
    let expansion = expand_table("bad-caps.toml", bad, quote!(, unsafe(bindings = b)));
    let expected = [
        "bad-caps.toml:5:12: a clock cannot be both `settable` and `monotonic`",
        "bad-caps.toml:6:12: `ktime_get` is not NMI-safe: it reads the timekeeper under its seqcount",
        "bad-caps.toml:7:11: the kernel has no hrtimer base for clock id `3`",
        "bad-caps.toml:14:12: an `nmi_safe` clock must be read by a `u64` accessor",
        "bad-caps.toml:16:11: the kernel has no hrtimer base for clock id `CLOCK_MONOTONIC_RAW`",
        "bad-caps.toml:17:14: resolution 0 is not a positive number of nanoseconds",
        "bad-caps.toml:18:12: unknown getter return type `i32`",
        "bad-caps.toml:24:15: unknown resolution `tock`",
    ];
    assert_eq!(
        expansion.errors.len(),
        expected.len(),
        "{:?}",
        expansion.errors
    );
    for (error, expected) in expansion.errors.iter().zip(expected) {
        assert!(
            error.starts_with(expected),
            "{error}\n  expected: {expected}"
        );
    }
    // Every row declares its marker type only.
    assert!(expansion.clocks.is_empty(), "{expansion:#?}");
    assert_eq!(expansion.types, ["A", "B", "C"]);
}

#[test]
fn a_rejected_value_breaks_no_rule_of_another_key() {
    // `returns` of the wrong type, or misspelt: its own error, not also "an `nmi_safe`
    // clock must be read by a `u64` accessor".
    for returns in ["returns = 64", "retruns = \"u64\""] {
        let table = format!(
            "[[clock]]\nname = \"Fast\"\ngetter = \"ktime_get_mono_fast_ns\"\nmonotonic = true\n\
             nmi_safe = true\nclockid = 1\n{returns}\n"
        );
        let expansion = expand_table("rejected.toml", &table, quote!(, unsafe(bindings = b)));
        assert_eq!(
            expansion.errors.len(),
            1,
            "{returns}: {:#?}",
            expansion.errors
        );
        assert!(
            expansion.errors[0].starts_with("rejected.toml:7:"),
            "{:?}",
            expansion.errors
        );
    }
    // A getter refused for taking arguments: not also "not NMI-safe".
    let table =
        "[[clock]]\nname = \"Fast\"\ngetter = \"ktime_get_with_offset\"\nmonotonic = true\n\
                 nmi_safe = true\nreturns = \"u64\"\nclockid = 1\n";
    let expansion = expand_table(
        "rejected-getter.toml",
        table,
        quote!(, unsafe(bindings = b)),
    );
    assert_eq!(expansion.errors.len(), 1, "{:#?}", expansion.errors);
    // Without `returns` at all, the rule stands.
    let table = "[[clock]]\nname = \"Fast\"\ngetter = \"ktime_get_mono_fast_ns\"\n\
                 monotonic = true\nnmi_safe = true\nclockid = 1\n";
    let expansion = expand_table("no-returns.toml", table, quote!(, unsafe(bindings = b)));
    assert_eq!(expansion.errors.len(), 1, "{:#?}", expansion.errors);
    assert!(
        expansion.errors[0].starts_with(
            "no-returns.toml:5:12: an `nmi_safe` clock must be read by a `u64` accessor"
        ),
        "{:?}",
        expansion.errors
    );
}

#[test]
fn getters_that_take_arguments_are_refused_at_the_getter() {
    for (getter, instead) in [
        ("ktime_get_ts64", "ktime_get"),
        ("ktime_get_real_ts64", "ktime_get_real"),
        (
            "ktime_get_with_offset",
            "ktime_get_real, ktime_get_boottime or ktime_get_clocktai",
        ),
        (
            "ktime_mono_to_any",
            "the getter of the clock to read, e.g. ktime_get_boottime",
        ),
    ] {
        let table = format!(
            "[[clock]]\nname = \"Good\"\ngetter = \"good\"\nmonotonic = true\nclockid = 1\n\n\
             [[clock]]\nname = \"Bad\"\ngetter = \"{getter}\"\nmonotonic = true\nclockid = 1\n"
        );
        for options in [quote!(, unsafe(bindings = b)), quote!(, backend = posix)] {
            let expansion = expand_table("arguments.toml", &table, options);
            assert_eq!(
                expansion.errors.len(),
                1,
                "{getter}: {:?}",
                expansion.errors
            );
            let expected = format!(
                "arguments.toml:9:11: getter `{getter}` takes arguments, and a getter is called \
                 with none\n  |\n9 | getter = \"{getter}\"\n  |           {}\n  = help: name the C \
                 function of no arguments that reads the clock, `ktime_t getter(void)`: {instead}",
                "^".repeat(getter.len())
            );
            assert_eq!(expansion.errors[0], expected);
            assert_eq!(expansion.clocks, ["Good"]);
            assert_eq!(expansion.types, ["Bad", "Good"]);
        }
    }
}

#[test]
fn the_posix_backend_checks_or_ignores_what_nothing_vouches_for() {
    let table = "[[clock]]\nname = \"Fast\"\ngetter = \"ktime_get_mono_fast_ns\"\n\
                 returns = \"u64\"\nmonotonic = false\nnmi_safe = true\nclockid = 1\n\n\
                 [[clock]]\nname = \"Real\"\nmonotonic = true\nclockid = \"CLOCK_REALTIME\"\n\n\
                 [[clock]]\nname = \"Boot\"\nmonotonic = true\nclockid = \"CLOCK_BOOTTIME\"\n\
                 hrtimer = true\n";
    let expansion = expand_table("posix-caps.toml", table, quote!(, backend = posix));
    assert_eq!(expansion.errors.len(), 1, "{:?}", expansion.errors);
    assert!(
        expansion.errors[0].starts_with(
            "posix-caps.toml:11:13: `clock_gettime` does not read clock id `CLOCK_REALTIME` monotonically"
        ),
        "{:?}",
        expansion.errors
    );
    // `nmi_safe` and `hrtimer` are ignored there: `Fast` and `Boot` are clocks, without
    // `NmiSafeClock` or `HrTimerClock`; both are read by id.
    assert_eq!(expansion.clocks, ["Fast", "Boot"]);
    let impls: BTreeMap<String, BTreeSet<String>> = [
        ("MonotonicClock".to_owned(), set(&["Boot"])),
        ("PosixClock".to_owned(), set(&["Fast", "Boot"])),
    ]
    .into();
    assert_eq!(expansion.impls, impls);
    assert!(expansion
        .trait_paths
        .contains("::typed_clocks::posix::PosixClock"));
    assert_eq!(expansion.ids["Boot"], "CLOCK_BOOTTIME");
    assert_eq!(expansion.infos["Fast"]["getter"], "\"\"");
    // `CLOCK_BOOTTIME` is looked up in `libc` at compile time.
    assert!(
        expansion
            .assertions
            .iter()
            .any(|message| message.starts_with(
                "posix-caps.toml:17:12: `libc` has no clock id constant `CLOCK_BOOTTIME`"
            )),
        "{:#?}",
        expansion.assertions
    );
}

#[test]
fn names_the_expansion_cannot_use_are_rejected() {
    for (getter, clockid, problem) in [
        ("_Bool", "1", "getter `_Bool` is a C keyword"),
        ("alignas", "1", "getter `alignas` is a C keyword"),
        ("_BitInt", "1", "getter `_BitInt` is a C keyword"),
        (
            "g",
            "\"_\"",
            "clock id `_` is neither an integer nor a C constant name",
        ),
        (
            "g",
            "\"_Atomic\"",
            "clock id `_Atomic` is neither an integer nor a C constant name",
        ),
        (
            "g",
            "\"self\"",
            "clock id `self` is neither an integer nor a C constant name",
        ),
    ] {
        let table = format!(
            "[[clock]]\nname = \"Good\"\ngetter = \"good\"\nmonotonic = true\nclockid = 1\n\n\
             [[clock]]\nname = \"Bad\"\ngetter = \"{getter}\"\nmonotonic = true\n\
             clockid = {clockid}\n"
        );
        let expansion = expand_table("names.toml", &table, quote!(, unsafe(bindings = b)));
        assert_eq!(
            expansion.errors.len(),
            1,
            "{getter} {clockid}: {:?}",
            expansion.errors
        );
        assert!(
            expansion.errors[0].contains(problem),
            "{:?}",
            expansion.errors
        );
        assert_eq!(expansion.clocks, ["Good"]);
    }
}

#[test]
fn a_clock_cannot_take_the_name_of_a_runtime_item() {
    let mut names: Vec<&str> = crate::schema::RUNTIME_ITEMS.to_vec();
    for capability in crate::capabilities::CAPABILITIES {
        names.push(capability.tr.name);
        names.extend(
            capability
                .narrower
                .as_ref()
                .map(|narrower| narrower.tr.name),
        );
    }
    for name in [
        "ClockInfo",
        "Instant",
        "Delta",
        "ClockSource",
        "CLOCKS",
        "RelativeHrTimerClock",
    ] {
        assert!(names.contains(&name), "{name}");
    }
    for name in names {
        let table = format!(
            "[[clock]]\nname = \"Good\"\ngetter = \"good\"\nmonotonic = true\nclockid = 1\n\n\
             [[clock]]\nname = \"{name}\"\ngetter = \"bad\"\nmonotonic = true\nclockid = 1\n"
        );
        let expansion = expand_table(
            "runtime-names.toml",
            &table,
            quote!(, unsafe(bindings = b), runtime = self),
        );
        assert_eq!(expansion.errors.len(), 1, "{name}: {:?}", expansion.errors);
        assert!(
            expansion.errors[0].starts_with(&format!(
                "runtime-names.toml:8:9: clock name `{name}` is the name of an item the macro \
                 declares or names beside the clocks"
            )),
            "{:?}",
            expansion.errors
        );
        assert_eq!(expansion.clocks, ["Good"]);
        assert_eq!(expansion.types, ["Good"]);
    }
}

#[test]
fn a_table_found_beside_the_invoking_file_is_included_by_its_absolute_path() {
    // The invoking file, as rustc reports it: relative to the compiler's working
    // directory (here `/`, given, not set for the process).
    let dir = std::env::temp_dir().join(format!("time-macros-relative-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("src/clocks.toml"), MONO).unwrap();
    thread_local! {
        static SOURCE: std::cell::RefCell<Option<PathBuf>> =
            const { std::cell::RefCell::new(None) };
    }
    SOURCE.with(|source| {
        *source.borrow_mut() = Some(PathBuf::from(format!(
            "{}/src/lib.rs",
            dir.strip_prefix("/").unwrap().display()
        )));
    });
    let env = Environment {
        manifest_dir: Some(PathBuf::from("/no/such/manifest")),
        source_file: Some(|_| SOURCE.with(|source| source.borrow().clone())),
        working_dir: Some(PathBuf::from("/")),
        ..Environment::default()
    };
    let expansion = observe(declare_clocks(quote!([::tc] "clocks.toml"), &env));
    let included = dir.join("src/clocks.toml");
    assert_eq!(expansion.included.as_deref(), included.to_str());
}

#[test]
fn the_posix_backend_without_its_feature_is_one_error_at_the_backend() {
    let env = Environment {
        posix_available: false,
        ..env_with("posix.toml", MONO.as_bytes())
    };
    let expansion = observe(declare_clocks(
        quote!([::tc] "posix.toml", backend = posix),
        &env,
    ));
    assert_eq!(expansion.errors.len(), 1, "{:?}", expansion.errors);
    assert!(
        expansion.errors[0].starts_with("the posix backend needs typed-clocks's `posix` feature"),
        "{:?}",
        expansion.errors
    );
    assert_eq!(expansion.types, ["Mono"]);
    // Nothing names the missing backend.
    assert!(expansion.trait_paths.is_empty() && expansion.assertions.is_empty());
}

#[test]
fn inline_and_file_forms_make_the_same_clocks() {
    let env = env_with("same.toml", MONO.as_bytes());
    let file = observe(declare_clocks(
        quote!([::tc] "same.toml", unsafe(bindings = b)),
        &env,
    ));
    let inline = observe(declare_clocks(
        quote!(
            [::tc] unsafe(bindings = b);
            Mono { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC }
        ),
        &env,
    ));
    assert!(file.errors.is_empty() && inline.errors.is_empty());
    assert_eq!(file.types, inline.types);
    assert_eq!(file.clocks, inline.clocks);
    assert_eq!(file.ids, inline.ids);
    assert_eq!(file.impls, inline.impls);
    assert_eq!(file.infos, inline.infos);
    // The same checks: the file's are located in it, with the line quoted.
    let unlocated: Vec<String> = file
        .assertions
        .iter()
        .map(|message| {
            let message = message.split_once(": ").expect("located").1;
            message.split('\n').next().unwrap_or("").to_owned()
        })
        .collect();
    assert_eq!(unlocated, inline.assertions);
    assert!(file.included.is_some() && inline.included.is_none());
}
