//! The unit tests of `declare` (host only: the kernel tree does not carry them).

use super::*;
use quote::quote;
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

/// The messages of the `compile_error!`s in `out`.
fn errors(out: &TokenStream) -> Vec<String> {
    let text = out.to_string();
    text.split(":: core :: compile_error ! {")
        .skip(1)
        .map(|chunk| chunk.split(" }").next().unwrap_or("").trim().to_owned())
        .collect()
}

const MONO: &str = "[[clock]]\nname = \"Mono\"\ngetter = \"ktime_get\"\nmonotonic = true\n\
                    clockid = \"CLOCK_MONOTONIC\"\n";

/// The errors of expanding `table` (a `clocks.toml` text) with `options`, and the
/// expansion.
fn table_errors(file: &str, table: &str, options: TokenStream) -> (Vec<String>, String) {
    let env = env_with(file, table.as_bytes());
    let out = declare_clocks(quote!(#file #options), &env);
    (errors(&out), out.to_string())
}

#[test]
fn good_file_expands_every_clock_and_tracks_the_file() {
    let env = env_with(
        "good.toml",
        b"[[clock]]\nname = \"A\"\ngetter = \"a\"\nmonotonic = true\nclockid = 1\n\n[[clock]]\n\
          name = \"B\"\ngetter = \"b\"\nmonotonic = false\nclockid = 0\ndoc = \"Bee.\"\n",
    );
    let out = declare_clocks(
        quote!([::typed_clocks] "good.toml", unsafe(extern "C")),
        &env,
    );
    let text = out.to_string();
    assert!(errors(&out).is_empty(), "{text}");
    assert!(
        text.contains(
            ":: typed_clocks :: __private :: clocks_extern ! { unsafe (extern \"C\") ; \
             count = 2 ; declared_in = \" Declared in `good.toml`.\" ; \
             hrtimer_bindings = :: typed_clocks :: __private :: NoHrTimerBindings ; \
             clocks = [A \"A\" \"\" true getter = a ktime_t \"\" ; id = 1 ; ; \
             B \"B\" \"Bee.\" false getter = b ktime_t \"\" ; id = 0 ; ;] ; \
             capabilities = [vouched SealedMonotonic MonotonicClock [A]] ; }"
        ),
        "{text}"
    );
    assert!(text.contains("include_bytes !"), "{text}");
    assert!(
        !text.contains("unsafe {"),
        "no unsafe of the macro's own: {text}"
    );
}

#[test]
fn the_crate_path_is_the_one_the_invocation_gives() {
    let env = env_with(
        "krate.toml",
        MONO.replace("\"CLOCK_MONOTONIC\"", "1").as_bytes(),
    );
    let out = declare_clocks(quote!([::time_core] "krate.toml", unsafe(extern "C")), &env);
    let text = out.to_string();
    assert!(
        text.contains(":: time_core :: __private :: clocks_extern !"),
        "{text}"
    );
    assert!(!text.contains("typed_clocks"), "{text}");
    let out = declare_clocks(
        quote!([::time_core] "krate.toml", unsafe(extern "C"), crate = crate::tc),
        &env,
    );
    assert!(out
        .to_string()
        .contains("crate :: tc :: __private :: clocks_extern !"));
}

#[test]
fn every_error_is_reported_and_good_rows_are_still_declared() {
    let env = env_with(
        "bad.toml",
        b"[[clock]]\nname = \"Good\"\ngetter = \"g\"\nmonotonic = true\nclockid = 1\n\n\
          [[clock]]\nname = \"bad_name\"\ngetter = \"h\"\nmonotonic = 1\nclockid = 1\n",
    );
    let out = declare_clocks(quote!("bad.toml", unsafe(extern "C")), &env);
    let errors = errors(&out);
    assert_eq!(errors.len(), 2, "{errors:?}");
    // In file order.
    assert!(
        errors[0].contains("bad.toml:8:9: clock name `bad_name` is not UpperCamelCase"),
        "{errors:?}"
    );
    assert!(
        errors[1].contains("bad.toml:10:13: `monotonic` must be a boolean"),
        "{errors:?}"
    );
    let text = out.to_string();
    assert!(text.contains("clocks = [Good "), "{text}");
}

#[test]
fn a_missing_clockid_is_an_error_that_says_what_to_write() {
    let (errors, out) = table_errors(
        "no-id.toml",
        "[[clock]]\nname = \"A\"\ngetter = \"a\"\nmonotonic = true\n",
        quote!(, unsafe(extern "C")),
    );
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("no-id.toml:1:1: clock `A` is missing the required key `clockid`")
            && errors[0].contains("the id of the time base it reads: CLOCK_BOOTTIME"),
        "{errors:?}"
    );
    assert!(out.contains("pub struct A ;"), "{out}");
}

#[test]
fn a_misspelt_required_key_is_one_error_not_also_a_missing_key() {
    let env = env_with(
        "typo.toml",
        b"[[clock]]\nname = \"A\"\ngettr = \"g\"\nmonotonic = true\nclockid = 1\n",
    );
    let file_errors = errors(&declare_clocks(quote!("typo.toml"), &env));
    assert_eq!(file_errors.len(), 1, "{file_errors:?}");
    assert!(
        file_errors[0].contains("unknown key `gettr`")
            && file_errors[0].contains("did you mean `getter`?"),
        "{file_errors:?}"
    );

    let inline = declare_clocks(
        quote!(A {
            gettr: g,
            monotonic: true,
            clockid: 1
        }),
        &env,
    );
    let inline_errors = errors(&inline);
    assert_eq!(inline_errors.len(), 1, "{inline_errors:?}");
    assert!(
        inline_errors[0].contains("unknown key `gettr` in clock `A`"),
        "{inline_errors:?}"
    );

    // A key that resembles nothing leaves the required key missing.
    let env = env_with(
        "unrelated.toml",
        b"[[clock]]\nname = \"A\"\nfrequency = 1\nmonotonic = true\nclockid = 1\n",
    );
    let unrelated_errors = errors(&declare_clocks(quote!("unrelated.toml"), &env));
    assert_eq!(unrelated_errors.len(), 2, "{unrelated_errors:?}");
    assert!(
        unrelated_errors[0]
            .contains("unrelated.toml:1:1: clock `A` is missing the required key `getter`"),
        "{unrelated_errors:?}"
    );
}

#[test]
fn what_the_compiler_cannot_check_needs_unsafe_in_the_invocation() {
    let table = MONO.replace("\"CLOCK_MONOTONIC\"", "1");
    let env = env_with("trust.toml", table.as_bytes());
    // The macro would declare the getter itself.
    let extern_errors = errors(&declare_clocks(quote!("trust.toml"), &env));
    assert_eq!(extern_errors.len(), 1, "{extern_errors:?}");
    assert!(
        extern_errors[0].contains(
            "trust.toml:3:11: the macro would declare `unsafe extern \\\"C\\\" fn ktime_get() -> ktime_t`"
        ) && extern_errors[0].contains("write `unsafe(extern \\\"C\\\")`"),
        "{extern_errors:?}"
    );
    let inline = errors(&declare_clocks(
        quote!(A {
            getter: close,
            monotonic: true,
            clockid: 1
        }),
        &env,
    ));
    assert_eq!(inline.len(), 1, "{inline:?}");
    // A bindings module without `unsafe`.
    let bindings_errors = errors(&declare_clocks(quote!("trust.toml", bindings = b), &env));
    assert_eq!(bindings_errors.len(), 1, "{bindings_errors:?}");
    assert!(
        bindings_errors[0].contains("`bindings` needs `unsafe`")
            && bindings_errors[0].contains("write `unsafe(bindings = PATH)`"),
        "{bindings_errors:?}"
    );
    // Both spelled out, and the posix backend, which calls no table-named C.
    for options in [
        quote!(, unsafe(extern "C")),
        quote!(, unsafe(bindings = b)),
        quote!(, backend = posix),
    ] {
        let out = declare_clocks(quote!("trust.toml" #options), &env);
        assert!(errors(&out).is_empty(), "{options}: {out}");
    }
}

#[test]
fn missing_file_lists_where_it_looked() {
    let env = Environment {
        manifest_dir: Some(PathBuf::from("/no/such/dir")),
        ..Environment::default()
    };
    let errors = errors(&declare_clocks(quote!("clocks.toml"), &env));
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].contains(
            "cannot find the clock table `clocks.toml`: looked for `$CARGO_MANIFEST_DIR/clocks.toml`"
        ),
        "{errors:?}"
    );
}

#[test]
fn invalid_utf8_names_the_position() {
    let env = env_with("latin1.toml", b"[[clock]]\nname = \"Caf\xe9\"\n");
    let errors = errors(&declare_clocks(quote!("latin1.toml"), &env));
    assert!(
        errors[0].contains("latin1.toml:2:12: the clock table is not valid UTF-8"),
        "{errors:?}"
    );
}

#[test]
fn empty_file_is_an_error_at_line_one() {
    let env = env_with("empty.toml", b"# nothing\n");
    let errors = errors(&declare_clocks(quote!("empty.toml"), &env));
    assert!(
        errors[0].contains("empty.toml:1:1: the clock table declares no clocks"),
        "{errors:?}"
    );
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
    ] {
        let out = declare_clocks(tokens.clone(), &Environment::default());
        assert!(!errors(&out).is_empty(), "{tokens}: {out}");
    }
}

#[test]
fn capabilities_are_declared_and_checked_against_the_row() {
    let good = format!(
        "{MONO}hrtimer = true\n\n[[clock]]\nname = \"Fast\"\n\
         getter = \"ktime_get_mono_fast_ns\"\nmonotonic = true\nreturns = \"u64\"\n\
         nmi_safe = true\nclockid = 1\n\n[[clock]]\nname = \"Real\"\n\
         getter = \"ktime_get_real\"\nmonotonic = false\nsettable = true\n\
         counts_suspend = true\nresolution = \"tick\"\nclockid = 0\n"
    );
    let (errors, out) = table_errors("caps.toml", &good, quote!(, unsafe(bindings = b)));
    assert!(errors.is_empty(), "{errors:?}");
    for list in [
        "capabilities = [vouched SealedMonotonic MonotonicClock [Mono Fast] \
         vouched SealedNmiSafe NmiSafeClock [Fast] \
         timer_base [Mono \"caps.toml:5:12: \" [Mono]] \
         plain SealedSettable SettableClock [Real] \
         plain SealedSuspendCounting SuspendCountingClock [Real]]",
        "Real \"Real\" resolution = Tick ; \"\" false",
        "Fast \"Fast\" \"\" true getter = ktime_get_mono_fast_ns u64 \"caps.toml:10:11: \" ;",
        "id = CLOCK_MONOTONIC \"caps.toml:5:12: \" ;",
    ] {
        assert!(out.contains(list), "{list}: {out}");
    }

    let bad = "[[clock]]\nname = \"A\"\ngetter = \"ktime_get\"\nmonotonic = true\n\
               settable = true\nnmi_safe = true\nhrtimer = true\nclockid = 3\n\n[[clock]]\n\
               name = \"B\"\ngetter = \"b_fast\"\nmonotonic = true\nnmi_safe = true\n\
               clockid = \"CLOCK_MONOTONIC_RAW\"\nhrtimer = true\nresolution = 0\n\
               returns = \"i32\"\n\n[[clock]]\nname = \"C\"\ngetter = \"c\"\n\
               monotonic = false\nresolution = \"tock\"\nclockid = 0\n";
    let (errors, out) = table_errors("bad-caps.toml", bad, quote!(, unsafe(bindings = b)));
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
    assert_eq!(errors.len(), expected.len(), "{errors:?}");
    for (error, expected) in errors.iter().zip(expected) {
        assert!(error.contains(expected), "{error}\n  expected: {expected}");
    }
    // Every row declares its marker type only.
    assert!(!out.contains("clocks_bindings !"), "{out}");
    for name in ["A", "B", "C"] {
        assert!(out.contains(&format!("pub struct {name} ;")), "{out}");
    }
}

#[test]
fn the_posix_backend_checks_or_ignores_what_nothing_vouches_for() {
    let table = "[[clock]]\nname = \"Fast\"\ngetter = \"ktime_get_mono_fast_ns\"\n\
                 returns = \"u64\"\nmonotonic = false\nnmi_safe = true\nclockid = 1\n\n\
                 [[clock]]\nname = \"Real\"\nmonotonic = true\nclockid = \"CLOCK_REALTIME\"\n\n\
                 [[clock]]\nname = \"Boot\"\nmonotonic = true\nclockid = \"CLOCK_BOOTTIME\"\n\
                 hrtimer = true\n";
    let (errors, out) = table_errors("posix-caps.toml", table, quote!(, backend = posix));
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains(
            "posix-caps.toml:11:13: `clock_gettime` does not read clock id `CLOCK_REALTIME` monotonically"
        ),
        "{errors:?}"
    );
    // `nmi_safe` is ignored there: `Fast` is a clock, without `NmiSafeClock`.
    assert!(
        out.contains("clocks_posix ! { backend = posix ;")
            && out.contains("clocks = [Fast ")
            && out.contains(
                "capabilities = [monotonic_id [Boot] \
                 timer_base [Boot \"posix-caps.toml:17:12: \" [Boot]]]"
            ),
        "{out}"
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
        let (errors, out) = table_errors("names.toml", &table, quote!(, unsafe(bindings = b)));
        assert_eq!(errors.len(), 1, "{getter} {clockid}: {errors:?}");
        assert!(errors[0].contains(problem), "{errors:?}");
        assert!(out.contains("clocks = [Good "), "{out}");
    }
}

#[test]
fn kernel_services_need_bindings_and_a_monotonic_clock() {
    let table = format!("kernel_services = true\n\n{MONO}");
    let (errors, out) = table_errors("services.toml", &table, quote!(, unsafe(bindings = b)));
    assert!(errors.is_empty(), "{errors:?}");
    assert!(
        out.contains(
            "kernel_services ! { at = \"services.toml:1:19: \" ; unsafe (bindings = b) ; \
             clock = Mono ; }"
        ) && out.contains("hrtimer_bindings = kernel_services :: Services ;"),
        "{out}"
    );

    let extern_table = table.replace("clockid = \"CLOCK_MONOTONIC\"", "clockid = 1");
    let (errors, out) = table_errors(
        "services-extern.toml",
        &extern_table,
        quote!(, unsafe(extern "C")),
    );
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains(
            "services-extern.toml:1:19: `kernel_services` call C through a bindings module"
        ),
        "{errors:?}"
    );
    assert!(!out.contains("kernel_services !"), "{out}");

    let wall = "kernel_services = true\n[[clock]]\nname = \"Wall\"\ngetter = \"w\"\n\
                monotonic = false\nclockid = 0\n\n[[clock]]\nname = \"Coarse\"\n\
                getter = \"c\"\nmonotonic = true\nresolution = \"tick\"\nclockid = 6\n";
    let (errors, _) = table_errors("services-wall.toml", wall, quote!(, unsafe(bindings = b)));
    assert!(
        errors[0].contains("`kernel_services` need a monotonic clock finer than the tick"),
        "{errors:?}"
    );

    // One table serves both backends: the posix backend has no kernel services.
    let (errors, out) = table_errors("services-posix.toml", &table, quote!(, backend = posix));
    assert!(errors.is_empty(), "{errors:?}");
    assert!(!out.contains("kernel_services !"), "{out}");
    // Without the key nothing is generated.
    let (errors, out) = table_errors("no-services.toml", MONO, quote!(, unsafe(bindings = b)));
    assert!(
        errors.is_empty() && !out.contains("kernel_services !"),
        "{errors:?} {out}"
    );
}

#[test]
fn the_error_module_goes_to_the_kernel_services_and_needs_them() {
    let table = format!("kernel_services = true\n\n{MONO}");
    let (errors, out) = table_errors(
        "services-error.toml",
        &table,
        quote!(, unsafe(bindings = b), error = crate::kernel::error),
    );
    assert!(errors.is_empty(), "{errors:?}");
    assert!(
        out.contains(
            "kernel_services ! { at = \"services-error.toml:1:19: \" ; unsafe (bindings = b) \
             ; clock = Mono ; error = crate :: kernel :: error ; }"
        ),
        "{out}"
    );
    let (errors, out) = table_errors(
        "no-services-error.toml",
        MONO,
        quote!(, unsafe(bindings = b), error = crate::error),
    );
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains(
            "`error` chooses the error type of the kernel services, and this table has none"
        ),
        "{errors:?}"
    );
    assert!(!out.contains("kernel_services !"), "{out}");
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
    let out = declare_clocks(quote!("clocks.toml"), &env).to_string();
    let included = format!(
        "include_bytes ! (\"{}\")",
        dir.join("src/clocks.toml").display()
    );
    assert!(out.contains(&included), "{out}");
}

#[test]
fn the_posix_backend_without_its_feature_is_one_error_at_the_backend() {
    let env = Environment {
        posix_available: false,
        ..env_with("posix.toml", MONO.as_bytes())
    };
    let out = declare_clocks(quote!("posix.toml", backend = posix), &env);
    let errors = errors(&out);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("the posix backend needs typed-clocks's `posix` feature"),
        "{errors:?}"
    );
    let text = out.to_string();
    assert!(text.contains("pub struct Mono ;"), "{text}");
    assert!(
        !text.contains("posix ;"),
        "nothing names the missing backend: {text}"
    );
}

#[test]
fn inline_and_file_forms_make_the_same_rows() {
    let env = env_with("same.toml", MONO.as_bytes());
    let file = declare_clocks(quote!("same.toml", unsafe(bindings = b)), &env).to_string();
    let inline = declare_clocks(
        quote!(
            unsafe(bindings = b);
            Mono { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC }
        ),
        &env,
    )
    .to_string();
    let rows = |text: &str| {
        text.split("clocks = [")
            .nth(1)
            .unwrap_or("")
            .split(']')
            .next()
            .unwrap_or("")
            .replace("\"same.toml:3:11: \"", "AT")
            .replace("\"same.toml:5:12: \"", "AT2")
    };
    assert_eq!(
        rows(&file),
        rows(&inline)
            .replace("ktime_get ktime_t \"\"", "ktime_get ktime_t AT")
            .replace("CLOCK_MONOTONIC \"\"", "CLOCK_MONOTONIC AT2"),
        "{file}\n{inline}"
    );
}
