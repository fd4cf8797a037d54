//! The measured parts of `docs/upstream.md` (the item table with the uses refused by
//! design, the diff of each kernel file, the list of the patches), each between
//! `<!-- upstream-parity:NAME -->` and `<!-- /upstream-parity:NAME -->`.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::items::{File, Item, Refusal, Snippet, Where, ITEMS};
use crate::{diff_lines, intree_dir, upstream_dir, Outcome, Side, KERNEL_FILES};

/// The error code of a compiler error line (`E0277`), or `error` if it has none.
pub fn error_code(error: &str) -> &str {
    error
        .find("[E")
        .and_then(|i| {
            let rest = &error[i + 1..];
            rest.find(']').map(|j| &rest[..j])
        })
        .unwrap_or("error")
}

/// How an item fares against ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every use compiles (a use refused by design aside).
    EveryUse,
    /// Only code inside the kernel crate fails.
    KernelCrateOnly,
    /// Code outside the kernel crate fails.
    Users,
}

/// The outcome of every snippet, by snippet id and side.
pub type Results = BTreeMap<(String, Side), Outcome>;

fn ours<'r>(results: &'r Results, s: &Snippet) -> &'r Outcome {
    &results[&(s.id.to_owned(), Side::Ours)]
}

/// An item's status against ours.
pub fn status(item: &Item, results: &Results) -> Status {
    let failing: Vec<&Snippet> = item
        .snippets
        .iter()
        .filter(|s| s.refused.is_none() && ours(results, s).is_some())
        .collect();
    if failing.is_empty() {
        Status::EveryUse
    } else if failing.iter().all(|s| s.place == Where::KernelCrate) {
        Status::KernelCrateOnly
    } else {
        Status::Users
    }
}

/// Whether a use of `item` is refused by design against ours.
pub fn has_refused(item: &Item, results: &Results) -> bool {
    item.snippets
        .iter()
        .any(|s| s.refused.is_some() && ours(results, s).is_some())
}

/// The totals the harness prints and the table shows.
#[derive(Debug, Default)]
pub struct Totals {
    /// Upstream's items.
    pub items: usize,
    /// Items every use of which compiles against ours.
    pub every_use: usize,
    /// Items only code inside the kernel crate fails on.
    pub kernel_crate_only: usize,
    /// Items code outside the kernel crate fails on.
    pub users: usize,
    /// Items with a use refused by design.
    pub refused: usize,
    /// Snippets.
    pub snippets: usize,
    /// Snippets that compile against ours.
    pub snippets_compile: usize,
    /// Snippets inside the kernel crate.
    pub kernel_crate: usize,
    /// Snippets inside the kernel crate that compile against ours.
    pub kernel_crate_compile: usize,
    /// Snippets refused by design (that fail against ours).
    pub snippets_refused: usize,
}

/// The totals over `items`.
pub fn totals<'a>(items: impl IntoIterator<Item = &'a Item>, results: &Results) -> Totals {
    let mut t = Totals::default();
    for item in items {
        t.items += 1;
        match status(item, results) {
            Status::EveryUse => t.every_use += 1,
            Status::KernelCrateOnly => t.kernel_crate_only += 1,
            Status::Users => t.users += 1,
        }
        if has_refused(item, results) {
            t.refused += 1;
        }
        for s in item.snippets {
            let compiles = ours(results, s).is_none();
            t.snippets += 1;
            t.snippets_compile += usize::from(compiles);
            if s.place == Where::KernelCrate {
                t.kernel_crate += 1;
                t.kernel_crate_compile += usize::from(compiles);
            }
            t.snippets_refused += usize::from(s.refused.is_some() && !compiles);
        }
    }
    t
}

fn percent(n: usize, of: usize) -> String {
    format!("{} %", (n * 100 + of / 2) / of.max(1))
}

/// The failing uses (refused by design aside) by error code: code to (item, snippet).
pub fn failures_by_code(
    results: &Results,
) -> BTreeMap<String, Vec<(&'static Item, &'static Snippet)>> {
    let mut by_code: BTreeMap<String, Vec<(&Item, &Snippet)>> = BTreeMap::new();
    for item in ITEMS {
        for s in item.snippets {
            if let (None, Some(e)) = (s.refused, ours(results, s)) {
                by_code
                    .entry(error_code(e).to_owned())
                    .or_default()
                    .push((item, s));
            }
        }
    }
    by_code
}

/// A use refused by design: its item, itself, and its error against ours (`None` if it
/// compiles, which its `d(…)` mislabels).
pub type RefusedUse = (&'static Item, &'static Snippet, Outcome);

/// The uses refused by design, by reason.
pub fn refused_by_reason(results: &Results) -> BTreeMap<Refusal, Vec<RefusedUse>> {
    let mut by_reason: BTreeMap<Refusal, Vec<_>> = BTreeMap::new();
    for item in ITEMS {
        for s in item.snippets {
            if let Some(why) = s.refused {
                by_reason
                    .entry(why)
                    .or_default()
                    .push((item, s, ours(results, s).clone()));
            }
        }
    }
    by_reason
}

/// The `items` region: totals, per file, failures by error, the uses refused by
/// design with their reasons, and every item's uses.
pub fn items_section(results: &Results) -> String {
    let t = totals(ITEMS, results);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Upstream 7.3.4 has **{}** items. Each has one or more uses below, {} in all ({} of \
         them code inside the kernel crate), every one of which compiles against upstream; \
         against ours:\n",
        t.items, t.snippets, t.kernel_crate
    );
    let _ = writeln!(out, "| items | count | share |\n|---|---:|---:|");
    let rows = [
        ("**every use compiles**", t.every_use),
        (
            "only code inside the kernel crate fails",
            t.kernel_crate_only,
        ),
        ("code outside the kernel crate fails", t.users),
    ];
    for (what, n) in rows {
        let _ = writeln!(out, "| {what} | {n} | {} |", percent(n, t.items));
    }
    let _ = writeln!(
        out,
        "| with a use refused by design (not counted against) | {} | {} |",
        t.refused,
        percent(t.refused, t.items)
    );
    let _ = writeln!(
        out,
        "\nUses: {} of {} compile against ours ({} of the {} inside the kernel crate); {} are \
         refused by design.\n",
        t.snippets_compile, t.snippets, t.kernel_crate_compile, t.kernel_crate, t.snippets_refused
    );

    let _ = writeln!(
        out,
        "| upstream file | items | every use | kernel crate only | users fail | refused by design |\n|---|---:|---:|---:|---:|---:|"
    );
    for file in File::ALL {
        let f = totals(ITEMS.iter().filter(|i| i.file == file), results);
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            file.name(),
            f.items,
            f.every_use,
            f.kernel_crate_only,
            f.users,
            f.refused
        );
    }
    let _ = writeln!(
        out,
        "| **all** | **{}** | **{}** | **{}** | **{}** | **{}** |\n",
        t.items, t.every_use, t.kernel_crate_only, t.users, t.refused
    );

    let failures = failures_by_code(results);
    if failures.is_empty() {
        let _ = writeln!(out, "Failing uses: none.\n");
    } else {
        let _ = writeln!(out, "Failing uses by error:\n");
        for (code, uses) in failures {
            let list: Vec<String> = uses
                .iter()
                .map(|(item, s)| format!("{} (`{}`)", item.name, s.id))
                .collect();
            let _ = writeln!(out, "- {code} ({}): {}", uses.len(), list.join(", "));
        }
        let _ = writeln!(out);
    }

    let _ = writeln!(out, "Refused by design, by the patch that refuses them:\n");
    for (why, uses) in refused_by_reason(results) {
        let list: Vec<String> = uses
            .iter()
            .map(|(item, s, e)| {
                let e = e.as_deref().map_or("compiles", error_code);
                format!("{} (`{}`, {e})", item.name, s.id)
            })
            .collect();
        let _ = writeln!(
            out,
            "- [{}](../kernel-integration/linux/patches/{}){}: {}. Uses ({}): {}.",
            why.patch_number(),
            why.patch_file(),
            if why.unsound() {
                " (unsound upstream)"
            } else {
                ""
            },
            why.reason(),
            uses.len(),
            list.join(", ")
        );
    }
    let _ = writeln!(out);

    for file in File::ALL {
        let _ = writeln!(
            out,
            "#### {}\n\n| item | use | where | ours |\n|---|---|---|---|",
            file.name()
        );
        for item in ITEMS.iter().filter(|i| i.file == file) {
            for (n, s) in item.snippets.iter().enumerate() {
                let name = if n == 0 { item.name } else { "" };
                let place = match s.place {
                    Where::User => "user",
                    Where::KernelCrate => "kernel crate",
                };
                let verdict = match (ours(results, s), s.refused) {
                    (None, None) => "compiles".to_owned(),
                    (None, Some(why)) => {
                        format!(
                            "**compiles** (refused by design by {} expected)",
                            why.patch_number()
                        )
                    }
                    (Some(e), None) => format!("**fails** ({})", error_code(e)),
                    (Some(e), Some(why)) => {
                        format!(
                            "refused by design ({}, {})",
                            error_code(e),
                            why.patch_number()
                        )
                    }
                };
                let _ = writeln!(out, "| {name} | `{}` | {place} | {verdict} |", s.id);
            }
        }
        let _ = writeln!(out);
    }
    out
}

/// The `diffs` region: per kernel-side file, the lines the series adds to and removes
/// from upstream's, and the lines of the files it adds.
pub fn diffs_section() -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| file | lines added | lines removed |\n|---|---:|---:|"
    );
    for f in KERNEL_FILES {
        let (added, removed) = diff_lines(&upstream_dir().join(f), &intree_dir().join(f));
        let _ = writeln!(out, "| `{f}` | {added} | {removed} |");
    }
    let table = "time/clocks.toml";
    let lines = std::fs::read_to_string(intree_dir().join(table))
        .expect("the clock table")
        .lines()
        .count();
    let _ = writeln!(out, "| `{table}` (new) | {lines} | 0 |");
    out
}

/// The `patches` region: the series' kernel-side patches in their order (with the
/// place of the crates that `scripts/intree-series` adds), each with its subject and
/// the files it changes.
pub fn patches_section() -> String {
    let dir = crate::patches_dir();
    let series = std::fs::read_to_string(dir.join("series")).expect("patches/series");
    let mut out = String::new();
    let _ = writeln!(out, "| # | patch | files |\n|---|---|---|");
    for line in series.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line == "@crates" {
            let _ = writeln!(
                out,
                "| | *the crates the macro needs, added here by `scripts/intree-series`* | |"
            );
            continue;
        }
        let text = std::fs::read_to_string(dir.join(line)).expect("a patch of the series");
        let (subject, files) = patch_summary(&text);
        let number = &line[..line.find('-').unwrap_or(0)];
        let files: Vec<String> = files.iter().map(|f| format!("`{f}`")).collect();
        let _ = writeln!(
            out,
            "| [{number}](../kernel-integration/linux/patches/{line}) | {subject} | {} |",
            files.join(", ")
        );
    }
    out
}

/// A `git am` patch's subject (without `[PATCH] `) and the files it changes.
fn patch_summary(text: &str) -> (String, Vec<String>) {
    let mut subject = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(rest) = line.strip_prefix("Subject: ") {
            subject = rest.trim_start_matches("[PATCH] ").to_owned();
            for more in lines.by_ref() {
                match more.strip_prefix(' ') {
                    Some(cont) => {
                        subject.push(' ');
                        subject.push_str(cont);
                    }
                    None => break,
                }
            }
            break;
        }
    }
    let mut files: Vec<String> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("diff --git a/") {
            let file = rest.split(" b/").next().unwrap_or(rest).to_owned();
            if !files.contains(&file) {
                files.push(file);
            }
        }
    }
    (subject, files)
}

/// `doc` with the region `name` replaced by `content`; `None` if `doc` lacks the
/// region's markers.
pub fn replace_region(doc: &str, name: &str, content: &str) -> Option<String> {
    let begin = format!("<!-- upstream-parity:{name} -->\n");
    let end = format!("<!-- /upstream-parity:{name} -->");
    let start = doc.find(&begin)? + begin.len();
    let stop = start + doc[start..].find(&end)?;
    Some(format!("{}{}{}", &doc[..start], content, &doc[stop..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results where every use compiles on both sides but `failing` (against ours).
    fn results_failing(failing: &[(&str, &str)]) -> Results {
        let mut results = Results::new();
        for s in ITEMS.iter().flat_map(|i| i.snippets) {
            for side in Side::BOTH {
                let error = failing
                    .iter()
                    .find(|(id, _)| *id == s.id && side == Side::Ours)
                    .map(|(_, e)| (*e).to_owned());
                let _ = results.insert((s.id.to_owned(), side), error);
            }
        }
        results
    }

    #[test]
    fn a_failing_user_use_fails_its_item_and_shows_in_the_table() {
        let results = results_failing(&[("delta_add", "snippet.rs:3:44: error[E0369]: no `+`")]);
        let item = ITEMS
            .iter()
            .find(|i| i.name == "`Delta + Delta`")
            .expect("item");
        assert_eq!(status(item, &results), Status::Users);
        let t = totals(ITEMS, &results);
        assert_eq!((t.every_use, t.users), (ITEMS.len() - 1, 1));
        let table = items_section(&results);
        assert!(table.contains("| `delta_add` | user | **fails** (E0369) |"));
        assert!(table.contains("- E0369 (1): `Delta + Delta` (`delta_add`)"));
    }

    #[test]
    fn a_kernel_crate_failure_and_a_refusal_by_design_are_counted_apart() {
        let results = results_failing(&[
            (
                "delta_inherent_impl",
                "error[E0116]: cannot define inherent `impl`",
            ),
            (
                "instant_elapsed_realtime",
                "error[E0277]: not a monotonic clock",
            ),
        ]);
        let delta = ITEMS.iter().find(|i| i.name == "`Delta<U>`").expect("item");
        let elapsed = ITEMS
            .iter()
            .find(|i| i.name == "`Instant::elapsed`")
            .expect("item");
        assert_eq!(status(delta, &results), Status::KernelCrateOnly);
        assert_eq!(status(elapsed, &results), Status::EveryUse);
        assert!(has_refused(elapsed, &results));
        let t = totals(ITEMS, &results);
        assert_eq!((t.kernel_crate_only, t.refused, t.users), (1, 1, 0));
    }

    #[test]
    fn every_refusal_has_its_patch_and_a_use() {
        for why in Refusal::ALL {
            let file = why.patch_file();
            let text =
                std::fs::read_to_string(crate::patches_dir().join(&file)).expect("the patch");
            assert!(text.starts_with("From "), "{file} is a `git am` patch");
            assert!(
                ITEMS
                    .iter()
                    .flat_map(|i| i.snippets)
                    .any(|s| s.refused == Some(why)),
                "no use is refused by {why:?}"
            );
        }
    }

    #[test]
    fn a_patch_summary_has_its_whole_subject_and_its_files() {
        let patch = "From 0 Mon Sep 17 00:00:00 2001\nSubject: [PATCH] rust: time: one\n two\n\nBody.\n---\ndiff --git a/rust/a.rs b/rust/a.rs\n--- a/rust/a.rs\ndiff --git a/rust/b.c b/rust/b.c\ndiff --git a/rust/a.rs b/rust/a.rs\n";
        let (subject, files) = patch_summary(patch);
        assert_eq!(subject, "rust: time: one two");
        assert_eq!(files, ["rust/a.rs", "rust/b.c"]);
    }

    #[test]
    fn error_codes() {
        assert_eq!(
            error_code("a.rs:1:2: error[E0308]: mismatched types"),
            "E0308"
        );
        assert_eq!(error_code("[E0034]: multiple applicable items"), "E0034");
        assert_eq!(error_code("error: linking failed"), "error");
    }

    #[test]
    fn a_region_is_replaced_between_its_markers() {
        let doc = "a\n<!-- upstream-parity:x -->\nold\n<!-- /upstream-parity:x -->\nb\n";
        assert_eq!(
            replace_region(doc, "x", "new\n").as_deref(),
            Some("a\n<!-- upstream-parity:x -->\nnew\n<!-- /upstream-parity:x -->\nb\n")
        );
        assert_eq!(replace_region(doc, "y", ""), None);
    }
}
