#!/usr/bin/env bash
# Which TOML documents the macro's old reader (the `toml` crate 1.2, TOML 1.1, its
# strict `DeTable::parse`) and its new one (toml-span 0.7) judge differently.
#
# A scratch crate outside the workspace depends on both readers and on the hostile
# tables' generator (tests/tests/support/hostile.rs, included by path). It reads every
# UTF-8 table the generator writes for TABLES cases (default 20 000) from SEED, and
# every `.toml` file of this repository, with both readers, and prints one line per
# document that one reader accepts and the other rejects (or that both reject at
# different lines), then a summary by toml-span's error. Whether a document is valid
# TOML is each reader's to say; the macro takes toml-span's word.
#
# Usage: scripts/compare-toml-readers.sh [TABLES] [SEED]
# Environment: COMPARE_DIR (default: a temp dir, removed afterwards).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
. scripts/lib.sh
tables=${1:-20000}
seed=${2:-407711166949}
scratch_dir compare-toml-readers "${COMPARE_DIR:-}"
mkdir -p "$work/src"
cat >"$work/Cargo.toml" <<TOML
[package]
name = "compare-toml-readers"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
toml = { version = "1.2", default-features = false, features = ["parse"] }
toml-span = { version = "0.7", default-features = false }

[workspace]
TOML
cat >"$work/src/main.rs" <<'RUST'
#[allow(dead_code)]
#[path = "@ROOT@/tests/tests/support/hostile.rs"]
mod hostile;

use std::collections::BTreeMap;

/// One reader's verdict: accepted, or rejected at a line with a message. The old
/// macro located an error that the `toml` crate reports without a place (its
/// recursion limit) at the first line whose prefix fails that way, as this does.
fn old(text: &str) -> Result<(), (usize, String)> {
    toml::de::DeTable::parse(text).map(drop).map_err(|error| {
        let at = match error.span() {
            Some(span) => line(text, span.start),
            None => (1..=text.lines().count())
                .find(|&n| {
                    let end = text.split_inclusive('\n').take(n).map(str::len).sum::<usize>();
                    let (_, errors) = toml::de::DeTable::parse_recoverable(&text[..end]);
                    errors.iter().any(|error| error.span().is_none())
                })
                .unwrap_or(1),
        };
        (at, error.message().to_owned())
    })
}

fn new(text: &str) -> Result<(), (usize, String)> {
    toml_span::parse(text)
        .map(drop)
        .map_err(|error| (line(text, error.span.start), error.to_string()))
}

fn line(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

fn main() {
    let mut args = std::env::args().skip(1);
    // Both given by the script, which has the defaults.
    let tables: usize = args.next().expect("TABLES").parse().expect("TABLES: a number of cases");
    let seed: u64 = args.next().expect("SEED").parse().expect("SEED: a u64");
    let mut documents: Vec<(String, String)> = Vec::new();
    let mut rng = hostile::Rng::new(seed);
    for index in 0..tables {
        let case = hostile::generate(&mut rng, index, false);
        if let Some((name, bytes)) = case.table {
            if let Ok(text) = String::from_utf8(bytes) {
                documents.push((format!("hostile {name} (seed {seed})"), text));
            }
        }
    }
    for path in args {
        if let Ok(text) = std::fs::read_to_string(&path) {
            documents.push((path, text));
        }
    }
    let mut by_kind: BTreeMap<String, usize> = BTreeMap::new();
    let mut differ = 0;
    for (name, text) in &documents {
        let (a, b) = (old(text), new(text));
        let same = match (&a, &b) {
            (Ok(()), Ok(())) => true,
            (Err((la, _)), Err((lb, _))) => la == lb,
            _ => false,
        };
        if same {
            continue;
        }
        differ += 1;
        let show = |verdict: &Result<(), (usize, String)>| match verdict {
            Ok(()) => "accepts".to_owned(),
            Err((line, message)) => format!("rejects at line {line}: {}", message.lines().next().unwrap_or("")),
        };
        let at = match (&a, &b) {
            (_, Err((line, _))) | (Err((line, _)), _) => *line,
            _ => 1,
        };
        let quoted: String = text.lines().nth(at - 1).unwrap_or("").chars().take(72).collect();
        println!("{name}: toml {}; toml-span {}\n    {at} | {quoted}", show(&a), show(&b));
        let kind = match (&a, &b) {
            (Ok(()), Err((_, message))) => format!("toml accepts, toml-span rejects: {message}"),
            (Err((_, message)), Ok(())) => format!("toml rejects ({message}), toml-span accepts"),
            (Err(_), Err((_, message))) => format!("both reject, toml-span earlier or later: {message}"),
            _ => unreachable!(),
        };
        *by_kind.entry(kind).or_default() += 1;
    }
    println!();
    println!("{} documents read ({} hostile tables, seed {seed}); {differ} judged differently:", documents.len(), tables);
    for (kind, count) in by_kind {
        println!("  {count:6}  {kind}");
    }
}
RUST
sed -i "s|@ROOT@|$root|" "$work/src/main.rs"
cp "$root/Cargo.lock" "$work/Cargo.lock"
(cd "$work" && cargo build -q --release --offline 2>"$work/build.err") || {
    echo "compare-toml-readers: the comparison crate does not build:" >&2
    cat "$work/build.err" >&2
    exit 1
}
mapfile -t files < <(git ls-files '*.toml' | grep -v 'Cargo.toml$' | sed "s|^|$root/|")
"$work/target/release/compare-toml-readers" "$tables" "$seed" "${files[@]}"
