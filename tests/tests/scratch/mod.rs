//! Copies of crates and of the workspace in temp dirs outside the workspace, built by
//! an inner cargo with a target dir kept between runs under `CARGO_TARGET_TMPDIR`
//! (so that only the first run compiles the dependencies).

// Each test binary that includes this module uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// This workspace's root.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("workspace dir")
}

/// A fresh, empty temp dir for this process, named after `what`.
pub fn temp_dir(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("typed-clocks-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A target dir under cargo's `CARGO_TARGET_TMPDIR`, kept between runs.
pub fn cached_target(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// Copies `from` into `to` recursively, leaving out `target` dirs, `.git` and the
/// names in `skip` (relative to `from`).
pub fn copy_tree(from: &Path, to: &Path, skip: &[&str]) {
    fn walk(from: &Path, to: &Path, root: &Path, skip: &[&str]) {
        std::fs::create_dir_all(to).expect("create dir");
        for entry in std::fs::read_dir(from).expect("read dir").flatten() {
            let path = entry.path();
            let name = entry.file_name();
            let relative = path.strip_prefix(root).expect("under root");
            if name == "target" || name == ".git" || skip.iter().any(|s| relative == Path::new(s)) {
                continue;
            }
            let file_type = entry.file_type().expect("file type");
            if file_type.is_dir() {
                walk(&path, &to.join(&name), root, skip);
            } else if file_type.is_file() {
                std::fs::copy(&path, to.join(&name)).expect("copy file");
            }
        }
    }
    walk(from, to, from, skip);
}

/// Copies the crate at `from` into `dir`, a temp dir outside the workspace, with the
/// paths of the workspace's crates it depends on (`"../../../time-core"`,
/// `"../../../kernel-integration"`) made absolute, package `package` named uniquely to
/// this process (concurrent runs share the target dir) and the workspace's lock file
/// (so `--offline` works); returns the unique package name.
pub fn copy_crate(from: &Path, dir: &Path, package: &str) -> String {
    copy_tree(from, dir, &["Cargo.lock"]);
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("Cargo.toml");
    let unique = format!("{package}-{}", std::process::id());
    let mut rewritten = manifest.replace(
        &format!("name = \"{package}\""),
        &format!("name = \"{unique}\""),
    );
    for member in ["time-core", "kernel-integration"] {
        let path = workspace().join(member);
        rewritten = rewritten.replace(
            &format!("\"../../../{member}\""),
            &format!("{:?}", path.display().to_string()),
        );
    }
    assert_ne!(
        rewritten,
        manifest,
        "{}: Cargo.toml changed shape",
        from.display()
    );
    std::fs::write(dir.join("Cargo.toml"), rewritten).expect("write Cargo.toml");
    std::fs::copy(workspace().join("Cargo.lock"), dir.join("Cargo.lock")).expect("copy Cargo.lock");
    unique
}

/// Asserts that an inner cargo succeeded without a warning.
pub fn assert_clean(output: &Output, what: &str) {
    let stderr = stderr(output);
    assert!(output.status.success(), "{what} failed:\n{stderr}");
    assert!(!stderr.contains("warning"), "{what} warned:\n{stderr}");
}

/// `cargo --offline ARGS` in `dir` with target dir `target`, to run. The outer cargo's
/// settings for this test binary are not the inner build's; `CARGO_HOME` (registry,
/// offline cache) is inherited as it is.
pub fn cargo_command(dir: &Path, target: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO"));
    let _ = command
        .arg("--offline")
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_BUILD_TARGET_DIR")
        .env_remove("CARGO_MAKEFLAGS");
    command
}

/// Runs `cargo --offline ARGS` in `dir` with target dir `target` (see `cargo_command`).
pub fn cargo(dir: &Path, target: &Path, args: &[&str]) -> Output {
    cargo_command(dir, target, args)
        .output()
        .expect("run cargo")
}

/// The text of `output`'s stderr.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Removes `dir` (a scratch crate) and the build products of its package `package`
/// from `target`; the dependencies stay cached for the next run.
pub fn clean_up(dir: &Path, target: &Path, package: &str) {
    let _ = std::fs::remove_dir_all(dir);
    let crate_name = package.replace('-', "_");
    // The package's files and dirs, its crate's, and its library's (`libNAME-HASH.rlib`).
    let prefixes = [package.to_owned(), format!("lib{crate_name}"), crate_name];
    for sub in [
        "debug",
        "debug/deps",
        "debug/.fingerprint",
        "debug/incremental",
    ] {
        let Ok(entries) = std::fs::read_dir(target.join(sub)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            // The name, then `-HASH` or an extension: not another process's package
            // whose id starts with this one's.
            let ours = prefixes.iter().any(|prefix| {
                name.strip_prefix(prefix.as_str())
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with(['-', '.']))
            });
            if ours {
                let path = entry.path();
                let _ = std::fs::remove_dir_all(&path).or_else(|_| std::fs::remove_file(&path));
            }
        }
    }
}
