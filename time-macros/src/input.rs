//! Parsing the macro's arguments with `syn`: either a table path with options,
//! `declare_clocks!("clocks.toml", unsafe(bindings = crate::bindings))`, or inline rows,
//! `declare_clocks! { unsafe(bindings = crate::bindings); Monotonic { getter: ktime_get, monotonic: true } }`.
//!
//! Inline rows are read straight into [`ClockRow`]s, the same model the TOML reader
//! produces, so both forms share validation and expansion.

use crate::diagnostics::{with_help, Diagnostics};
use crate::model::{
    self, ClockIdSpec, ClockRow, Form, KeySpec, KeyValue, Located, ResolutionSpec, Site, ValueKind,
};
pub use crate::model::{Backend, Options};
use crate::suggest::{valid_keys_help, valid_names_help};
use proc_macro2::{Ident, Span, TokenStream};
use syn::ext::IdentExt;
use syn::parse::{ParseStream, Parser};
use syn::{braced, Lit, LitStr, Token};

/// Option key: the module holding the C getters, written `unsafe(bindings = PATH)`.
pub const BINDINGS: &str = "bindings";

/// What `unsafe(bindings = PATH)` asserts, for the error when `unsafe` is missing.
pub const BINDINGS_CONTRACT: &str = "write `unsafe(bindings = PATH)`: it asserts that every getter, clock id \
     constant and `tk_offsets_*` member the table names is the kernel's item of that name (a getter: a C \
     function `ktime_t getter(void)`, or `u64` with `returns = \"u64\"`, safe to call wherever its clock \
     is read), and, with `kernel_services`, that the module's delay, jiffies and hrtimer items are the \
     kernel's; bindgen's output for the kernel's headers is such a module";

/// What `unsafe(extern "C")` asserts, for the error when a table needs it.
pub const EXTERN_CONTRACT: &str =
    "if every getter of the table is a C function `ktime_t getter(void)` (or \
     `u64` with `returns = \"u64\"`) that is safe to call wherever its clock is read, write \
     `unsafe(extern \"C\")` in the invocation; or read the getters through a bindings module, \
     `unsafe(bindings = crate::bindings)`";
/// Option key: how clocks are read (`kernel`, the default, or `posix`).
pub const BACKEND: &str = "backend";
/// Option key: the module of the error type the kernel services return,
/// `error = crate::error` (the kernel crate's own).
pub const ERROR: &str = "error";
/// Every option the macro accepts (`kernel_services` only in the inline form: a table
/// file says it at its top).
pub const OPTION_KEYS: &[&str] = &[BINDINGS, BACKEND, model::KERNEL_SERVICES, ERROR];
/// The backends `backend = …` accepts.
pub const BACKENDS: &[&str] = &["kernel", "posix"];

/// The parsed invocation.
pub struct MacroInput {
    /// Where the rows come from.
    pub source: TableSource,
    /// The options written before or after the table.
    pub options: Options,
}

/// Where the rows come from.
pub enum TableSource {
    /// A TOML file, by the path literal as written.
    File(LitStr),
    /// Rows written in the invocation.
    Inline(Vec<ClockRow>),
}

/// Parses `tokens`. Problems with individual options or rows are recorded in
/// `diagnostics` and parsing goes on; only input whose structure cannot be followed
/// at all is an `Err`.
pub fn parse(tokens: TokenStream, diagnostics: &mut Diagnostics<'_>) -> syn::Result<MacroInput> {
    let parser = |input: ParseStream<'_>| parse_input(input, diagnostics);
    parser.parse2(tokens)
}

fn parse_input(
    input: ParseStream<'_>,
    diagnostics: &mut Diagnostics<'_>,
) -> syn::Result<MacroInput> {
    if input.is_empty() {
        return Err(with_help(
            Span::call_site(),
            "declare_clocks! needs a clock table",
            "write `declare_clocks!(\"clocks.toml\")` to read a table file, or inline rows such as \
             `declare_clocks! { Monotonic { getter: ktime_get, monotonic: true } }`",
        ));
    }
    let mut options = Options::default();
    if input.peek(LitStr) {
        let path: LitStr = input.parse()?;
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            parse_option(input, &mut options, diagnostics)?;
        }
        return Ok(MacroInput {
            source: TableSource::File(path),
            options,
        });
    }
    // Inline form: `key = value;` and `unsafe(…);` options first, then `Name { … }` rows.
    while (input.peek(Ident::peek_any) && input.peek2(Token![=])) || input.peek(Token![unsafe]) {
        parse_option(input, &mut options, diagnostics)?;
        input.parse::<Token![;]>().map_err(|error| {
            with_help(
                error.span(),
                "expected `;` after an option of the inline form",
                "options come first, each ending with `;`: \
                 `declare_clocks! { unsafe(bindings = crate::bindings); Monotonic { … } }`",
            )
        })?;
    }
    let mut rows = Vec::new();
    while !input.is_empty() {
        rows.push(parse_row(input, diagnostics)?);
        if input.is_empty() {
            break;
        }
        input.parse::<Token![,]>()?;
    }
    Ok(MacroInput {
        source: TableSource::Inline(rows),
        options,
    })
}

/// An option: `key = value`, or `unsafe(bindings = PATH)` / `unsafe(extern "C")`, the
/// options that assert what the compiler cannot check.
fn parse_option(
    input: ParseStream<'_>,
    options: &mut Options,
    diagnostics: &mut Diagnostics<'_>,
) -> syn::Result<()> {
    if input.peek(Token![unsafe]) {
        let keyword: Token![unsafe] = input.parse()?;
        let inner;
        syn::parenthesized!(inner in input);
        if inner.peek(Token![extern]) {
            inner.parse::<Token![extern]>()?;
            let abi: LitStr = inner.parse()?;
            if abi.value() != "C" {
                diagnostics.error(
                    &Site::Tokens(abi.span()),
                    format_args!(
                        "the getters are C functions, not `extern {:?}`",
                        abi.value()
                    ),
                    "write `unsafe(extern \"C\")`",
                );
            }
            options.unsafe_extern = Some(keyword.span);
            return Ok(());
        }
        if inner.peek(Ident::peek_any) && inner.peek2(Token![=]) {
            let key = inner.fork().call(Ident::parse_any)?;
            if key == BINDINGS {
                return parse_key_value(&inner, options, true, diagnostics);
            }
        }
        return Err(with_help(
            keyword.span,
            "`unsafe(…)` takes `unsafe(bindings = PATH)` or `extern \"C\"`",
            "write `unsafe(bindings = crate::bindings)` to read the getters through a bindings module, \
             or `unsafe(extern \"C\")` to have the macro declare them",
        ));
    }
    parse_key_value(input, options, false, diagnostics)
}

/// `key = value`; `is_unsafe`: written inside `unsafe(…)`.
fn parse_key_value(
    input: ParseStream<'_>,
    options: &mut Options,
    is_unsafe: bool,
    diagnostics: &mut Diagnostics<'_>,
) -> syn::Result<()> {
    let key = Ident::parse_any(input)?;
    input.parse::<Token![=]>()?;
    match key.to_string().as_str() {
        BINDINGS => {
            let path: model::ModulePath = input.parse()?;
            if !is_unsafe {
                diagnostics.error(
                    &Site::Tokens(key.span()),
                    "a bindings module is trusted for what the compiler cannot check: `bindings` needs `unsafe`",
                    BINDINGS_CONTRACT,
                );
            }
            set_once(
                &mut options.bindings,
                path,
                &key,
                "keep one `unsafe(bindings = PATH)`: the module that holds the C getters",
                diagnostics,
            );
        }
        BACKEND => {
            let value = Ident::parse_any(input)?;
            let backend = match value.to_string().as_str() {
                "kernel" => Some(Backend::Kernel),
                "posix" => Some(Backend::Posix),
                other => {
                    diagnostics.error(
                        &Site::Tokens(value.span()),
                        format_args!("unknown backend `{other}`"),
                        valid_names_help(other, "backends", BACKENDS),
                    );
                    None
                }
            };
            if options.backend_given {
                diagnostics.error(
                    &Site::Tokens(key.span()),
                    "`backend` is given twice",
                    "keep one `backend = kernel` or `backend = posix`",
                );
            } else if let Some(backend) = backend {
                options.backend = backend;
                options.backend_given = true;
                options.backend_span = Some(value.span());
            }
        }
        model::KERNEL_SERVICES => {
            let value: syn::LitBool = input.parse()?;
            set_once(
                &mut options.kernel_services,
                Located::new(value.value, Site::Tokens(value.span)),
                &key,
                "keep one `kernel_services = true`",
                diagnostics,
            );
        }
        ERROR => {
            let path: model::ModulePath = input.parse()?;
            if !path.is_absolute() {
                diagnostics.error(
                    &Site::Tokens(key.span()),
                    "the error module is named from the kernel services' own submodules, so its path must start at the crate root",
                    "write it from the crate root, as `error = crate::error` or `error = ::kernel::error`",
                );
            }
            set_once(
                &mut options.error,
                (path, key.span()),
                &key,
                "keep one `error = PATH`: the module with the `Error`, `Result` and `code::ETIMEDOUT` the kernel services return",
                diagnostics,
            );
        }
        unknown => {
            diagnostics.error(
                &Site::Tokens(key.span()),
                format_args!("unknown option `{unknown}`"),
                valid_names_help(unknown, "options", OPTION_KEYS),
            );
            // Skip the value, whatever it is, up to the next separator.
            while !input.is_empty() && !input.peek(Token![,]) && !input.peek(Token![;]) {
                input.parse::<proc_macro2::TokenTree>()?;
            }
        }
    }
    Ok(())
}

fn parse_row(input: ParseStream<'_>, diagnostics: &mut Diagnostics<'_>) -> syn::Result<ClockRow> {
    let name = Ident::parse_any(input).map_err(|error| {
        syn::Error::new(
            error.span(),
            "expected a clock row: `Name { getter: c_function, monotonic: true }`",
        )
    })?;
    let mut row = ClockRow::new(Site::Tokens(name.span()));
    row.assign(
        model::NAME,
        Located::new(KeyValue::Text(name.to_string()), Site::Tokens(name.span())),
    );
    let body;
    braced!(body in input);
    // The row's errors, apart, to tell whether it has any.
    let mut row_errors = diagnostics.scope();
    let mut seen: Vec<Ident> = Vec::new();
    while !body.is_empty() {
        let key = Ident::parse_any(&body)?;
        body.parse::<Token![:]>()?;
        let value = InlineValue::parse(&body)?;
        if seen.contains(&key) {
            row_errors.error(
                &Site::Tokens(key.span()),
                format_args!("duplicate key `{key}` in clock `{name}`"),
                format_args!("keep one `{key}: …` in this row"),
            );
        } else {
            seen.push(key.clone());
            let mut key_errors = row_errors.scope();
            assign(&mut row, &key, value, &mut key_errors);
            if !key_errors.is_empty() {
                row.rejected.push(key.to_string());
            }
            row_errors.keep(key_errors);
        }
        if body.is_empty() {
            break;
        }
        body.parse::<Token![,]>()?;
    }
    row.had_errors = !row_errors.is_empty();
    diagnostics.keep(row_errors);
    Ok(row)
}

/// Stores `value` in `slot`, or reports the option `key` as given twice (keeping the
/// first).
fn set_once<T>(
    slot: &mut Option<T>,
    value: T,
    key: &Ident,
    help: &str,
    diagnostics: &mut Diagnostics<'_>,
) {
    if slot.is_some() {
        diagnostics.error(
            &Site::Tokens(key.span()),
            format_args!("`{key}` is given twice"),
            help,
        );
    } else {
        *slot = Some(value);
    }
}

/// A value in an inline row, before its type is checked against its key.
enum InlineValue {
    Ident(Ident),
    Lit(Lit),
}

impl InlineValue {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        if input.peek(Ident::peek_any) {
            Ok(InlineValue::Ident(Ident::parse_any(input)?))
        } else if input.peek(Token![-]) {
            let minus: Token![-] = input.parse()?;
            let int: syn::LitInt = input.parse()?;
            // A literal token may itself be negative (`Literal::i64_suffixed(-5)` from
            // another macro): `- -5` is 5, not the invalid literal `--5` (a panic).
            let digits = int.base10_digits();
            let negated = match digits.strip_prefix('-') {
                Some(positive) => positive.to_owned(),
                None => format!("-{digits}"),
            };
            let joined = syn::LitInt::new(&negated, minus.span);
            Ok(InlineValue::Lit(Lit::Int(joined)))
        } else {
            Ok(InlineValue::Lit(input.parse()?))
        }
    }

    fn span(&self) -> Span {
        match self {
            InlineValue::Ident(ident) => ident.span(),
            InlineValue::Lit(lit) => lit.span(),
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            InlineValue::Ident(ident) if ident == "true" || ident == "false" => "a boolean",
            InlineValue::Ident(_) => "an identifier",
            InlineValue::Lit(Lit::Str(_)) => "a string",
            InlineValue::Lit(Lit::Int(_)) => "an integer",
            InlineValue::Lit(Lit::Bool(_)) => "a boolean",
            InlineValue::Lit(_) => "a literal of another kind",
        }
    }
}

fn assign(row: &mut ClockRow, key: &Ident, value: InlineValue, diagnostics: &mut Diagnostics<'_>) {
    let site = Site::Tokens(value.span());
    let key_name = key.to_string();
    if key_name == model::NAME {
        diagnostics.error(
            &Site::Tokens(key.span()),
            "an inline row is named by the identifier before its braces",
            "remove `name: …` and write the name in front: `Monotonic { getter: ktime_get, … }`",
        );
        return;
    }
    let Some(spec) = KeySpec::row_key(&key_name) else {
        diagnostics.error(
            &Site::Tokens(key.span()),
            format_args!(
                "unknown key `{key_name}` in clock `{}`",
                row.text(model::NAME).map_or("?".to_owned(), |n| n.value)
            ),
            valid_keys_help(&key_name, &model::ROW_KEYS[1..]),
        );
        row.misspelt(&key_name, &model::ROW_KEYS[1..]);
        return;
    };
    let integer = |number: &syn::LitInt, diagnostics: &mut Diagnostics<'_>| {
        number
            .base10_parse::<i128>()
            .map_err(|error| diagnostics.push(error))
            .ok()
    };
    let flag = |ident: &Ident| (ident == "true" || ident == "false").then(|| ident == "true");
    let read = match (spec.kind, &value) {
        (ValueKind::Text | ValueKind::Name(_), InlineValue::Lit(Lit::Str(text))) => {
            Some(KeyValue::Text(text.value()))
        }
        (ValueKind::Name(_), InlineValue::Ident(name)) => Some(KeyValue::Text(name.to_string())),
        (ValueKind::Bool, InlineValue::Lit(Lit::Bool(value))) => Some(KeyValue::Bool(value.value)),
        (ValueKind::Bool, InlineValue::Ident(ident)) if flag(ident).is_some() => {
            flag(ident).map(KeyValue::Bool)
        }
        (ValueKind::ClockId, InlineValue::Ident(constant)) => Some(KeyValue::ClockId(
            ClockIdSpec::Constant(constant.to_string()),
        )),
        (ValueKind::ClockId, InlineValue::Lit(Lit::Int(number))) => {
            match integer(number, diagnostics) {
                Some(number) => Some(KeyValue::ClockId(ClockIdSpec::Number(number))),
                None => return,
            }
        }
        (ValueKind::Resolution, InlineValue::Ident(text)) => {
            Some(KeyValue::Resolution(ResolutionSpec::Text(text.to_string())))
        }
        (ValueKind::Resolution, InlineValue::Lit(Lit::Str(text))) => {
            Some(KeyValue::Resolution(ResolutionSpec::Text(text.value())))
        }
        (ValueKind::Resolution, InlineValue::Lit(Lit::Int(number))) => {
            match integer(number, diagnostics) {
                Some(number) => Some(KeyValue::Resolution(ResolutionSpec::Nanos(number))),
                None => return,
            }
        }
        _ => None,
    };
    match read {
        Some(read) => row.assign(spec.name, Located::new(read, site)),
        None => diagnostics.error(
            &Site::Tokens(value.span()),
            format_args!(
                "`{key_name}` must be {}, found {}",
                spec.kind.expected(Form::Inline),
                value.kind()
            ),
            format_args!("write it as `{}`", spec.example(Form::Inline)),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn parse_ok(tokens: TokenStream) -> (MacroInput, Vec<String>) {
        let mut diagnostics = Diagnostics::for_tokens();
        let input = parse(tokens, &mut diagnostics).expect("structure parses");
        let errors = diagnostics
            .finish()
            .map(|e| e.into_iter().map(|e| e.to_string()).collect())
            .unwrap_or_default();
        (input, errors)
    }

    #[test]
    fn file_form_with_and_without_bindings() {
        let (input, errors) = parse_ok(quote!("clocks.toml"));
        assert!(errors.is_empty());
        assert!(matches!(&input.source, TableSource::File(path) if path.value() == "clocks.toml"));
        assert!(input.options.bindings.is_none());

        let (input, errors) =
            parse_ok(quote!("../clocks.toml", unsafe(bindings = crate::bindings),));
        assert!(errors.is_empty());
        let bindings = input.options.bindings.expect("bindings");
        assert_eq!(quote!(#bindings).to_string(), "crate :: bindings");
    }

    #[test]
    fn option_errors_are_collected() {
        let (_, errors) = parse_ok(quote!(
            "c.toml",
            unsafe(bindings = a),
            unsafe(bindings = b),
            bindngs = c,
            colour = red
        ));
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(errors[0].starts_with("`bindings` is given twice"));
        assert!(
            errors[1].starts_with("unknown option `bindngs`")
                && errors[1].contains("did you mean `bindings`?")
        );
        assert!(
            errors[2].starts_with("unknown option `colour`")
                && errors[2].contains("valid options are: bindings")
        );
    }

    #[test]
    fn the_error_module_option() {
        let (input, errors) = parse_ok(quote!(
            "c.toml",
            unsafe(bindings = crate::bindings),
            error = crate::error
        ));
        assert!(errors.is_empty(), "{errors:?}");
        let (error, _) = input.options.error.expect("error");
        assert_eq!(quote!(#error).to_string(), "crate :: error");
        let (input, errors) =
            parse_ok(quote!(error = ::kernel::error; M { getter: g, monotonic: true }));
        assert!(
            errors.is_empty() && input.options.error.is_some(),
            "{errors:?}"
        );

        let (_, errors) = parse_ok(quote!("c.toml", error = error, error = crate::b));
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(
            errors[0].contains("its path must start at the crate root")
                && errors[0].contains("`error = crate::error`"),
            "{errors:?}"
        );
        assert!(
            errors[1].starts_with("`error` is given twice"),
            "{errors:?}"
        );
        let (_, errors) = parse_ok(quote!("c.toml", eror = crate::error));
        assert!(errors[0].contains("did you mean `error`?"), "{errors:?}");
    }

    #[test]
    fn empty_input_explains_both_forms() {
        let mut diagnostics = Diagnostics::for_tokens();
        let Err(error) = parse(TokenStream::new(), &mut diagnostics) else {
            panic!("empty input parsed")
        };
        assert!(error
            .to_string()
            .contains("declare_clocks!(\"clocks.toml\")"));
    }

    #[test]
    fn inline_rows() {
        let (input, errors) = parse_ok(quote! {
            unsafe(bindings = crate::b);
            Monotonic { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC, doc: "d" },
            Real { getter: "ktime_get_real", monotonic: false, clockid: 0 },
            Neg { getter: g, monotonic: false, clockid: -3 },
        });
        assert!(errors.is_empty(), "{errors:?}");
        assert!(input.options.bindings.is_some());
        let TableSource::Inline(rows) = input.source else {
            panic!("inline")
        };
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0].text(model::NAME).unwrap().value, "Monotonic");
        assert_eq!(
            rows[0].clockid().unwrap().value,
            ClockIdSpec::Constant("CLOCK_MONOTONIC".into())
        );
        assert_eq!(rows[1].text(model::GETTER).unwrap().value, "ktime_get_real");
        assert_eq!(rows[1].clockid().unwrap().value, ClockIdSpec::Number(0));
        assert_eq!(rows[2].clockid().unwrap().value, ClockIdSpec::Number(-3));
    }

    #[test]
    fn inline_key_errors() {
        let (_, errors) = parse_ok(quote! {
            A { getter: g, getter: h, monotonic: "yes", gettr: x, name: A }
        });
        assert_eq!(errors.len(), 4, "{errors:?}");
        assert!(errors[0].starts_with("duplicate key `getter`"));
        assert!(errors[1].starts_with("`monotonic` must be a boolean, found a string"));
        assert!(errors[2].starts_with("unknown key `gettr` in clock `A`"));
        assert!(errors[3].starts_with("an inline row is named by the identifier"));
    }

    #[test]
    fn keywords_parse_as_names_so_validation_can_explain_them() {
        let (input, _) = parse_ok(quote! { self { getter: g, monotonic: true } });
        let TableSource::Inline(rows) = input.source else {
            panic!("inline")
        };
        assert_eq!(rows[0].text(model::NAME).unwrap().value, "self");
    }
}
