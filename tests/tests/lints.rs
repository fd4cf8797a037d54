//! The expansion is lint-clean: this test crate denies warnings and a strict set of
//! rustc and clippy lints, and declares clocks in every form — the project's own
//! `clocks.toml` with a bindings module (getters, clock-id constants and the
//! conversions through `ktime_mono_to_any`), the posix backend, and inline rows whose
//! getters the macro declares as `extern "C"` — as thiserror's `tests/test_lints.rs`
//! checks its expansion. `cargo clippy --all-targets` (CI) applies the clippy half.
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
use typed_clocks::{ClockId, ClockSource, Instant, Ktime};

/// A bindgen-shaped stand-in for `kernel-integration`'s bindings, derived from
/// `clocks.toml` by this package's build script: every getter, clock-id constant and
/// offset the table names (and the kernel services when the table asks for them),
/// undocumented and C-named as bindgen output is.
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
// `check_services()`.
include!(concat!(env!("OUT_DIR"), "/lint_expected.rs"));

/// `clocks.toml` through the bindings module above.
pub mod kernel_clocks {
    // With the bindings module also in scope, a generated `crate::bindings::…` path
    // that rustc took for user code would trip `unused_qualifications`.
    use crate::bindings;

    typed_clocks::declare_clocks!("../clocks.toml", unsafe(bindings = crate::bindings));

    /// `ktime_mono_to_any` with the first offset, through the module in scope.
    #[must_use]
    pub fn raw_conversion(mono: typed_clocks::Ktime) -> typed_clocks::Ktime {
        // SAFETY: the stand-in has no preconditions.
        unsafe { bindings::ktime_mono_to_any(mono, bindings::tk_offsets_TK_OFFS_REAL) }
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
        unsafe(extern "C");
        LintClock { getter: lints_test_getter, monotonic: true, clockid: -3, doc: "A clock." },
    }
}

#[test]
fn every_form_expands_lint_clean_and_works() {
    let read: Vec<(&str, Ktime, ClockId)> = kernel_clocks::CLOCKS
        .iter()
        .map(|clock| (clock.name, (clock.read)(), clock.id))
        .collect();
    assert_eq!(
        read, EXPECTED,
        "every clock of the table, through the stand-in"
    );
    check_conversions();
    check_services();
    assert_eq!(kernel_clocks::raw_conversion(5), 1_005);
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
