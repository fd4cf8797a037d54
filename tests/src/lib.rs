//! End-to-end tests of `declare_clocks!`; the tests live in `tests/`.
