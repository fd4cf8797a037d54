//! Observing an expansion.

use super::*;

/// What an expansion declares and reports, read back from its tokens: the top-level
/// items and the rows of its `clock_items!` invocation, read with that template's
/// grammar (`time-core/src/items.rs`).
#[derive(Debug, Default)]
pub(crate) struct Expansion {
    /// The declared marker types, in order: `clock_items!` rows, then `pub enum Name`.
    pub(crate) enums: Vec<String>,
    /// The rows of `clock_items!`, which implement `ClockSource`: the complete clocks.
    pub(crate) sources: BTreeSet<String>,
    /// The `monotonic = [...]` names, which implement `MonotonicClock`.
    pub(crate) monotonic: BTreeSet<String>,
    /// Each complete clock's `[ID]`, as text (empty without an id).
    pub(crate) ids: std::collections::BTreeMap<String, String>,
    /// The messages of the `compile_error! { "…" }`s.
    pub(crate) errors: Vec<String>,
    /// Whether the table file is included (so that cargo tracks it).
    pub(crate) includes_file: bool,
    /// The marker types of kernel-only clocks (posix backend, no `clockid`).
    pub(crate) kernel_only: BTreeSet<String>,
}

pub(crate) fn observe(tokens: TokenStream) -> Expansion {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut expansion = Expansion::default();
    let mut marker_only = Vec::new();
    for (at, window) in trees.windows(3).enumerate() {
        match window {
            [TokenTree::Ident(a), TokenTree::Ident(b), TokenTree::Ident(name)]
                if a == "pub" && b == "enum" =>
            {
                marker_only.push(name.to_string());
                let doc = at.checked_sub(1).and_then(|doc| trees.get(doc));
                if doc.is_some_and(|doc| doc.to_string().contains("A kernel-only clock")) {
                    expansion.kernel_only.insert(name.to_string());
                }
            }
            [TokenTree::Ident(a), TokenTree::Punct(bang), TokenTree::Group(body)]
                if a == "clock_items" && bang.as_char() == '!' =>
            {
                observe_rows(body.stream(), &mut expansion);
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
    expansion.enums.extend(marker_only);
    expansion
}

/// Reads `clocks = [Name "doc" "table doc" "Name" MONOTONIC [ID] [RESOLUTION]
/// [STAND-IN] [EXTERN] [ID STAND-IN] {BODY} …]; monotonic = [Name …];`, panicking on anything the template
/// would not accept.
pub(crate) fn observe_rows(body: TokenStream, expansion: &mut Expansion) {
    let trees: Vec<TokenTree> = body.into_iter().collect();
    let list = |key: &str| -> Vec<TokenTree> {
        let at = trees
            .iter()
            .position(|tree| matches!(tree, TokenTree::Ident(ident) if ident == key))
            .unwrap_or_else(|| panic!("clock_items! without `{key}`"));
        match &trees[at + 2] {
            TokenTree::Group(group) => group.stream().into_iter().collect(),
            literal @ TokenTree::Literal(_) => vec![literal.clone()],
            other => panic!("`{key} =` is followed by {other}"),
        }
    };
    let rows = list("clocks");
    let count: usize = list("count").first().map_or(usize::MAX, |count| {
        count.to_string().parse().unwrap_or(usize::MAX)
    });
    assert_eq!(rows.len(), count * 11, "`count` is the number of rows");
    for row in rows.chunks(11) {
        let [TokenTree::Ident(name), TokenTree::Literal(_doc), TokenTree::Literal(_table_doc), TokenTree::Literal(text), TokenTree::Ident(flag), TokenTree::Group(id), TokenTree::Group(resolution), TokenTree::Group(_stand_in), TokenTree::Group(_extern_decl), TokenTree::Group(_id_stand_in), TokenTree::Group(read)] =
            row
        else {
            panic!("a clock_items! row that the template does not accept: {row:?}");
        };
        assert!(
            matches!(resolution.stream().into_iter().next(), Some(TokenTree::Ident(variant)) if variant == "Nanos" || variant == "Tick"),
            "RESOLUTION is {resolution}"
        );
        assert_eq!(
            text.to_string(),
            format!("{:?}", name.to_string()),
            "the row's NAME"
        );
        assert!(flag == "true" || flag == "false", "MONOTONIC is {flag}");
        assert!(!read.stream().is_empty(), "`{name}` has no reader");
        expansion.enums.push(name.to_string());
        expansion.sources.insert(name.to_string());
        expansion
            .ids
            .insert(name.to_string(), id.stream().to_string());
        if flag == "true" {
            assert!(list("monotonic")
                .iter()
                .any(|tree| *name == tree.to_string()));
        }
    }
    for name in list("monotonic") {
        expansion.monotonic.insert(name.to_string());
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

/// Reads, validates and expands `text` as the table `clocks.toml`, as
/// `declare::from_file` does once it has the file's text.
pub(crate) fn expand_text(text: &str, options: &Options) -> Expansion {
    let table = TableText {
        display: "clocks.toml".to_owned(),
        text: text.to_owned(),
        span: Span::call_site(),
    };
    let mut diagnostics = Diagnostics::for_table(&table);
    let (rows, _) = crate::table::read(&table.text, &mut diagnostics);
    let declared = validate(rows, options, &Site::Table(0..0), &mut diagnostics);
    let mut out = crate::expand::expand(&declared, options, None, None);
    if let Some(errors) = diagnostics.finish() {
        out.extend(errors.into_compile_error());
    }
    observe(out)
}

/// What holds of every expansion, whatever the input: no type is declared twice
/// (that would be a second, confusing error), impls are for declared types only,
/// the output is never silently empty, an expansion without errors declares only
/// complete clocks, and no error message is empty.
pub(crate) fn check_invariants(expansion: &Expansion) -> TestCaseResult {
    let declared: BTreeSet<&String> = expansion.enums.iter().collect();
    prop_assert_eq!(
        declared.len(),
        expansion.enums.len(),
        "a type is declared twice: {:?}",
        expansion.enums
    );
    for name in expansion.sources.iter().chain(&expansion.monotonic) {
        prop_assert!(declared.contains(name), "impl for undeclared `{}`", name);
    }
    prop_assert!(expansion.monotonic.is_subset(&expansion.sources));
    prop_assert!(
        !expansion.enums.is_empty() || !expansion.errors.is_empty(),
        "neither declarations nor errors"
    );
    if expansion.errors.is_empty() {
        prop_assert_eq!(
            expansion.sources.len() + expansion.kernel_only.len(),
            expansion.enums.len()
        );
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

pub(crate) fn check_table(text: &str, options: &Options) -> Result<Expansion, TestCaseError> {
    let expansion = expand_text(text, options);
    check_invariants(&expansion)?;
    for error in &expansion.errors {
        check_located(error, text)?;
    }
    Ok(expansion)
}

/// The options of an invocation whose getters the macro declares itself,
/// `unsafe(extern "C")`.
pub(crate) fn extern_getters() -> Options {
    Options {
        unsafe_extern: Some(Span::call_site()),
        ..Options::default()
    }
}
