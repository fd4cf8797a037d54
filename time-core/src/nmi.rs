//! Time in NMI context: [`now`] reads only clocks declared `nmi_safe` ([`NmiSafeClock`]).
//!
//! An NMI can interrupt the timekeeping update itself. `ktime_get()` and the other
//! seqcount readers retry while an update is in progress, so called from an NMI that
//! interrupted the update they spin forever. The kernel's `*_fast_ns` accessors
//! (`ktime_get_mono_fast_ns()`, …) read one of two copies of the timekeeper instead and
//! are safe there (`Documentation/core-api/timekeeping.rst`).
//!
//! # What is enforced, and what is not
//!
//! - [`now`] takes `C: NmiSafeClock`, and so does code generic over such a bound: an
//!   NMI handler that reads time through them cannot be instantiated with a seqcount
//!   clock; that is a compile error naming the clock.
//! - Nothing stops an NMI handler from calling [`Instant::now`] (or any clock's getter)
//!   directly: the crate does not know which context code runs in. Reading time in
//!   NMI code through [`now`] only is a convention the compiler checks for you once you
//!   follow it, not a guarantee about every call.
//! - Which clocks are `NmiSafeClock` is the table's word: the macro refuses
//!   `nmi_safe = true` for getters it knows to be seqcount readers (`ktime_get`,
//!   `ktime_get_real`, the coarse family, …) and for getters that do not return `u64`,
//!   a deny-list, not a proof that another getter is NMI-safe.
//! - The trait is an `unsafe trait`, so an implementation outside `declare_clocks!` is
//!   an `unsafe impl` whose writer vouches that the getter is NMI-safe, and no
//!   implementation happens by accident.
//!
//! A wrong reading in NMI context is a deadlock, not undefined behaviour: none of this
//! is a soundness guarantee.
//!
//! A perf-style NMI handler timestamping events into a lock-free ring, with no
//! allocation, no lock and no seqcount:
//!
//! ```
//! use core::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
//! use typed_clocks::{nmi, Instant, NmiSafeClock};
//! use typed_clocks::ext::InstantExt; // `to_ktime`
//! # static FAST_NS: core::sync::atomic::AtomicU64 = core::sync::atomic::AtomicU64::new(5_000);
//! # #[unsafe(no_mangle)]
//! # extern "C" fn nmi_doc_mono_fast_ns() -> u64 { FAST_NS.fetch_add(10, Ordering::Relaxed) }
//! typed_clocks::declare_clocks! {
//!     unsafe(extern "C");
//!     MonotonicFast {
//!         // Not `monotonic`: a reading taken in an NMI during a timekeeper update can
//!         // be ahead of the next ones (kernel/time/timekeeping.c).
//!         getter: nmi_doc_mono_fast_ns, returns: u64,
//!         monotonic: false, nmi_safe: true, clockid: 1,
//!         doc: "CLOCK_MONOTONIC through the NMI-safe ktime_get_mono_fast_ns()",
//!     },
//! }
//!
//! /// Event timestamps, written from NMI context.
//! struct EventLog<const N: usize> {
//!     next: AtomicUsize,
//!     stamps: [AtomicI64; N],
//! }
//!
//! impl<const N: usize> EventLog<N> {
//!     /// Called by the NMI handler for each overflow event: `C` must be NMI-safe.
//!     fn record<C: NmiSafeClock>(&self) -> Instant<C> {
//!         let at = nmi::now::<C>();
//!         let slot = self.next.fetch_add(1, Ordering::Relaxed) % N;
//!         self.stamps[slot].store(at.to_ktime(), Ordering::Relaxed);
//!         at
//!     }
//! }
//!
//! let log = EventLog::<4> { next: AtomicUsize::new(0), stamps: Default::default() };
//! let first = log.record::<MonotonicFast>();
//! let second = log.record::<MonotonicFast>();
//! assert!(second > first);
//! // log.record::<Monotonic>()  // error: `Monotonic` cannot be read in NMI context
//! // (but `Instant::<Monotonic>::now()` would compile here: see above)
//! ```

use crate::instant::Instant;
use crate::NmiSafeClock;

/// Reads clock `C` in NMI context: [`Instant::now`], for NMI-safe clocks only.
#[inline]
pub fn now<C: NmiSafeClock>() -> Instant<C> {
    Instant::now()
}
