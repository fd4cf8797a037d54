//! The item table of `docs/upstream.md`.
