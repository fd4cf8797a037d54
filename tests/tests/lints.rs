//! The expansion is lint-clean: this test crate denies warnings and a strict set of
//! rustc and clippy lints, and declares clocks in every form — the project's own
//! `clocks.toml` with a bindings module (getters, clock-id constants and the
//! conversions through `ktime_mono_to_any`), the posix backend, and inline rows whose
//! getters the macro declares as `extern "C"`, all through typed-clocks
//! (`typed_clocks::declare_clocks!`, whose runtime is the crate); and the kernel's
//! own invocation, `runtime = self` over a runtime of this crate's, which declares the
//! runtime's traits and types too — as thiserror's `tests/test_lints.rs` checks its
//! expansion. `cargo clippy --all-targets` (CI) applies the clippy half.
//!
//! The stand-in bindings are derived from `clocks.toml` (`tests/build.rs`), so any
//! table the macro accepts works here unedited.

#![deny(
    warnings,
    missing_docs,
    unused_qualifications,
    unused_results,
    unused_import_braces,
    trivial_casts,
    trivial_numeric_casts,
    unsafe_op_in_unsafe_fn,
    rust_2018_idioms,
    clippy::all,
    clippy::pedantic,
    clippy::undocumented_unsafe_blocks
)]

use typed_clocks::ext::InstantExt;
use typed_clocks::{ClockSource, Instant, Ktime};

/// A bindgen-shaped stand-in for `kernel-integration`'s bindings, derived from
/// `clocks.toml` by this package's build script: every getter, clock-id constant and
/// offset the table names, undocumented and C-named as bindgen output is.
#[allow(
    non_camel_case_types,
    non_upper_case_globals,
    missing_docs,
    clippy::must_use_candidate
)]
pub mod bindings {
    use typed_clocks::Ktime;

    include!(concat!(env!("OUT_DIR"), "/lint_bindings.rs"));
}

// `EXPECTED` (each clock's name, stand-in reading and id), `check_conversions()` and
// `check_own_conversions()`.
include!(concat!(env!("OUT_DIR"), "/lint_expected.rs"));

/// `clocks.toml` through the bindings module above.
pub mod kernel_clocks {
    // With the bindings module also in scope, a generated `crate::bindings::…` path
    // that rustc took for user code would trip `unused_qualifications`.
    use crate::bindings;

    typed_clocks::declare_clocks!(
        "../clocks.toml",
        // SAFETY: `crate::bindings` has, in bindgen's shapes, each item the table
        // names, each getter safe to call anywhere and constant.
        unsafe(bindings = crate::bindings)
    );

    /// `ktime_mono_to_any` with the first offset, through the module in scope.
    #[must_use]
    pub fn raw_conversion(mono: typed_clocks::Ktime) -> typed_clocks::Ktime {
        // SAFETY: the stand-in has no preconditions.
        unsafe { bindings::ktime_mono_to_any(mono, bindings::tk_offsets_TK_OFFS_REAL) }
    }
}

/// A runtime of this crate's own, shaped as the kernel's `kernel::time` (its clock
/// trait, here under Linux 7.4's name, `clock_trait = ClockId`, and its `Instant`),
/// with the kernel's invocation (`runtime = self`), which
/// declares here the capability traits, `ClockInfo`, `TableClock`, `ConvertsTo`… and
/// `clocks.toml`'s clocks over the same bindings module.
pub mod own_runtime {
    use core::marker::PhantomData;

    // As in `kernel_clocks`: a generated `crate::bindings::…` path taken for user
    // code would trip `unused_qualifications`.
    use crate::bindings;

    /// A clock that can be read: upstream's `ClockSource`, as Linux 7.4 names it.
    ///
    /// # Safety
    ///
    /// `ktime_get` returns a time in `0..=i64::MAX`, and `ID` is the clock's id.
    pub unsafe trait ClockId: 'static {
        /// The clock's `clockid_t`.
        const ID: i32;
        /// Reads the clock, in nanoseconds since its epoch.
        fn ktime_get() -> i64;
    }

    /// A point in time on clock `C`.
    pub struct Instant<C: ClockId> {
        nanos: i64,
        clock: PhantomData<C>,
    }

    impl<C: ClockId> Instant<C> {
        /// Reads clock `C`.
        #[must_use]
        pub fn now() -> Self {
            // SAFETY: `ClockId::ktime_get`'s contract.
            unsafe { Self::from_ktime(C::ktime_get()) }
        }

        /// The instant `nanos` after the clock's epoch, as the kernel's `Instant`.
        ///
        /// # Safety
        ///
        /// `nanos` is in `0..=i64::MAX`.
        pub(crate) const unsafe fn from_ktime(nanos: i64) -> Self {
            Self {
                nanos,
                clock: PhantomData,
            }
        }

        /// The nanoseconds since the clock's epoch.
        pub(crate) const fn as_nanos(&self) -> i64 {
            self.nanos
        }
    }

    typed_clocks_macros::declare_clocks!(
        "../clocks.toml",
        // SAFETY: as in `kernel_clocks`.
        unsafe(bindings = crate::bindings),
        runtime = self,
        clock_trait = ClockId
    );

    /// The stand-in's first offset, through the module in scope (so that the import
    /// above is used).
    #[must_use]
    pub fn first_offset() -> i64 {
        // SAFETY: the stand-in has no preconditions.
        unsafe { bindings::ktime_mono_to_any(0, bindings::tk_offsets_TK_OFFS_REAL) }
    }
}

/// `clocks.toml` through the posix backend.
pub mod posix_clocks {
    typed_clocks::declare_clocks!("../clocks.toml", backend = posix);
}

#[unsafe(no_mangle)]
extern "C" fn lints_test_getter() -> Ktime {
    42
}

/// Inline rows with a getter the macro declares itself.
pub mod inline_clocks {
    typed_clocks::declare_clocks! {
        // SAFETY: `lints_test_getter` above is `ktime_t f(void)`, constant.
        unsafe(extern "C");
        LintClock { getter: lints_test_getter, monotonic: true, clockid: -3, doc: "A clock." },
    }
}

#[test]
fn every_form_expands_lint_clean_and_works() {
    let read: Vec<(&str, Ktime, i32)> = kernel_clocks::CLOCKS
        .iter()
        .map(|clock| (clock.name, (clock.read)(), clock.id))
        .collect();
    assert_eq!(
        read, EXPECTED,
        "every clock of the table, through the stand-in"
    );
    check_conversions();
    assert_eq!(kernel_clocks::raw_conversion(5), 1_005);

    let own: Vec<(&str, Ktime, i32)> = own_runtime::CLOCKS
        .iter()
        .map(|clock| (clock.name, (clock.read)(), clock.id))
        .collect();
    assert_eq!(
        own, EXPECTED,
        "every clock of the table, in a runtime of its own"
    );
    check_own_conversions();
    assert_eq!(own_runtime::first_offset(), 1_000);

    assert_eq!(
        Instant::<inline_clocks::LintClock>::now().to_ktime(),
        42,
        "the extern getter"
    );
    assert_eq!(inline_clocks::LintClock::ID, -3, "a negative id");
    for clock in &posix_clocks::CLOCKS {
        assert!((clock.read)() > 0, "{} through clock_gettime", clock.name);
    }
}
