//! The tests that need more than one stage: the property tests of the whole pipeline,
//! the scaling measurement and the expansion printer for `scripts/macro-ratio.sh`
//! (both `#[ignore]`d), and `observe`, which reads an expansion back for them and for
//! `declare`'s tests. Each stage's own tests are in its module.

mod expand;
#[cfg(feature = "toml")]
pub(crate) mod observe;
#[cfg(feature = "toml")]
mod proptests;
#[cfg(feature = "toml")]
mod reference;
#[cfg(feature = "toml")]
mod scaling;
