//! Running the macro on a table's text, and what every expansion of a table must be.

use super::*;

/// Reads, validates and expands `text` as the table `clocks.toml` of an invocation
/// with `args`, as `declare::declare_clocks` does once it has the file's text.
pub(crate) fn expand_text(text: &str, args: &Args) -> Expansion {
    let cx = Ctxt::new();
    let invocation = crate::input::parse(args.file("clocks.toml"), &cx).expect("the options parse");
    let read = crate::read::read(text, &cx);
    let table = AstTable {
        options: invocation.options,
        source: Source::File {
            text: TableText::new("clocks.toml".to_owned(), text.to_owned(), Span::call_site()),
            path: "/clocks.toml".to_owned(),
        },
        truncated: read.truncated,
        rows: read.rows,
        locate: None,
    };
    let mut out = crate::expand::expand(&table, &validate(&table, &cx), crate::expand::lex);
    if let Err(errors) = cx.check(table.text()) {
        out.extend(errors.into_compile_error());
    }
    observe(out)
}

/// [`invariants`], as a property's result.
pub(crate) fn check_invariants(expansion: &Expansion) -> TestCaseResult {
    invariants(expansion).map_err(TestCaseError::fail)
}

/// `clocks.toml:LINE:COL: ` at the start of `error`, with the line and column inside
/// `text` (columns in characters, 1-based; one past the end of a line is the end of
/// the line or of the file), and a `help` that says what to do.
pub(crate) fn check_located(error: &str, text: &str) -> TestCaseResult {
    located_in(error, text)?;
    prop_assert!(error.contains("\n  = help: "), "no help in {:?}", error);
    Ok(())
}

/// A compile-time check's message: `clocks.toml:LINE:COL: ` inside `text`, and below
/// the message the line it names, quoted.
pub(crate) fn check_assertion_located(message: &str, text: &str) -> TestCaseResult {
    let (line, _) = located_in(message, text)?;
    let quoted = text
        .split('\n')
        .nth(line - 1)
        .unwrap_or("")
        .trim_end_matches('\r');
    prop_assert!(
        message.contains(&format!("\n{line} | {quoted}\n")),
        "the message does not quote line {}: {:?}",
        line,
        message
    );
    Ok(())
}

/// The `LINE:COL` that `message` starts with, checked to be a place in `text`.
fn located_in(message: &str, text: &str) -> Result<(usize, usize), TestCaseError> {
    let (line, column) = location(message).ok_or_else(|| {
        TestCaseError::fail(format!("no `clocks.toml:LINE:COL: ` in {message:?}"))
    })?;
    let lines: Vec<&str> = text.split('\n').collect();
    prop_assert!(
        (1..=lines.len()).contains(&line),
        "line {} of {}: {:?}",
        line,
        lines.len(),
        message
    );
    let width = lines[line - 1].chars().count();
    prop_assert!(
        (1..=width + 1).contains(&column),
        "column {} of a {}-character line: {:?}",
        column,
        width,
        message
    );
    Ok((line, column))
}

/// The line and column of `clocks.toml:LINE:COL: message`.
pub(crate) fn location(error: &str) -> Option<(usize, usize)> {
    let mut parts = error.strip_prefix("clocks.toml:")?.splitn(3, ':');
    let line = parts.next()?.parse().ok()?;
    let column = parts.next()?.parse().ok()?;
    parts.next()?.strip_prefix(' ')?;
    Some((line, column))
}

/// Expands `text` with `args`: the invariants hold, and every error and every
/// compile-time check is located in the file.
pub(crate) fn check_table(text: &str, args: &Args) -> Result<Expansion, TestCaseError> {
    let expansion = expand_text(text, args);
    check_invariants(&expansion)?;
    for error in &expansion.errors {
        check_located(error, text)?;
    }
    for message in &expansion.assertions {
        check_assertion_located(message, text)?;
    }
    Ok(expansion)
}
