//! The README's examples are complete crates (`tests/readme-examples/{kernel,posix}`)
//! that build, as written, outside the workspace with only a path dependency on
//! typed-clocks; and the README quotes each source file whole, so the two cannot drift.

mod scratch;

use std::path::{Path, PathBuf};

/// Copies example `name` into a temp dir outside the workspace, with typed-clocks's
/// path made absolute, a package name unique to this process (concurrent runs share
/// the target dir) and the workspace's lock file (so `--offline` works).
fn copy_example(name: &str) -> (PathBuf, String) {
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("readme-examples")
        .join(name);
    let dir = scratch::temp_dir(&format!("readme-{name}"));
    scratch::copy_tree(&from, &dir, &["Cargo.lock"]);
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("Cargo.toml");
    let package = format!("readme-{name}-example");
    let unique = format!("{package}-{}", std::process::id());
    let typed_clocks = scratch::workspace().join("time-core");
    let rewritten = manifest
        .replace(
            &format!("name = \"{package}\""),
            &format!("name = \"{unique}\""),
        )
        .replace(
            "\"../../../time-core\"",
            &format!("{:?}", typed_clocks.display().to_string()),
        );
    assert_ne!(
        rewritten, manifest,
        "the example's Cargo.toml changed shape"
    );
    std::fs::write(dir.join("Cargo.toml"), rewritten).expect("write Cargo.toml");
    std::fs::copy(
        scratch::workspace().join("Cargo.lock"),
        dir.join("Cargo.lock"),
    )
    .expect("copy Cargo.lock");
    (dir, unique)
}

/// Asserts that an inner cargo succeeded without a warning.
fn assert_clean(output: &std::process::Output, what: &str) {
    let stderr = scratch::stderr(output);
    assert!(output.status.success(), "{what} failed:\n{stderr}");
    assert!(!stderr.contains("warning"), "{what} warned:\n{stderr}");
}

#[test]
fn kernel_example_builds_outside_the_workspace() {
    let (dir, _) = copy_example("kernel");
    let output = scratch::cargo(
        &dir,
        &scratch::cached_target("readme-examples"),
        &["build", "--quiet"],
    );
    assert_clean(&output, "cargo build of the kernel example");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn posix_example_runs_outside_the_workspace() {
    let (dir, _) = copy_example("posix");
    let output = scratch::cargo(
        &dir,
        &scratch::cached_target("readme-examples"),
        &["run", "--quiet"],
    );
    assert_clean(&output, "cargo run of the posix example");
    let stdout = String::from_utf8(output.stdout).expect("utf-8");
    assert!(
        stdout.starts_with("woke ") && stdout.ends_with(" after start\n"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// README.md quotes each example's source and table whole, in a fenced block.
#[test]
fn readme_quotes_the_examples_verbatim() {
    let readme = std::fs::read_to_string(scratch::workspace().join("README.md")).expect("README");
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("readme-examples");
    for (file, fence) in [
        ("kernel/src/lib.rs", "```rust\n"),
        ("posix/src/main.rs", "```rust\n"),
        ("kernel/clocks.toml", "```toml\n"),
    ] {
        let text = std::fs::read_to_string(examples.join(file)).expect("example file");
        let block = format!("{fence}{text}```\n");
        if file.ends_with("clocks.toml") {
            let posix = std::fs::read_to_string(examples.join("posix/clocks.toml")).expect("table");
            assert_eq!(posix, text, "the two examples share one table");
        }
        assert!(
            readme.contains(&block),
            "README.md does not quote tests/readme-examples/{file} as a whole block:\n{block}"
        );
    }
}
