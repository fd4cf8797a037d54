//! Compile-fail and compile-pass proofs; see `tests/ui.rs`.
