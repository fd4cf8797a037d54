//! The error collector, as serde_derive's `Ctxt`: every stage pushes its errors into
//! one [`Ctxt`] and goes on, so that the user sees every mistake at once, and the
//! pipeline consumes it at the end ([`Ctxt::check`]). Dropping a `Ctxt` that holds
//! errors without checking it is a bug of this crate, and panics in debug builds.
//!
//! An error has a [`Site`]: tokens of the invocation, or a byte range of the table
//! file. The compiler knows no span inside the file, so an error about the file is
//! attached to the path literal, and its message starts with `path:LINE:COL:`, quotes
//! the line and underlines the range. Errors about tokens come first, then those about
//! the file in file order.

use crate::ast::{Site, TableText};
use proc_macro2::Span;
use std::cell::RefCell;
use std::fmt::Display;

/// The errors of one expansion.
pub(crate) struct Ctxt {
    /// `None` once checked.
    errors: RefCell<Option<Vec<Error>>>,
}

/// One error, formatted when the collector is checked (when the table's text is known).
enum Error {
    /// At a site, with a `help:` line.
    At {
        site: Site,
        message: String,
        help: String,
    },
    /// An error that already has its span and text (from `syn`).
    Syn(syn::Error),
}

impl Ctxt {
    /// An empty collector.
    pub(crate) fn new() -> Self {
        Ctxt {
            errors: RefCell::new(Some(Vec::new())),
        }
    }

    /// Records `message` at `site`, followed by a `help:` line that says what to do.
    pub(crate) fn error(&self, site: &Site, message: impl Display, help: impl Display) {
        self.push(Error::At {
            site: site.clone(),
            message: message.to_string(),
            help: help.to_string(),
        });
    }

    /// Records an error that already has its span and text (e.g. from `syn`).
    pub(crate) fn syn_error(&self, error: syn::Error) {
        self.push(Error::Syn(error));
    }

    fn push(&self, error: Error) {
        self.errors
            .borrow_mut()
            .as_mut()
            .expect("a Ctxt is checked once, at the end")
            .push(error);
    }

    /// Consumes the collector: `Err` with every error combined (tokens first, then the
    /// file's in file order), formatted against `table`'s text.
    pub(crate) fn check(self, table: Option<&TableText>) -> Result<(), syn::Error> {
        let mut errors: Vec<(Option<usize>, syn::Error)> = self
            .errors
            .borrow_mut()
            .take()
            .expect("a Ctxt is checked once")
            .into_iter()
            .map(|error| format(error, table))
            .collect();
        // A stable sort: errors at one place keep the order they were found in.
        errors.sort_by_key(|(offset, _)| *offset);
        match errors
            .into_iter()
            .map(|(_, error)| error)
            .reduce(|mut all, error| {
                all.combine(error);
                all
            }) {
            Some(errors) => Err(errors),
            None => Ok(()),
        }
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        let unchecked = self
            .errors
            .get_mut()
            .as_ref()
            .is_some_and(|errors| !errors.is_empty());
        if cfg!(debug_assertions) && unchecked && !std::thread::panicking() {
            panic!("a Ctxt with errors was dropped without being checked");
        }
    }
}

/// The error as the compiler shows it, with the byte offset it sorts by (`None`:
/// about tokens).
fn format(error: Error, table: Option<&TableText>) -> (Option<usize>, syn::Error) {
    match error {
        Error::Syn(error) => (None, error),
        Error::At {
            site: Site::Tokens(span),
            message,
            help,
        } => (None, with_help(span, message, help)),
        Error::At {
            site: Site::Table(range),
            message,
            help,
        } => match table {
            Some(table) => (
                Some(range.start),
                syn::Error::new(
                    table.span,
                    format!(
                        "{}: {message}\n{}\n  = help: {help}",
                        table.location(range.start),
                        table.excerpt(&range)
                    ),
                ),
            ),
            None => (None, with_help(Span::call_site(), message, help)),
        },
    }
}

/// An error at `span` whose message is followed by a `help:` line that says what to do
/// (rustc shows a proc macro's error as one message; this is its one layout).
pub(crate) fn with_help(span: Span, message: impl Display, help: impl Display) -> syn::Error {
    syn::Error::new(span, format!("{message}\n  = help: {help}"))
}


#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
