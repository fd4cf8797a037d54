//! Compile-fail and compile-pass proofs for `typed-clocks` and `declare_clocks!`: the
//! cases are `fail/*.rs` (with `.stderr` snapshots) and `pass/*.rs`, run by
//! `tests/ui.rs`. What each case proves is listed in `README.md`.
