//! Parsing the macro's arguments with `syn`: the runtime path that
//! `typed_clocks::declare_clocks!` puts first (`[$crate]`), then either a table path
//! with options, `declare_clocks!("clocks.toml", unsafe(bindings = crate::bindings),
//! runtime = self)`, or inline rows, `declare_clocks! { unsafe(bindings =
//! crate::bindings); Monotonic { getter: ktime_get, monotonic: true, clockid:
//! CLOCK_MONOTONIC } }`, or the runtime's items alone, `declare_clocks!(runtime =
//! self)`.
//!
//! Inline rows are read straight into [`Row`]s, the model the TOML reader produces, so
//! both forms make one [`crate::ast::Table`].

use crate::ast::{Backend, Located, ModulePath, Options, Row, RuntimePath, Site, Trust, Value};
use crate::ctxt::{with_help, Ctxt};
use crate::schema::{self, Form, ValueKind};
use crate::suggest::{unknown_row_key, valid_names_help};
use proc_macro2::{Delimiter, Ident, Span, TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::parse::{ParseStream, Parser};
use syn::{braced, Lit, LitStr, Token};

/// Option key: the module holding the C getters, written `unsafe(bindings = PATH)`.
const BINDINGS: &str = "bindings";
/// Option key: how clocks are read (`kernel`, the default, or `posix`).
const BACKEND: &str = "backend";
/// Option key: the runtime the generated code names, `runtime = PATH` (`self`: the
/// invoking module, which then declares the runtime's items too).
const RUNTIME: &str = "runtime";
/// Option key: the runtime's clock trait, `clock_trait = NAME` (`ClockSource`
/// without it).
const CLOCK_TRAIT: &str = "clock_trait";
/// Every option the macro accepts.
const OPTION_KEYS: &[&str] = &[BINDINGS, BACKEND, RUNTIME, CLOCK_TRAIT];
/// The backends `backend = …` accepts.
const BACKENDS: &[&str] = &["kernel", "posix"];

/// What `unsafe(bindings = PATH)` asserts, for the error when `unsafe` is missing.
pub(crate) const BINDINGS_CONTRACT: &str =
    "write `unsafe(bindings = PATH)`: it asserts that every getter, clock id constant and \
     `tk_offsets_*` member the table names is the kernel's item of that name (a getter: a C \
     function `ktime_t getter(void)`, or `u64` with `returns = \"u64\"`, safe to call wherever its \
     clock is read), and that each row's `monotonic` and `nmi_safe` say what its getter does; \
     bindgen's output for the kernel's headers is such a module";

/// What `unsafe(extern "C")` asserts, for the error when a table needs it.
pub(crate) const EXTERN_CONTRACT: &str =
    "if every getter of the table is a C function `ktime_t getter(void)` (or `u64` with \
     `returns = \"u64\"`) that is safe to call wherever its clock is read, and each row's \
     `monotonic` and `nmi_safe` say what its getter does, write `unsafe(extern \"C\")` in the \
     invocation; or read the getters through a bindings module, \
     `unsafe(bindings = crate::bindings)`";

/// The parsed invocation.
pub(crate) struct Invocation {
    /// Where the rows come from.
    pub(crate) source: TableSource,
    /// The options written before or after the table.
    pub(crate) options: Options,
}

/// Where the rows come from.
pub(crate) enum TableSource {
    /// A TOML file, by the path literal as written.
    File(LitStr),
    /// Rows written in the invocation (none: the runtime's items alone).
    Inline(Vec<Row>),
}

/// Parses `tokens`. Problems with individual options or rows are recorded in `cx` and
/// parsing goes on; only input whose structure cannot be followed at all is an `Err`.
pub(crate) fn parse(tokens: TokenStream, cx: &Ctxt) -> syn::Result<Invocation> {
    let (runtime, tokens) = runtime_path(tokens);
    let parser = |input: ParseStream<'_>| parse_input(input, cx);
    let mut invocation = parser.parse2(tokens)?;
    if invocation.options.runtime.is_none() {
        invocation.options.runtime = runtime.map(|path| RuntimePath {
            path,
            is_self: false,
        });
    }
    Ok(invocation)
}

/// The `[$crate]` group that `typed_clocks::declare_clocks!` puts before the input,
/// and the rest; without one (the proc macro called directly), `None`.
fn runtime_path(tokens: TokenStream) -> (Option<TokenStream>, TokenStream) {
    let mut iter = tokens.clone().into_iter();
    match iter.next() {
        Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Bracket => {
            (Some(group.stream()), iter.collect())
        }
        _ => (None, tokens),
    }
}

fn parse_input(input: ParseStream<'_>, cx: &Ctxt) -> syn::Result<Invocation> {
    if input.is_empty() {
        return Err(with_help(
            Span::call_site(),
            "declare_clocks! needs a clock table",
            "write `declare_clocks!(\"clocks.toml\")` to read a table file, or inline rows such as \
             `declare_clocks! { Monotonic { getter: ktime_get, monotonic: true, clockid: 1 } }`",
        ));
    }
    let mut invocation = Invocation {
        source: TableSource::Inline(Vec::new()),
        options: Options::default(),
    };
    if input.peek(LitStr) {
        let path: LitStr = input.parse()?;
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            parse_option(input, &mut invocation, cx)?;
        }
        invocation.source = TableSource::File(path);
        return Ok(invocation);
    }
    // Inline form: `key = value;` and `unsafe(…);` options first, then `Name { … }` rows.
    while (input.peek(Ident::peek_any) && input.peek2(Token![=])) || input.peek(Token![unsafe]) {
        parse_option(input, &mut invocation, cx)?;
        // `declare_clocks!(runtime = self)`: options alone, the last one without `;`.
        if input.is_empty() {
            break;
        }
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
        rows.push(parse_row(input, cx)?);
        if input.is_empty() {
            break;
        }
        input.parse::<Token![,]>()?;
    }
    invocation.source = TableSource::Inline(rows);
    Ok(invocation)
}

/// An option: `key = value`, or `unsafe(bindings = PATH)` / `unsafe(extern "C")`, the
/// options that assert what the compiler cannot check.
fn parse_option(input: ParseStream<'_>, invocation: &mut Invocation, cx: &Ctxt) -> syn::Result<()> {
    if input.peek(Token![unsafe]) {
        let keyword: Token![unsafe] = input.parse()?;
        let inner;
        syn::parenthesized!(inner in input);
        if inner.peek(Token![extern]) {
            inner.parse::<Token![extern]>()?;
            let abi: LitStr = inner.parse()?;
            if abi.value() != "C" {
                cx.error(
                    &Site::Tokens(abi.span()),
                    format_args!(
                        "the getters are C functions, not `extern {:?}`",
                        abi.value()
                    ),
                    "write `unsafe(extern \"C\")`",
                );
            }
            set_trust(&mut invocation.options, keyword, Trust::Extern, cx);
            return Ok(());
        }
        if inner.peek(Ident::peek_any) && inner.peek2(Token![=]) {
            let key = inner.fork().call(Ident::parse_any)?;
            if key == BINDINGS {
                Ident::parse_any(&inner)?;
                inner.parse::<Token![=]>()?;
                let path: ModulePath = inner.parse()?;
                set_trust(&mut invocation.options, keyword, Trust::Bindings(path), cx);
                return Ok(());
            }
        }
        return Err(with_help(
            keyword.span,
            "`unsafe(…)` takes `unsafe(bindings = PATH)` or `extern \"C\"`",
            "write `unsafe(bindings = crate::bindings)` to read the getters through a bindings \
             module, or `unsafe(extern \"C\")` to have the macro declare them",
        ));
    }
    parse_key_value(input, invocation, cx)
}

/// Records the invocation's `unsafe(…)`, or reports a second one.
fn set_trust(options: &mut Options, keyword: Token![unsafe], trust: Trust, cx: &Ctxt) {
    if options.trust.is_some() {
        cx.error(
            &Site::Tokens(keyword.span),
            "the invocation has two `unsafe(…)` options",
            "keep one: `unsafe(bindings = PATH)` (the module that holds the C getters), or \
             `unsafe(extern \"C\")`",
        );
    } else {
        options.trust = Some((keyword, trust));
    }
}

/// `key = value`.
fn parse_key_value(
    input: ParseStream<'_>,
    invocation: &mut Invocation,
    cx: &Ctxt,
) -> syn::Result<()> {
    let options = &mut invocation.options;
    let key = Ident::parse_any(input)?;
    input.parse::<Token![=]>()?;
    match key.to_string().as_str() {
        BINDINGS => {
            let path: ModulePath = input.parse()?;
            cx.error(
                &Site::Tokens(key.span()),
                "a bindings module is trusted for what the compiler cannot check: `bindings` needs \
                 `unsafe`",
                BINDINGS_CONTRACT,
            );
            options.untrusted_bindings.get_or_insert(path);
        }
        BACKEND => parse_backend(input, &key, options, cx)?,
        RUNTIME => {
            let path: ModulePath = input.parse()?;
            let is_self = path.text() == "self";
            set_once(
                &mut options.runtime,
                RuntimePath {
                    path: quote::ToTokens::into_token_stream(path),
                    is_self,
                },
                &key,
                "keep one `runtime = PATH`: the module with the clock trait and `Instant`",
                cx,
            );
        }
        CLOCK_TRAIT => {
            let name = Ident::parse_any(input)?;
            set_once(
                &mut options.clock_trait,
                name,
                &key,
                "keep one `clock_trait = NAME`: the runtime's clock trait",
                cx,
            );
        }
        unknown => {
            cx.error(
                &Site::Tokens(key.span()),
                format_args!("unknown option `{unknown}`"),
                valid_names_help(unknown, "options", OPTION_KEYS),
            );
            // Skip the value, whatever it is, up to the next separator.
            while !input.is_empty() && !input.peek(Token![,]) && !input.peek(Token![;]) {
                input.parse::<TokenTree>()?;
            }
        }
    }
    Ok(())
}

/// `backend = kernel|posix`, after `key =`.
fn parse_backend(
    input: ParseStream<'_>,
    key: &Ident,
    options: &mut Options,
    cx: &Ctxt,
) -> syn::Result<()> {
    let value = Ident::parse_any(input)?;
    let backend = match value.to_string().as_str() {
        "kernel" => Some(Backend::Kernel),
        "posix" => Some(Backend::Posix),
        other => {
            cx.error(
                &Site::Tokens(value.span()),
                format_args!("unknown backend `{other}`"),
                valid_names_help(other, "backends", BACKENDS),
            );
            None
        }
    };
    if options.backend_span.is_some() {
        cx.error(
            &Site::Tokens(key.span()),
            "`backend` is given twice",
            "keep one `backend = kernel` or `backend = posix`",
        );
    } else if let Some(backend) = backend {
        options.backend = backend;
        options.backend_span = Some(value.span());
    }
    Ok(())
}

/// Stores `value` in `slot`, or reports the option `key` as given twice (keeping the
/// first).
fn set_once<T>(slot: &mut Option<T>, value: T, key: &Ident, help: &str, cx: &Ctxt) {
    if slot.is_some() {
        cx.error(
            &Site::Tokens(key.span()),
            format_args!("`{key}` is given twice"),
            help,
        );
    } else {
        *slot = Some(value);
    }
}

fn parse_row(input: ParseStream<'_>, cx: &Ctxt) -> syn::Result<Row> {
    let name = Ident::parse_any(input).map_err(|error| {
        syn::Error::new(
            error.span(),
            "expected a clock row: `Name { getter: c_function, monotonic: true, clockid: 1 }`",
        )
    })?;
    let mut row = Row::new(Site::Tokens(name.span()));
    row.assign(
        schema::NAME,
        Located::new(Value::Text(name.to_string()), Site::Tokens(name.span())),
    );
    let body;
    braced!(body in input);
    let mut seen: Vec<Ident> = Vec::new();
    while !body.is_empty() {
        let key = Ident::parse_any(&body)?;
        body.parse::<Token![:]>()?;
        let value = InlineValue::parse(&body)?;
        if seen.contains(&key) {
            cx.error(
                &Site::Tokens(key.span()),
                format_args!("duplicate key `{key}` in clock `{name}`"),
                format_args!("keep one `{key}: …` in this row"),
            );
            row.mark_error();
        } else {
            seen.push(key.clone());
            assign(&mut row, &name, &key, value, cx);
        }
        if body.is_empty() {
            break;
        }
        body.parse::<Token![,]>()?;
    }
    Ok(row)
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

/// Reads `key: value` of the row `name` into `row`, or reports why not.
fn assign(row: &mut Row, name: &Ident, key: &Ident, value: InlineValue, cx: &Ctxt) {
    let site = Site::Tokens(value.span());
    let key_name = key.to_string();
    if key_name == schema::NAME {
        cx.error(
            &Site::Tokens(key.span()),
            "an inline row is named by the identifier before its braces",
            "remove `name: …` and write the name in front: \
             `Monotonic { getter: ktime_get, … }`",
        );
        row.mark_error();
        return;
    }
    let Some(spec) = schema::row_key(&key_name) else {
        let keys: Vec<&str> = schema::row_keys()
            .into_iter()
            .filter(|key| *key != schema::NAME)
            .collect();
        unknown_row_key(
            row,
            &key_name,
            &keys,
            &Site::Tokens(key.span()),
            format_args!("unknown key `{key_name}` in clock `{name}`"),
            cx,
        );
        return;
    };
    let read = match read_inline(spec.kind, &value, cx) {
        Read::Value(read) => Some(read),
        Read::WrongKind => None,
        Read::Reported => {
            row.reject(spec.name);
            return;
        }
    };
    match read {
        Some(read) => row.assign(spec.name, Located::new(read, site)),
        None => {
            cx.error(
                &Site::Tokens(value.span()),
                format_args!(
                    "`{key_name}` must be {}, found {}",
                    spec.kind.expected(Form::Inline),
                    value.kind()
                ),
                format_args!("write it as `{}`", spec.example(Form::Inline)),
            );
            row.reject(spec.name);
        }
    }
}

/// An inline value read as the kind of value its key takes.
enum Read {
    /// The value.
    Value(Value),
    /// A value of another kind.
    WrongKind,
    /// A value of the kind that cannot be read (reported).
    Reported,
}

/// Reads `value` as a value of `kind`.
fn read_inline(kind: ValueKind, value: &InlineValue, cx: &Ctxt) -> Read {
    let read = match (kind, value) {
        (ValueKind::Text | ValueKind::Name(_), InlineValue::Lit(Lit::Str(text))) => {
            Some(Value::Text(text.value()))
        }
        (ValueKind::Name(_), InlineValue::Ident(name)) => Some(Value::Text(name.to_string())),
        (ValueKind::Bool, InlineValue::Lit(Lit::Bool(value))) => Some(Value::Bool(value.value)),
        (ValueKind::Bool, InlineValue::Ident(ident)) => {
            (ident == "true" || ident == "false").then(|| Value::Bool(ident == "true"))
        }
        (ValueKind::ClockId, InlineValue::Ident(constant)) => {
            Some(Value::Constant(constant.to_string()))
        }
        (ValueKind::Resolution, InlineValue::Ident(text)) => Some(Value::Text(text.to_string())),
        (ValueKind::Resolution, InlineValue::Lit(Lit::Str(text))) => {
            Some(Value::Text(text.value()))
        }
        (ValueKind::ClockId | ValueKind::Resolution, InlineValue::Lit(Lit::Int(number))) => {
            match number.base10_parse::<i128>() {
                Ok(number) => Some(Value::Number(number)),
                Err(error) => {
                    cx.syn_error(error);
                    return Read::Reported;
                }
            }
        }
        _ => None,
    };
    read.map_or(Read::WrongKind, Read::Value)
}


#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
