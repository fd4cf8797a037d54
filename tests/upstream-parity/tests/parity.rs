//! Builds upstream 7.3.4's kernel crate and the series' over one shim, compiles every
//! use of every upstream item against both, checks parity (every use compiles against
//! upstream, and against ours but for the uses refused by design, which do not), and
//! checks the measured parts of `docs/upstream.md` against the results.

use std::path::Path;

use upstream_parity::items::{doctest_in, Where, ITEMS};
use upstream_parity::render;
use upstream_parity::{build, intree_dir, workspace, Side};

/// The command that rewrites the measured regions of `docs/upstream.md`.
const UPDATE: &str = "UPDATE_UPSTREAM_DOC=1 cargo test -p upstream-parity";

#[test]
fn every_use_of_every_upstream_item() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("upstream-parity");
    let start = std::time::Instant::now();
    let kernels = build(&dir);
    let built = start.elapsed();
    let scratch = dir.join(format!("scratch-{}", std::process::id()));
    let results = kernels.compile_all(&scratch);
    eprintln!(
        "built the kernel crates in {:.1?}, compiled {} uses on both in {:.1?}",
        built,
        ITEMS.iter().map(|i| i.snippets.len()).sum::<usize>(),
        start.elapsed() - built
    );

    // The compile check can fail: a use of a name neither crate has fails on both, and
    // a valid one compiles on both.
    for side in Side::BOTH {
        let missing = "pub const D: kernel::time::Delta = kernel::time::Delta::NOT_THERE;";
        let present = "pub const D: kernel::time::Delta = kernel::time::Delta::ZERO;";
        let failed = kernels.compile(missing, side, &scratch, "control-missing");
        assert!(
            failed.as_ref().is_some_and(|e| e.contains("E0599")),
            "{side:?}: {failed:?}"
        );
        let compiled = kernels.compile(present, side, &scratch, "control-present");
        assert_eq!(compiled, None, "{side:?}");
    }
    let _ = std::fs::remove_dir_all(&scratch);

    // Every use is valid upstream: one that is not is a wrong snippet.
    let wrong: Vec<String> = results
        .iter()
        .filter(|((_, side), r)| *side == Side::Upstream && r.is_some())
        .map(|((id, _), r)| format!("{id}: {}", r.as_deref().unwrap_or_default()))
        .collect();
    assert!(
        wrong.is_empty(),
        "uses that do not compile against upstream 7.3.4:\n{}",
        wrong.join("\n")
    );

    let t = render::totals(ITEMS, &results);
    eprintln!(
        "{} items; every use compiles: {}; only kernel-crate code fails: {}; users fail: {}; \
         with a use refused by design: {}",
        t.items, t.every_use, t.kernel_crate_only, t.users, t.refused
    );
    eprintln!(
        "uses: {}, {} of them inside the kernel crate; compiling against ours: {} ({} inside \
         the kernel crate); refused by design: {}",
        t.snippets, t.kernel_crate, t.snippets_compile, t.kernel_crate_compile, t.snippets_refused
    );
    let failing: Vec<String> = render::failures_by_code(&results)
        .into_values()
        .flatten()
        .map(|(item, s)| {
            let e = results[&(s.id.to_owned(), Side::Ours)]
                .as_deref()
                .unwrap_or_default();
            format!(
                "{} `{}` ({:?}): {e}",
                item.name,
                s.id,
                render::status(item, &results)
            )
        })
        .collect();
    for line in &failing {
        eprintln!("fails against ours: {line}");
    }
    let mut mislabelled = Vec::new();
    for (why, uses) in render::refused_by_reason(&results) {
        eprintln!("refused by design ({} {why:?}):", why.patch_number());
        for (item, s, e) in uses {
            let e = e.unwrap_or_else(|| {
                mislabelled.push(s.id);
                "compiles".to_owned()
            });
            eprintln!("    {} `{}`: {e}", item.name, s.id);
        }
    }

    let path = workspace().join("docs/upstream.md");
    let doc = std::fs::read_to_string(&path).expect("docs/upstream.md");
    let mut expected = doc.clone();
    for (name, content) in [
        ("items", render::items_section(&results)),
        ("diffs", render::diffs_section()),
        ("patches", render::patches_section()),
    ] {
        expected = render::replace_region(&expected, name, &content).unwrap_or_else(|| {
            panic!("docs/upstream.md lacks the region `{name}` (<!-- upstream-parity:{name} -->)")
        });
    }
    let update = std::env::var_os("UPDATE_UPSTREAM_DOC").is_some();
    if update {
        std::fs::write(&path, &expected).expect("write docs/upstream.md");
    }

    // Parity: every use compiles against ours but the ones refused by design, which
    // do not.
    assert!(
        failing.is_empty(),
        "uses that compile against upstream and not against ours, not refused by design:\n{}",
        failing.join("\n")
    );
    assert!(
        mislabelled.is_empty(),
        "uses marked refused by design (`d(…)`) that compile against ours: {mislabelled:?}"
    );
    assert!(
        update || doc == expected,
        "docs/upstream.md is out of date; regenerate it with `{UPDATE}`"
    );
}

#[test]
fn every_kernel_crate_use_is_inside_the_crate() {
    // A kernel-crate use names the crate as `crate::`, a user's as `kernel::`.
    for s in ITEMS.iter().flat_map(|i| i.snippets) {
        match s.place {
            Where::KernelCrate => assert!(
                s.code.contains("crate::") && !s.code.contains("kernel::"),
                "{}",
                s.id
            ),
            Where::User => assert!(!s.code.contains("crate::time"), "{}", s.id),
        }
    }
}

#[test]
fn the_ids_are_unique() {
    let mut ids: Vec<&str> = ITEMS
        .iter()
        .flat_map(|i| i.snippets)
        .map(|s| s.id)
        .collect();
    let n = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), n);
}

#[test]
fn the_doctests_are_upstreams_code_blocks() {
    let doctests: Vec<_> = ITEMS
        .iter()
        .flat_map(|i| i.snippets)
        .filter(|s| s.doctest.is_some())
        .collect();
    // 4 in `time/hrtimer.rs` (its `text` state diagram is not code), 2 in `io/poll.rs`.
    assert_eq!(doctests.len(), 6);
    for s in doctests {
        let source = s.source();
        let (file, _) = s.doctest.expect("doctest");
        let wanted = if file == "io/poll.rs" {
            "wait_for_hardware"
        } else {
            "impl_has_hr_timer! {"
        };
        assert!(source.contains(wanted), "{}:\n{source}", s.id);
        assert!(
            !source.contains("\n# "),
            "{}: a hidden line kept its `# `",
            s.id
        );
    }
}

#[test]
fn the_series_keeps_upstreams_doctests() {
    // The doctests that the uses compile are upstream's; the series' files have the
    // same code blocks, so the kernel's KUnit runs upstream's doctests unchanged.
    for s in ITEMS.iter().flat_map(|i| i.snippets) {
        if let Some((file, n)) = s.doctest {
            assert_eq!(
                doctest_in(&intree_dir(), file, n),
                s.source(),
                "{}: the series changes the doctest",
                s.id
            );
        }
    }
}
