//! The caller's tokens spliced into lexed text, in place of the markers that
//! `text` describes (`@(…)` for the caller's `unsafe`, `@runtime`, `@bindings`,
//! `@ident`, and `@` before the groups that hold markers).
//!
//! Each token the splice reads or writes crosses the bridge between the procedural
//! macro and the compiler, so it reads only the levels of the text that hold markers,
//! and hands the rest back as the streams the compiler lexed: the group after `@`
//! is the only group it opens, and the tokens between a vouched `unsafe` and its braces
//! go back as they came, unread.

use proc_macro2::{Delimiter, Group, Ident, Span, TokenStream, TokenTree};

/// The caller's tokens that the markers stand for.
pub(super) struct Splices {
    /// The caller's `unsafe` (of `unsafe(bindings = …)`, `unsafe(extern "C")`).
    pub(super) vouched: Option<Span>,
    /// The runtime's path (`runtime = PATH`, or `typed_clocks::declare_clocks!`'s
    /// `$crate`).
    pub(super) runtime: Option<TokenStream>,
    /// The bindings module's path.
    pub(super) bindings: Option<TokenStream>,
    /// The identifiers of the `@ident` markers, in the order of the text.
    pub(super) idents: std::vec::IntoIter<Ident>,
}

impl Splices {
    /// `tokens` with the markers of its level replaced, and the groups after `@`
    /// spliced in turn. `@(HEAD) { … }` becomes `unsafe HEAD { … }`, the braces
    /// spanned at the caller's `unsafe`: an item spans from its first token to its
    /// last, and the lint `unsafe_code` reports only the items and blocks whose span is
    /// the caller's code.
    pub(super) fn splice(&mut self, tokens: TokenStream) -> TokenStream {
        let mut out = Spliced::default();
        // The span that the next braces get: the caller's, after its `unsafe`.
        let mut braces: Option<Span> = None;
        let mut trees = tokens.into_iter();
        while let Some(tree) = trees.next() {
            let marker = match tree {
                TokenTree::Punct(punct) if punct.as_char() == '@' => trees.next(),
                TokenTree::Group(group) => {
                    out.tree(braced(group, &mut braces));
                    continue;
                }
                other => {
                    out.tree(other);
                    continue;
                }
            };
            match marker {
                // `@(HEAD) {…}`: an item or block on the caller's word.
                Some(TokenTree::Group(head)) if head.delimiter() == Delimiter::Parenthesis => {
                    // Written only where the invocation has its `unsafe(…)`.
                    let span = self.vouched.unwrap_or_else(Span::call_site);
                    out.tree(Ident::new("unsafe", span));
                    out.stream(head.stream());
                    braces = Some(span);
                }
                Some(TokenTree::Group(group)) => {
                    let spliced = Group::new(group.delimiter(), self.splice(group.stream()));
                    out.tree(braced(spliced, &mut braces));
                }
                Some(TokenTree::Ident(marker)) => self.marker(&marker, &mut out),
                other => out.trees.extend(other),
            }
        }
        out.finish()
    }

    /// The caller's tokens for `@marker`.
    fn marker(&mut self, marker: &Ident, out: &mut Spliced) {
        let path = |path: &Option<TokenStream>| path.clone().unwrap_or_default();
        match marker.to_string().as_str() {
            "runtime" => out.trees.extend(path(&self.runtime)),
            "bindings" => out.trees.extend(path(&self.bindings)),
            "ident" => out.trees.extend(self.idents.next().map(TokenTree::from)),
            other => unreachable!("no marker `@{other}`"),
        }
    }
}

/// `group`, with the caller's span if it is the braces an `unsafe` of theirs opens.
fn braced(mut group: Group, braces: &mut Option<Span>) -> TokenTree {
    if group.delimiter() == Delimiter::Brace {
        if let Some(span) = braces.take() {
            group.set_span(span);
        }
    }
    group.into()
}

/// A level of spliced tokens: the streams handed back as they are, and the tokens
/// read or written since the last of them.
#[derive(Default)]
struct Spliced {
    streams: Vec<TokenStream>,
    trees: Vec<TokenTree>,
}

impl Spliced {
    fn tree(&mut self, tree: impl Into<TokenTree>) {
        self.trees.push(tree.into());
    }

    /// `stream`, after the tokens so far.
    fn stream(&mut self, stream: TokenStream) {
        self.flush();
        self.streams.push(stream);
    }

    fn flush(&mut self) {
        if !self.trees.is_empty() {
            self.streams.push(self.trees.drain(..).collect());
        }
    }

    fn finish(mut self) -> TokenStream {
        if self.streams.is_empty() {
            return self.trees.into_iter().collect();
        }
        self.flush();
        self.streams.into_iter().collect()
    }
}
