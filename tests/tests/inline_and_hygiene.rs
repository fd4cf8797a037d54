//! The inline-table form and the extern-"C" form (no `bindings`), expanded in
//! hostile modules: `mod core {}` shadowing and `#![no_implicit_prelude]`.

use std::sync::atomic::{AtomicI64, Ordering};
use typed_clocks::ext::{ClockSourceExt, InstantExt};
use typed_clocks::{ClockSource, Delta, Instant};

static INLINE_NOW: AtomicI64 = AtomicI64::new(7);

#[unsafe(no_mangle)]
extern "C" fn inline_test_ktime_get() -> typed_clocks::Ktime {
    INLINE_NOW.load(Ordering::SeqCst)
}

#[unsafe(no_mangle)]
extern "C" fn inline_test_other_get() -> typed_clocks::Ktime {
    -INLINE_NOW.load(Ordering::SeqCst)
}

mod shadowed_core {
    #![allow(dead_code)]
    /// A module named `core`: generated code must not resolve `core::…` here.
    mod core {}
    typed_clocks::declare_clocks! {
        // SAFETY: `inline_test_ktime_get` above is `ktime_t f(void)`, read forwards.
        unsafe(extern "C");
        ShadowMono { getter: inline_test_ktime_get, monotonic: true, clockid: 1, doc: "Shadowed." },
    }
}

mod no_prelude {
    #![no_implicit_prelude]
    ::typed_clocks::declare_clocks! {
        // SAFETY: `inline_test_other_get` above is `ktime_t f(void)`.
        unsafe(extern "C");
        PreludeFree { getter: inline_test_other_get, monotonic: false, clockid: 0 },
    }
}

mod from_file_without_bindings {
    // `getter`s declared by the macro itself as `extern "C"` functions.
    ::typed_clocks::declare_clocks!(
        "tables/extern_clocks.toml",
        // SAFETY: the table's getter, `inline_test_ktime_get` above, is `ktime_t
        // f(void)`, read forwards.
        unsafe(extern "C")
    );
}

#[test]
fn inline_rows_declare_working_clocks() {
    use shadowed_core::ShadowMono;
    assert_eq!(ShadowMono::NAME, "ShadowMono");
    assert_eq!(ShadowMono::ID, 1);
    let start = Instant::<ShadowMono>::now();
    assert_eq!(start.to_ktime(), 7);
    assert_eq!(start.elapsed(), Delta::ZERO);
    let other = Instant::<no_prelude::PreludeFree>::now();
    assert_eq!(other.to_ktime(), -7);
    const { assert!(!no_prelude::PreludeFree::MONOTONIC) };
}

#[test]
fn file_form_without_bindings_declares_extern_getters() {
    use from_file_without_bindings::ExternMono;
    assert_eq!(Instant::<ExternMono>::now().to_ktime(), 7);
    assert_eq!(ExternMono::ID, 1);
}
