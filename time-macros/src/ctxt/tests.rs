use super::*;

fn table(text: &str) -> TableText {
    TableText::new("clocks.toml".to_owned(), text.to_owned(), Span::call_site())
}

#[test]
fn errors_are_combined_in_file_order() {
    let t = table("a\nb\n");
    let cx = Ctxt::new();
    cx.error(&Site::Table(2..3), "second", "fix b");
    cx.error(&Site::Table(0..1), "first", "fix a");
    let messages: Vec<String> = cx
        .check(Some(&t))
        .unwrap_err()
        .into_iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(messages.len(), 2);
    assert!(
        messages[0].starts_with("clocks.toml:1:1: first\n"),
        "{}",
        messages[0]
    );
    assert!(
        messages[1].starts_with("clocks.toml:2:1: second\n"),
        "{}",
        messages[1]
    );
    assert!(messages[1].ends_with("= help: fix b"), "{}", messages[1]);
}

#[test]
fn an_empty_collector_checks_ok() {
    assert!(Ctxt::new().check(None).is_ok());
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "dropped without being checked")]
fn dropping_unchecked_errors_panics() {
    let cx = Ctxt::new();
    cx.error(&Site::Tokens(Span::call_site()), "lost", "check the Ctxt");
}
