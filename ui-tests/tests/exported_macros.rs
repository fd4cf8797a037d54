//! Every macro that the workspace's crates export (`#[macro_export]`, hidden or not, and
//! function-like proc macros) can be called by any crate, with any input. Each must
//! either be refused without its caller's `unsafe`, proven by a compile-fail case
//! `ui-tests/fail/forbid_unsafe_code_<name>*.rs`, or have a row in
//! `docs/reliability.md`'s `## Exported macros` section whose last cell starts with
//! "sound for every input" and says why.
//!
//! The macros are found by reading the sources: the `src/` of every workspace member
//! (the root `Cargo.toml`'s `members`), and every directory or file that a `#[path]`
//! attribute there names (the kernel crate's `linux/intree/rust/kernel`).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The section of `docs/reliability.md` that lists the exported macros.
const SECTION: &str = "## Exported macros";
/// How a row of that section starts the reason a macro needs no case.
const SOUND: &str = "sound for every input";

/// An exported macro, as the sources declare it.
#[derive(Debug)]
struct Exported {
    /// `krate::name!`: the path other crates call it by.
    path: String,
    /// The macro's name.
    name: String,
    /// Where it is declared (`file:line`, relative to the workspace).
    at: String,
}

#[test]
fn every_exported_macro_has_a_forbid_unsafe_code_case_or_a_documented_reason() {
    let root = workspace_root();
    let exported = exported_macros(&root);
    let names: BTreeSet<&str> = exported.iter().map(|m| m.name.as_str()).collect();
    for expected in ["declare_clocks", "impl_has_hr_timer", "container_of"] {
        assert!(
            names.contains(expected),
            "the scan found no `{expected}!` among {names:?}: it no longer finds what it must"
        );
    }
    let cases = forbid_cases(&root.join("ui-tests/fail"));
    let rows = documented_rows(&root.join("docs/reliability.md"));
    let mut missing = Vec::new();
    for exported in &exported {
        let has_case = cases
            .iter()
            .any(|case| case == &exported.name || case.starts_with(&format!("{}_", exported.name)));
        let reason = rows
            .iter()
            .find(|row| row.macros.contains(&exported.path))
            .map(|row| row.reason.as_str());
        let sound = reason
            .is_some_and(|reason| reason.starts_with(SOUND) && reason.len() > SOUND.len() + 20);
        if !has_case && !sound {
            missing.push(format!(
                "`{}` ({}): add `ui-tests/fail/forbid_unsafe_code_{}.rs`, refused without the \
                 caller's `unsafe`, or a row `| `{}` | … | {SOUND}: WHY |` to {SECTION} of \
                 docs/reliability.md",
                exported.path, exported.at, exported.name, exported.path
            ));
        }
    }
    assert!(
        missing.is_empty(),
        "exported macros with neither a forbid(unsafe_code) case nor a documented reason:\n{}",
        missing.join("\n")
    );
    let paths: BTreeSet<&str> = exported.iter().map(|m| m.path.as_str()).collect();
    let stale: Vec<&String> = rows
        .iter()
        .flat_map(|row| &row.macros)
        .filter(|path| !paths.contains(path.as_str()))
        .collect();
    assert!(
        stale.is_empty(),
        "{SECTION} of docs/reliability.md lists macros the sources do not export: {stale:?}"
    );
}

/// The workspace: the parent of this package.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("ui-tests is a directory of the workspace")
        .to_owned()
}

/// Every exported macro of the workspace members' sources, in the order found.
fn exported_macros(root: &Path) -> Vec<Exported> {
    let root = root.canonicalize().expect("the workspace exists");
    let mut exported = Vec::new();
    for member in members(&root) {
        let dir = root.join(&member);
        let src = dir.join("src");
        if !src.is_dir() {
            continue;
        }
        let krate = crate_name(&dir.join("Cargo.toml"));
        let mut seen = BTreeSet::new();
        let mut pending = vec![src];
        while let Some(path) = pending.pop() {
            let path = path.canonicalize().unwrap_or_else(|error| {
                panic!("{}, which the sources name: {error}", path.display())
            });
            if !seen.insert(path.clone()) {
                continue;
            }
            if path.is_dir() {
                pending.extend(rust_files(&path));
                continue;
            }
            let text = fs::read_to_string(&path).expect("a source file reads as UTF-8");
            let at = path
                .strip_prefix(&root)
                .unwrap_or(&path)
                .display()
                .to_string();
            pending.extend(
                path_attributes(&text)
                    .into_iter()
                    .map(|target| path.parent().expect("a file has a directory").join(target)),
            );
            for (line, name) in macros_in(&text) {
                exported.push(Exported {
                    path: format!("{krate}::{name}!"),
                    name,
                    at: format!("{at}:{line}"),
                });
            }
        }
    }
    exported
}

/// The root manifest's `members`.
fn members(root: &Path) -> Vec<String> {
    let manifest = fs::read_to_string(root.join("Cargo.toml")).expect("the root Cargo.toml");
    let start = manifest
        .find("members")
        .expect("a [workspace] with members");
    let list = &manifest[start..];
    let list = &list[list.find('[').expect("members = [ … ]") + 1..];
    let list = &list[..list.find(']').expect("members = [ … ]")];
    list.split(',')
        .map(|item| item.trim().trim_matches('"').to_owned())
        .filter(|item| !item.is_empty())
        .collect()
}

/// The name a member's library is called by: `[lib] name`, else the package's name
/// with `-` as `_`.
fn crate_name(manifest: &Path) -> String {
    let text = fs::read_to_string(manifest).expect("a member's Cargo.toml");
    let mut section = "";
    let (mut package, mut lib) = (None, None);
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
        } else if let Some(value) = line.strip_prefix("name").map(str::trim) {
            let Some(value) = value.strip_prefix('=') else {
                continue;
            };
            let value = value.trim().trim_matches('"').to_owned();
            match section {
                "[package]" => package = Some(value),
                "[lib]" => lib = Some(value),
                _ => {}
            }
        }
    }
    lib.or(package.map(|name| name.replace('-', "_")))
        .expect("a member has a package name")
}

/// The `.rs` files and the directories in `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let entries = fs::read_dir(dir).expect("a source directory reads");
    entries
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.is_dir() || path.extension().is_some_and(|ext| ext == "rs"))
        .collect()
}

/// The targets of the `#[path = "…"]` attributes of a file.
fn path_attributes(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter_map(|line| line.strip_prefix("#[path"))
        .filter_map(|rest| rest.split('"').nth(1))
        .map(str::to_owned)
        .collect()
}

/// The macros a file exports, each with its line: `macro_rules!` after
/// `#[macro_export]`, and the function after `#[proc_macro]`.
fn macros_in(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut found = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let keyword = if line.starts_with("#[macro_export") {
            "macro_rules!"
        } else if *line == "#[proc_macro]" {
            "fn "
        } else {
            continue;
        };
        // The item follows, after other attributes and comments.
        let item = lines[index + 1..]
            .iter()
            .enumerate()
            .find(|(_, next)| {
                !(next.starts_with("#[") || next.starts_with("//") || next.is_empty())
            })
            .expect("an exported macro's item follows its attribute");
        let after = item.1.split(keyword).nth(1).unwrap_or_else(|| {
            panic!(
                "line {}: expected `{keyword}` after the attribute",
                index + item.0 + 2
            )
        });
        let name: String = after
            .trim()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        found.push((index + item.0 + 2, name));
    }
    found
}

/// The names after `forbid_unsafe_code_` of the compile-fail cases.
fn forbid_cases(fail: &Path) -> Vec<String> {
    rust_files(fail)
        .iter()
        .filter_map(|path| path.file_stem()?.to_str())
        .filter_map(|stem| stem.strip_prefix("forbid_unsafe_code_"))
        .map(str::to_owned)
        .collect()
}

/// A row of the section: the macros of its first cell, and its last cell.
struct Row {
    macros: Vec<String>,
    reason: String,
}

/// The rows of the section's table (its header and separator left out).
fn documented_rows(doc: &Path) -> Vec<Row> {
    let text = fs::read_to_string(doc).expect("docs/reliability.md");
    let start = text.find(&format!("\n{SECTION}\n")).unwrap_or_else(|| {
        panic!("docs/reliability.md has no `{SECTION}` section");
    });
    let section = &text[start + SECTION.len() + 2..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    section
        .lines()
        .filter(|line| line.starts_with('|') && !line.starts_with("|---"))
        .skip(1)
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
            let macros = cells[0]
                .split('`')
                .skip(1)
                .step_by(2)
                .filter(|code| code.ends_with('!') && code.contains("::"))
                .map(str::to_owned)
                .collect();
            let reason = cells.last().copied().unwrap_or_default().to_owned();
            Row { macros, reason }
        })
        .collect()
}
