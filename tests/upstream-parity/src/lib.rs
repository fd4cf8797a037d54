//! Every use of upstream's `kernel::time` and `kernel::io::poll` items, compiled against
//! two host `kernel` crates over the same bindings:
//!
//! - **upstream**: Linux 7.3.4's `time.rs`, `time/delay.rs`, `time/hrtimer.rs`,
//!   `time/hrtimer/{arc,tbox,pin,pin_mut}.rs` and `io/poll.rs`, verbatim
//!   (`kernel-integration/linux/upstream/linux-7.3.4/rust/kernel/`);
//! - **ours**: the same files as the series' patches leave them
//!   (`kernel-integration/linux/intree/rust/kernel/`), with `time/clocks.toml`, the
//!   table their `declare_clocks!` reads, and the `typed-clocks-macros` dependency.
//!
//! Both share one root module (`kernels/shim.rs`) and the rest of the kernel crate as
//! the host kernel crate `kernel-integration` has it: its `alloc`, `error`, `host`
//! (`fmt`, `processor`, `task`, the macros), `prelude`, `sync` and `types` files, and
//! `kernel-bindings` as `bindings`. An inner cargo builds them in a workspace it writes
//! under a cached directory; each snippet of [`items::ITEMS`] is then one `rustc
//! --crate-type lib` against one crate's metadata (`--extern kernel=…`), or, for a
//! snippet that is code inside the kernel crate, one more package of the inner
//! workspace with the snippet as a module. [`render`] writes the measured parts of
//! `docs/upstream.md` from the results.

pub mod items;
pub mod render;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use items::{Snippet, Where};

/// One of the two kernel crates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Side {
    /// Linux 7.3.4's files, verbatim.
    Upstream,
    /// The files as the in-tree series patches them.
    Ours,
}

impl Side {
    /// Both sides, upstream first.
    pub const BOTH: [Side; 2] = [Side::Upstream, Side::Ours];

    /// The inner package's name.
    fn package(self) -> &'static str {
        match self {
            Side::Upstream => "kernel-upstream",
            Side::Ours => "kernel-ours",
        }
    }
}

/// This workspace's root.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("workspace dir")
}

/// This crate's directory.
pub fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Upstream 7.3.4's `rust/kernel/` files, as kept in the repository.
pub fn upstream_dir() -> PathBuf {
    workspace().join("kernel-integration/linux/upstream/linux-7.3.4/rust/kernel")
}

/// The series' kernel-side files (`kernel-integration/linux/intree/rust/kernel`).
pub fn intree_dir() -> PathBuf {
    workspace().join("kernel-integration/linux/intree/rust/kernel")
}

/// The series' kernel-side patches (`kernel-integration/linux/patches`).
pub fn patches_dir() -> PathBuf {
    workspace().join("kernel-integration/linux/patches")
}

/// The files of `kernel::time` and `kernel::io::poll` under `rust/kernel/`, on both
/// sides.
pub const KERNEL_FILES: [&str; 8] = [
    "time.rs",
    "time/delay.rs",
    "time/hrtimer.rs",
    "time/hrtimer/arc.rs",
    "time/hrtimer/tbox.rs",
    "time/hrtimer/pin.rs",
    "time/hrtimer/pin_mut.rs",
    "io/poll.rs",
];

/// What ours has besides [`KERNEL_FILES`]: the clock table its `time.rs` declares the
/// clocks from (`declare_clocks!("time/clocks.toml", …)`, beside `time.rs`).
const OURS_ONLY: [&str; 1] = ["time/clocks.toml"];

/// The rest of the kernel crate, `kernel-integration/src`'s, shared by both sides.
const SHIM_FILES: [&str; 6] = [
    "alloc.rs",
    "error.rs",
    "host.rs",
    "prelude.rs",
    "sync.rs",
    "types.rs",
];

/// The files of one side's kernel crate under `src/`: (path in `src/`, source file).
fn side_files(side: Side) -> Vec<(&'static str, PathBuf)> {
    let dir = match side {
        Side::Upstream => upstream_dir(),
        Side::Ours => intree_dir(),
    };
    let only: &[&'static str] = match side {
        Side::Upstream => &[],
        Side::Ours => &OURS_ONLY,
    };
    let ki = workspace().join("kernel-integration/src");
    KERNEL_FILES
        .iter()
        .chain(only)
        .map(|&f| (f, dir.join(f)))
        .chain(SHIM_FILES.iter().map(|&f| (f, ki.join(f))))
        .collect()
}

/// Writes `contents` to `path` unless it already holds them (so that the inner cargo's
/// fingerprints stay fresh between runs).
fn write_if_changed(path: &Path, contents: &[u8]) {
    if std::fs::read(path).ok().as_deref() == Some(contents) {
        return;
    }
    std::fs::create_dir_all(path.parent().expect("parent")).expect("create dir");
    std::fs::write(path, contents).expect("write file");
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The root module of one side's kernel crate, with `extra` (a snippet inside the
/// crate) as its module `parity_snippet`.
fn lib_rs(side: Side, with_snippet: bool) -> String {
    let kernels = crate_dir().join("kernels");
    let head = read(&kernels.join(match side {
        Side::Upstream => "upstream.rs",
        Side::Ours => "ours.rs",
    }));
    let shim = read(&kernels.join("shim.rs"));
    let mut lib = format!("{head}\n{shim}");
    if with_snippet {
        lib.push_str("\n#[allow(dead_code, unused_imports)]\nmod parity_snippet;\n");
    }
    lib
}

/// The manifest of one side's kernel crate, as package `name`, library `lib`: the
/// dependencies of `kernel-integration`'s library, `typed-clocks-macros` on ours only.
fn manifest(side: Side, name: &str, lib: &str) -> String {
    let ki = workspace().join("kernel-integration");
    let macros = match side {
        Side::Upstream => String::new(),
        Side::Ours => format!(
            "typed-clocks-macros = {{ path = {:?}, default-features = false, features = [\"toml\"] }}\n",
            workspace().join("time-macros").display().to_string()
        ),
    };
    format!(
        r#"[package]
name = "{name}"
version = "0.0.0"
edition = "2021"
publish = false
build = "../build.rs"

[lib]
name = "{lib}"
path = "src/lib.rs"

[dependencies]
bindings = {{ package = "kernel-bindings", path = {bindings:?} }}
pinned-init = {{ version = "0.0.10", default-features = false }}
{macros}"#,
        bindings = ki.join("bindings").display().to_string()
    )
}

/// The build script of both kernel crates: the kernel's config symbols that the time
/// files test (`CONFIG_64BIT` set, as on x86_64; no KUnit, whose tests run in the
/// kernel), as `kernel-integration`'s `build.rs`.
const BUILD_RS: &str = r#"fn main() {
    println!("cargo::rustc-check-cfg=cfg(CONFIG_64BIT)");
    println!("cargo::rustc-check-cfg=cfg(CONFIG_RUST_OVERFLOW_CHECKS)");
    println!("cargo::rustc-check-cfg=cfg(CONFIG_KUNIT, values(\"y\"))");
    println!("cargo::rustc-cfg=CONFIG_64BIT");
}
"#;

/// The built kernel crates and what a snippet needs to compile against them.
#[derive(Debug)]
pub struct Kernels {
    /// Each side's `kernel` crate metadata.
    pub kernel: BTreeMap<Side, PathBuf>,
    /// `pinned-init`'s metadata (a snippet's `pin_init` and `pinned_init`).
    pub pinned_init: PathBuf,
    /// The inner target's `deps` directory.
    pub deps: PathBuf,
    /// Per kernel-crate snippet (by its id) and side: `None` if the crate with the
    /// snippet inside compiled, else the first error.
    pub in_crate: BTreeMap<(String, Side), Option<String>>,
}

/// A package name for a kernel-crate snippet.
fn in_crate_package(side: Side, id: &str) -> String {
    format!("{}-in-{}", side.package(), id.replace(['_', ':'], "-"))
}

/// Writes the inner workspace under `dir` and checks it with an inner `cargo check
/// --keep-going` (target `dir/target`, kept between runs): both kernel crates, and one
/// more per side and kernel-crate snippet.
pub fn build(dir: &Path) -> Kernels {
    let ws = dir.join("ws");
    let target = dir.join("target");
    let in_crate: Vec<&Snippet> = items::ITEMS
        .iter()
        .flat_map(|i| i.snippets)
        .filter(|s| s.place == Where::KernelCrate)
        .collect();

    let mut members = Vec::new();
    let mut packages: Vec<(Side, String, Option<&Snippet>)> = Vec::new();
    for side in Side::BOTH {
        packages.push((side, side.package().to_owned(), None));
        for s in &in_crate {
            packages.push((side, in_crate_package(side, s.id), Some(s)));
        }
    }
    for (side, name, snippet) in &packages {
        members.push(format!("{name:?}"));
        let pkg = ws.join(name);
        let lib = if snippet.is_some() {
            name.replace('-', "_")
        } else {
            format!("kernel_{}", &side.package()["kernel-".len()..])
        };
        write_if_changed(
            &pkg.join("Cargo.toml"),
            manifest(*side, name, &lib).as_bytes(),
        );
        for (to, from) in side_files(*side) {
            write_if_changed(&pkg.join("src").join(to), read(&from).as_bytes());
        }
        write_if_changed(
            &pkg.join("src/lib.rs"),
            lib_rs(*side, snippet.is_some()).as_bytes(),
        );
        if let Some(s) = snippet {
            write_if_changed(&pkg.join("src/parity_snippet.rs"), s.code.as_bytes());
        }
    }
    write_if_changed(&ws.join("build.rs"), BUILD_RS.as_bytes());
    write_if_changed(
        &ws.join("Cargo.toml"),
        format!(
            "[workspace]\nresolver = \"2\"\nmembers = [{}]\n",
            members.join(", ")
        )
        .as_bytes(),
    );
    // The workspace's lock file, so that `--offline` finds every crate in cargo's cache.
    // The inner cargo adds the inner packages to its copy, so the copy is renewed when
    // the workspace's changes (`Cargo.lock.workspace` keeps what it was made from).
    let locked = std::fs::read(workspace().join("Cargo.lock")).expect("Cargo.lock");
    if std::fs::read(ws.join("Cargo.lock.workspace"))
        .ok()
        .as_deref()
        != Some(&locked[..])
    {
        std::fs::write(ws.join("Cargo.lock"), &locked).expect("write Cargo.lock");
        std::fs::write(ws.join("Cargo.lock.workspace"), &locked).expect("write Cargo.lock");
    }

    let output = Command::new(env!("CARGO"))
        .args([
            "--offline",
            "check",
            "--workspace",
            "--keep-going",
            "--message-format=json",
        ])
        .current_dir(&ws)
        .env("CARGO_TARGET_DIR", &target)
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_BUILD_TARGET_DIR")
        .env_remove("CARGO_MAKEFLAGS")
        .output()
        .expect("run the inner cargo");

    let mut artifacts: BTreeMap<String, PathBuf> = BTreeMap::new();
    let mut errors: BTreeMap<String, String> = BTreeMap::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(msg) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let name = msg["target"]["name"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        match msg["reason"].as_str() {
            Some("compiler-artifact") => {
                let kinds = &msg["target"]["kind"];
                if !kinds
                    .as_array()
                    .is_some_and(|k| k.iter().any(|k| k == "lib"))
                {
                    continue;
                }
                if let Some(f) = msg["filenames"].as_array().and_then(|f| {
                    f.iter()
                        .filter_map(|f| f.as_str())
                        .find(|f| f.ends_with(".rmeta"))
                }) {
                    artifacts.insert(name, PathBuf::from(f));
                }
            }
            Some("compiler-message") if msg["message"]["level"] == "error" => {
                let rendered = msg["message"]["rendered"].as_str().unwrap_or_default();
                let first = rendered.lines().next().unwrap_or_default();
                let at = rendered
                    .lines()
                    .find_map(|l| l.trim_start().strip_prefix("--> "))
                    .unwrap_or_default();
                let _ = errors
                    .entry(name)
                    .or_insert_with(|| format!("{at}: {first}"));
            }
            _ => {}
        }
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let kernel: BTreeMap<Side, PathBuf> = Side::BOTH
        .iter()
        .map(|&side| {
            let lib = format!("kernel_{}", &side.package()["kernel-".len()..]);
            let path = artifacts.get(&lib).unwrap_or_else(|| {
                panic!(
                    "the {side:?} kernel crate does not build:\n{}\n{stderr}",
                    errors.get(&lib).map_or("", String::as_str)
                )
            });
            (side, path.clone())
        })
        .collect();
    let pinned_init = artifacts
        .get("pinned_init")
        .unwrap_or_else(|| panic!("pinned-init did not build:\n{stderr}"))
        .clone();
    let mut results = BTreeMap::new();
    for s in in_crate {
        for side in Side::BOTH {
            let lib = in_crate_package(side, s.id).replace('-', "_");
            let result = if artifacts.contains_key(&lib) {
                None
            } else {
                Some(
                    errors
                        .get(&lib)
                        .cloned()
                        .unwrap_or_else(|| stderr.to_string()),
                )
            };
            results.insert((s.id.to_owned(), side), result);
        }
    }
    Kernels {
        deps: pinned_init.parent().expect("deps dir").to_owned(),
        kernel,
        pinned_init,
        in_crate: results,
    }
}

/// The `rustc` of the toolchain that runs this cargo.
fn rustc() -> PathBuf {
    let beside_cargo = Path::new(env!("CARGO")).with_file_name("rustc");
    if beside_cargo.exists() {
        beside_cargo
    } else {
        PathBuf::from("rustc")
    }
}

/// The outcome of one snippet on one side: `None` if it compiles, else the first error
/// line.
pub type Outcome = Option<String>;

/// The first `error…` line of rustc's short diagnostics, or all of `stderr`.
fn first_error(stderr: &str) -> String {
    stderr
        .lines()
        .find(|l| l.contains("error"))
        .map(|l| {
            l.split_once(": error")
                .map_or(l, |(_, e)| e)
                .trim_start_matches(':')
        })
        .unwrap_or(stderr)
        .trim()
        .to_owned()
}

impl Kernels {
    /// Compiles `code` (a library crate using the `kernel` crate) against `side`.
    pub fn compile(&self, code: &str, side: Side, scratch: &Path, name: &str) -> Outcome {
        let dir = scratch.join(format!("{name}-{side:?}"));
        std::fs::create_dir_all(&dir).expect("scratch dir");
        let file = dir.join("snippet.rs");
        std::fs::write(&file, code).expect("write snippet");
        let extern_kernel = format!("kernel={}", self.kernel[&side].display());
        let pin_init = format!("pin_init={}", self.pinned_init.display());
        let pinned_init = format!("pinned_init={}", self.pinned_init.display());
        let deps = format!("dependency={}", self.deps.display());
        let output = Command::new(rustc())
            .args(["--edition", "2021", "--crate-type", "lib", "--crate-name"])
            .arg("snippet")
            .args(["--emit=metadata", "--error-format=short", "-A", "warnings"])
            .arg("--out-dir")
            .arg(&dir)
            .args(["-L", &deps, "--extern", &extern_kernel])
            .args(["--extern", &pin_init, "--extern", &pinned_init])
            .arg(&file)
            .output()
            .expect("run rustc");
        if output.status.success() {
            None
        } else {
            Some(first_error(&String::from_utf8_lossy(&output.stderr)))
        }
    }

    /// Every snippet of [`items::ITEMS`] on both sides, in parallel: (snippet id, side)
    /// to its outcome.
    pub fn compile_all(&self, scratch: &Path) -> BTreeMap<(String, Side), Outcome> {
        let jobs: Vec<(&Snippet, Side)> = items::ITEMS
            .iter()
            .flat_map(|i| i.snippets)
            .flat_map(|s| Side::BOTH.map(|side| (s, side)))
            .collect();
        let next = AtomicUsize::new(0);
        let results = Mutex::new(BTreeMap::new());
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                let _ = scope.spawn(|| loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(s, side)) = jobs.get(n) else {
                        break;
                    };
                    let outcome = match s.place {
                        Where::KernelCrate => self.in_crate[&(s.id.to_owned(), side)].clone(),
                        Where::User => self.compile(&s.source(), side, scratch, s.id),
                    };
                    results
                        .lock()
                        .expect("results")
                        .insert((s.id.to_owned(), side), outcome);
                });
            }
        });
        results.into_inner().expect("results")
    }
}

/// Lines added and removed from `from` to `to`, by `diff`.
pub fn diff_lines(from: &Path, to: &Path) -> (usize, usize) {
    let output = Command::new("diff")
        .arg(from)
        .arg(to)
        .output()
        .expect("run diff");
    let text = String::from_utf8_lossy(&output.stdout);
    let added = text
        .lines()
        .filter(|l| l.starts_with("> ") || *l == ">")
        .count();
    let removed = text
        .lines()
        .filter(|l| l.starts_with("< ") || *l == "<")
        .count();
    (added, removed)
}
