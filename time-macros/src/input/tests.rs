use super::*;
use quote::quote;

fn parse_ok(tokens: TokenStream) -> (Invocation, Vec<String>) {
    let cx = Ctxt::new();
    let input = parse(tokens, &cx).unwrap_or_else(|_| panic!("structure parses"));
    let errors = cx
        .check(None)
        .err()
        .map(|e| e.into_iter().map(|e| e.to_string()).collect())
        .unwrap_or_default();
    (input, errors)
}

fn bindings(invocation: &Invocation) -> Option<String> {
    invocation.options.bindings().map(ModulePath::text)
}

#[test]
fn file_form_with_and_without_bindings() {
    let (input, errors) = parse_ok(quote!("clocks.toml"));
    assert!(errors.is_empty());
    assert!(matches!(&input.source, TableSource::File(path) if path.value() == "clocks.toml"));
    assert!(input.options.trust.is_none());

    let (input, errors) = parse_ok(quote!("../clocks.toml", unsafe(bindings = crate::bindings),));
    assert!(errors.is_empty());
    assert_eq!(bindings(&input).as_deref(), Some("crate::bindings"));
}

#[test]
fn the_runtime_comes_first_or_from_the_option() {
    let runtime = |invocation: &Invocation| {
        let runtime = invocation.options.runtime.as_ref().expect("a runtime");
        (runtime.path.to_string(), runtime.is_self)
    };
    let (input, errors) = parse_ok(quote!([::time_core] "clocks.toml"));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(runtime(&input), (":: time_core".to_owned(), false));
    let (input, errors) = parse_ok(quote!("clocks.toml", runtime = crate::time));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(runtime(&input), ("crate :: time".to_owned(), false));
    let (input, errors) = parse_ok(quote!([::time_core] "clocks.toml", runtime = self));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(runtime(&input), ("self".to_owned(), true));
    let (input, errors) = parse_ok(quote!(runtime = self));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(runtime(&input), ("self".to_owned(), true));
    assert!(matches!(&input.source, TableSource::Inline(rows) if rows.is_empty()));
    let (input, _) =
        parse_ok(quote!(runtime = self::tc; A { getter: a, monotonic: true, clockid: 1 }));
    assert_eq!(runtime(&input), ("self :: tc".to_owned(), false));
}

#[test]
fn the_clock_trait_option() {
    let (input, errors) = parse_ok(quote!("c.toml", runtime = self, clock_trait = ClockId));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(
        input.options.clock_trait.expect("clock_trait").to_string(),
        "ClockId"
    );
    let (_, errors) = parse_ok(quote!("c.toml", clock_trait = A, clock_trait = B));
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with("`clock_trait` is given twice"),
        "{errors:?}"
    );
    let (_, errors) = parse_ok(quote!("c.toml", runtim = self));
    assert!(errors[0].contains("did you mean `runtime`?"), "{errors:?}");
}

#[test]
fn option_errors_are_collected() {
    let (_, errors) = parse_ok(quote!(
        "c.toml",
        unsafe(bindings = a),
        unsafe(bindings = b),
        bindngs = c,
        colour = red
    ));
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(errors[0].starts_with("the invocation has two `unsafe(…)` options"));
    assert!(
        errors[1].starts_with("unknown option `bindngs`")
            && errors[1].contains("did you mean `bindings`?")
    );
    assert!(
        errors[2].starts_with("unknown option `colour`")
            && errors[2].contains("valid options are: bindings")
    );
}

#[test]
fn empty_input_explains_both_forms() {
    let cx = Ctxt::new();
    let Err(error) = parse(TokenStream::new(), &cx) else {
        panic!("empty input parsed")
    };
    assert!(cx.check(None).is_ok());
    assert!(error
        .to_string()
        .contains("declare_clocks!(\"clocks.toml\")"));
}

#[test]
fn inline_rows() {
    let (input, errors) = parse_ok(quote! {
        unsafe(bindings = crate::b);
        Monotonic { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC, doc: "d" },
        Real { getter: "ktime_get_real", monotonic: false, clockid: 0 },
        Neg { getter: g, monotonic: false, clockid: -3 },
    });
    assert!(errors.is_empty(), "{errors:?}");
    assert!(bindings(&input).is_some());
    let TableSource::Inline(rows) = input.source else {
        panic!("inline")
    };
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0].text(schema::NAME).unwrap().value, "Monotonic");
    assert_eq!(
        rows[0].get(schema::CLOCKID).unwrap().value,
        Value::Constant("CLOCK_MONOTONIC".into())
    );
    assert_eq!(
        rows[1].text(schema::GETTER).unwrap().value,
        "ktime_get_real"
    );
    assert_eq!(
        rows[1].get(schema::CLOCKID).unwrap().value,
        Value::Number(0)
    );
    assert_eq!(
        rows[2].get(schema::CLOCKID).unwrap().value,
        Value::Number(-3)
    );
}

#[test]
fn inline_key_errors() {
    let (_, errors) = parse_ok(quote! {
        A { getter: g, getter: h, monotonic: "yes", gettr: x, name: A }
    });
    assert_eq!(errors.len(), 4, "{errors:?}");
    assert!(errors[0].starts_with("duplicate key `getter`"));
    assert!(errors[1].starts_with("`monotonic` must be a boolean, found a string"));
    assert!(errors[2].starts_with("unknown key `gettr` in clock `A`"));
    assert!(errors[3].starts_with("an inline row is named by the identifier"));
}

#[test]
fn keywords_parse_as_names_so_validation_can_explain_them() {
    let (input, _) = parse_ok(quote! { self { getter: g, monotonic: true } });
    let TableSource::Inline(rows) = input.source else {
        panic!("inline")
    };
    assert_eq!(rows[0].text(schema::NAME).unwrap().value, "self");
}
