//! Token streams.

use super::*;

/// One token tree: identifiers (keywords and raw ones included), literals of every
/// kind (negative ones too, as other macros may produce), punctuation, groups.
pub(crate) fn token_tree() -> impl Strategy<Value = TokenTree> {
    let leaf = prop_oneof![
        prop::sample::select(vec![
            "Monotonic",
            "getter",
            "monotonic",
            "clockid",
            "doc",
            "name",
            "bindings",
            "backend",
            "posix",
            "kernel",
            "offset",
            "offset_base",
            "self",
            "crate",
            "super",
            "Self",
            "true",
            "false",
            "fn",
            "x",
            "_",
            "CLOCK_MONOTONIC",
            "ktime_get",
            "runtime",
            "clock_trait",
            "ClockId",
            "unsafe",
            "extern",
            "kernel_services",
        ])
        .prop_map(|word| TokenTree::Ident(Ident::new(word, Span::call_site()))),
        prop::sample::select(vec!["type", "getter", "Monotonic", "x"])
            .prop_map(|word| TokenTree::Ident(Ident::new_raw(word, Span::call_site()))),
        prop::sample::select(vec![
            ':', ',', ';', '=', '-', '#', '!', '.', '<', '>', '&', '\'', '$'
        ])
        .prop_map(|c| TokenTree::Punct(Punct::new(c, Spacing::Alone))),
        prop::sample::select(vec![':', '=', '-'])
            .prop_map(|c| TokenTree::Punct(Punct::new(c, Spacing::Joint))),
        any::<i64>().prop_map(|n| TokenTree::Literal(Literal::i64_suffixed(n))),
        any::<i64>().prop_map(|n| TokenTree::Literal(Literal::i64_unsuffixed(n))),
        any::<i128>().prop_map(|n| TokenTree::Literal(Literal::i128_unsuffixed(n))),
        any::<u128>().prop_map(|n| TokenTree::Literal(Literal::u128_suffixed(n))),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| TokenTree::Literal(Literal::f64_unsuffixed(f))),
        prop_oneof![
            ".{0,10}",
            Just("clocks.toml".to_owned()),
            Just("../clocks.toml".to_owned()),
            Just(String::new())
        ]
        .prop_map(|s| TokenTree::Literal(Literal::string(&s))),
        "[a-z.]{0,8}".prop_map(|s| TokenTree::Literal(Literal::byte_string(s.as_bytes()))),
        any::<char>().prop_map(|c| TokenTree::Literal(Literal::character(c))),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        (
            prop::sample::select(vec![
                Delimiter::Brace,
                Delimiter::Parenthesis,
                Delimiter::Bracket,
                Delimiter::None,
            ]),
            prop::collection::vec(inner, 0..8),
        )
            .prop_map(|(delimiter, trees)| {
                TokenTree::Group(Group::new(delimiter, trees.into_iter().collect()))
            })
    })
}

#[test]
pub(crate) fn arbitrary_tokens_never_panic() {
    let dir = temp_dir("tokens");
    std::fs::write(
        dir.join("clocks.toml"),
        "[[clock]]\nname = \"Monotonic\"\ngetter = \"ktime_get\"\nmonotonic = true\n",
    )
    .expect("write table");
    property(
        "arbitrary_tokens_never_panic",
        1,
        prop::collection::vec(token_tree(), 0..16),
        |trees| {
            let expansion = observe(declare_clocks(trees.into_iter().collect(), &env_for(&dir)));
            check_invariants(&expansion)
        },
    );
}

/// A value in an inline row: mostly plausible, sometimes not.
pub(crate) fn inline_value() -> impl Strategy<Value = TokenStream> {
    prop_oneof![
        4 => token_tree().prop_map(TokenStream::from),
        1 => any::<i64>().prop_map(|n| {
            // `-` before a literal that may itself be negative.
            let literal = Literal::i64_suffixed(n);
            quote!(- #literal)
        }),
        1 => any::<u64>().prop_map(|n| quote!(- #n)),
        1 => Just(quote!(- - 1)),
        1 => Just(quote!(some_crate::bindings)),
        1 => Just(TokenStream::new()),
    ]
}

/// A plausible value for an inline row's `key` (`seed` picks one), or else any value.
pub(crate) fn plausible_value(key: &str, seed: u64) -> TokenStream {
    let pick = |options: &[TokenStream]| options[(seed % options.len() as u64) as usize].clone();
    match key {
        "getter" => pick(&[
            quote!(ktime_get),
            quote!(get_a),
            quote!("get_b"),
            quote!(r#fn),
        ]),
        "monotonic" | "offset_base" => pick(&[quote!(true), quote!(false)]),
        "clockid" => pick(&[
            quote!(1),
            quote!(-3),
            quote!(CLOCK_MONOTONIC),
            quote!(4294967296),
            quote!(0x10),
        ]),
        "doc" => pick(&[
            quote!("Time since boot."),
            quote!(""),
            quote!(r"raw \ doc"),
            quote!("multi\nline"),
        ]),
        "offset" => pick(&[
            quote!(TK_OFFS_BOOT),
            quote!("TK_OFFS_REAL"),
            quote!(TK_OFFS_BOOT),
        ]),
        _ => pick(&[quote!(x), quote!(1), quote!("s")]),
    }
}

/// An inline invocation: `key = value;` options, then `Name { key: value, … }` rows.
/// Most rows are complete and most values plausible, so that validation and expansion
/// are reached; every part is sometimes malformed (missing separators, unknown or
/// repeated keys, values of the wrong kind, tokens of any kind).
pub(crate) fn inline_input() -> impl Strategy<Value = TokenStream> {
    let key = prop_oneof![
        8 => prop::sample::select(row_keys()[1..].to_vec()),
        1 => Just("name"),
        1 => prop::sample::select(vec!["gettr", "Monotonic", "clock_id", "k", "_"]),
    ];
    let field = (
        key,
        any::<u64>(),
        prop::bool::weighted(0.8),
        inline_value(),
        prop::bool::weighted(0.95),
    )
        .prop_map(|(key, seed, plausible, weird, colon)| {
            let value = if plausible {
                plausible_value(key, seed)
            } else {
                weird
            };
            let key = Ident::new(key, Span::call_site());
            if colon {
                quote!(#key: #value)
            } else {
                quote!(#key #value)
            }
        });
    let separator = prop_oneof![
        12 => Just(quote!(,)),
        1 => Just(quote!(;)),
        1 => Just(TokenStream::new()),
    ];
    let row = (
        prop_oneof![
            8 => "[A-Z][a-z]{0,6}"
                .prop_map(|n| TokenTree::Ident(Ident::new(&n, Span::call_site()))),
            1 => token_tree(),
        ],
        // The required keys first, most of the time.
        prop::bool::weighted(0.7),
        "[a-z]{1,6}",
        any::<bool>(),
        prop::collection::vec((field, separator.clone()), 0..5),
        prop::bool::weighted(0.95),
    )
        .prop_map(|(name, complete, getter, monotonic, fields, braced)| {
            let getter = Ident::new(
                if is_keyword(&getter) { "g" } else { &getter },
                Span::call_site(),
            );
            let required = complete.then(|| quote!(getter: #getter, monotonic: #monotonic,));
            let rest: TokenStream = fields.into_iter().map(|(f, s)| quote!(#f #s)).collect();
            if braced {
                quote!(#name { #required #rest })
            } else {
                quote!(#name ( #required #rest ))
            }
        });
    let key_value = (
        prop_oneof![
            6 => prop::sample::select(vec!["bindings", "backend", "runtime", "clock_trait"]),
            1 => prop::sample::select(vec!["bindngs", "colour", "kernel_services", "crate", "error"]),
        ],
        prop_oneof![
            3 => Just(quote!(some_crate::bindings)),
            3 => Just(quote!(posix)),
            2 => Just(quote!(self)),
            1 => Just(quote!(kernel)),
            1 => Just(quote!(ClockId)),
            1 => Just(quote!(other)),
            1 => inline_value(),
        ],
    )
        .prop_map(|(key, value)| {
            let key = Ident::new(key, Span::call_site());
            quote!(#key = #value)
        });
    let option = (
        prop_oneof![
            4 => key_value,
            2 => Just(quote!(unsafe(extern "C"))),
            2 => Just(quote!(unsafe(bindings = some_crate::bindings))),
            1 => Just(quote!(unsafe(extern "Rust"))),
            1 => inline_value().prop_map(|value| quote!(unsafe(#value))),
        ],
        prop::bool::weighted(0.95),
    )
        .prop_map(
            |(option, semicolon)| {
                if semicolon {
                    quote!(#option;)
                } else {
                    option
                }
            },
        );
    let runtime = prop_oneof![
        2 => Just(quote!([::typed_clocks])),
        1 => Just(TokenStream::new()),
        1 => token_tree().prop_map(|tree| quote!([#tree])),
    ];
    (
        runtime,
        prop::collection::vec(option, 0..4),
        prop::collection::vec((row, separator), 0..6),
    )
        .prop_map(|(runtime, options, rows)| {
            let rows: TokenStream = rows.into_iter().map(|(r, s)| quote!(#r #s)).collect();
            quote!(#runtime #(#options)* #rows)
        })
}

#[test]
pub(crate) fn inline_rows_never_panic() {
    property("inline_rows_never_panic", 1, inline_input(), |tokens| {
        let expansion = observe(declare_clocks(tokens, &Environment::default()));
        check_invariants(&expansion)
    });
}

/// The file form with random options after the path, over a valid table file.
#[test]
pub(crate) fn file_form_options_never_panic() {
    let dir = temp_dir("options");
    std::fs::write(
        dir.join("clocks.toml"),
        "[[clock]]\nname = \"Monotonic\"\ngetter = \"ktime_get\"\nmonotonic = true\nclockid = \"CLOCK_MONOTONIC\"\n",
    )
    .expect("write table");
    let path = prop_oneof![
        4 => Just(quote!("clocks.toml")),
        1 => Just(quote!("missing.toml")),
        1 => Just(quote!("")),
        1 => Just(quote!("/")),
        1 => ".{0,8}".prop_map(|p| quote!(#p)),
    ];
    let rest = prop::collection::vec(token_tree(), 0..8);
    let runtime = prop_oneof![Just(quote!([::typed_clocks])), Just(TokenStream::new()),];
    property(
        "file_form_options_never_panic",
        1,
        (runtime, path, rest, prop::bool::weighted(0.7)),
        |(runtime, path, rest, comma)| {
            let tokens = if comma {
                quote!(#runtime #path, #(#rest)*)
            } else {
                quote!(#runtime #path #(#rest)*)
            };
            let expansion = observe(declare_clocks(tokens, &env_for(&dir)));
            check_invariants(&expansion)
        },
    );
}
