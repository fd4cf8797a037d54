//! Mistakes around the kernel services that only a crate of its own can make: each is
//! one error, located at the table's key.

mod scratch;

use std::path::Path;

/// `kernel_services = true` in a crate whose typed-clocks lacks the `kernel-services`
/// feature: one error, at the key's `clocks.toml:LINE:COL`, naming the feature; no
/// error about the generated code's paths.
#[test]
fn kernel_services_without_the_feature_is_one_error_at_the_key() {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/services-without-feature");
    let dir = scratch::temp_dir("services-without-feature");
    let package = scratch::copy_crate(&from, &dir, "services-without-feature");
    let target = scratch::cached_target("readme-examples");
    let output = scratch::cargo(
        &dir,
        &target,
        &["build", "--quiet", "--message-format=short"],
    );
    let stderr = scratch::stderr(&output);
    scratch::clean_up(&dir, &target, &package);
    assert!(!output.status.success(), "the build succeeded:\n{stderr}");
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|line| line.contains("error"))
        .collect();
    let located: Vec<&&str> = errors
        .iter()
        .filter(|line| line.contains("clocks.toml:2:19: `kernel_services = true` needs typed-clocks's `kernel-services` feature"))
        .collect();
    assert_eq!(located.len(), 1, "not one located error:\n{stderr}");
    // The error itself, and cargo's "could not compile" summary: nothing else.
    assert_eq!(errors.len(), 2, "more errors than the one:\n{stderr}");
}
