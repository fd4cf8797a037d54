//! The macro as an ordinary function: tokens and an [`Environment`] in, tokens out.
//! One pipeline for both forms, as thiserror's: the invocation is read into a
//! [`Table`] (inline rows, or a file through the TOML reader), [`validate`] checks it,
//! [`expand`] writes it out, and every error goes into one [`Ctxt`] that is consumed at
//! the end; the errors come out as `compile_error!`s beside whatever could still be
//! declared.

use crate::ast::{Source, Table};
use crate::ctxt::Ctxt;
use crate::env::Environment;
use crate::expand::{expand, lex};
use crate::input::{self, Invocation, TableSource};
use crate::validate::validate;
use proc_macro2::TokenStream;

/// Expands `declare_clocks!(tokens)`.
pub(crate) fn declare_clocks(tokens: TokenStream, env: &Environment) -> TokenStream {
    let cx = Ctxt::new();
    let table = read_table(tokens, env, &cx);
    let output = match &table {
        Some(table) => expand(table, &validate(table, &cx), env.lex.unwrap_or(lex)),
        None => TokenStream::new(),
    };
    match cx.check(table.as_ref().and_then(Table::text)) {
        Ok(()) => output,
        Err(errors) => {
            let mut output = output;
            output.extend(errors.into_compile_error());
            output
        }
    }
}

/// The invocation's [`Table`]: its options with the rows written inline or read from
/// its file; `None` (reported) when there is nothing to validate.
fn read_table(tokens: TokenStream, env: &Environment, cx: &Ctxt) -> Option<Table> {
    let Invocation {
        source,
        mut options,
    } = match input::parse(tokens, cx) {
        Ok(invocation) => invocation,
        Err(error) => {
            cx.syn_error(error);
            return None;
        }
    };
    options.markers_only = options.backend == crate::ast::Backend::Posix && !env.posix_available;
    let mut table = Table {
        options,
        source: Source::Inline,
        truncated: false,
        rows: Vec::new(),
        locate: env.locate,
    };
    match source {
        TableSource::Inline(rows) => table.rows = rows,
        TableSource::File(path) => read_file(&mut table, &path, env, cx)?,
    }
    Some(table)
}

/// Reads the table file that `path` names into `table`.
#[cfg(feature = "toml")]
fn read_file(table: &mut Table, path: &syn::LitStr, env: &Environment, cx: &Ctxt) -> Option<()> {
    let (text, file) = env.load_table(path, cx)?;
    let read = crate::read::read(&text.text, cx);
    table.rows = read.rows;
    table.truncated = read.truncated;
    table.source = Source::File { text, path: file };
    Some(())
}

#[cfg(not(feature = "toml"))]
fn read_file(_: &mut Table, path: &syn::LitStr, _: &Environment, cx: &Ctxt) -> Option<()> {
    cx.error(
        &crate::ast::Site::Tokens(path.span()),
        "reading a clock table file needs the `toml` feature of typed-clocks (on by default)",
        "enable the feature, or write the rows inline: \
         `declare_clocks! { Monotonic { getter: ktime_get, monotonic: true, clockid: 1 } }`",
    );
    None
}

#[cfg(all(test, feature = "toml"))]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
