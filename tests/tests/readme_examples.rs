//! The README's examples are complete crates (`tests/readme-examples/{kernel,posix}`)
//! that build, as written, outside the workspace with only a path dependency on the
//! kernel crate (kernel-integration, whose library is `kernel`) or on typed-clocks;
//! and the README quotes each source file whole, so the two cannot drift.

mod scratch;

use std::path::{Path, PathBuf};

/// Copies example `name` into a temp dir outside the workspace (see
/// `scratch::copy_crate`); returns the dir and the unique package name.
fn copy_example(name: &str) -> (PathBuf, String) {
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("readme-examples")
        .join(name);
    let dir = scratch::temp_dir(&format!("readme-{name}"));
    let unique = scratch::copy_crate(&from, &dir, &format!("readme-{name}-example"));
    (dir, unique)
}

#[test]
fn kernel_example_builds_outside_the_workspace() {
    let (dir, package) = copy_example("kernel");
    let target = scratch::cached_target("readme-examples");
    let output = scratch::cargo(&dir, &target, &["build", "--quiet"]);
    scratch::assert_clean(&output, "cargo build of the kernel example");
    scratch::clean_up(&dir, &target, &package);
}

#[test]
fn posix_example_runs_outside_the_workspace() {
    let (dir, package) = copy_example("posix");
    let target = scratch::cached_target("readme-examples");
    let output = scratch::cargo(&dir, &target, &["run", "--quiet"]);
    scratch::assert_clean(&output, "cargo run of the posix example");
    let stdout = String::from_utf8(output.stdout).expect("utf-8");
    assert!(
        stdout.starts_with("woke ") && stdout.ends_with(" after start\n"),
        "{stdout}"
    );
    scratch::clean_up(&dir, &target, &package);
}

/// README.md quotes each example's source and the posix example's table whole, in a
/// fenced block.
#[test]
fn readme_quotes_the_examples_verbatim() {
    let readme = std::fs::read_to_string(scratch::workspace().join("README.md")).expect("README");
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("readme-examples");
    for (file, fence) in [
        ("kernel/src/lib.rs", "```rust\n"),
        ("posix/src/main.rs", "```rust\n"),
        ("posix/clocks.toml", "```toml\n"),
    ] {
        let text = std::fs::read_to_string(examples.join(file)).expect("example file");
        let block = format!("{fence}{text}```\n");
        assert!(
            readme.contains(&block),
            "README.md does not quote tests/readme-examples/{file} as a whole block:\n{block}"
        );
    }
}
