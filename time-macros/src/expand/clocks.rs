//! Each clock of the table: its marker type; in a block of its own, its clock-trait
//! impl (`ID` and `ktime_get`, read the backend's way), its capability impls and its
//! row as data (`TableClock`); then `CLOCKS` and `for_each_clock`.

use super::checks::{self, Checked};
use super::tokens::{doc_lines, flag, returns, Runtime, Vouched};
use crate::ast::{Backend, Source, Table, Trust};
use crate::capabilities::{Capability, Impl, Trait, CAPABILITIES};
use crate::validate::{Clock, ClockId, Resolution, Valid};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

/// A row with errors still declares its type (without impls), so that code using it
/// does not bury the real error under "cannot find type" errors.
pub(super) fn markers(valid: &Valid) -> TokenStream {
    let names = &valid.markers;
    quote! {
        #(
            /// A clock whose row in the clock table has errors (see the compiler's message).
            pub struct #names;
        )*
    }
}

/// How the table's clocks are read.
enum Reader<'t> {
    /// Through the getters of a bindings module, on the caller's word.
    Bindings(Vouched<'t>, &'t crate::ast::ModulePath),
    /// Through getters the expansion declares `extern "C"`, on the caller's word.
    Extern(Vouched<'t>),
    /// With `clock_gettime(ID)`: the runtime's `posix::PosixClock::read`.
    Posix,
}

impl<'t> Reader<'t> {
    fn of(table: &'t Table) -> Option<Self> {
        match (&table.options.trust, table.options.backend) {
            (_, Backend::Posix) => Some(Reader::Posix),
            (Some((token, Trust::Bindings(path))), Backend::Kernel) => {
                Some(Reader::Bindings(Vouched(token), path))
            }
            (Some((token, Trust::Extern)), Backend::Kernel) => Some(Reader::Extern(Vouched(token))),
            // Refused by validation, whose rows declare their marker types only.
            (None, Backend::Kernel) => None,
        }
    }

    /// The caller's `unsafe`, when the reader is on the caller's word.
    fn vouched(&self) -> Option<&Vouched<'t>> {
        match self {
            Reader::Bindings(vouched, _) | Reader::Extern(vouched) => Some(vouched),
            Reader::Posix => None,
        }
    }
}

/// Every complete clock, then `CLOCKS` and `for_each_clock`.
pub(super) fn clocks(table: &Table, valid: &Valid, runtime: &Runtime) -> TokenStream {
    let Some(reader) = Reader::of(table) else {
        return TokenStream::new();
    };
    if valid.clocks.is_empty() {
        return TokenStream::new();
    }
    let declared_in = match &table.source {
        Source::File { text, .. } => {
            let file = text
                .display
                .rsplit(['/', '\\'])
                .next()
                .unwrap_or(&text.display);
            format!(" Declared in `{file}`.")
        }
        Source::Inline => String::new(),
    };
    let mut tokens = TokenStream::new();
    for clock in &valid.clocks {
        tokens.extend(marker(clock, &declared_in));
        tokens.extend(clock_items(table, clock, &reader, runtime));
    }
    tokens.extend(table_items(valid, runtime));
    tokens
}

/// `pub struct Name;` with the row's doc.
fn marker(clock: &Clock, declared_in: &str) -> TokenStream {
    let name = &clock.name;
    let mut doc = doc_lines(clock.doc.as_deref().unwrap_or(""));
    if let Some(header) = &clock.header {
        let line = format!(" Declared in C by `<{header}>`.");
        doc.extend(quote!(#[doc = ""] #[doc = #line]));
    }
    if !declared_in.is_empty() {
        doc.extend(quote!(#[doc = ""] #[doc = #declared_in]));
    }
    quote! {
        #doc
        pub struct #name;
    }
}

/// The block of one clock: the checks of what it names, its clock-trait impl, its
/// capability impls and its `TableClock` impl.
fn clock_items(
    table: &Table,
    clock: &Clock,
    reader: &Reader<'_>,
    runtime: &Runtime,
) -> TokenStream {
    let name = &clock.name;
    let clock_trait = runtime.clock();
    let module = match (reader, &clock.id.value) {
        (Reader::Bindings(_, path), _) => Some((quote!(#path), path.text())),
        (Reader::Posix, ClockId::Constant(_)) => {
            let posix = runtime.item("posix");
            Some((quote!(#posix::libc), "libc".to_owned()))
        }
        _ => None,
    };
    let Checked { prelude, scope } = checks::row(table, clock, module);
    let id = id_value(&clock.id.value);
    let read = read(clock, reader, runtime);
    let body = quote! {
        const ID: ::core::primitive::i32 = {
            #scope
            #id
        };

        #[inline]
        fn ktime_get() -> ::core::primitive::i64 {
            #scope
            #read
        }
    };
    let head = quote!(impl #clock_trait for #name);
    let clock_impl = match reader.vouched() {
        Some(vouched) => vouched.wrap(head, body),
        // `PosixClock::read` returns `clock_gettime(ID)` clamped to `0..=KTIME_MAX`
        // and is safe to call anywhere; the id is one it reads (validated, or asserted
        // in `prelude`). The method is the runtime's, in its `unsafe trait
        // PosixClock`: a runtime that reads something else wrote `unsafe` for it.
        None => quote!(unsafe #head { #body }),
    };
    let posix_clock = matches!(reader, Reader::Posix).then(|| {
        let posix = runtime.item("posix");
        // `ktime_get` above is `PosixClock::read`, not overridden here.
        quote!(unsafe impl #posix::PosixClock for #name {})
    });
    let capabilities = capability_impls(table, clock, reader, runtime);
    let info = table_clock(clock, runtime);
    quote! {
        const _: () = {
            #prelude
            #clock_impl
            #posix_clock
            #capabilities
            #info
        };
    }
}

/// The body of `ktime_get`: the getter called (and a `u64` reading clamped to
/// `0..=KTIME_MAX`), or the runtime's `posix::PosixClock::read`.
fn read(clock: &Clock, reader: &Reader<'_>, runtime: &Runtime) -> TokenStream {
    let getter = clock.getter.as_ref().map(|getter| &getter.value);
    let call = match reader {
        Reader::Posix => {
            let posix = runtime.item("posix");
            return quote!(<Self as #posix::PosixClock>::read());
        }
        Reader::Bindings(vouched, _) => vouched.wrap(TokenStream::new(), quote!(#getter())),
        Reader::Extern(vouched) => {
            let returns = returns(clock);
            let extern_block = vouched.wrap(quote!(extern "C"), quote!(fn #getter() -> #returns;));
            let call = vouched.wrap(TokenStream::new(), quote!(#getter()));
            quote!({ #extern_block #call })
        }
    };
    if clock.returns_u64 {
        quote! {
            let nanos: ::core::primitive::u64 = #call;
            if nanos > ::core::primitive::i64::MAX as ::core::primitive::u64 {
                ::core::primitive::i64::MAX
            } else {
                nanos as ::core::primitive::i64
            }
        }
    } else {
        call
    }
}

/// The impls of the capabilities the clock has, and of their narrower traits where
/// the clock's id allows them.
fn capability_impls(
    table: &Table,
    clock: &Clock,
    reader: &Reader<'_>,
    runtime: &Runtime,
) -> TokenStream {
    let mut tokens = TokenStream::new();
    for capability in &clock.capabilities {
        let Some(justified) = capability.justified(table.options.backend) else {
            continue;
        };
        tokens.extend(capability_impl(
            clock,
            &capability.tr,
            justified,
            reader,
            runtime,
        ));
        if let Some(narrower) = &capability.narrower {
            let value = clock.id.value.known_value();
            if value.is_some_and(|id| !narrower.except_ids.contains(&id)) {
                tokens.extend(capability_impl(
                    clock,
                    &narrower.tr,
                    justified,
                    reader,
                    runtime,
                ));
            }
        }
    }
    tokens
}

/// One capability impl, justified as `justified` says.
fn capability_impl(
    clock: &Clock,
    tr: &Trait,
    justified: Impl,
    reader: &Reader<'_>,
    runtime: &Runtime,
) -> TokenStream {
    let name = &clock.name;
    let path = runtime.item(tr.name);
    let head = quote!(impl #path for #name);
    match (justified, reader.vouched()) {
        (Impl::Plain, _) => quote!(#head {}),
        (Impl::Vouched, Some(vouched)) => vouched.wrap(head, TokenStream::new()),
        // `MonotonicClock` of a clock read by id: `checks::row` asserts that
        // `clock_gettime` reads the id monotonically.
        (Impl::MonotonicId, _) => quote!(unsafe #head {}),
        // Validation gives a vouched capability to vouched readers only.
        (Impl::Vouched, None) => TokenStream::new(),
    }
}

/// `TableClock` for the clock: its row, as data.
fn table_clock(clock: &Clock, runtime: &Runtime) -> TokenStream {
    let name = &clock.name;
    let clock_trait = runtime.clock();
    let table_clock = runtime.item("TableClock");
    let info = runtime.item("ClockInfo");
    let resolution_type = runtime.item("Resolution");
    let text = Literal::string(&name.to_string());
    let getter = Literal::string(
        &clock
            .getter
            .as_ref()
            .map_or_else(String::new, |getter| getter.value.to_string()),
    );
    let doc = clock.doc.as_deref().unwrap_or("");
    let resolution = match clock.resolution {
        Some(Resolution::Tick) => quote!(#resolution_type::Tick),
        Some(Resolution::Nanos(nanos)) => {
            let nanos = Literal::i64_unsuffixed(nanos);
            quote!(#resolution_type::Nanos(#nanos))
        }
        None => quote!(#resolution_type::Nanos(1)),
    };
    let capabilities = CAPABILITIES.iter().map(|capability| {
        let key = Ident::new(capability.key, Span::call_site());
        let has = flag(has(clock, capability));
        quote!(#key: #has,)
    });
    quote! {
        impl #table_clock for #name {
            const INFO: #info = #info {
                name: #text,
                id: <#name as #clock_trait>::ID,
                getter: #getter,
                doc: #doc,
                resolution: #resolution,
                #(#capabilities)*
                read: <#name as #clock_trait>::ktime_get,
            };
        }
    }
}

/// Whether the clock has the capability (with the table's backend).
fn has(clock: &Clock, capability: &Capability) -> bool {
    clock
        .capabilities
        .iter()
        .any(|has| std::ptr::eq(*has, capability))
}

/// `CLOCKS` and `for_each_clock`.
fn table_items(valid: &Valid, runtime: &Runtime) -> TokenStream {
    let table_clock = runtime.item("TableClock");
    let info = runtime.item("ClockInfo");
    let visitor = runtime.item("ClockVisitor");
    let names: Vec<&Ident> = valid.clocks.iter().map(|clock| &clock.name).collect();
    let count = Literal::usize_unsuffixed(names.len());
    quote! {
        /// Every clock of the table, in table order: each clock's row, as data.
        pub const CLOCKS: [#info; #count] = [#(<#names as #table_clock>::INFO,)*];

        /// Calls `visitor.visit::<C>()` for every clock `C` of the table, in table order.
        #[inline]
        // `__Visitor` cannot be a clock's name (names are UpperCamelCase, without `_`).
        pub fn for_each_clock<__Visitor>(visitor: &mut __Visitor)
        where
            __Visitor: #visitor + ?::core::marker::Sized,
        {
            #(visitor.visit::<#names>();)*
        }
    }
}

/// A clock id as an expression of the expansion: a number, or the constant of the
/// module whose items are in scope.
pub(super) fn id_value(id: &ClockId) -> TokenStream {
    match id {
        ClockId::Number(number) => {
            let number = Literal::i32_unsuffixed(*number);
            quote!(#number)
        }
        ClockId::Constant(constant) => quote!(#constant as ::core::primitive::i32),
    }
}
