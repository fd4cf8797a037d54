//! Builds the host model of the kernel's C (`kernel-integration/csrc`,
//! `kernel-integration/include`) and its Rust bindings, as the kernel's `rust/Makefile`
//! does for `rust/bindings` and `rust/helpers`:
//!
//! 1. `cc` compiles the C of [`SOURCES`] with `-std=gnu11`, as Kbuild: the host
//!    timekeeper, its clock and sleep, the hrtimer base, delays and jiffies, and the
//!    `rust_helper_*` wrappers of static inline functions, which `csrc/helpers.c`
//!    compiles from the in-tree series' `rust/helpers/time.c` (one source for both).
//! 2. bindgen runs on `include/bindings_helper.h` with an allowlist (ktime, `CLOCK_*`,
//!    `tk_offsets` and the test controls only), `--use-core` and a pinned
//!    `--rust-target`, and exposes each `rust_helper_X` as `X` with
//!    `#[link_name = "rust_helper_X"]` (the kernel does that with `sed`), so that
//!    `bindings::ktime_get_real()` calls the helper of the static inline C function.
//! 3. The output goes to `$OUT_DIR/bindings.rs`, included by `src/bindings.rs`.
//!
//! With `KERNEL_INTEGRATION_UBSAN=1` the C is built with UBSan's signed-overflow and
//! alignment checks, trapping (`-fsanitize-undefined-trap-on-error`: no runtime
//! library), so a test that drives the C into either dies with `SIGILL`; `./scripts/test`
//! runs the C model's tests that way too, in `target/ubsan`.
//!
//! Before all that it checks that bindgen can run: libclang must load (bindgen would
//! panic otherwise) and, on Debian, clang's resource headers (`stdbool.h`, from
//! `libclang-dev`) must be installed beside it, as `scripts/prereqs.sh` checks. When
//! they are not, the build stops with one sentence saying what to install.

use std::env;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use bindgen::callbacks::{ItemInfo, ItemKind, ParseCallbacks};

/// The prefix of the C wrappers of static inline functions (`csrc/helpers.c`).
const HELPER_PREFIX: &str = "rust_helper_";

/// Set to `1`: build the C with trapping UBSan checks (signed overflow, alignment).
const UBSAN: &str = "KERNEL_INTEGRATION_UBSAN";

/// C sources compiled into `libhost_timekeeper.a`.
const SOURCES: &[&str] = &[
    "csrc/timekeeper.c",
    "csrc/host_clock.c",
    "csrc/helpers.c",
    "csrc/hrtimer.c",
    "csrc/delay.c",
    "csrc/time.c",
    "csrc/host_sleep.c",
    "csrc/kernel.c",
];

/// The C that `csrc/helpers.c` includes: the in-tree series' helpers.
const INCLUDED_SOURCES: &[&str] = &[
    "linux/intree/rust/helpers/time.c",
    "linux/intree/rust/helpers/hrtimer.c",
];

/// Every header the C sources or bindgen read: a change to any reruns this script.
const HEADERS: &[&str] = &[
    "include/bindings_helper.h",
    "include/helpers.h",
    "include/timekeeper_test.h",
    "include/linux/types.h",
    "include/linux/ktime.h",
    "include/linux/time64.h",
    "include/linux/timekeeping.h",
    "include/asm-generic/param.h",
    "include/vdso/jiffies.h",
    "include/uapi/linux/time.h",
    "include/uapi/asm-generic/int-ll64.h",
    "include/uapi/asm-generic/errno-base.h",
    "csrc/host_clock.h",
    "include/linux/hrtimer.h",
    "include/linux/delay.h",
    "include/linux/jiffies.h",
    "csrc/host_sleep.h",
    "include/linux/bug.h",
    "include/linux/compiler.h",
    "include/linux/hardirq.h",
    "include/linux/hrtimer_bases.h",
    "include/linux/kernel.h",
    "include/linux/smp.h",
    "include/linux/sched/task_stack.h",
    "include/linux/printk.h",
];

/// The Rust version bindgen writes for (the kernel passes `--rust-target` too).
const RUST_TARGET_MINOR: u64 = 82;

/// Renames `rust_helper_X` to `X` and links it to `rust_helper_X`: the kernel's
/// `sed -Ei 's/pub fn rust_helper_([a-zA-Z0-9_]*)/#[link_name="rust_helper_\1"]\n pub fn \1/g'`.
#[derive(Debug)]
struct HelperNames;

impl ParseCallbacks for HelperNames {
    fn generated_name_override(&self, item: ItemInfo<'_>) -> Option<String> {
        match item.kind {
            ItemKind::Function => item.name.strip_prefix(HELPER_PREFIX).map(str::to_owned),
            _ => None,
        }
    }

    fn generated_link_name_override(&self, item: ItemInfo<'_>) -> Option<String> {
        match item.kind {
            ItemKind::Function if item.name.starts_with(HELPER_PREFIX) => {
                Some(item.name.to_owned())
            }
            _ => None,
        }
    }
}

/// What to install when bindgen cannot run on Debian (`scripts/prereqs.sh` says the same).
const DEBIAN_PREREQS: &str = "kernel-integration runs bindgen, which needs libclang and clang's \
     headers: install them with `apt-get install libclang-dev` as root \
     (or run ./scripts/prereqs.sh, or ./scripts/demo, which installs them)";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            // Shown by cargo as a warning above its own error, and in the script's stderr.
            println!("cargo:warning={message}");
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The Debian layout `scripts/prereqs.sh` checks: some `/usr/lib/llvm-*/lib/libclang*.so*`
/// and some `/usr/lib/llvm-*/lib/clang/*/include/stdbool.h` (from libclang-dev's
/// dependencies; `libclang1` alone has the library but not the headers).
fn debian_libclang_installed() -> bool {
    let children = |dir: &Path| -> Vec<PathBuf> {
        std::fs::read_dir(dir)
            .map(|entries| entries.flatten().map(|entry| entry.path()).collect())
            .unwrap_or_default()
    };
    let llvm_libs: Vec<PathBuf> = children(Path::new("/usr/lib"))
        .into_iter()
        .filter(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.starts_with("llvm-"))
        })
        .map(|path| path.join("lib"))
        .collect();
    let has_library = llvm_libs.iter().flat_map(|lib| children(lib)).any(|path| {
        path.file_name()
            .and_then(|name| name.to_str())
            .is_some_and(|name| name.starts_with("libclang") && name.contains(".so"))
    });
    let has_headers = llvm_libs
        .iter()
        .flat_map(|lib| children(&lib.join("clang")))
        .any(|version| version.join("include/stdbool.h").is_file());
    has_library && has_headers
}

/// Checks that bindgen will find libclang and clang's headers, loading libclang the
/// way bindgen does (`clang_sys::load`, which honours `LIBCLANG_PATH`) so that a
/// missing library is this error rather than bindgen's panic.
fn check_libclang() -> Result<(), String> {
    println!("cargo:rerun-if-env-changed=LIBCLANG_PATH");
    let debian = Path::new("/etc/debian_version").exists();
    let explicit = env::var_os("LIBCLANG_PATH").is_some();
    if debian && !explicit && !debian_libclang_installed() {
        return Err(DEBIAN_PREREQS.to_owned());
    }
    clang_sys::load().map_err(|_| match env::var("LIBCLANG_PATH") {
        Ok(path) => format!(
            "kernel-integration runs bindgen, which cannot load libclang from \
             LIBCLANG_PATH={path}: point LIBCLANG_PATH at the directory that holds \
             libclang.so, or unset it and install libclang-dev"
        ),
        Err(_) if debian => DEBIAN_PREREQS.to_owned(),
        Err(_) => "kernel-integration runs bindgen, which cannot find libclang: install \
                   your distribution's libclang development package (Fedora: clang-devel) \
                   or set LIBCLANG_PATH to the directory that holds libclang.so"
            .to_owned(),
    })
}

fn run() -> Result<(), String> {
    check_libclang()?;
    println!("cargo:rerun-if-changed=build.rs");
    // The C model and its headers are the kernel crate's, in `kernel-integration/`:
    // named by absolute paths, so that the paths bindgen reports for cargo to watch are
    // the files'.
    let manifest = env::var_os("CARGO_MANIFEST_DIR").ok_or("CARGO_MANIFEST_DIR is not set")?;
    let root = Path::new(&manifest)
        .parent()
        .ok_or("the bindings crate is in kernel-integration/")?
        .to_path_buf();
    for path in SOURCES.iter().chain(INCLUDED_SOURCES).chain(HEADERS) {
        println!("cargo:rerun-if-changed={}", root.join(path).display());
    }
    let include = root.join("include");

    let mut c = cc::Build::new();
    c.files(SOURCES.iter().map(|source| root.join(source)))
        .include(&include)
        .std("gnu11")
        .warnings(true)
        .extra_warnings(true)
        .flag_if_supported("-Wmissing-prototypes")
        .warnings_into_errors(true);
    println!("cargo:rerun-if-env-changed={UBSAN}");
    if env::var_os(UBSAN).is_some_and(|value| value == "1") {
        c.flag("-fsanitize=signed-integer-overflow,alignment")
            .flag("-fsanitize-undefined-trap-on-error");
    }
    c.compile("host_timekeeper");

    let started = Instant::now();
    let bindings = bindgen::Builder::default()
        .header(root.join("include/bindings_helper.h").display().to_string())
        .clang_args([format!("-I{}", include.display()), "-std=gnu11".to_owned()])
        .use_core()
        // C's types as the kernel's `ffi` crate has them (`unsigned long` is `usize`),
        // as the kernel's bindgen runs with `--ctypes-prefix ffi`.
        .ctypes_prefix("crate::ffi")
        // bindgen's default formatter: the `rustfmt` of the toolchain, when it has one.
        .rust_target(
            bindgen::RustTarget::stable(RUST_TARGET_MINOR, 0)
                .map_err(|error| format!("bad bindgen rust target: {error}"))?,
        )
        // Only what the clocks and their tests need, as the kernel's allowlists.
        // The static inline getters are skipped by bindgen (no inline functions):
        // their `rust_helper_*` wrappers take their names instead.
        .allowlist_function("ktime_.*|rust_helper_ktime_.*|timekeeper_test_.*")
        .allowlist_type("ktime_t|tk_offsets")
        .allowlist_var("CLOCK_.*|TK_OFFS_.*|TK_TEST_START_.*|NSEC_PER_.*|TICK_NSEC")
        // What `kernel::time::{delay, hrtimer}` and `kernel::io::poll` call: delays,
        // jiffies, hrtimers.
        .allowlist_function(
            "rust_helper_fsleep|rust_helper_udelay|fsleep|udelay|__msecs_to_jiffies",
        )
        // A helper is matched by the name it is renamed to (`HelperNames`).
        .allowlist_function("hrtimer_.*|clock_was_set|__might_sleep|host_test_warnings")
        .allowlist_type("hrtimer|hrtimer_mode|hrtimer_restart|clockid_t")
        // As the kernel's rust/bindgen_parameters.
        .newtype_enum("hrtimer_restart")
        .allowlist_var("MAX_UDELAY_MS|HZ")
        .parse_callbacks(Box::new(HelperNames))
        .parse_callbacks(Box::new(bindgen::CargoCallbacks::new()))
        .generate()
        .map_err(|error| {
            format!(
                "bindgen failed on include/bindings_helper.h: {error}\n\
                 bindgen needs libclang and clang's headers: on Debian, \
                 `apt-get install libclang-dev` (or run ./scripts/prereqs.sh)"
            )
        })?;
    let elapsed = started.elapsed();

    let out_dir = env::var_os("OUT_DIR").ok_or("OUT_DIR is not set (run through cargo)")?;
    let out = PathBuf::from(out_dir).join("bindings.rs");
    bindings
        .write_to_file(&out)
        .map_err(|error| format!("cannot write {}: {error}", out.display()))?;
    // Shown with `cargo build -vv`: what bindgen costs per build of this crate.
    eprintln!("bindgen generated {} in {elapsed:?}", out.display());
    Ok(())
}
