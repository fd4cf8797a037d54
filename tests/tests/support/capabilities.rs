//! The capabilities, as the capability table of `declare_clocks!`'s documentation
//! lists them. The macro's own tests keep that table equal to the macro's capability
//! table (`time-macros/src/capability.rs`), so the tests that cover every capability
//! iterate over this list and cover a new capability without an edit.
//!
//! Shared by the hostile tables' generator, and by `tests/build.rs`, which generates
//! the per-capability rows of `tests/tests/template_rows.rs`.

// Each includer uses a part of it.
#![allow(dead_code)]

/// The text of `declare_clocks!`'s documentation.
pub const DOCUMENTATION: &str = include_str!("../../../time-core/doc/declare_clocks.md");

/// One capability, as the documentation's table lists it.
#[derive(Clone, Copy, Debug)]
pub struct Capability<'a> {
    /// The row key (`true` to have the capability).
    pub key: &'a str,
    /// The trait a clock with the capability implements, in `typed_clocks`.
    pub trait_name: &'a str,
    /// Whether the trait (or its seal) is `unsafe`.
    pub is_unsafe: bool,
    /// Whether the posix backend gives it (else it ignores the key).
    pub posix: bool,
}

/// The capabilities of the documentation's table.
pub fn capabilities() -> &'static [Capability<'static>] {
    static CAPABILITIES: std::sync::OnceLock<Vec<Capability<'static>>> = std::sync::OnceLock::new();
    CAPABILITIES.get_or_init(|| parse(DOCUMENTATION))
}

/// The capabilities of the table in `documentation` (the text of
/// `time-core/doc/declare_clocks.md`); panics without one.
pub fn parse(documentation: &str) -> Vec<Capability<'_>> {
    const BEGIN: &str = "<!-- capability table: generated from time-macros/src/capability.rs -->";
    const END: &str = "<!-- end of capability table -->";
    let start = documentation.find(BEGIN).expect("the capability table");
    let end = documentation[start..].find(END).expect("its end") + start;
    let capabilities: Vec<Capability<'_>> = documentation[start..end]
        .lines()
        .filter_map(|line| {
            // | `key` | `Trait` | seal | unsafe | posix backend | meaning |
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            Some(Capability {
                key: code(cells.get(1)?)?,
                trait_name: code(cells.get(2)?)?,
                is_unsafe: *cells.get(4)? == "yes",
                posix: *cells.get(5)? != "ignored",
            })
        })
        .collect();
    assert!(!capabilities.is_empty(), "no rows in the capability table");
    capabilities
}

/// The text of a cell `` `text` ``.
fn code(cell: &str) -> Option<&str> {
    cell.strip_prefix('`')?.strip_suffix('`')
}
