//! Every `unsafe` of an expansion that is written on the caller's word (the impls of
//! the clock trait and of the vouched capabilities, the `extern` block of the getters
//! the macro declares, whose functions are `safe` to call, the calls of a bindings
//! module's getters, the offsets' reads) is the caller's own `unsafe` token, at the
//! start of its item or block, whose braces are spanned at that token too: so the lint
//! `unsafe_code` reports it at the invocation (`expand::splice`). The `unsafe` the
//! expansion justifies itself (the posix backend's impls, the conversions' clamped
//! instants, the stand-ins' types, the runtime's `unsafe trait`s) is its own.
//!
//! Spans are compared by their `Debug` text: outside a procedural macro, proc-macro2
//! tells spans apart only with its `span-locations` feature. Without it every span is
//! the same: the property then checks which `unsafe`s the expansion writes, how many,
//! and where, but cannot tell the caller's token from the expansion's own.

use super::valid_tables::check_valid_expansion;
use super::*;

/// What an `unsafe` opens.
#[derive(Clone, Debug, PartialEq)]
enum Opens {
    /// `unsafe impl PATH::TRAIT for CLOCK { … }`: the trait's name.
    Impl(String),
    /// `unsafe extern "C" { … }`.
    ExternBlock,
    /// `unsafe { … }`, and whether it makes an instant (`from_ktime`).
    Block { from_ktime: bool },
    /// `unsafe extern "C" fn(…) -> …`: a stand-in's type.
    FnPointer,
    /// `unsafe trait`: the runtime's.
    Trait,
}

/// An `unsafe` of the expansion.
#[derive(Debug)]
struct UnsafeSite {
    opens: Opens,
    /// The span of the `unsafe` token, as `Debug` shows it.
    span: String,
    /// The span of the braces of the item or block it opens.
    braces: Option<String>,
    /// Whether it is the first token of its item or block (after nothing, `;`, `=`, a
    /// block or an attribute).
    at_start: bool,
}

fn span_text(span: Span) -> String {
    format!("{span:?}")
}

/// Every `unsafe` of `tokens`, in order.
fn unsafe_sites(tokens: TokenStream, sites: &mut Vec<UnsafeSite>) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (index, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Group(group) => unsafe_sites(group.stream(), sites),
            TokenTree::Ident(ident) if ident == "unsafe" => {
                let at_start = match index.checked_sub(1).map(|before| &trees[before]) {
                    None | Some(TokenTree::Group(_)) => true,
                    Some(TokenTree::Punct(punct)) => matches!(punct.as_char(), ';' | '='),
                    _ => false,
                };
                let (opens, braces) = opens(&trees[index + 1..]);
                sites.push(UnsafeSite {
                    opens,
                    span: span_text(ident.span()),
                    braces: braces.map(|group| span_text(group.span())),
                    at_start,
                });
            }
            _ => {}
        }
    }
}

/// The first braces of `trees`.
fn braces(trees: &[TokenTree]) -> Option<&Group> {
    trees.iter().find_map(|tree| match tree {
        TokenTree::Group(group) if group.delimiter() == Delimiter::Brace => Some(group),
        _ => None,
    })
}

/// What the tokens after an `unsafe` make of it, and its braces.
fn opens(rest: &[TokenTree]) -> (Opens, Option<&Group>) {
    let is = |tree: Option<&TokenTree>, word: &str| matches!(tree, Some(TokenTree::Ident(ident)) if ident == word);
    match rest {
        [TokenTree::Group(group), ..] if group.delimiter() == Delimiter::Brace => {
            let from_ktime = group.stream().to_string().contains("from_ktime");
            (Opens::Block { from_ktime }, Some(group))
        }
        [first, ..] if is(Some(first), "impl") => {
            let body = rest
                .iter()
                .position(|tree| is(Some(tree), "for"))
                .expect("`unsafe impl … for …`");
            let name = rest[..body]
                .iter()
                .rev()
                .find_map(|tree| match tree {
                    TokenTree::Ident(ident) => Some(ident.to_string()),
                    _ => None,
                })
                .expect("a trait's name");
            (Opens::Impl(name), braces(rest))
        }
        [first, TokenTree::Literal(_), third, ..] if is(Some(first), "extern") => match third {
            TokenTree::Group(group) if group.delimiter() == Delimiter::Brace => {
                (Opens::ExternBlock, Some(group))
            }
            other if is(Some(other), "fn") => (Opens::FnPointer, None),
            other => panic!("`unsafe extern \"C\"` before {other}"),
        },
        [first, ..] if is(Some(first), "trait") => (Opens::Trait, None),
        other => panic!("an `unsafe` of an unknown kind: {:?}", other.first()),
    }
}

/// The traits whose impls a vouched reader writes on the caller's word: the clock
/// trait, and the capabilities whose impl the invocation's `unsafe(…)` vouches for.
fn vouched_traits(table: &Table) -> Vec<String> {
    let clock_trait = table.clock_trait();
    let mut names = vec![clock_trait.rsplit("::").next().unwrap_or("").to_owned()];
    for capability in crate::capabilities::CAPABILITIES {
        if capability.kernel == crate::capabilities::Impl::Vouched {
            names.push(capability.tr.name.to_owned());
            if let Some(narrower) = &capability.narrower {
                names.push(narrower.tr.name.to_owned());
            }
        }
    }
    names
}

/// Whether `site` is written on the caller's word.
fn on_the_callers_word(site: &UnsafeSite, table: &Table) -> bool {
    if table.posix {
        return false;
    }
    match &site.opens {
        Opens::Impl(name) => vouched_traits(table).contains(name),
        Opens::ExternBlock | Opens::Block { from_ktime: false } => true,
        Opens::Block { from_ktime: true } | Opens::FnPointer | Opens::Trait => false,
    }
}

/// How many `unsafe`s the expansion of `table` writes on the caller's word, and how
/// many of its own.
fn expected_counts(table: &Table) -> (usize, usize) {
    let rows = table.rows.len();
    let impls = table.impls();
    let count = |name: &str| impls.get(name).map_or(0, BTreeSet::len);
    let conversions = table.conversions().len();
    let unsafe_traits = if table.runtime == Runtime::SelfModule {
        runtime_traits_unsafe()
    } else {
        0
    };
    if table.posix {
        // Each clock's clock-trait and `PosixClock` impls, and `MonotonicClock`.
        return (0, 2 * rows + count("MonotonicClock") + unsafe_traits);
    }
    let vouched: usize = vouched_traits(table)
        .iter()
        .skip(1)
        .map(|name| count(name))
        .sum();
    // The bindings' getters are called in blocks of the caller's; the getters the macro
    // declares are in one `unsafe extern` block of the caller's, and `safe` to call.
    let reads = if table.bindings {
        rows
    } else {
        usize::from(rows > 0)
    };
    let offsets = table
        .rows
        .iter()
        .filter(|row| matches!(row.relation, Relation::Offset(_)))
        .count();
    let offset_reads = if conversions > 0 { offsets } else { 0 };
    let callers = rows + reads + vouched + offset_reads;
    // The stand-ins of the getters and of `ktime_mono_to_any`, and the conversions.
    let stand_ins = if table.bindings {
        rows + usize::from(conversions > 0)
    } else {
        0
    };
    (callers, stand_ins + conversions + unsafe_traits)
}

/// The `unsafe trait`s among the runtime's items.
fn runtime_traits_unsafe() -> usize {
    crate::capabilities::CAPABILITIES
        .iter()
        .flat_map(|capability| {
            std::iter::once(&capability.tr).chain(capability.narrower.as_ref().map(|n| &n.tr))
        })
        .filter(|tr| tr.is_unsafe)
        .count()
}

#[test]
pub(crate) fn every_unsafe_on_the_callers_word_is_the_callers_token() {
    let located = span_text(Span::call_site()) != "Span";
    if !located {
        eprintln!(
            "proptests: every_unsafe_on_the_callers_word_is_the_callers_token: spans are not \
             compared (proc-macro2 without `span-locations`)"
        );
    }
    property(
        "every_unsafe_on_the_callers_word_is_the_callers_token",
        1,
        (valid_table(1..8), any::<u64>()),
        |(table, seed)| {
            // Tokens read from text have spans of their own (with `span-locations`).
            let invocation: TokenStream = inline_tokens(&table, seed)
                .to_string()
                .parse()
                .expect("the invocation is tokens");
            let callers = invocation.clone().into_iter().find_map(|tree| match tree {
                TokenTree::Ident(ident) if ident == "unsafe" => Some(span_text(ident.span())),
                _ => None,
            });
            let output = declare_clocks(invocation, &Environment::default());
            check_valid_expansion(&observe(output.clone()), &table)?;
            let mut sites = Vec::new();
            unsafe_sites(output, &mut sites);
            let mut counts = (0, 0);
            for site in &sites {
                if on_the_callers_word(site, &table) {
                    counts.0 += 1;
                    prop_assert!(site.at_start, "not at the start of its item: {:?}", site);
                    prop_assert_eq!(Some(&site.span), callers.as_ref(), "{:?}", site);
                    // Its braces too: an item spans from its first token to its last.
                    prop_assert_eq!(site.braces.as_ref(), callers.as_ref(), "{:?}", site);
                } else {
                    counts.1 += 1;
                    if located {
                        prop_assert_ne!(Some(&site.span), callers.as_ref(), "{:?}", site);
                    }
                }
            }
            prop_assert_eq!(counts, expected_counts(&table), "{:#?}", sites);
            Ok(())
        },
    );
}
