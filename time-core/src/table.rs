//! What `declare_clocks!` generates to enumerate the clocks of a table.

use crate::clock::{ClockId, Ktime};
use crate::ext::ClockSourceExt;

/// One clock of a table, as data: what `declare_clocks!` puts in the `CLOCKS` array it
/// generates beside the marker types, in table order.
///
/// `no_std`, `const` and allocation-free, so a demo, a test or a kernel module can list
/// every clock of the table without naming them:
///
/// ```
/// # #[unsafe(no_mangle)] extern "C" fn info_doc_mono() -> typed_clocks::Ktime { 5 }
/// # #[unsafe(no_mangle)] extern "C" fn info_doc_real() -> typed_clocks::Ktime { 7 }
/// typed_clocks::declare_clocks! {
///     unsafe(extern "C");
///     Mono { getter: info_doc_mono, monotonic: true, clockid: 1, doc: "Since boot." },
///     Real { getter: info_doc_real, monotonic: false, clockid: 0 },
/// }
/// const NAMES: [&str; 2] = [CLOCKS[0].name, CLOCKS[1].name];
/// assert_eq!(NAMES, ["Mono", "Real"]);
/// assert_eq!((CLOCKS[0].id, CLOCKS[1].id), (1, 0));
/// assert_eq!((CLOCKS[0].read)(), 5);
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct ClockInfo {
    /// The clock's name in the table, which is also its Rust type name.
    pub name: &'static str,
    /// Whether the clock never goes backwards (the table's `monotonic`).
    pub monotonic: bool,
    /// The clock's `clockid_t` (the table's `clockid`: `ClockSource::ID`).
    pub id: ClockId,
    /// The table's `doc` for the clock (empty without one).
    pub doc: &'static str,
    /// Reads the clock: `ClockSource::ktime_get` of its marker type.
    pub read: fn() -> Ktime,
}

impl ClockInfo {
    /// The entry of clock `C`, with an explicit `doc`.
    #[inline]
    pub const fn of<C: ClockSourceExt>(doc: &'static str) -> Self {
        ClockInfo {
            name: C::NAME,
            monotonic: C::MONOTONIC,
            id: C::ID,
            doc,
            read: C::ktime_get,
        }
    }
}

/// Code that is generic over every clock of a table: `declare_clocks!` generates
/// `for_each_clock(&mut visitor)`, which calls [`visit`](Self::visit) once per clock
/// type, in table order.
///
/// ```
/// use typed_clocks::ext::InstantExt;
/// use typed_clocks::{ClockSource, ClockVisitor, Instant};
/// # #[unsafe(no_mangle)] extern "C" fn visit_doc_mono() -> typed_clocks::Ktime { 5 }
/// # #[unsafe(no_mangle)] extern "C" fn visit_doc_real() -> typed_clocks::Ktime { 7 }
/// typed_clocks::declare_clocks! {
///     unsafe(extern "C");
///     Mono { getter: visit_doc_mono, monotonic: true, clockid: 1 },
///     Real { getter: visit_doc_real, monotonic: false, clockid: 0 },
/// }
///
/// struct Sum(i64);
/// impl ClockVisitor for Sum {
///     fn visit<C: ClockSource>(&mut self) {
///         self.0 += Instant::<C>::now().to_ktime(); // `InstantExt`
///     }
/// }
/// let mut sum = Sum(0);
/// for_each_clock(&mut sum);
/// assert_eq!(sum.0, 12);
/// ```
pub trait ClockVisitor {
    /// Called once for each clock `C` of the table. (An implementation may bound `C`
    /// by `ClockSource` alone.)
    fn visit<C: ClockSourceExt>(&mut self);
}
