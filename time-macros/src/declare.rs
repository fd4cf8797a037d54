//! The macro as an ordinary function: tokens and an [`Environment`] in, tokens out.
//! parse → read → validate → expand, with every error collected on the way.

use crate::diagnostics::Diagnostics;
use crate::env::Environment;
use crate::expand::expand;
use crate::input::{self, MacroInput, TableSource};
use crate::model::Site;
use crate::validate::{kernel_services_clock, validate};
use proc_macro2::{Span, TokenStream};

/// Expands `declare_clocks!(tokens)`; errors come out as `compile_error!`s next to
/// whatever could still be declared.
pub(crate) fn declare_clocks(tokens: TokenStream, env: &Environment) -> TokenStream {
    let mut diagnostics = Diagnostics::for_tokens();
    let mut output = match input::parse(tokens, &mut diagnostics) {
        Ok(MacroInput {
            source: TableSource::Inline(rows),
            options,
        }) => {
            let declared = validate(
                &rows,
                &options,
                &Site::Tokens(Span::call_site()),
                &mut diagnostics,
            );
            let services_clock = kernel_services_clock(
                &declared,
                &options,
                options.kernel_services.as_ref(),
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

#[cfg(feature = "toml")]
fn from_file(
    path: &syn::LitStr,
    options: &input::Options,
    env: &Environment,
    diagnostics: &mut Diagnostics<'_>,
) -> TokenStream {
    use crate::diagnostics::TableText;
    use crate::env::{Resolved, TABLE_DIR_VAR};
    use crate::model::KERNEL_SERVICES;

    let shown = path.value();
    let error = |message: String, help: &str| {
        syn::Error::new(path.span(), format!("{message}\n  = help: {help}"))
    };
    let file = match env.resolve(std::path::Path::new(&shown)) {
        // `include_bytes!` resolves a relative path against the invoking file's
        // directory, not against the directory the path was found from: hand it the
        // absolute path that was found.
        Resolved::Found(file) => std::path::absolute(&file).unwrap_or(file),
        Resolved::Missing(tried) => {
            // Name the build-dependent bases symbolically (their absolute paths differ
            // between machines and build directories); the invoking file's directory is
            // shown as it is.
            let bases = [
                ("$CARGO_MANIFEST_DIR", &env.manifest_dir),
                (TABLE_DIR_VAR, &env.table_dir),
            ];
            let tried: Vec<String> = tried
                .iter()
                .map(|candidate| {
                    let symbolic = bases.iter().find_map(|(name, base)| {
                        let base = base.as_ref()?;
                        let rest = candidate.strip_prefix(base).ok()?;
                        let name = name.trim_start_matches('$');
                        Some(format!("`${name}/{}`", rest.display()))
                    });
                    symbolic.unwrap_or_else(|| format!("`{}`", candidate.display()))
                })
                .collect();
            let looked = if tried.is_empty() {
                format!("neither CARGO_MANIFEST_DIR nor {TABLE_DIR_VAR} is set and the invoking file is unknown")
            } else {
                format!("looked for {}", tried.join(" and "))
            };
            diagnostics.push(error(
                format!("cannot find the clock table `{shown}`: {looked}"),
                &format!(
                    "create the file, or fix the path: a relative path is resolved against the crate's \
                     CARGO_MANIFEST_DIR (outside cargo: the {TABLE_DIR_VAR} environment variable), then \
                     against the directory of the file that invokes the macro"
                ),
            ));
            return TokenStream::new();
        }
    };
    let Some(file_text) = file.to_str() else {
        diagnostics.push(error(
            format!(
                "the path of the clock table `{}` is not valid UTF-8",
                file.display()
            ),
            "move the table to a path that is valid UTF-8",
        ));
        return TokenStream::new();
    };
    let bytes = match std::fs::read(&file) {
        Ok(bytes) => bytes,
        Err(io) => {
            diagnostics.push(error(
                format!("cannot read the clock table `{shown}` (`{file_text}`): {io}"),
                "check that the path names a readable file",
            ));
            return TokenStream::new();
        }
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(not_utf8) => {
            let valid = not_utf8.utf8_error().valid_up_to();
            let bytes = not_utf8.into_bytes();
            let prefix = String::from_utf8_lossy(bytes.get(..valid).unwrap_or(&[]));
            let line = prefix.matches('\n').count() + 1;
            let column = prefix.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            diagnostics.push(error(
                format!("{shown}:{line}:{column}: the clock table is not valid UTF-8"),
                "TOML files are UTF-8: re-save the file as UTF-8",
            ));
            return TokenStream::new();
        }
    };
    let table = TableText {
        display: shown,
        text,
        span: path.span(),
    };
    let mut table_diagnostics = Diagnostics::for_table(&table);
    let (rows, settings) = crate::table::read(&table.text, &mut table_diagnostics);
    let declared = validate(&rows, options, &Site::Table(0..0), &mut table_diagnostics);
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
            &mut table_diagnostics,
        ),
    };
    if let Some(errors) = table_diagnostics.finish() {
        diagnostics.push(errors);
    }
    expand(&declared, options, Some(file_text), services_clock.as_ref())
}

#[cfg(not(feature = "toml"))]
fn from_file(
    path: &syn::LitStr,
    _options: &input::Options,
    _env: &Environment,
    diagnostics: &mut Diagnostics<'_>,
) -> TokenStream {
    diagnostics.push(syn::Error::new(
        path.span(),
        "reading a clock table file needs the `toml` feature of time-core (on by default)\n  = help: enable the \
         feature, or write the rows inline: `declare_clocks! { Monotonic { getter: ktime_get, monotonic: true } }`",
    ));
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
        let out = declare_clocks(quote!("good.toml"), &env);
        let text = out.to_string();
        assert!(errors(&out).is_empty(), "{text}");
        assert!(
            text.contains("clocks = [A ")
                && text.contains("\"B\" false [] [Nanos (1)] [] [b Ktime] { unsafe { b () } }]"),
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
        let out = declare_clocks(quote!("bad.toml"), &env);
        let errors = errors(&out);
        assert_eq!(errors.len(), 2, "{errors:?}");
        // In file order.
        assert!(
            errors[0].contains("bad.toml:7:8: clock name `bad_name` is not UpperCamelCase"),
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
    fn missing_file_lists_where_it_looked() {
        let env = Environment {
            manifest_dir: Some(PathBuf::from("/no/such/dir")),
            table_dir: None,
            source_dir: None,
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
}
