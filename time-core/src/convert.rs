//! Explicit conversions between clocks whose relation the clock table declares.

use crate::clock::{ClockSource, Ktime};
use crate::instant::Instant;

/// A clock of a clock table, placed among the table's timekeeper offsets: its readings
/// are those of [`Base`](Self::Base) plus [`offset`](Self::offset). The relation that
/// [`ConvertsTo`] is derived from.
///
/// `declare_clocks!` implements it for every row: for the `offset_base` row and every
/// clock the table relates to no other, `Base` is the clock itself and the offset 0;
/// for a row with `offset = "TK_OFFS_…"`, `Base` is the `offset_base` row and the offset
/// the kernel's (`ktime_mono_to_any(0, TK_OFFS_…)`). So a table clock's relations are
/// fixed: another impl for it conflicts with the generated one (E0119). Not public API.
#[doc(hidden)]
pub trait OffsetClock: ClockSource {
    /// The clock this one is offset from (itself for a base).
    type Base;
    /// This clock's reading minus its base's, now (0 for a base).
    fn offset() -> Ktime;
}

mod sealed {
    use super::OffsetClock;

    /// Two clocks `C` and `D` with one base: the tuple of their bases is `(B, B)`.
    #[diagnostic::on_unimplemented(
        message = "the clock table declares no conversion from `{C}` to `{D}`",
        label = "no conversion between these clocks",
        note = "conversions exist only between clocks related by a timekeeper offset \
                (`offset = \"TK_OFFS_...\"` in clocks.toml) and their monotonic base (the row \
                with `offset_base = true`)"
    )]
    pub trait SameBase<C, D> {}

    impl<B, C, D> SameBase<C, D> for (B, B) {}

    /// Seals [`ConvertsTo`](super::ConvertsTo): only its blanket impl satisfies it, so no
    /// conversion can be added by hand, in any crate.
    pub trait Sealed<D> {}

    impl<C, D> Sealed<D> for C
    where
        C: OffsetClock,
        D: OffsetClock,
        (C::Base, D::Base): SameBase<C, D>,
    {
    }
}

/// `Self` converts to clock `D`: the clock table relates the two through a timekeeper
/// offset (`offset_base = true` on one row, `offset = "TK_OFFS_…"` on others).
///
/// Holds between clocks of one base ([`OffsetClock`], which `declare_clocks!`
/// implements for every row of a table with a bindings module): the base and each
/// clock with an offset, both ways, and any two clocks with offsets. It has one impl,
/// over that relation, and a private seal: a conversion the table does not declare
/// cannot be added by hand, and pairs without a declared relation (e.g. the raw clock)
/// do not convert. Use it through [`InstantExt::to_clock`](crate::ext::InstantExt::to_clock).
pub trait ConvertsTo<D: ClockSource>: ClockSource + sealed::Sealed<D> {
    /// Converts a reading of `Self` to the same moment on `D`, with the offsets as
    /// they are now, saturating at the `Ktime` range.
    #[doc(hidden)]
    fn convert_ktime(ktime: Ktime) -> Ktime;
}

impl<C, D> ConvertsTo<D> for C
where
    C: OffsetClock,
    D: OffsetClock,
    (C::Base, D::Base): sealed::SameBase<C, D>,
{
    /// `ktime - offset(C) + offset(D)`, saturating: the base's offset is 0, so from or
    /// to the base this is one saturating addition of the other clock's offset.
    #[inline]
    fn convert_ktime(ktime: Ktime) -> Ktime {
        ktime.saturating_add(D::offset().saturating_sub(C::offset()))
    }
}

impl<C: ClockSource> Instant<C> {
    /// The same moment on clock `D` (`InstantExt::to_clock`).
    #[inline]
    pub(crate) fn to_clock<D: ClockSource>(self) -> Instant<D>
    where
        C: ConvertsTo<D>,
    {
        Instant::from_ktime(C::convert_ktime(self.to_ktime()))
    }
}

#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;

#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod saturation;
