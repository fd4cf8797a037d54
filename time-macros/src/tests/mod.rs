//! The tests that need more than one stage: the property tests of the whole pipeline,
//! the scaling measurement and the expansion printer for `scripts/macro-ratio.sh`
//! (both `#[ignore]`d). Each stage's own tests are in its module.

mod expand;
// To port to the new expansion: see issue 43.
#[cfg(all(feature = "toml", any()))]
mod proptests;
#[cfg(feature = "toml")]
mod reference;
#[cfg(feature = "toml")]
mod scaling;
