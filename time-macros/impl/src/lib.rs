//! `declare_clocks!` as an ordinary library: the `typed-clocks-macros` proc macro is a few
//! lines over [`declare_clocks`], so everything here runs, and is tested, without a
//! compiler.
//!
//! One direction, one module per stage:
//!
//! | stage | module | from → to |
//! |---|---|---|
//! | parse | [`input`] | the invocation's tokens → [`model::Options`] and a table source |
//! | find | [`env`](mod@env) | a table path → the file's text ([`env::Environment`]) |
//! | read | `table` (feature `toml`) | TOML text → [`model::ClockRow`]s, with byte spans |
//! | validate | [`validate`] | rows → [`model::Declared`] clocks; every error collected |
//! | expand | [`expand`] | declared clocks → tokens for typed-clocks's template |
//!
//! [`model`] holds the types the stages share, [`diagnostics`] collects errors with
//! their places, and [`suggest`] finds the name a misspelt one was meant to be.

pub mod declare;
pub mod diagnostics;
pub mod env;
pub mod expand;
pub mod input;
pub mod model;
pub mod suggest;
#[cfg(feature = "toml")]
pub mod table;
pub mod template;
pub mod validate;

pub use declare::declare_clocks;
pub use env::{Environment, TABLE_DIR_VAR};
