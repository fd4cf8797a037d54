//! Sizes and shapes no generator reaches often.

use super::*;

#[test]
pub(crate) fn thousands_of_clocks_expand_from_a_file() {
    let dir = temp_dir("thousands");
    let row = |i: usize| {
        format!(
            "[[clock]]\nname = \"Clock{i}\"\ngetter = \"get_{i}\"\nmonotonic = {}\nclockid = {}\n\n",
            i.is_multiple_of(2),
            i % 16
        )
    };
    let text: String = (0..3_000).map(row).collect();
    let expansion = expand_file(&dir, text.as_bytes(), &extern_getters());
    assert!(expansion.errors.is_empty(), "{:?}", &expansion.errors[..1]);
    invariants(&expansion).unwrap_or_else(|e| panic!("{}", &e[..200]));
    assert_eq!(expansion.types.len(), 3_000);
    assert_eq!(expansion.clocks.len(), 3_000);
    assert_eq!(expansion.implementing("MonotonicClock").len(), 1_500);

    // Every tenth row broken: 200 located errors, and the other rows are all clocks.
    let text: String = (0..2_000)
        .map(|i| {
            if i % 10 == 0 {
                row(i).replace("monotonic = true", "monotonic = 1")
            } else {
                row(i)
            }
        })
        .collect();
    let expansion = expand_text(&text, &extern_getters());
    assert_eq!(expansion.errors.len(), 200);
    for (k, error) in expansion.errors.iter().enumerate() {
        let line = k * 10 * 6 + 4;
        assert!(
            error.starts_with(&format!(
                "clocks.toml:{line}:13: `monotonic` must be a boolean"
            )),
            "{error}"
        );
    }
    assert_eq!(expansion.types.len(), 2_000);
    assert_eq!(expansion.clocks.len(), 1_800);
}

#[test]
pub(crate) fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let deep_values = [
        format!("x = {}1{}", "[".repeat(10_000), "]".repeat(10_000)),
        format!("x = {}1{}", "{ a = ".repeat(5_000), " }".repeat(5_000)),
        format!("{} = 1", vec!["a"; 10_000].join(".")),
        format!("[{}]", vec!["a"; 10_000].join(".")),
        format!("[[{}]]", vec!["clock"; 10_000].join(".")),
        format!("x = {}", "[".repeat(10_000)),
    ];
    for deep in deep_values {
        let text = format!("[[clock]]\nname = \"A\"\ngetter = \"a\"\nmonotonic = true\n{deep}\n");
        let expansion = expand_text(&text, &extern_getters());
        assert!(!expansion.errors.is_empty(), "{}", &deep[..20]);
        for error in &expansion.errors {
            check_located(error, &text).unwrap_or_else(|e| panic!("{e}"));
        }
        // The good row before the damage is still declared.
        assert_eq!(expansion.types, ["A"], "{}", &deep[..20]);
    }
    // Deeply nested groups in the tokens.
    let mut tokens = quote!(1);
    for _ in 0..500 {
        tokens = quote!(( #tokens ));
    }
    let expansion = observe(declare_clocks(
        extern_getters().inline(quote!(A { getter: g, monotonic: #tokens })),
        &Environment::default(),
    ));
    assert_eq!(expansion.errors.len(), 1, "{:?}", expansion.errors);
}

#[test]
pub(crate) fn very_long_names_and_lines() {
    let long = format!(
        "[[clock]]\nname = \"{}\"\ngetter = \"{}\"\nmonotonic = true\nclockid = 1\ndoc = \"{}\"\n",
        "A".repeat(100_000),
        "g".repeat(100_000),
        "é".repeat(100_000)
    );
    let expansion = expand_text(&long, &extern_getters());
    let shown: Vec<String> = expansion
        .errors
        .iter()
        .map(|error| error.chars().take(200).collect())
        .collect();
    assert!(expansion.errors.is_empty(), "{shown:?}");
    assert_eq!(expansion.types.len(), 1);

    let bad = format!(
        "[[clock]]\nname = \"{}\"\ngetter = \"g\"\nmonotonic = true\nclockid = 1\n",
        "é".repeat(100_000)
    );
    let expansion = expand_text(&bad, &extern_getters());
    assert_eq!(expansion.errors.len(), 1);
    assert!(
        expansion.errors[0].starts_with("clocks.toml:2:9: clock name `éé"),
        "{}",
        expansion.errors[0].chars().take(80).collect::<String>()
    );
}

#[test]
pub(crate) fn invalid_utf8_is_located_in_characters() {
    let dir = temp_dir("utf8");
    for (bytes, line, column) in [
        (&b"\xff[[clock]]"[..], 1, 1),
        (b"[[clock]]\nname = \"Caf\xc3\xa9\xe9\"\n", 2, 13),
        (
            b"[[clock]]\r\nname = \"\xf0\x9f\x98\x80\xf0\x9f\x98\"\n",
            2,
            10,
        ),
        (b"[[clock]]\n\n\nname = \"A\"\xc0\x80", 4, 11),
        (b"# \xed\xa0\x80 (an encoded surrogate)", 1, 3),
    ] {
        let expansion = expand_file(&dir, bytes, &extern_getters());
        assert_eq!(expansion.errors.len(), 1, "{:?}", expansion.errors);
        let expected = format!("clocks.toml:{line}:{column}: the clock table is not valid UTF-8");
        assert!(
            expansion.errors[0].starts_with(&expected),
            "{:?}",
            expansion.errors[0]
        );
    }
}

/// Regression: `clockid: -` followed by a literal that is itself negative (as
/// `Literal::i64_suffixed(-5)` from another macro) made `syn::LitInt::new` panic on
/// `--5`.
#[test]
pub(crate) fn minus_before_a_negative_literal() {
    let negative = Literal::i64_suffixed(-5);
    let out = declare_clocks(
        extern_getters().inline(quote!(A { getter: g, monotonic: true, clockid: - #negative })),
        &Environment::default(),
    );
    assert_eq!(observe(out).ids["A"], "5");
    let out = declare_clocks(
        extern_getters().inline(quote!(A { getter: g, monotonic: true, clockid: #negative })),
        &Environment::default(),
    );
    assert_eq!(observe(out).ids["A"], "-5");
}
