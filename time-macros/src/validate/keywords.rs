//! The keywords that are never a name in the expansion: a clock name is a Rust type
//! name, a getter or clock-id constant a C name that Rust code names as it is.
//!
//! The hostile tables' generator (`tests/tests/support/hostile.rs`) includes this
//! file, to try each keyword where the macro must reject it.

/// Rust keywords (strict and reserved, all editions): never a clock or getter name.
/// Sorted, for [`is_rust_keyword`]'s binary search.
pub(crate) const RUST_KEYWORDS: &[&str] = &[
    "Self", "abstract", "as", "async", "await", "become", "box", "break", "const", "continue",
    "crate", "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if",
    "impl", "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub",
    "ref", "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// C keywords (C23, with C11's spellings that C23 keeps as alternatives): never a
/// getter or constant name. Sorted, for [`is_c_keyword`]'s binary search.
#[rustfmt::skip] // compact: one keyword a line is a page of them
pub(crate) const C_KEYWORDS: &[&str] = &[
    "_Alignas", "_Alignof", "_Atomic", "_BitInt", "_Bool", "_Complex", "_Decimal128",
    "_Decimal32", "_Decimal64", "_Generic", "_Imaginary", "_Noreturn", "_Static_assert",
    "_Thread_local", "alignas", "alignof", "auto", "bool", "break", "case", "char", "const",
    "constexpr", "continue", "default", "do", "double", "else", "enum", "extern", "false",
    "float", "for", "goto", "if", "inline", "int", "long", "nullptr", "register",
    "restrict", "return", "short", "signed", "sizeof", "static", "static_assert", "struct",
    "switch", "thread_local", "true", "typedef", "typeof", "typeof_unqual", "union",
    "unsigned", "void", "volatile", "while",
];

/// Whether `text` is a Rust keyword.
pub(crate) fn is_rust_keyword(text: &str) -> bool {
    RUST_KEYWORDS.binary_search(&text).is_ok()
}

/// Whether `text` is a C keyword.
pub(crate) fn is_c_keyword(text: &str) -> bool {
    C_KEYWORDS.binary_search(&text).is_ok()
}
