//! Valid tables.

use super::*;

#[test]
pub(crate) fn valid_tables_expand_in_every_layout() {
    property(
        "valid_tables_expand_in_every_layout",
        1,
        (valid_table(1..12), layout()),
        |(table, layout)| {
            let written = write(&table, &layout);
            let expansion = expand_text(&written.text, &table.options());
            check_valid_expansion(&expansion, &table)
        },
    );
}

#[test]
pub(crate) fn valid_tables_expand_from_files() {
    let dir = temp_dir("valid");
    property(
        "valid_tables_expand_from_files",
        8,
        (valid_table(1..12), layout()),
        |(table, layout)| {
            let written = write(&table, &layout);
            let expansion = expand_file(&dir, written.text.as_bytes(), &table.options());
            check_valid_expansion(&expansion, &table)?;
            prop_assert!(expansion.includes_file, "the table is not include_bytes!'d");
            Ok(())
        },
    );
}

#[test]
pub(crate) fn valid_tables_expand_in_the_inline_form() {
    property(
        "valid_tables_expand_in_the_inline_form",
        1,
        (valid_table(1..12), any::<u64>()),
        |(table, seed)| {
            let tokens = inline_tokens(&table, seed);
            let expansion = observe(declare_clocks(tokens, &Environment::default()));
            check_valid_expansion(&expansion, &table)?;
            prop_assert!(!expansion.includes_file);
            Ok(())
        },
    );
}
