//! Compile-fail and compile-pass proofs for `typed-clocks` and `declare_clocks!`: the
//! cases are `fail/*.rs` (with `.stderr` snapshots) and `pass/*.rs`, run by
//! `tests/ui.rs`. What each case proves is listed in `README.md`.
//!
//! [`bindings`] is a bindgen-shaped module with the C side of the kernel services,
//! for the cases about timers: they must fail to compile, so nothing here is linked.

/// The kernel's C declarations that a `kernel_services = true` table binds: the
/// shape bindgen gives them (`rust/bindings`), declarations only.
#[allow(non_camel_case_types, non_upper_case_globals, missing_docs)]
pub mod bindings {
    pub const CLOCK_REALTIME: u32 = 0;
    pub const CLOCK_MONOTONIC: u32 = 1;
    pub const CLOCK_MONOTONIC_COARSE: u32 = 6;
    // The types and functions of the kernel services: the fixtures' one copy.
    include!("../../tests/fixtures/kernel_services_types.rs");
    include!("../../tests/fixtures/kernel_services_extern.rs");

    unsafe extern "C" {
        pub fn ktime_get() -> ktime_t;
        pub fn ktime_get_real() -> ktime_t;
        pub fn ktime_get_coarse() -> ktime_t;
    }
}
