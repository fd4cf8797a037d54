//! typed-clocks is `#![no_std]`: its crate root says so, so that nothing in it can use
//! `std` (with the attribute, any `std::` path is a compile error). The unit-test
//! support module brings `std` in for the tests only.

use std::path::Path;

#[test]
fn the_runtime_crate_root_is_no_std() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../time-core/src/lib.rs");
    let source = std::fs::read_to_string(&root).expect("time-core/src/lib.rs");
    let file = syn::parse_file(&source).expect("lib.rs parses");
    let no_std = file.attrs.iter().any(|attr| {
        matches!(attr.style, syn::AttrStyle::Inner(_)) && attr.path().is_ident("no_std")
    });
    assert!(no_std, "time-core/src/lib.rs has no #![no_std]");
}
