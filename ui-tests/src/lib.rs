//! Compile-fail and compile-pass proofs for `typed-clocks`, `declare_clocks!` and the
//! kernel crate's timers: the cases are `fail/*.rs` (with `.stderr` snapshots) and
//! `pass/*.rs`, run by `tests/ui.rs`; `tests/exported_macros.rs` checks that every
//! exported macro of the workspace has a case or a documented reason. What each case
//! proves is listed in `README.md`.
//!
//! The library is empty: the cases name the crates this package depends on
//! (`typed_clocks`, `typed_clocks_macros`, `kernel`, `pinned_init`).
