use super::super::keywords::{C_KEYWORDS, RUST_KEYWORDS};

/// The keyword lookups are binary searches.
#[test]
fn the_keyword_lists_are_sorted() {
    for list in [RUST_KEYWORDS, C_KEYWORDS] {
        assert!(list.windows(2).all(|pair| pair[0] < pair[1]), "{list:?}");
    }
}
