//! Adding a clock to the project is a table edit, end to end: in a copy of the whole
//! workspace, rows for every real kernel clock reader that the kernel's table does not
//! have yet go into it — the kernel's `rust/kernel/time/clocks.toml`, which the host
//! kernel crate reads, and its copy at the root — and nothing else changes, and the
//! main demo prints each new clock with its reading. Removing a row then breaks the
//! code that uses it, with an error naming the clock. And the build script stops with
//! one sentence, not a bindgen panic, when libclang cannot be loaded.
//!
//! Adding a capability is one code edit: in a copy of the workspace, a `vdso`
//! capability with a rule (`IdIn`) is one entry in the macro's capability data, from
//! which `declare_clocks!(runtime = self)` declares its trait in each runtime; with its
//! ui case and the regenerated docs, reference expansion and snapshots, the clocks
//! declared with `vdso = true` have the trait and the tests that cover every
//! capability cover it.

mod scratch;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Every clock reader of the kernel's `include/linux/timekeeping.h` (the host kernel in
/// kernel-integration has them all), as a `clocks.toml` row: name, getter, whether it
/// never goes backwards, and the rest of the row.
const KERNEL_CLOCKS: &[(&str, &str, bool, &str)] = &[
    (
        "Monotonic",
        "ktime_get",
        true,
        "clockid = \"CLOCK_MONOTONIC\"",
    ),
    (
        "RealTime",
        "ktime_get_real",
        false,
        "clockid = \"CLOCK_REALTIME\"",
    ),
    (
        "BootTime",
        "ktime_get_boottime",
        true,
        "clockid = \"CLOCK_BOOTTIME\"",
    ),
    (
        "Tai",
        "ktime_get_clocktai",
        false,
        "clockid = \"CLOCK_TAI\"",
    ),
    (
        "MonotonicRaw",
        "ktime_get_raw",
        true,
        "clockid = \"CLOCK_MONOTONIC_RAW\"",
    ),
    // The coarse family: the time at the last tick. There are no uapi ids for the
    // coarse boot and TAI clocks: their ids are their time bases'.
    (
        "MonotonicCoarse",
        "ktime_get_coarse",
        true,
        "clockid = \"CLOCK_MONOTONIC_COARSE\"",
    ),
    (
        "RealTimeCoarse",
        "ktime_get_coarse_real",
        false,
        "clockid = \"CLOCK_REALTIME_COARSE\"",
    ),
    (
        "BootTimeCoarse",
        "ktime_get_coarse_boottime",
        true,
        "clockid = \"CLOCK_BOOTTIME\"",
    ),
    (
        "TaiCoarse",
        "ktime_get_coarse_clocktai",
        false,
        "clockid = \"CLOCK_TAI\"",
    ),
    // The NMI-safe accessors return u64 nanoseconds. Only the raw one is monotonic:
    // the kernel documents that the others can be seen going back across an update.
    (
        "MonotonicFast",
        "ktime_get_mono_fast_ns",
        false,
        "returns = \"u64\"\nnmi_safe = true\nclockid = \"CLOCK_MONOTONIC\"",
    ),
    (
        "MonotonicRawFast",
        "ktime_get_raw_fast_ns",
        true,
        "returns = \"u64\"\nnmi_safe = true\nclockid = \"CLOCK_MONOTONIC_RAW\"",
    ),
    (
        "BootTimeFast",
        "ktime_get_boot_fast_ns",
        false,
        "returns = \"u64\"\nnmi_safe = true\nclockid = \"CLOCK_BOOTTIME\"",
    ),
    (
        "TaiFast",
        "ktime_get_tai_fast_ns",
        false,
        "returns = \"u64\"\nnmi_safe = true\nclockid = \"CLOCK_TAI\"",
    ),
    (
        "RealTimeFast",
        "ktime_get_real_fast_ns",
        false,
        "returns = \"u64\"\nnmi_safe = true\nclockid = \"CLOCK_REALTIME\"",
    ),
];

/// The kernel's table, which the host kernel crate reads (`kernel::time`'s
/// `declare_clocks!("time/clocks.toml", …)`), and its copy at the root of the
/// workspace (`scripts/kernel-patches check` keeps the two equal).
const TABLES: [&str; 2] = [
    "kernel-integration/linux/intree/rust/kernel/time/clocks.toml",
    "clocks.toml",
];

/// Writes `table` to both [`TABLES`] of the workspace at `dir`.
fn write_tables(dir: &Path, table: &str) {
    for path in TABLES {
        std::fs::write(dir.join(path), table).expect("write clocks.toml");
    }
}

/// The text of the host kernel crate's sources, its examples and the kernel files it
/// builds (the KUnit tests, which the host does not build, left out) in the workspace
/// at `dir`.
fn kernel_integration_sources(dir: &Path) -> String {
    fn walk(dir: &Path, text: &mut String) {
        for entry in std::fs::read_dir(dir).expect("read dir").flatten() {
            let path = entry.path();
            let name = entry.file_name();
            if name == "tests" || name == "tests.rs" {
                continue;
            }
            if path.is_dir() {
                walk(&path, text);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                text.push_str(&std::fs::read_to_string(&path).expect("read source"));
            }
        }
    }
    let mut text = String::new();
    for sub in [
        "kernel-integration/src",
        "kernel-integration/examples",
        "kernel-integration/linux/intree/rust/kernel",
    ] {
        walk(&dir.join(sub), &mut text);
    }
    text
}

/// Whether `text` has `word` as a whole word.
fn names_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !part(before) && !part(after)
    })
}

/// `table` with only the `[[clock]]` rows whose name `keep` accepts (the text before
/// the first row stays).
fn keep_rows(table: &str, keep: impl Fn(&str) -> bool) -> String {
    let mut parts = table.split("\n[[clock]]\n");
    let mut kept = parts.next().unwrap_or_default().to_owned();
    for row in parts {
        let name = rows(&format!("[[clock]]\n{row}"))
            .first()
            .map(|(name, _)| name.clone())
            .unwrap_or_default();
        if keep(&name) {
            kept.push_str("\n[[clock]]\n");
            kept.push_str(row);
        }
    }
    kept
}

/// The `(name, getter)` of every row of a `clocks.toml`.
fn rows(table: &str) -> Vec<(String, String)> {
    let document = toml_span::parse(table).expect("clocks.toml is valid TOML");
    let mut rows = Vec::new();
    for row in document
        .pointer("/clock")
        .and_then(|clock| clock.as_array())
        .into_iter()
        .flatten()
    {
        let row = row.as_table().expect("a [[clock]] table");
        let field = |name: &str| {
            row.get(name)
                .and_then(|value| value.as_str())
                .unwrap_or_default()
                .to_owned()
        };
        rows.push((field("name"), field("getter")));
    }
    rows
}

/// Every file under `dir` (but `target`), with its contents.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(dir: &Path, root: &Path, files: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).expect("read dir").flatten() {
            let path = entry.path();
            if entry.file_name() == "target" {
                continue;
            }
            if path.is_dir() {
                walk(&path, root, files);
            } else {
                let relative = path.strip_prefix(root).expect("under root").to_owned();
                let _ = files.insert(relative, std::fs::read(&path).expect("read file"));
            }
        }
    }
    let mut files = BTreeMap::new();
    walk(dir, dir, &mut files);
    files
}

/// The paths whose contents differ between two snapshots.
fn changed(
    before: &BTreeMap<PathBuf, Vec<u8>>,
    after: &BTreeMap<PathBuf, Vec<u8>>,
) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = before.keys().chain(after.keys()).cloned().collect();
    paths.sort();
    paths.dedup();
    paths.retain(|path| before.get(path) != after.get(path));
    paths
}

#[test]
fn every_kernel_clock_is_a_table_edit_and_removing_one_breaks_its_users() {
    let dir = scratch::temp_dir("workspace-copy");
    scratch::copy_tree(&scratch::workspace(), &dir, &[]);
    let target = scratch::cached_target("workspace-copy-target");
    // Start from the rows that the host kernel crate names in its code: whatever the
    // kernel's table has, the edit below then adds real rows.
    let used = kernel_integration_sources(&dir);
    let reduced = keep_rows(
        &std::fs::read_to_string(dir.join(TABLES[0])).expect("clocks.toml"),
        |name| names_word(&used, name),
    );
    write_tables(&dir, &reduced);
    let before = snapshot(&dir);

    // Add every kernel clock the table lacks (by getter), and nothing else.
    let mut table = reduced;
    let present = rows(&table);
    let mut added = Vec::new();
    for &(name, getter, monotonic, rest) in KERNEL_CLOCKS {
        if present.iter().any(|(_, existing)| existing == getter) {
            continue;
        }
        table.push_str(&format!(
            "\n[[clock]]\nname = \"{name}\"\ngetter = \"{getter}\"\nmonotonic = {monotonic}\n{rest}\n"
        ));
        added.push(name);
    }
    assert!(
        !added.is_empty(),
        "the reduced table has every kernel clock"
    );
    write_tables(&dir, &table);

    let output = scratch::cargo(
        &dir,
        &target,
        &[
            "run",
            "--quiet",
            "-p",
            "kernel-integration",
            "--example",
            "clocks",
        ],
    );
    let stderr = scratch::stderr(&output);
    assert!(output.status.success(), "the demo failed:\n{stderr}");
    let stdout = String::from_utf8(output.stdout).expect("utf-8");

    // Every row of the table, new ones included, is printed with a reading.
    for (name, _) in rows(&table) {
        let line = stdout
            .lines()
            .find(|line| line.split_whitespace().next() == Some(name.as_str()))
            .unwrap_or_else(|| panic!("the demo does not list {name}:\n{stdout}"));
        let reading = line.split_whitespace().last().expect("a reading");
        assert!(
            reading.ends_with('s') && reading.starts_with(|c: char| c.is_ascii_digit()),
            "{name} has no reading: {line:?}"
        );
    }
    eprintln!("added to the table: {added:?}\n{stdout}");

    // The table is the only file that changed (the build touched nothing else).
    let mut tables: Vec<PathBuf> = TABLES.iter().map(PathBuf::from).collect();
    tables.sort();
    assert_eq!(changed(&before, &snapshot(&dir)), tables);

    // Remove a row the demo uses: the build fails, naming the clock.
    let boot = "\n[[clock]]\nname = \"BootTime\"\n";
    let start = table.find(boot).expect("the kernel's table has BootTime") + 1;
    let end = table[start..]
        .find("\n[[clock]]")
        .map_or(table.len(), |end| start + end + 1);
    table.replace_range(start..end, "");
    write_tables(&dir, &table);
    let output = scratch::cargo(
        &dir,
        &target,
        &[
            "build",
            "--quiet",
            "-p",
            "kernel-integration",
            "--example",
            "clocks",
        ],
    );
    let stderr = scratch::stderr(&output);
    assert!(
        !output.status.success(),
        "the demo still builds without BootTime"
    );
    assert!(
        stderr.contains("error") && stderr.contains("`BootTime`"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Without a loadable libclang the build stops with one sentence saying what to do;
/// bindgen would panic with a backtrace. (A target dir of its own: bindgen's build
/// depends on `LIBCLANG_PATH`, and switching it back and forth would rebuild it.)
#[test]
fn missing_libclang_is_one_sentence_not_a_panic() {
    let dir = scratch::temp_dir("workspace-libclang");
    scratch::copy_tree(&scratch::workspace(), &dir, &[]);
    let output = scratch::cargo_command(
        &dir,
        &scratch::cached_target("libclang-missing-target"),
        &["build", "--quiet", "-p", "kernel-integration"],
    )
    .env("LIBCLANG_PATH", "/nonexistent/libclang")
    .output()
    .expect("run cargo");
    let stderr = scratch::stderr(&output);
    assert!(
        !output.status.success(),
        "built without libclang?\n{stderr}"
    );
    assert!(
        stderr.contains(
            "error: kernel-integration runs bindgen, which cannot \
             load libclang from LIBCLANG_PATH=/nonexistent/libclang: point LIBCLANG_PATH at \
             the directory that holds libclang.so, or unset it and install libclang-dev\n"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    let _ = std::fs::remove_dir_all(dir);
}

/// The code edit of a new capability `vdso`: its entry in the macro's capability data,
/// inserted after an anchor: `(file, anchor, text)`.
const VDSO_EDITS: &[(&str, &str, &str)] = &[(
    "time-macros/src/capabilities.rs",
    "        doc: \"keeps counting while the system is suspended\",\n    },\n",
    "    Capability {
        key: \"vdso\",
        tr: Trait {
            name: \"VdsoClock\",
            supertrait: None,
            is_unsafe: false,
            doc: \"A clock that user space reads through the vDSO. Implemented by \\
                  `declare_clocks!` for the rows with `vdso = true`.\",
            safety: \"\",
            unimplemented: [
                \"`{Self}` is not read through the vDSO\",
                \"only clocks declared with `vdso = true` implement `VdsoClock`\",
                \"\",
            ],
        },
        required: false,
        kernel: Impl::Plain,
        posix: Some(Impl::Plain),
        rules: &[Check {
            rule: Rule::IdIn(&[0, 1, 6, 7]),
            message: \"the vDSO does not read clock id `{clockid}`\",
            help: \"remove `vdso = true` from this row\",
        }],
        narrower: None,
        doc: \"can be read in user space through the vDSO\",
    },
",
)];

/// The ui case of the new capability.
const VDSO_UI_CASE: (&str, &str) = (
    "ui-tests/fail/vdso_bound_with_clock_without_vdso.rs",
    "// A generic API that requires `C: VdsoClock` rejects a clock declared without
// `vdso = true`.
use typed_clocks::{Instant, VdsoClock};

typed_clocks::declare_clocks! {
    unsafe(extern \"C\");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1 },
}

fn read<C: VdsoClock>() -> Instant<C> {
    Instant::now()
}

fn main() {
    let _ = read::<Monotonic>();
}
",
);

/// The ui snapshots that quote the list of valid keys: regenerated, not edited.
const KEY_LIST_SNAPSHOTS: &[&str] = &[
    "inline_unknown_key.rs",
    "table_unknown_key.rs",
    "table_several_errors_reported_at_once.rs",
];

/// Whether `after` is `before` with one piece of text inserted.
fn one_insertion(before: &[u8], after: &[u8]) -> bool {
    let prefix = before.iter().zip(after).take_while(|(a, b)| a == b).count();
    let suffix = before[prefix..]
        .iter()
        .rev()
        .zip(after[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    after.len() > before.len() && prefix + suffix == before.len()
}

#[test]
fn a_capability_is_one_code_edit_and_one_ui_case() {
    let dir = scratch::temp_dir("capability-copy");
    scratch::copy_tree(&scratch::workspace(), &dir, &[]);
    let target = scratch::cached_target("capability-copy-target");
    let before = snapshot(&dir);

    // The code edits.
    for &(file, anchor, text) in VDSO_EDITS {
        let path = dir.join(file);
        let mut source = std::fs::read_to_string(&path).expect("read the source");
        let at = source
            .find(anchor)
            .unwrap_or_else(|| panic!("{file} has no {anchor:?}"))
            + anchor.len();
        source.insert_str(at, text);
        std::fs::write(&path, source).expect("write the source");
    }
    let edited = snapshot(&dir);
    let changes = changed(&before, &edited);
    assert_eq!(changes.len(), VDSO_EDITS.len(), "{changes:?}");
    for path in &changes {
        assert!(one_insertion(&before[path], &edited[path]), "{path:?}");
    }
    eprintln!(
        "a capability: {} code edit(s), in {changes:?}",
        changes.len()
    );

    // Its ui case; then what is generated: the documentation's capability table and
    // key lists, the reference expansion (which declares the runtime's traits), the ui
    // snapshots (the new one, and those that list the keys), and the README's table of
    // the clocks and their capabilities.
    let (case, text) = VDSO_UI_CASE;
    std::fs::write(dir.join(case), text).expect("write the ui case");
    // `cargo test --quiet ARGS` in the copy, with `env`.
    let test = |args: &[&str], env: &[(&str, &str)]| {
        let args = [&["test", "--quiet"], args].concat();
        let output = scratch::cargo_command(&dir, &target, &args)
            .envs(env.iter().copied())
            .output()
            .expect("run cargo");
        let stderr = scratch::stderr(&output);
        assert!(
            output.status.success(),
            "cargo {args:?} failed:\n{}\n{stderr}",
            String::from_utf8_lossy(&output.stdout)
        );
    };
    let macro_tables = ["-p", "typed-clocks-macros", "--lib", "capability::"];
    test(&macro_tables, &[("UPDATE_DOCS", "1")]);
    let reference = ["-p", "typed-clocks-macros", "--lib", "reference"];
    test(&reference, &[("UPDATE_EXPANSION", "1")]);
    let case_name = Path::new(case).file_name().expect("a file name");
    let filters: Vec<String> = std::iter::once(case_name.to_string_lossy().into_owned())
        .chain(KEY_LIST_SNAPSHOTS.iter().map(|&name| name.to_owned()))
        .map(|name| format!("trybuild={name}"))
        .collect();
    let mut ui = vec!["-p", "ui-tests", "--", "ui"];
    ui.extend(filters.iter().map(String::as_str));
    test(&ui, &[("TRYBUILD", "overwrite")]);
    let readme = ["-p", "clock-tests", "--test", "readme_capabilities"];
    test(&readme, &[("UPDATE_README", "1")]);

    // The clocks with `vdso = true` have the trait, with each backend: the tests
    // that cover every capability cover it (and the macro's own, and the ui case's);
    // the hostile tables draw good rows with it and rows that break its rule.
    test(&["-p", "clock-tests", "--test", "expansion_rows"], &[]);
    test(&macro_tables, &[]);
    test(&reference, &[]);
    let hostile = [
        "-p",
        "clock-tests",
        "--test",
        "hostile_tables",
        "hostile_tables_compile_to_located_errors_and_usable_clocks",
    ];
    test(&hostile, &[("HOSTILE_TABLES", "60")]);
    let read = |path: &str| std::fs::read_to_string(dir.join(path)).expect("read");
    let snapshot_of_case = read(&case.replace(".rs", ".stderr"));
    assert!(
        snapshot_of_case.contains("error[E0277]: `Monotonic` is not read through the vDSO"),
        "{snapshot_of_case}"
    );
    assert!(read("time-core/doc/declare_clocks.md").contains(
        "| `vdso` | `VdsoClock` | no | yes | can be read in user space through the vDSO |"
    ));
    assert!(
        read("docs/expansion/expanded.rs").contains("pub trait VdsoClock: self::ClockSource {}")
    );
    for name in KEY_LIST_SNAPSHOTS {
        let snapshot = read(&format!("ui-tests/fail/{}", name.replace(".rs", ".stderr")));
        assert!(
            snapshot.contains(", counts_suspend, vdso"),
            "{name}:\n{snapshot}"
        );
    }

    // Beside the code edits and the ui case, only generated text changed.
    let mut generated = changed(&edited, &snapshot(&dir));
    generated.retain(|path| path != Path::new(case));
    let mut expected: Vec<PathBuf> = [
        "README.md",
        "time-core/doc/declare_clocks.md",
        "docs/expansion/expanded.rs",
    ]
    .iter()
    .map(PathBuf::from)
    .chain(
        std::iter::once(case.replace(".rs", ".stderr"))
            .chain(
                KEY_LIST_SNAPSHOTS
                    .iter()
                    .map(|name| format!("ui-tests/fail/{}", name.replace(".rs", ".stderr"))),
            )
            .map(PathBuf::from),
    )
    .collect();
    expected.sort();
    assert_eq!(generated, expected);
    let _ = std::fs::remove_dir_all(dir);
}
