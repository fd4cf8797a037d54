//! The kernel's `kernel::time` re-exports the capability traits as a set, with one
//! glob over `typed_clocks::capabilities`, so a capability added to the macro's data
//! reaches drivers with no edit of `rust/kernel/time.rs`. That every capability's
//! trait is in `typed_clocks::capabilities` is checked where the per-capability rows
//! of `template_rows.rs` are generated (`tests/build.rs` bounds each clock by
//! `typed_clocks::capabilities::Trait`).

#[path = "support/capabilities.rs"]
mod capabilities;

/// The in-tree `rust/kernel/time.rs`.
const KERNEL_TIME: &str = include_str!("../../kernel-integration/linux/intree/rust/kernel/time.rs");

#[test]
fn the_kernel_re_exports_the_capability_traits_as_a_set() {
    assert!(
        KERNEL_TIME
            .lines()
            .any(|line| line.trim() == "pub use typed_clocks::capabilities::*;"),
        "rust/kernel/time.rs does not glob-import typed_clocks::capabilities"
    );
    // Named one by one, a trait would be exported twice, and the next one not at all
    // until someone edits the kernel file.
    for capability in capabilities::capabilities() {
        let named = KERNEL_TIME.lines().find(|line| {
            !line.trim_start().starts_with("//")
                && line
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .any(|word| word == capability.trait_name)
        });
        assert_eq!(
            named, None,
            "rust/kernel/time.rs names `{}`: the glob exports it",
            capability.trait_name
        );
    }
}
