//! Code generation: one small function per generated item.
//!
//! The clocks come from one invocation of typed-clocks's template for the table's
//! backend (`__clocks_bindings!`, `__clocks_extern!` or `__clocks_posix!` of
//! `time-core/src/items.rs`), whose named slots this module fills: the invocation's
//! trust, one short row per clock, one list per capability (derived from the
//! capability table), the conversions. Everything the rows share, every `unsafe` and
//! its `// SAFETY:` comment, is in the template: this module emits no `unsafe` token of
//! its own, only the user's, passed through. Building tokens and taking them across
//! the proc-macro bridge is most of what the macro costs, so rows are short
//! (`docs/performance.md`).
//!
//! Generated code names typed-clocks only through the path the invocation was called
//! by (`$crate` of `typed_clocks::declare_clocks!`, or `crate = PATH`), under
//! `__private`, so it survives a renamed dependency, `mod core {}` and
//! `#![no_implicit_prelude]` in the invoking module.

use crate::ast::{Backend, Source, Table, Trust};
use crate::capability::{slot_kind, Impl, CAPABILITIES};
use crate::validate::{Clock, ClockId, Relation, Resolution, Valid};
use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::quote;

/// Everything `declare_clocks!` emits for a validated table.
pub(crate) fn expand(table: &Table, valid: &Valid) -> TokenStream {
    let krate = krate(table);
    let mut tokens = TokenStream::new();
    tokens.extend(track_file(table, &krate));
    tokens.extend(vouching(table));
    tokens.extend(markers(valid));
    tokens.extend(clock_items(table, valid, &krate));
    tokens.extend(kernel_services(table, valid, &krate));
    tokens
}

/// The path of typed-clocks in the generated code.
fn krate(table: &Table) -> TokenStream {
    table
        .options
        .krate
        .clone()
        .unwrap_or_else(|| quote!(::typed_clocks))
}

/// Including the table makes cargo rebuild the invoking crate when it changes.
fn track_file(table: &Table, krate: &TokenStream) -> Option<TokenStream> {
    let Source::File { path, .. } = &table.source else {
        return None;
    };
    Some(quote! {
        const _: &[#krate::__private::u8] = #krate::__private::include_bytes!(#path);
    })
}

/// The invocation's `unsafe(…)`, where the lint `unsafe_code` sees it: an empty
/// `unsafe extern "C" {}` block (which the lint reports) made of the user's `unsafe`
/// token and spanned at it, so that `#![forbid(unsafe_code)]` refuses an invocation that
/// vouches for C, there, and `#[allow(unsafe_code)]` on the enclosing module lets it.
fn vouching(table: &Table) -> Option<TokenStream> {
    let (token, _) = table.options.trust.as_ref()?;
    Some(quote::quote_spanned!(token.span=> #token extern "C" {}))
}

/// A row with errors still declares its type (without impls), so that code using it
/// does not bury the real error under "cannot find type" errors.
fn markers(valid: &Valid) -> TokenStream {
    let names = &valid.markers;
    quote! {
        #(
            /// A clock whose row in the clock table has errors (see the compiler's message).
            pub struct #names;
        )*
    }
}

/// The template's invocation, for the complete clocks.
fn clock_items(table: &Table, valid: &Valid, krate: &TokenStream) -> Option<TokenStream> {
    if valid.clocks.is_empty() {
        return None;
    }
    let (template, trust) = template(table)?;
    let count = Literal::usize_unsuffixed(valid.clocks.len());
    let declared_in = Literal::string(&match &table.source {
        Source::File { text, .. } => format!(
            " Declared in `{}`.",
            text.display
                .rsplit(['/', '\\'])
                .next()
                .unwrap_or(&text.display)
        ),
        Source::Inline => String::new(),
    });
    let hrtimer_bindings = match valid.services {
        Some(_) => quote!(kernel_services::Services),
        None => quote!(#krate::__private::NoHrTimerBindings),
    };
    let module_text = table
        .options
        .bindings()
        .filter(|_| template == Template::Bindings)
        .map(|path| {
            let text = Literal::string(&path.text());
            quote!(module_text = #text;)
        });
    let mut rows = Rows::new(table, valid.clocks.len());
    for clock in &valid.clocks {
        rows.row(clock);
    }
    let rows = Group::new(Delimiter::Bracket, rows.tokens.into_iter().collect());
    let capabilities = capabilities(table, valid);
    let conversions = conversions(table, valid);
    let bases = (template == Template::Bindings).then(|| bases(valid, conversions.is_some()));
    let name = Ident::new(template.name(), Span::call_site());
    Some(quote! {
        #krate::__private::#name! {
            #trust
            count = #count;
            declared_in = #declared_in;
            hrtimer_bindings = #hrtimer_bindings;
            #module_text
            clocks = #rows;
            capabilities = [#capabilities];
            #bases
            #conversions
        }
    })
}

/// The template of a backend: each takes the same rows, and slots of its own.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Template {
    /// `clocks_bindings!`: getters and constants from a bindings module.
    Bindings,
    /// `clocks_extern!`: getters the template declares, integer ids.
    Extern,
    /// `clocks_posix!`: clocks read by id.
    Posix,
}

impl Template {
    fn name(self) -> &'static str {
        match self {
            Template::Bindings => "clocks_bindings",
            Template::Extern => "clocks_extern",
            Template::Posix => "clocks_posix",
        }
    }
}

/// The table's template, with its first slot: the invocation's own `unsafe(…)`, with
/// the user's `unsafe` token, or `backend = posix`. Validation refuses a kernel-backend
/// table without `unsafe(…)` (its rows declare their marker types only), so no clock
/// needs a template then.
fn template(table: &Table) -> Option<(Template, TokenStream)> {
    match (&table.options.trust, table.options.backend) {
        (_, Backend::Posix) => Some((Template::Posix, quote!(backend = posix;))),
        (Some((token, Trust::Bindings(path))), Backend::Kernel) => {
            Some((Template::Bindings, quote!(#token(bindings = #path);)))
        }
        (Some((token, Trust::Extern)), Backend::Kernel) => {
            Some((Template::Extern, quote!(#token(extern "C");)))
        }
        (None, Backend::Kernel) => None,
    }
}

/// `file:LINE:COL: ` of a place, as a literal for the template's messages (which are
/// format strings: braces doubled).
fn location(table: &Table, site: &crate::ast::Site) -> Literal {
    let text = table.location(site);
    if text.contains(['{', '}']) {
        Literal::string(&text.replace('{', "{{").replace('}', "}}"))
    } else {
        Literal::string(&text)
    }
}

/// The rows of the template, written token by token (building them is most of what
/// the expansion costs): the tokens every row uses are made once. The three templates
/// take the same row shape (`time-core/src/items.rs`).
struct Rows<'t> {
    table: &'t Table,
    tokens: Vec<TokenTree>,
    semi: TokenTree,
    eq: TokenTree,
    getter: TokenTree,
    id: TokenTree,
    yes: TokenTree,
    no: TokenTree,
    ktime_t: TokenTree,
    u64: TokenTree,
    empty: TokenTree,
}

impl<'t> Rows<'t> {
    fn new(table: &'t Table, rows: usize) -> Self {
        let ident = |name: &str| TokenTree::Ident(Ident::new(name, Span::call_site()));
        Rows {
            table,
            tokens: Vec::with_capacity(rows * 16),
            semi: TokenTree::Punct(Punct::new(';', Spacing::Alone)),
            eq: TokenTree::Punct(Punct::new('=', Spacing::Alone)),
            getter: ident("getter"),
            id: ident("id"),
            yes: ident("true"),
            no: ident("false"),
            ktime_t: ident("ktime_t"),
            u64: ident("u64"),
            empty: TokenTree::Literal(Literal::string("")),
        }
    }

    /// One row: `Name "Name"`, the optional `resolution`, `"doc" MONOTONIC`,
    /// `getter = getter RETURNS "at";` (the kernel backends), `id = ID;` (`"at"` after a
    /// constant), the optional `header`, and `;` (the shape of `time-core/src/items.rs`).
    fn row(&mut self, clock: &Clock) {
        let tokens = &mut self.tokens;
        tokens.push(TokenTree::Ident(clock.name.clone()));
        // `ClockSource::NAME`: a literal here costs less than a `stringify!` per row.
        tokens.push(TokenTree::Literal(Literal::string(&clock.name.to_string())));
        match clock.resolution {
            None => {}
            Some(Resolution::Nanos(nanos)) => {
                let nanos = Literal::i64_unsuffixed(nanos);
                tokens.extend(quote!(resolution = Nanos(#nanos);));
            }
            Some(Resolution::Tick) => tokens.extend(quote!(resolution = Tick;)),
        }
        tokens.push(TokenTree::Literal(Literal::string(
            clock.doc.as_deref().unwrap_or(""),
        )));
        tokens.push(if clock.monotonic {
            self.yes.clone()
        } else {
            self.no.clone()
        });
        self.getter(clock);
        self.id(clock);
        if let Some(header) = &clock.header {
            self.tokens.extend(quote!(header = #header;));
        }
        self.tokens.push(self.semi.clone());
    }

    /// `getter = getter RETURNS "at";`, for a clock read by a getter (the kernel
    /// backends).
    fn getter(&mut self, clock: &Clock) {
        let Some(getter) = &clock.getter else {
            return;
        };
        let tokens = &mut self.tokens;
        tokens.extend([self.getter.clone(), self.eq.clone()]);
        tokens.push(TokenTree::Ident(getter.value.clone()));
        tokens.push(if clock.returns_u64 {
            self.u64.clone()
        } else {
            self.ktime_t.clone()
        });
        // Only a bindings module's getter is checked, with a message at its place
        // (computing a place is most of what a row costs the macro).
        tokens.push(if self.table.options.bindings().is_some() {
            TokenTree::Literal(location(self.table, &getter.site))
        } else {
            self.empty.clone()
        });
        tokens.push(self.semi.clone());
    }

    /// `id = ID;`: one token tree, which the templates take as `$id:tt`, and after a
    /// constant, which is checked against its module, its place.
    fn id(&mut self, clock: &Clock) {
        let tokens = &mut self.tokens;
        tokens.extend([self.id.clone(), self.eq.clone()]);
        match &clock.id.value {
            // The compiler splits a negative literal into `-` and the number (an
            // invisible group too): parentheses keep it one token tree.
            ClockId::Number(number) if *number < 0 => {
                let literal = TokenTree::Literal(Literal::i32_unsuffixed(*number));
                let group = Group::new(Delimiter::Parenthesis, literal.into());
                tokens.push(TokenTree::Group(group));
            }
            ClockId::Number(number) => {
                tokens.push(TokenTree::Literal(Literal::i32_unsuffixed(*number)));
            }
            ClockId::Constant(constant) => {
                tokens.push(TokenTree::Ident(constant.clone()));
                tokens.push(TokenTree::Literal(location(self.table, &clock.id.site)));
            }
        }
        tokens.push(self.semi.clone());
    }
}

/// One list per capability of the capability table that some clock has, with the
/// kind of its slot for the table's backend.
fn capabilities(table: &Table, valid: &Valid) -> TokenStream {
    let mut tokens = TokenStream::new();
    for capability in CAPABILITIES {
        let clocks: Vec<&Clock> = valid
            .clocks
            .iter()
            .filter(|clock| {
                clock
                    .capabilities
                    .iter()
                    .any(|has| has.key == capability.key)
            })
            .collect();
        let Some(justified) = capability.justified(table.options.backend) else {
            continue;
        };
        if clocks.is_empty() {
            continue;
        }
        let kind = Ident::new(slot_kind(justified), Span::call_site());
        tokens.extend(quote!(#kind));
        if let (Impl::Plain | Impl::Vouched, Some(seal)) = (justified, capability.seal) {
            let seal = Ident::new(seal, Span::call_site());
            let name = Ident::new(capability.trait_name, Span::call_site());
            tokens.extend(quote!(#seal #name));
        }
        if justified == Impl::TimerBase {
            tokens.extend(timer_bases(table, &clocks));
        } else {
            let names = clocks.iter().map(|clock| &clock.name);
            tokens.extend(quote!([#(#names)*]));
        }
    }
    tokens
}

/// The rows that are their own base, for `clocks_bindings!` (the other templates take
/// every row): every row but those of `conversions`' offsets.
fn bases(valid: &Valid, with_conversions: bool) -> TokenStream {
    let names = valid
        .clocks
        .iter()
        .filter(|clock| !(with_conversions && matches!(clock.relation, Relation::Offset(_))))
        .map(|clock| &clock.name);
    quote!(bases = [#(#names)*];)
}

/// The `timer_base` list: each `hrtimer = true` clock with the place of its `clockid`
/// and the clock its relative timers are queued on: itself, or for `CLOCK_REALTIME`
/// the first `CLOCK_MONOTONIC` clock of the list (none without one). The ids are
/// known by value or by name (the capability's rule refuses others); the template
/// checks the real ids against the choice.
fn timer_bases(table: &Table, clocks: &[&Clock]) -> TokenStream {
    let monotonic = clocks
        .iter()
        .find(|clock| clock.id.value.known_value() == Some(1))
        .map(|clock| &clock.name);
    let mut tokens = TokenStream::new();
    for clock in clocks {
        let name = &clock.name;
        let at = location(table, &clock.id.site);
        let relative = if clock.id.value.known_value() == Some(0) {
            monotonic
        } else {
            Some(name)
        };
        tokens.extend(quote!(#name #at [#relative]));
    }
    quote!([#tokens])
}

/// The clocks offset from the base clock, with their offsets (`ConvertsTo` follows
/// from them): with a bindings module only.
fn conversions(table: &Table, valid: &Valid) -> Option<TokenStream> {
    if table.options.trusted_bindings().is_none() || table.options.backend != Backend::Kernel {
        return None;
    }
    let base = valid
        .clocks
        .iter()
        .find(|clock| matches!(clock.relation, Relation::Base))?;
    let mut offsets = TokenStream::new();
    for clock in &valid.clocks {
        if let Relation::Offset(offset) = &clock.relation {
            let (name, member) = (&clock.name, &offset.value);
            let at = location(table, &offset.site);
            offsets.extend(quote!(#name #member #at;));
        }
    }
    if offsets.is_empty() {
        return None;
    }
    let base = &base.name;
    Some(quote! {
        conversions = {
            base = #base;
            offsets = [#offsets];
        };
    })
}

/// The kernel services template's invocation, with the user's `unsafe` token and the
/// `kernel_services` key's location (for the one error without typed-clocks's
/// `kernel-services` feature).
fn kernel_services(table: &Table, valid: &Valid, krate: &TokenStream) -> Option<TokenStream> {
    let clock = valid.services.as_ref()?;
    let (token, bindings) = table.options.trusted_bindings()?;
    let error = table
        .options
        .error
        .as_ref()
        .map(|(error, _)| quote!(error = #error;));
    let at = table
        .kernel_services
        .as_ref()
        .map(|key| location(table, &key.site))
        .unwrap_or_else(|| Literal::string(""));
    Some(quote! {
        #krate::__private::kernel_services! {
            at = #at;
            #token(bindings = #bindings);
            clock = #clock;
            #error
        }
    })
}
