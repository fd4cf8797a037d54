//! Support for `typed_clocks::declare_clocks!` and for the instants' subtraction. Not
//! public API: nothing here follows semver.

/// The procedural macro, which `typed_clocks::declare_clocks!` calls with the path of
/// this crate as the runtime.
pub use typed_clocks_macros::declare_clocks;

use crate::clock::ClockSource;

/// `Instant<D>: SameClockAs<C, D>` holds only for `D = C`: the bound on subtracting
/// instants, so that mixing clocks fails with a message that says what is wrong.
///
/// The self type is the right-hand `Instant<D>` rather than the clock `D`: a bound
/// whose self type is a bare inference variable (`D: SameClockAs<C>`) stays ambiguous
/// and would break `a - Instant::from_ktime(5)`, while `Instant<?D>` still selects the
/// one impl and infers `D = C`. The second parameter repeats `D` only so that the
/// message can name both clocks.
///
/// Its one impl is below, and its private supertrait has the same one only: no crate
/// can add another (an `impl SameClockAs<Mono, Real> for Instant<Real>` does not
/// compile), so subtraction across clocks cannot be made to compile.
#[diagnostic::on_unimplemented(
    message = "cannot subtract an `Instant<{D}>` from an `Instant<{C}>`: they come from \
               different clocks",
    label = "the left-hand instant is on clock `{C}`, the right-hand one on `{D}`",
    note = "a difference of instants only means something on one clock; convert one instant \
            explicitly with `InstantExt::to_clock` (where the clock table declares an offset), or \
            measure a `Delta` on each clock separately"
)]
pub trait SameClockAs<C, D>: same_clock::Sealed<C, D> {}

impl<C: ClockSource> SameClockAs<C, C> for crate::instant::Instant<C> {}

mod same_clock {
    /// Seals [`SameClockAs`](super::SameClockAs): this module is private, so only the
    /// impl below exists.
    pub trait Sealed<C, D> {}

    impl<C: crate::ClockSource> Sealed<C, C> for crate::instant::Instant<C> {}
}
