//! The macro as an ordinary function: tokens and an [`Environment`] in, tokens out.
//! parse → read → validate → expand, with every error collected on the way.

use crate::diagnostics::Diagnostics;
use crate::env::Environment;
use crate::expand::expand;
use crate::input::{self, MacroInput, TableSource};
use crate::model::{Backend, Options, Site};
use crate::validate::{
    error_module_has_services, extern_getters_asserted, kernel_services_clock, validate,
};
use proc_macro2::{Span, TokenStream};

/// Expands `declare_clocks!(tokens)`; errors come out as `compile_error!`s next to
/// whatever could still be declared.
pub fn declare_clocks(tokens: TokenStream, env: &Environment) -> TokenStream {
    let mut diagnostics = Diagnostics::for_tokens();
    let parsed = input::parse(tokens, &mut diagnostics)
        .map(|input| posix_backend_available(input, env, &mut diagnostics));
    let mut output = match parsed {
        Ok(MacroInput {
            source: TableSource::Inline(rows),
            options,
        }) => {
            extern_getters_asserted(&rows, &options, &mut diagnostics);
            let declared = validate(
                rows,
                &options,
                &Site::Tokens(Span::call_site()),
                &mut diagnostics,
            );
            error_module_has_services(&options, options.kernel_services.as_ref(), &mut diagnostics);
            let services_clock = kernel_services_clock(
                &declared,
                &options,
                options.kernel_services.as_ref(),
                true,
                &mut diagnostics,
            );
            expand(&declared, &options, None, services_clock.as_ref())
        }
        Ok(MacroInput {
            source: TableSource::File(path),
            options,
        }) => from_file(&path, &options, env, &mut diagnostics),
        Err(error) => {
            diagnostics.push(error);
            TokenStream::new()
        }
    };
    if let Some(errors) = diagnostics.finish() {
        output.extend(errors.into_compile_error());
    }
    output
}

/// `backend = posix` needs the runtime's posix backend: without typed-clocks's `posix`
/// feature it is one error at the `posix` token, and the rows declare their marker
/// types only (the table is still validated, so its own mistakes are reported too),
/// instead of every generated item failing on paths that do not exist.
fn posix_backend_available(
    mut input: MacroInput,
    env: &Environment,
    diagnostics: &mut Diagnostics<'_>,
) -> MacroInput {
    if input.options.backend == Backend::Posix && !env.posix_available {
        diagnostics.error(
            &Site::Tokens(input.options.backend_span.unwrap_or_else(Span::call_site)),
            "the posix backend needs typed-clocks's `posix` feature",
            "enable it: `typed-clocks = { version = \"…\", features = [\"posix\"] }` in Cargo.toml",
        );
        input.options.markers_only = true;
    }
    input
}

#[cfg(feature = "toml")]
fn from_file(
    path: &syn::LitStr,
    options: &Options,
    env: &Environment,
    diagnostics: &mut Diagnostics<'_>,
) -> TokenStream {
    use crate::model::KERNEL_SERVICES;

    let Some((table, file)) = env.load_table(path, diagnostics) else {
        return TokenStream::new();
    };
    let mut table_diagnostics = Diagnostics::for_table(&table);
    let (rows, settings) = crate::table::read(&table.text, &mut table_diagnostics);
    extern_getters_asserted(&rows, options, &mut table_diagnostics);
    // With a TOML error, already reported, the table may be empty because of it.
    let declared = if rows.is_empty() && settings.truncated {
        Vec::new()
    } else {
        validate(rows, options, &Site::Table(0..0), &mut table_diagnostics)
    };
    error_module_has_services(
        options,
        options
            .kernel_services
            .as_ref()
            .or(settings.kernel_services.as_ref()),
        diagnostics,
    );
    let services_clock = match (&options.kernel_services, settings.kernel_services) {
        (Some(_), Some(in_table)) => {
            table_diagnostics.error(
                &in_table.site,
                format_args!("`{KERNEL_SERVICES}` is given in the table and as a macro option"),
                "keep it in the table only",
            );
            None
        }
        (given, in_table) => kernel_services_clock(
            &declared,
            options,
            given.as_ref().or(in_table.as_ref()),
            !settings.truncated,
            &mut table_diagnostics,
        ),
    };
    if let Some(errors) = table_diagnostics.finish() {
        diagnostics.push(errors);
    }
    expand(&declared, options, Some(&file), services_clock.as_ref())
}

#[cfg(not(feature = "toml"))]
fn from_file(
    path: &syn::LitStr,
    _options: &Options,
    _env: &Environment,
    diagnostics: &mut Diagnostics<'_>,
) -> TokenStream {
    diagnostics.error(
        &Site::Tokens(path.span()),
        "reading a clock table file needs the `toml` feature of typed-clocks (on by default)",
        "enable the feature, or write the rows inline: \
         `declare_clocks! { Monotonic { getter: ktime_get, monotonic: true } }`",
    );
    TokenStream::new()
}

#[cfg(all(test, feature = "toml"))]
mod tests {
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
            table_dir: None,
            source_dir: None,
            posix_available: true,
            working_dir: None,
        }
    }

    fn errors(out: &TokenStream) -> Vec<String> {
        // compile_error! { "message" } pairs: pull the messages out of the stream.
        let text = out.to_string();
        text.split(":: core :: compile_error ! {")
            .skip(1)
            .map(|chunk| chunk.split(" }").next().unwrap_or("").trim().to_owned())
            .collect()
    }

    #[test]
    fn good_file_expands_every_clock_and_tracks_the_file() {
        let env = env_with("good.toml", b"[[clock]]\nname = \"A\"\ngetter = \"a\"\nmonotonic = true\n\n[[clock]]\nname = \"B\"\ngetter = \"b\"\nmonotonic = false\n");
        let out = declare_clocks(quote!("good.toml", unsafe(extern "C")), &env);
        let text = out.to_string();
        assert!(errors(&out).is_empty(), "{text}");
        assert!(
            text.contains("clocks = [A ")
                && text.contains("\"B\" false [] [Nanos (1)] [] [b Ktime] [] { unsafe { b () } }]"),
            "{text}"
        );
        assert!(text.contains("include_bytes !"), "{text}");
    }

    #[test]
    fn every_error_is_reported_and_good_rows_are_still_declared() {
        let env = env_with(
            "bad.toml",
            b"[[clock]]\nname = \"Good\"\ngetter = \"g\"\nmonotonic = true\n\n[[clock]]\nname = \"bad_name\"\ngetter = \"h\"\nmonotonic = 1\n",
        );
        let out = declare_clocks(quote!("bad.toml", unsafe(extern "C")), &env);
        let errors = errors(&out);
        assert_eq!(errors.len(), 2, "{errors:?}");
        // In file order.
        assert!(
            errors[0].contains("bad.toml:7:9: clock name `bad_name` is not UpperCamelCase"),
            "{errors:?}"
        );
        assert!(
            errors[1].contains("bad.toml:9:13: `monotonic` must be a boolean"),
            "{errors:?}"
        );
        let text = out.to_string();
        assert!(text.contains("clocks = [Good "), "{text}");
    }

    #[test]
    fn a_misspelt_required_key_is_one_error_not_also_a_missing_key() {
        let env = env_with(
            "typo.toml",
            b"[[clock]]\nname = \"A\"\ngettr = \"g\"\nmonotonic = true\n",
        );
        let file_errors = errors(&declare_clocks(quote!("typo.toml"), &env));
        assert_eq!(file_errors.len(), 1, "{file_errors:?}");
        assert!(
            file_errors[0].contains("unknown key `gettr`"),
            "{file_errors:?}"
        );
        assert!(
            file_errors[0].contains("did you mean `getter`?"),
            "{file_errors:?}"
        );

        let inline = declare_clocks(
            quote!(A {
                gettr: g,
                monotonic: true
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
            b"[[clock]]\nname = \"A\"\nfrequency = 1\nmonotonic = true\n",
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
                monotonic: true
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
        let out = declare_clocks(
            quote!(unsafe(extern "C"); A { getter: a, monotonic: true }),
            &env,
        );
        assert!(errors(&out).is_empty(), "{out}");
    }

    #[test]
    fn missing_file_lists_where_it_looked() {
        let env = Environment {
            manifest_dir: Some(PathBuf::from("/no/such/dir")),
            table_dir: None,
            source_dir: None,
            posix_available: true,
            working_dir: None,
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
        ] {
            let out = declare_clocks(tokens.clone(), &Environment::default());
            assert!(!errors(&out).is_empty(), "{tokens}: {out}");
        }
    }

    /// The errors of expanding `table` (a `clocks.toml` text) with `options`.
    fn table_errors(file: &str, table: &str, options: TokenStream) -> (Vec<String>, String) {
        let env = env_with(file, table.as_bytes());
        let out = declare_clocks(quote!(#file #options), &env);
        (errors(&out), out.to_string())
    }

    const MONO: &str = "[[clock]]\nname = \"Mono\"\ngetter = \"ktime_get\"\nmonotonic = true\nclockid = \"CLOCK_MONOTONIC\"\n";

    #[test]
    fn capabilities_are_declared_and_checked_against_the_row() {
        let good = format!(
            "{MONO}hrtimer = true\n\n[[clock]]\nname = \"Fast\"\ngetter = \"ktime_get_mono_fast_ns\"\n\
             monotonic = true\nreturns = \"u64\"\nnmi_safe = true\n\n[[clock]]\nname = \"Real\"\n\
             getter = \"ktime_get_real\"\nmonotonic = false\nsettable = true\ncounts_suspend = true\n\
             resolution = \"tick\"\n"
        );
        let (errors, out) = table_errors("caps.toml", &good, quote!(, unsafe(bindings = b)));
        assert!(errors.is_empty(), "{errors:?}");
        for list in [
            "nmi_safe = [Fast]",
            "hrtimer = [Mono]",
            "settable = [Real]",
            "counts_suspend = [Real]",
            "[Tick]",
            "let nanos : :: typed_clocks :: __private :: u64 =",
        ] {
            assert!(out.contains(list), "{list}: {out}");
        }

        let bad = "[[clock]]\nname = \"A\"\ngetter = \"ktime_get\"\nmonotonic = true\nsettable = true\n\
                   nmi_safe = true\nhrtimer = true\n\n[[clock]]\nname = \"B\"\ngetter = \"b_fast\"\n\
                   monotonic = true\nnmi_safe = true\nclockid = \"CLOCK_MONOTONIC_RAW\"\nhrtimer = true\n\
                   resolution = 0\nreturns = \"i32\"\n\n[[clock]]\nname = \"C\"\ngetter = \"c\"\n\
                   monotonic = false\nresolution = \"tock\"\n";
        let (errors, out) = table_errors("bad-caps.toml", bad, quote!(, unsafe(bindings = b)));
        let expected = [
            "bad-caps.toml:5:12: a clock cannot be both `settable` and `monotonic`",
            "bad-caps.toml:6:12: `ktime_get` is not NMI-safe: it reads the timekeeper under its seqcount",
            "bad-caps.toml:7:11: an `hrtimer` clock needs its `clockid`",
            "bad-caps.toml:13:12: an `nmi_safe` clock must be read by a `u64` accessor",
            "bad-caps.toml:15:11: the kernel has no hrtimer base for clock id `CLOCK_MONOTONIC_RAW`",
            "bad-caps.toml:16:14: resolution 0 is not a positive number of nanoseconds",
            "bad-caps.toml:17:12: unknown getter return type `i32`",
            "bad-caps.toml:23:15: unknown resolution `tock`",
        ];
        assert_eq!(errors.len(), expected.len(), "{errors:#?}");
        for (error, expected) in errors.iter().zip(expected) {
            assert!(error.contains(expected), "{error}\n  expected: {expected}");
        }
        // Rows with errors still declare their types, without impls.
        for name in ["A", "B", "C"] {
            assert!(out.contains(&format!("pub enum {name} {{ }}")), "{out}");
        }
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
                "[[clock]]\nname = \"Good\"\ngetter = \"good\"\nmonotonic = true\n\n\
                 [[clock]]\nname = \"Bad\"\ngetter = \"{getter}\"\nmonotonic = true\nclockid = {clockid}\n"
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
            out.contains("kernel_services ! { bindings = b ; clock = Mono ; }"),
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

        let wall = "kernel_services = true\n[[clock]]\nname = \"Wall\"\ngetter = \"w\"\nmonotonic = false\n\n\
                    [[clock]]\nname = \"Coarse\"\ngetter = \"c\"\nmonotonic = true\nresolution = \"tick\"\n";
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
                "kernel_services ! { bindings = b ; clock = Mono ; error = crate :: kernel :: error ; }"
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
        // The invoking file's directory, as rustc reports it: relative to the
        // compiler's working directory (here `/`, given, not set for the process).
        let dir = std::env::temp_dir().join(format!("time-macros-relative-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(dir.join("src/clocks.toml"), MONO).unwrap();
        let relative_source =
            PathBuf::from(format!("{}/src", dir.strip_prefix("/").unwrap().display()));
        let env = Environment {
            manifest_dir: Some(PathBuf::from("/no/such/manifest")),
            table_dir: None,
            source_dir: Some(relative_source),
            posix_available: true,
            working_dir: Some(PathBuf::from("/")),
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
            working_dir: None,
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
        assert!(text.contains("pub enum Mono { }"), "{text}");
        assert!(
            !text.contains("posix ::"),
            "nothing names the missing backend: {text}"
        );
        let inline = declare_clocks(
            quote!(backend = posix; A { monotonic: true, clockid: 1 }),
            &env,
        );
        assert_eq!(errors_of(&inline), 1);
    }

    fn errors_of(out: &TokenStream) -> usize {
        errors(out).len()
    }

    #[test]
    fn the_posix_backend_declares_kernel_only_rows_without_a_reader() {
        let table = format!(
            "{MONO}\n[[clock]]\nname = \"BootCoarse\"\ngetter = \"ktime_get_coarse_boottime\"\n\
             monotonic = true\n\n[[clock]]\nname = \"Nothing\"\nmonotonic = true\n"
        );
        let (errors, out) = table_errors("kernel-only.toml", &table, quote!(, backend = posix));
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].contains("clock `Nothing` is missing the required key `clockid`"),
            "{errors:?}"
        );
        assert!(
            out.contains("A kernel-only clock") && out.contains("pub enum BootCoarse { }"),
            "{out}"
        );
        assert!(out.contains("count = 1 ;"), "only Mono is readable: {out}");
    }
}
