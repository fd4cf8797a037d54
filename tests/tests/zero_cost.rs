//! Zero cost, proven on machine code: builds tests/fixtures/zero-cost in release with
//! `--emit asm` and asserts that every `typed_*` function (a generated clock read
//! through a getter declared `extern "C"` or a bindings module's, `ktime_t` or `u64`,
//! `Instant`, `Delta`, a conversion through a timekeeper offset, the posix backend's
//! `clock_gettime` reader) is instruction for instruction its `raw_*` twin (the bare
//! FFI call, bare `i64`, the clamp of a `u64` reading, `ktime_mono_to_any` and a
//! saturating add, `clock_gettime`, its status and the kernel's
//! `timespec64_to_ktime()` written by hand). One extra instruction fails the test.
//! LLVM may merge identical functions into one symbol (`typed_sub = raw_sub`): that
//! counts as identical.
//!
//! Run alone with `cargo test -p clock-tests --test zero_cost -- --nocapture` to see
//! the instruction listings.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Each function's normalised instructions, or the symbol it is an alias of.
enum Body {
    Instructions(Vec<String>),
    AliasOf(String),
}

struct Assembly {
    bodies: HashMap<String, Body>,
}

impl Assembly {
    /// Parses the functions of an assembly file: the lines from `name:` to `.Lfunc_end`,
    /// without directives and comments, local labels renumbered in order of appearance.
    fn parse(text: &str) -> Assembly {
        let mut bodies = HashMap::new();
        let mut current: Option<(String, Vec<String>)> = None;
        for line in text.lines() {
            let trimmed = line.trim();
            if let Some((alias, target)) = trimmed.split_once(" = ") {
                if !line.starts_with('\t') {
                    bodies.insert(alias.to_owned(), Body::AliasOf(target.to_owned()));
                    continue;
                }
            }
            if !line.starts_with(['\t', ' ', '.']) && trimmed.ends_with(':') {
                current = Some((trimmed.trim_end_matches(':').to_owned(), Vec::new()));
                continue;
            }
            if trimmed.starts_with(".Lfunc_end") {
                if let Some((name, lines)) = current.take() {
                    bodies.insert(name, Body::Instructions(normalise(&lines)));
                }
                continue;
            }
            if let Some((_, lines)) = &mut current {
                let code = trimmed.split('#').next().unwrap_or("").trim();
                let is_directive = code.starts_with('.') && !code.ends_with(':');
                if !code.is_empty() && !is_directive {
                    lines.push(code.split_whitespace().collect::<Vec<_>>().join(" "));
                }
            }
        }
        Assembly { bodies }
    }

    /// The instructions of `name`, following aliases.
    fn instructions(&self, name: &str) -> &[String] {
        match self.bodies.get(name) {
            Some(Body::Instructions(lines)) => lines,
            Some(Body::AliasOf(target)) => self.instructions(target),
            None => panic!("no function `{name}` in the assembly"),
        }
    }
}

/// Renames local labels (`.LBB4_2`) to `L0`, `L1`, … in order of appearance, so that
/// two functions' labels compare equal when their control flow does.
fn normalise(lines: &[String]) -> Vec<String> {
    let mut names: HashMap<String, String> = HashMap::new();
    lines
        .iter()
        .map(|line| {
            line.split(' ')
                .map(|word| {
                    let (label, suffix) = match word.strip_suffix(':') {
                        Some(label) => (label, ":"),
                        None => (
                            word.trim_end_matches(','),
                            if word.ends_with(',') { "," } else { "" },
                        ),
                    };
                    if label.starts_with(".LBB")
                        || label.starts_with(".LJTI")
                        || label.starts_with(".LCPI")
                    {
                        let count = names.len();
                        let renamed = names
                            .entry(label.to_owned())
                            .or_insert_with(|| format!("L{count}"));
                        format!("{renamed}{suffix}")
                    } else {
                        word.to_owned()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// Builds the fixture in release and returns its assembly.
fn fixture_assembly() -> String {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = std::env::temp_dir().join(format!("time-core-zero-cost-{}", std::process::id()));
    let dir = root.join("crate");
    std::fs::create_dir_all(dir.join("src")).expect("temp dir");
    std::fs::copy(
        manifest.join("fixtures/zero-cost/src/lib.rs"),
        dir.join("src/lib.rs"),
    )
    .expect("copy fixture");
    std::fs::copy(manifest.join("../Cargo.lock"), dir.join("Cargo.lock")).expect("copy lock file");
    let typed_clocks = manifest
        .join("../time-core")
        .canonicalize()
        .expect("typed-clocks");
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"zero-cost-fixture\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [lib]\ncrate-type = [\"rlib\"]\n\n[dependencies]\ntyped-clocks = {{ path = {typed_clocks:?}, default-features = false, features = [\"posix\"] }}\nlibc = {{ version = \"0.2\", default-features = false }}\n\n[workspace]\n"
        ),
    )
    .expect("write Cargo.toml");
    let target = root.join("target");
    let mut rustc_args = vec!["--emit", "asm"];
    if cfg!(target_arch = "x86_64") {
        rustc_args.extend(["-C", "llvm-args=-x86-asm-syntax=intel"]);
    }
    let output = Command::new(env!("CARGO"))
        .args(["rustc", "--release", "--offline", "--quiet", "--"])
        .args(&rustc_args)
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", &target)
        .env_remove("RUSTFLAGS")
        .output()
        .expect("run cargo");
    assert!(
        output.status.success(),
        "fixture build failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let deps: PathBuf = target.join("release/deps");
    let asm = std::fs::read_dir(&deps)
        .expect("deps dir")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .find(|path| {
            path.extension().is_some_and(|e| e == "s")
                && path
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("zero_cost_fixture"))
        })
        .expect("an .s file");
    let text = std::fs::read_to_string(asm).expect("read assembly");
    // The build is fresh each run (one directory per process): do not leave it behind.
    let _ = std::fs::remove_dir_all(&root);
    text
}

#[test]
fn typed_clocks_compile_to_exactly_the_raw_code() {
    let assembly = Assembly::parse(&fixture_assembly());
    for pair in [
        "now",
        "sub",
        "add",
        "elapsed",
        "bindings_now",
        "u64_now",
        "convert",
        "posix_now",
        "posix_coarse_now",
    ] {
        let typed = assembly.instructions(&format!("typed_{pair}"));
        let raw = assembly.instructions(&format!("raw_{pair}"));
        println!("{pair}: {} instructions\n  {}", raw.len(), raw.join("\n  "));
        assert!(!raw.is_empty(), "raw_{pair} has no instructions");
        assert_eq!(typed, raw, "typed_{pair} differs from raw_{pair}");
    }
    // The comparison can fail: wrapping subtraction is different code.
    let wrapping = assembly.instructions("wrapping_sub");
    assert_ne!(
        assembly.instructions("typed_sub"),
        wrapping,
        "the comparer cannot tell functions apart"
    );
    println!(
        "wrapping sub (for comparison with saturating): {} instructions",
        wrapping.len()
    );
}

#[test]
fn the_parser_sees_an_extra_instruction() {
    let text =
        "f:\n\t.cfi_startproc\n\tmov rax, rdi\n.LBB0_1:\n\tjmp .LBB0_1\n\tret\n.Lfunc_end0:\n\
                g:\n\tmov rax, rdi\n.LBB1_7:\n\tjmp .LBB1_7\n\tret\n.Lfunc_end1:\n\
                h:\n\tmov rax, rdi\n\tnop\n.LBB2_1:\n\tjmp .LBB2_1\n\tret\n.Lfunc_end2:\nk = g\n";
    let assembly = Assembly::parse(text);
    assert_eq!(assembly.instructions("f"), assembly.instructions("g"));
    assert_eq!(assembly.instructions("k"), assembly.instructions("f"));
    assert_ne!(assembly.instructions("f"), assembly.instructions("h"));
}
