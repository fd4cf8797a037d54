//! Generated code keeps working when a dependent renames typed-clocks in its
//! `Cargo.toml` (`time_core = { package = "typed-clocks", … }`): the crate in
//! `tests/fixtures/renamed-dependency` calls every form of the macro as
//! `time_core::declare_clocks!` (file with kernel services and conversions, inline,
//! posix, and `crate = PATH`) with no crate named `typed_clocks` in sight, builds
//! without a warning outside the workspace, and runs.

mod scratch;

#[test]
fn generated_code_works_under_a_renamed_dependency() {
    let fixtures = scratch::workspace().join("tests/fixtures");
    let root = scratch::temp_dir("renamed-dependency");
    // The fixture includes `../../kernel_services_types.rs`: beside the crate's
    // directory, as in tests/fixtures.
    let dir = root.join("renamed-dependency");
    scratch::copy_tree(&fixtures.join("renamed-dependency"), &dir, &[]);
    std::fs::copy(
        fixtures.join("kernel_services_types.rs"),
        root.join("kernel_services_types.rs"),
    )
    .expect("copy the kernel services types");
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("Cargo.toml");
    let typed_clocks = scratch::workspace().join("time-core");
    let rewritten = manifest
        .replace(
            "\"../../../time-core\"",
            &format!("{:?}", typed_clocks.display().to_string()),
        )
        .replace(
            "name = \"renamed-dependency\"",
            &format!("name = \"renamed-dependency-{}\"", std::process::id()),
        );
    assert_ne!(
        rewritten, manifest,
        "the fixture's Cargo.toml changed shape"
    );
    std::fs::write(dir.join("Cargo.toml"), rewritten).expect("write Cargo.toml");
    std::fs::copy(
        scratch::workspace().join("Cargo.lock"),
        dir.join("Cargo.lock"),
    )
    .expect("copy Cargo.lock");
    let output = scratch::cargo(
        &dir,
        &scratch::cached_target("renamed-dependency"),
        &["run", "--quiet"],
    );
    let stderr = scratch::stderr(&output);
    assert!(output.status.success(), "cargo run failed:\n{stderr}");
    assert!(!stderr.contains("warning"), "cargo run warned:\n{stderr}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "ok\n");
    let _ = std::fs::remove_dir_all(root);
}
