//! Generated code keeps working when a dependent renames typed-clocks in its
//! `Cargo.toml` (`time_core = { package = "typed-clocks", … }`): the crate in
//! `tests/fixtures/renamed-dependency` calls every form of the macro as
//! `time_core::declare_clocks!` (file with conversions, inline, posix, and
//! `runtime = PATH`) with no crate named `typed_clocks` in sight, builds
//! without a warning outside the workspace, and runs.

mod scratch;

#[test]
fn generated_code_works_under_a_renamed_dependency() {
    let fixtures = scratch::workspace().join("tests/fixtures");
    let root = scratch::temp_dir("renamed-dependency");
    let dir = root.join("renamed-dependency");
    let package = scratch::copy_crate(
        &fixtures.join("renamed-dependency"),
        &dir,
        "renamed-dependency",
    );
    let target = scratch::cached_target("renamed-dependency");
    let output = scratch::cargo(&dir, &target, &["run", "--quiet"]);
    scratch::assert_clean(&output, "cargo run");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "ok\n");
    scratch::clean_up(&root, &target, &package);
}
