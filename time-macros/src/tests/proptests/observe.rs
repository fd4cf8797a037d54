//! Observing an expansion.

use super::*;

/// What an expansion declares and reports, read back from its tokens: the top-level
/// items and the rows of its template invocation (`clocks_bindings!`, `clocks_extern!`
/// or `clocks_posix!`), read with that template's grammar (`time-core/src/items.rs`).
#[derive(Debug, Default)]
pub(crate) struct Expansion {
    /// The declared marker types, in order: the template's rows, then `pub struct Name`.
    pub(crate) types: Vec<String>,
    /// The template's rows, which implement `ClockSource`: the complete clocks.
    pub(crate) sources: BTreeSet<String>,
    /// The names with `MonotonicClock` (the `capabilities` slot's list for it).
    pub(crate) monotonic: BTreeSet<String>,
    /// Each complete clock's id (after `id =`), as text.
    pub(crate) ids: std::collections::BTreeMap<String, String>,
    /// The messages of the `compile_error! { "…" }`s.
    pub(crate) errors: Vec<String>,
    /// Whether the table file is included (so that cargo tracks it).
    pub(crate) includes_file: bool,
}

pub(crate) fn observe(tokens: TokenStream) -> Expansion {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut expansion = Expansion::default();
    let mut marker_only = Vec::new();
    for window in trees.windows(3) {
        match window {
            [TokenTree::Ident(a), TokenTree::Ident(b), TokenTree::Ident(name)]
                if a == "pub" && b == "struct" =>
            {
                marker_only.push(name.to_string());
            }
            [TokenTree::Ident(a), TokenTree::Punct(bang), TokenTree::Group(body)]
                if TEMPLATES.contains(&a.to_string().as_str()) && bang.as_char() == '!' =>
            {
                observe_rows(&a.to_string(), body.stream(), &mut expansion);
            }
            [TokenTree::Ident(a), TokenTree::Punct(bang), TokenTree::Group(body)]
                if a == "compile_error" && bang.as_char() == '!' =>
            {
                let message = syn::parse2::<syn::LitStr>(body.stream())
                    .map(|literal| literal.value())
                    .unwrap_or_else(|_| panic!("compile_error! without a message: {body}"));
                expansion.errors.push(message);
            }
            [TokenTree::Ident(a), TokenTree::Punct(bang), TokenTree::Group(_)]
                if a == "include_bytes" && bang.as_char() == '!' =>
            {
                expansion.includes_file = true;
            }
            _ => {}
        }
    }
    expansion.types.extend(marker_only);
    expansion
}

/// The templates, one per backend.
const TEMPLATES: &[&str] = &["clocks_bindings", "clocks_extern", "clocks_posix"];

/// Reads `clocks = [ROW …]` (each `Name "Name"`, then `key = … ;` items around
/// `"doc" MONOTONIC`, and `;`: the one row shape of the three templates) and
/// `capabilities = [KIND … [Name …] …]`, panicking on anything the template would not
/// accept.
pub(crate) fn observe_rows(template: &str, body: TokenStream, expansion: &mut Expansion) {
    let trees: Vec<TokenTree> = body.into_iter().collect();
    let slot = |key: &str| -> Vec<TokenTree> {
        let at = trees
            .iter()
            .position(|tree| matches!(tree, TokenTree::Ident(ident) if ident == key))
            .unwrap_or_else(|| panic!("{template}! without `{key}`"));
        match &trees[at + 2] {
            TokenTree::Group(group) => group.stream().into_iter().collect(),
            literal @ TokenTree::Literal(_) => vec![literal.clone()],
            other => panic!("`{key} =` is followed by {other}"),
        }
    };
    let rows = slot("clocks");
    let count: usize = slot("count").first().map_or(usize::MAX, |count| {
        count.to_string().parse().unwrap_or(usize::MAX)
    });
    let mut rest = rows.as_slice();
    let mut seen = 0;
    let is_semi = |tree: &TokenTree| matches!(tree, TokenTree::Punct(p) if p.as_char() == ';');
    // Short, so that the row's slice pattern (which rustfmt keeps on one line) fits.
    type T = TokenTree;
    while !rest.is_empty() {
        let [T::Ident(name), T::Literal(name_text), tail @ ..] = rest else {
            panic!("a {template}! row that the template does not accept: {rest:?}");
        };
        assert_eq!(
            name_text.to_string(),
            format!("{:?}", name.to_string()),
            "NAME"
        );
        let mut id = None;
        let mut tail = tail;
        let mut flag = None;
        // `key = … ;` items around `"doc" MONOTONIC` (`resolution` before it, `getter`,
        // `id` and `header` after it), then the row's own `;`.
        loop {
            match tail {
                [semi, more @ ..] if is_semi(semi) => {
                    tail = more;
                    break;
                }
                [T::Literal(_doc), T::Ident(monotonic), more @ ..] if flag.is_none() => {
                    flag = Some(monotonic.to_string());
                    tail = more;
                }
                [TokenTree::Ident(key), TokenTree::Punct(eq), more @ ..] if eq.as_char() == '=' => {
                    let end = more.iter().position(is_semi).expect("`;` after a row item");
                    let key = key.to_string();
                    assert!(
                        ["getter", "id", "resolution", "header"].contains(&key.as_str()),
                        "an unknown row item `{key}`"
                    );
                    assert_eq!(key == "resolution", flag.is_none(), "`{key}` out of place");
                    if key == "getter" {
                        assert!(template != "clocks_posix", "a getter in a posix row");
                        let [T::Ident(_), T::Ident(returns), T::Literal(_)] = &more[..end] else {
                            panic!("a getter item the templates do not accept: {more:?}");
                        };
                        assert!(
                            returns == "ktime_t" || returns == "u64",
                            "RETURNS is {returns}"
                        );
                    }
                    if key == "id" {
                        id = Some(match &more[..end] {
                            // A negative id is parenthesized, to be one token tree.
                            [T::Group(group)] if group.delimiter() == Delimiter::Parenthesis => {
                                group.stream().to_string()
                            }
                            [number @ T::Literal(_)] => number.to_string(),
                            // A constant, and the place of the row's `clockid`.
                            [constant @ T::Ident(_), T::Literal(_)] => constant.to_string(),
                            other => panic!("an id item the templates do not accept: {other:?}"),
                        });
                    }
                    tail = &more[end + 1..];
                }
                other => panic!("a row item the template does not accept: {other:?}"),
            }
        }
        let flag = flag.unwrap_or_else(|| panic!("`{name}` has no MONOTONIC"));
        assert!(flag == "true" || flag == "false", "MONOTONIC is {flag}");
        expansion.types.push(name.to_string());
        expansion.sources.insert(name.to_string());
        expansion.ids.insert(
            name.to_string(),
            id.unwrap_or_else(|| panic!("`{name}` has no id")),
        );
        rest = tail;
        seen += 1;
    }
    assert_eq!(seen, count, "`count` is the number of rows");
    // `vouched SealedMonotonic MonotonicClock [Name …]` or `monotonic_id [Name …]`.
    let capabilities = slot("capabilities");
    let mut words: Vec<String> = Vec::new();
    for tree in capabilities {
        match tree {
            TokenTree::Group(names) => {
                if words
                    .iter()
                    .any(|word| word == "MonotonicClock" || word == "monotonic_id")
                {
                    for name in names.stream() {
                        expansion.monotonic.insert(name.to_string());
                    }
                }
                words.clear();
            }
            other => words.push(other.to_string()),
        }
    }
}

/// The `LINE:COL` an error message starts with (`clocks.toml:LINE:COL: …`), if any.
pub(crate) fn table_place(error: &str) -> Option<(usize, usize)> {
    let rest = error.strip_prefix("clocks.toml:")?;
    let mut parts = rest.splitn(3, ':');
    let line = parts.next()?.parse().ok()?;
    let column = parts.next()?.parse().ok()?;
    Some((line, column))
}

/// Reads, validates and expands `text` as the table `clocks.toml` of an invocation
/// with `options`, as `declare::declare_clocks` does once it has the file's text.
pub(crate) fn expand_text(text: &str, options: &[TokenStream]) -> Expansion {
    let tokens = quote!("clocks.toml" #(, #options)*);
    let cx = Ctxt::new();
    let invocation = crate::input::parse(tokens, &cx).expect("the options parse");
    let read = crate::read::read(text, &cx);
    let table = AstTable {
        options: invocation.options,
        source: Source::File {
            text: TableText::new("clocks.toml".to_owned(), text.to_owned(), Span::call_site()),
            path: "/clocks.toml".to_owned(),
        },
        kernel_services: read.kernel_services,
        truncated: read.truncated,
        rows: read.rows,
        locate: None,
    };
    let mut out = crate::expand::expand(&table, &validate(&table, &cx));
    if let Err(errors) = cx.check(table.text()) {
        out.extend(errors.into_compile_error());
    }
    observe(out)
}

/// What holds of every expansion, whatever the input: no type is declared twice
/// (that would be a second, confusing error), impls are for declared types only,
/// the output is never silently empty, an expansion without errors declares only
/// complete clocks, and no error message is empty.
pub(crate) fn check_invariants(expansion: &Expansion) -> TestCaseResult {
    let declared: BTreeSet<&String> = expansion.types.iter().collect();
    prop_assert_eq!(
        declared.len(),
        expansion.types.len(),
        "a type is declared twice: {:?}",
        expansion.types
    );
    for name in expansion.sources.iter().chain(&expansion.monotonic) {
        prop_assert!(declared.contains(name), "impl for undeclared `{}`", name);
    }
    prop_assert!(expansion.monotonic.is_subset(&expansion.sources));
    prop_assert!(
        !expansion.types.is_empty() || !expansion.errors.is_empty(),
        "neither declarations nor errors"
    );
    if expansion.errors.is_empty() {
        prop_assert_eq!(expansion.sources.len(), expansion.types.len());
    }
    for error in &expansion.errors {
        prop_assert!(!error.trim().is_empty(), "an empty error message");
    }
    // Errors about the table come in file order, after any about tokens.
    let places: Vec<Option<(usize, usize)>> =
        expansion.errors.iter().map(|e| table_place(e)).collect();
    prop_assert!(
        places.windows(2).all(|pair| pair[0] <= pair[1]),
        "errors out of file order: {:?}",
        places
    );
    Ok(())
}

/// `clocks.toml:LINE:COL: ` at the start of `error`, with the line and column inside
/// `text` (columns in characters, 1-based; one past the end of a line is the end of
/// the line or of the file), and a `help` that says what to do.
pub(crate) fn check_located(error: &str, text: &str) -> TestCaseResult {
    let (line, column) = location(error)
        .ok_or_else(|| TestCaseError::fail(format!("no `clocks.toml:LINE:COL: ` in {error:?}")))?;
    let lines: Vec<&str> = text.split('\n').collect();
    prop_assert!(
        (1..=lines.len()).contains(&line),
        "line {} of {}: {:?}",
        line,
        lines.len(),
        error
    );
    let width = lines[line - 1].chars().count();
    prop_assert!(
        (1..=width + 1).contains(&column),
        "column {} of a {}-character line: {:?}",
        column,
        width,
        error
    );
    prop_assert!(error.contains("\n  = help: "), "no help in {:?}", error);
    Ok(())
}

/// The line and column of `clocks.toml:LINE:COL: message`.
pub(crate) fn location(error: &str) -> Option<(usize, usize)> {
    let mut parts = error.strip_prefix("clocks.toml:")?.splitn(3, ':');
    let line = parts.next()?.parse().ok()?;
    let column = parts.next()?.parse().ok()?;
    parts.next()?.strip_prefix(' ')?;
    Some((line, column))
}

pub(crate) fn check_table(text: &str, options: &[TokenStream]) -> Result<Expansion, TestCaseError> {
    let expansion = expand_text(text, options);
    check_invariants(&expansion)?;
    for error in &expansion.errors {
        check_located(error, text)?;
    }
    Ok(expansion)
}

/// The options of an invocation whose getters the macro declares itself,
/// `unsafe(extern "C")`.
pub(crate) fn extern_getters() -> Vec<TokenStream> {
    vec![quote!(unsafe(extern "C"))]
}
