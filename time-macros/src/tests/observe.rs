//! Observing an expansion: the tokens the macro returns are parsed as a Rust file (syn,
//! `full`), and what they declare, implement, check and report is read from its items.
//! An expansion that is not a Rust file is a bug of the macro: `observe` panics on it.

use proc_macro2::TokenStream;
use quote::ToTokens;
use std::collections::{BTreeMap, BTreeSet};
use syn::punctuated::Punctuated;
use syn::{Expr, ImplItem, Item, Lit, Stmt};

/// What an expansion declares and reports.
#[derive(Debug, Default)]
pub(crate) struct Expansion {
    /// The unit structs of the top level, in order: the clocks' marker types (those of
    /// rows with errors first).
    pub(crate) types: Vec<String>,
    /// The other items of the top level, by name: the runtime's (`runtime = self`).
    pub(crate) runtime_items: BTreeMap<String, RuntimeItem>,
    /// The clocks that implement the clock trait (the impls with `const ID`), in order.
    pub(crate) clocks: Vec<String>,
    /// The paths of the clock traits those impls name (`self::ClockSource`, without
    /// spaces).
    pub(crate) clock_trait_paths: BTreeSet<String>,
    /// Each clock's `ID`: the number, or the constant the block's value is cast from.
    pub(crate) ids: BTreeMap<String, String>,
    /// The impls of the other traits without generics (the capabilities, `PosixClock`):
    /// the trait's name → the clocks.
    pub(crate) impls: BTreeMap<String, BTreeSet<String>>,
    /// The `unsafe impl`s among those: (trait's name, clock).
    pub(crate) unsafe_impls: BTreeSet<(String, String)>,
    /// The paths of every trait implemented for a clock, without spaces.
    pub(crate) trait_paths: BTreeSet<String>,
    /// The `ConvertsTo` impls: (from, to).
    pub(crate) conversions: BTreeSet<(String, String)>,
    /// Each clock's `TableClock::INFO`: field → value, as text without spaces.
    pub(crate) infos: BTreeMap<String, BTreeMap<String, String>>,
    /// `CLOCKS`: its declared length and the clocks it lists, in order.
    pub(crate) clocks_array: Option<(usize, Vec<String>)>,
    /// The clocks `for_each_clock` visits, in order.
    pub(crate) visited: Option<Vec<String>>,
    /// The messages of the `compile_error!`s.
    pub(crate) errors: Vec<String>,
    /// The path the expansion `include_bytes!`s (so that cargo tracks the table).
    pub(crate) included: Option<String>,
    /// The messages of the compile-time checks (`::core::assert!(COND, "…")`), their
    /// braces undoubled.
    pub(crate) assertions: Vec<String>,
    /// The runtime's path that the block of the impls aliases (`use PATH as __rt;`),
    /// without spaces: the paths above are read with it in place of `__rt`.
    runtime_alias: Option<String>,
}

/// A runtime item of the top level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RuntimeItem {
    /// A trait: whether it is `unsafe`, and its supertraits (paths without spaces).
    Trait {
        is_unsafe: bool,
        supertraits: Vec<String>,
    },
    /// A struct with fields: each field's name and type, without spaces.
    Struct(Vec<(String, String)>),
    /// An enum: its variants' names.
    Enum(Vec<String>),
}

impl Expansion {
    /// The clocks that implement the trait `name`.
    pub(crate) fn implementing(&self, name: &str) -> BTreeSet<String> {
        self.impls.get(name).cloned().unwrap_or_default()
    }

    /// `tokens` as text without spaces (`text`), with the runtime's path in place of
    /// its alias `__rt`.
    fn path_text(&self, tokens: &impl ToTokens) -> String {
        let text = text(tokens);
        match &self.runtime_alias {
            Some(path) => text.replace("__rt::", &format!("{path}::")),
            None => text,
        }
    }

    /// Every clock named by an impl or a table item.
    fn implemented(&self) -> impl Iterator<Item = &String> {
        self.clocks
            .iter()
            .chain(self.impls.values().flatten())
            .chain(self.conversions.iter().flat_map(|(from, to)| [from, to]))
            .chain(self.infos.keys())
    }
}

/// Reads `tokens`, which must be a Rust file.
pub(crate) fn observe(tokens: TokenStream) -> Expansion {
    let file: syn::File = syn::parse2(tokens.clone())
        .unwrap_or_else(|error| panic!("the expansion is not a Rust file: {error}\n{tokens}"));
    let mut expansion = Expansion::default();
    for item in &file.items {
        top_level(item, &mut expansion);
    }
    expansion
}

/// Tokens as text without spaces.
pub(crate) fn text(tokens: &impl ToTokens) -> String {
    tokens.to_token_stream().to_string().replace(' ', "")
}

/// The last identifier of a path.
fn last(path: &syn::Path) -> String {
    path.segments
        .last()
        .map_or_else(String::new, |segment| segment.ident.to_string())
}

fn top_level(item: &Item, expansion: &mut Expansion) {
    match item {
        Item::Struct(item) if matches!(item.fields, syn::Fields::Unit) => {
            expansion.types.push(item.ident.to_string());
        }
        Item::Struct(item) => {
            let fields = item
                .fields
                .iter()
                .map(|field| {
                    let name = field.ident.as_ref().map(ToString::to_string);
                    (name.unwrap_or_default(), text(&field.ty))
                })
                .collect();
            runtime_item(expansion, &item.ident, RuntimeItem::Struct(fields));
        }
        Item::Enum(item) => {
            let variants = item.variants.iter().map(|v| v.ident.to_string()).collect();
            runtime_item(expansion, &item.ident, RuntimeItem::Enum(variants));
        }
        Item::Trait(item) => {
            let supertraits = item.supertraits.iter().map(text).collect();
            let is_unsafe = item.unsafety.is_some();
            let trait_item = RuntimeItem::Trait {
                is_unsafe,
                supertraits,
            };
            runtime_item(expansion, &item.ident, trait_item);
        }
        Item::Const(item) if item.ident == "CLOCKS" => {
            let Some(array) = clocks_array(&item.expr, expansion) else {
                panic!("`CLOCKS` is not an array: {}", text(&item.expr));
            };
            let names = array.elems.iter().map(|element| match element {
                Expr::Path(path) => path
                    .qself
                    .as_ref()
                    .map_or_else(String::new, |qself| text(&qself.ty)),
                other => panic!(
                    "a `CLOCKS` element that is not `<Name as …>::INFO`: {}",
                    text(other)
                ),
            });
            let syn::Type::Array(ty) = &*item.ty else {
                panic!("`CLOCKS` has no array type");
            };
            let length = text(&ty.len)
                .parse()
                .expect("`CLOCKS`'s length is a number");
            expansion.clocks_array = Some((length, names.collect()));
        }
        Item::Fn(item) if item.sig.ident == "for_each_clock" => {
            let visited = item.block.stmts.iter().map(|stmt| match stmt {
                Stmt::Expr(Expr::MethodCall(call), _) => call
                    .turbofish
                    .as_ref()
                    .map_or_else(String::new, |turbofish| text(&turbofish.args)),
                other => panic!(
                    "a `for_each_clock` statement that visits no clock: {}",
                    text(other)
                ),
            });
            expansion.visited = Some(visited.collect());
        }
        Item::Macro(item) if last(&item.mac.path) == "compile_error" => {
            let message: syn::LitStr =
                syn::parse2(item.mac.tokens.clone()).expect("`compile_error!` with one string");
            expansion.errors.push(message.value());
        }
        other => nested(other, expansion),
    }
}

/// The array `CLOCKS` is: its value, or the value of its block (which may alias the
/// runtime's path first).
fn clocks_array<'e>(expr: &'e Expr, expansion: &mut Expansion) -> Option<&'e syn::ExprArray> {
    match expr {
        Expr::Array(array) => Some(array),
        Expr::Block(block) => {
            let (last, items) = block.block.stmts.split_last()?;
            statements(items, expansion);
            match last {
                Stmt::Expr(Expr::Array(array), None) => Some(array),
                _ => None,
            }
        }
        _ => None,
    }
}

fn runtime_item(expansion: &mut Expansion, name: &syn::Ident, item: RuntimeItem) {
    let previous = expansion.runtime_items.insert(name.to_string(), item);
    assert!(previous.is_none(), "`{name}` is declared twice");
}

/// An item that may be anywhere: an impl, a `const` whose value is a block of items
/// (or the `include_bytes!` of the table).
fn nested(item: &Item, expansion: &mut Expansion) {
    match item {
        Item::Impl(item) => implementation(item, expansion),
        Item::Use(item) => runtime_alias(item, expansion),
        Item::Const(item) => match &*item.expr {
            Expr::Macro(mac) if last(&mac.mac.path) == "include_bytes" => {
                let path: syn::LitStr =
                    syn::parse2(mac.mac.tokens.clone()).expect("`include_bytes!` of a path");
                expansion.included = Some(path.value());
            }
            Expr::Block(block) => statements(&block.block.stmts, expansion),
            _ => {}
        },
        _ => {}
    }
}

/// `use PATH as __rt;`: the runtime's path, which the impls name as `__rt`.
fn runtime_alias(item: &syn::ItemUse, expansion: &mut Expansion) {
    let mut path = text(&item.leading_colon);
    let mut tree = &item.tree;
    while let syn::UseTree::Path(segment) = tree {
        path = format!("{path}{}::", segment.ident);
        tree = &segment.tree;
    }
    if let syn::UseTree::Rename(rename) = tree {
        if rename.rename == "__rt" {
            expansion.runtime_alias = Some(format!("{path}{}", rename.ident));
        }
    }
}

/// The statements of a block: nested items and compile-time checks.
fn statements(stmts: &[Stmt], expansion: &mut Expansion) {
    for stmt in stmts {
        match stmt {
            Stmt::Item(item) => nested(item, expansion),
            Stmt::Macro(mac) if last(&mac.mac.path) == "assert" => {
                assertion(&mac.mac.tokens, expansion);
            }
            Stmt::Expr(Expr::Macro(mac), _) if last(&mac.mac.path) == "assert" => {
                assertion(&mac.mac.tokens, expansion);
            }
            _ => {}
        }
    }
}

/// `assert!(COND, "MESSAGE")`: the message, its braces undoubled.
fn assertion(tokens: &TokenStream, expansion: &mut Expansion) {
    let arguments = syn::parse::Parser::parse2(
        Punctuated::<Expr, syn::Token![,]>::parse_terminated,
        tokens.clone(),
    )
    .expect("`assert!`'s arguments are expressions");
    let message = match arguments.iter().nth(1) {
        Some(Expr::Lit(syn::ExprLit {
            lit: Lit::Str(message),
            ..
        })) => message.value(),
        _ => panic!("an `assert!` without a message: {tokens}"),
    };
    assert_eq!(arguments.len(), 2, "{tokens}");
    expansion
        .assertions
        .push(message.replace("{{", "{").replace("}}", "}"));
}

fn implementation(item: &syn::ItemImpl, expansion: &mut Expansion) {
    let Some((_, path, _)) = &item.trait_ else {
        panic!("an inherent impl in the expansion: {}", text(item));
    };
    let clock = text(&item.self_ty);
    let name = last(path);
    expansion.trait_paths.insert(expansion.path_text(path));
    let id = item.items.iter().find_map(|item| match item {
        ImplItem::Const(constant) if constant.ident == "ID" => Some(&constant.expr),
        _ => None,
    });
    if let Some(id) = id {
        expansion.clocks.push(clock.clone());
        expansion
            .clock_trait_paths
            .insert(expansion.path_text(path));
        expansion.ids.insert(clock, id_text(id));
        return;
    }
    let arguments = path.segments.last().map(|segment| &segment.arguments);
    if let Some(syn::PathArguments::AngleBracketed(arguments)) = arguments {
        assert_eq!(name, "ConvertsTo", "{}", text(item));
        expansion.conversions.insert((clock, text(&arguments.args)));
        return;
    }
    if name == "TableClock" {
        let info = info(item, expansion);
        expansion.infos.insert(clock, info);
        return;
    }
    assert!(
        item.items.is_empty(),
        "a capability impl with items: {}",
        text(item)
    );
    if item.unsafety.is_some() {
        expansion.unsafe_impls.insert((name.clone(), clock.clone()));
    }
    let clocks = expansion.impls.entry(name).or_default();
    assert!(clocks.insert(clock), "an impl given twice: {}", text(item));
}

/// A clock's `ID`: the value of its block, a number or a constant cast to `i32`.
fn id_text(expr: &Expr) -> String {
    let Expr::Block(block) = expr else {
        return text(expr);
    };
    match block.block.stmts.last() {
        Some(Stmt::Expr(Expr::Cast(cast), None)) => text(&cast.expr),
        Some(Stmt::Expr(value, None)) => text(value),
        _ => panic!("an `ID` block without a value: {}", text(expr)),
    }
}

/// The fields of `const INFO: ClockInfo = ClockInfo { … }`.
fn info(item: &syn::ItemImpl, expansion: &Expansion) -> BTreeMap<String, String> {
    let value = item.items.iter().find_map(|item| match item {
        ImplItem::Const(constant) if constant.ident == "INFO" => Some(&constant.expr),
        _ => None,
    });
    let Some(Expr::Struct(value)) = value else {
        panic!(
            "a `TableClock` impl without `INFO = ClockInfo {{ … }}`: {}",
            text(item)
        );
    };
    value
        .fields
        .iter()
        .map(|field| (text(&field.member), expansion.path_text(&field.expr)))
        .collect()
}

/// The `LINE:COL` an error message starts with (`clocks.toml:LINE:COL: …`), if any.
pub(crate) fn table_place(error: &str) -> Option<(usize, usize)> {
    let rest = error.strip_prefix("clocks.toml:")?;
    let mut parts = rest.splitn(3, ':');
    let line = parts.next()?.parse().ok()?;
    let column = parts.next()?.parse().ok()?;
    Some((line, column))
}

/// What holds of every expansion, whatever the input: no type is declared twice
/// (that would be a second, confusing error), impls are for declared types only,
/// the output is never silently empty, an expansion without errors declares only
/// complete clocks, each with its row as data, listed by `CLOCKS` and visited by
/// `for_each_clock` in one order, and no error message is empty. `Err` says which
/// does not.
pub(crate) fn invariants(expansion: &Expansion) -> Result<(), String> {
    let declared: BTreeSet<&String> = expansion.types.iter().collect();
    let fail = |what: String| Err(format!("{what}\n{expansion:#?}"));
    if declared.len() != expansion.types.len() {
        return fail(format!("a type is declared twice: {:?}", expansion.types));
    }
    if let Some(name) = expansion
        .implemented()
        .find(|name| !declared.contains(name))
    {
        return fail(format!("an impl for the undeclared `{name}`"));
    }
    let clocks: BTreeSet<&String> = expansion.clocks.iter().collect();
    if clocks.len() != expansion.clocks.len() {
        return fail("a clock implements the clock trait twice".to_owned());
    }
    for (name, implementing) in &expansion.impls {
        if !implementing.iter().all(|clock| clocks.contains(clock)) {
            return fail(format!("`{name}` for a type that is no clock"));
        }
    }
    if expansion.infos.keys().collect::<BTreeSet<_>>() != clocks {
        return fail("the clocks and the `TableClock` impls differ".to_owned());
    }
    let listed = match (&expansion.clocks_array, &expansion.visited) {
        (Some((length, listed)), Some(visited)) if listed == visited && *length == listed.len() => {
            listed.clone()
        }
        (None, None) => Vec::new(),
        _ => return fail("`CLOCKS` and `for_each_clock` disagree".to_owned()),
    };
    if listed != expansion.clocks {
        return fail("`CLOCKS` does not list the clocks in order".to_owned());
    }
    let empty = expansion.types.is_empty() && expansion.runtime_items.is_empty();
    if empty && expansion.errors.is_empty() {
        return fail("neither declarations nor errors".to_owned());
    }
    if expansion.errors.is_empty() && expansion.clocks.len() != expansion.types.len() {
        return fail("a type without its clock, and no error".to_owned());
    }
    if expansion.errors.iter().any(|error| error.trim().is_empty()) {
        return fail("an empty error message".to_owned());
    }
    // Errors about the table come in file order, after any about tokens.
    let places: Vec<Option<(usize, usize)>> =
        expansion.errors.iter().map(|e| table_place(e)).collect();
    if !places.windows(2).all(|pair| pair[0] <= pair[1]) {
        return fail(format!("errors out of file order: {places:?}"));
    }
    Ok(())
}
