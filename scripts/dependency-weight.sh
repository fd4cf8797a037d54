#!/usr/bin/env bash
# Dependency weight of the macro: clean-build time of `time-macros` and everything it
# depends on (`cargo build -p time-macros`, dev profile, fresh target dir), with the
# features trimmed as in the root Cargo.toml ("now") against the crates' default
# features ("untrimmed": syn, quote, proc-macro2 and toml with their defaults, plus the
# `preserve_order` the macro needs), and "now" without the profile lines that optimise
# the TOML reader ("unoptimised").
#
# Works on scratch copies of the workspace in a temp dir (never edits this checkout);
# the untrimmed copy may fetch crates the lock file lacks, so it runs online.
#
# Usage: scripts/dependency-weight.sh   Environment: WEIGHT_RUNS (default 3),
# WEIGHT_JOBS (default: all cores), WEIGHT_DIR (default: a temp dir, removed afterwards).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
. scripts/lib.sh
runs=${WEIGHT_RUNS:-3}
jobs=${WEIGHT_JOBS:-$(nproc)}
scratch_dir dependency-weight "${WEIGHT_DIR:-}"

copy() {
    rm -rf "$work/$1"
    mkdir -p "$work/$1"
    # The sources only: no target dirs, no git metadata.
    tar -C "$root" --exclude=./target --exclude=./.git -cf - . | tar -C "$work/$1" -xf -
}

copy now
copy unoptimised
copy untrimmed
# Unoptimised: without the [profile.*.package.*] lines that compile the TOML reader
# with opt-level 3 (the cost of the expansion-time optimisation).
sed -i '/^\[profile\.[a-z]*\.package\./,/^opt-level/d' "$work/unoptimised/Cargo.toml"
# Untrimmed: the workspace dependency lines with the crates' default features.
sed -i \
    -e 's/^syn = .*/syn = "2.0"/' \
    -e 's/^quote = .*/quote = "1.0"/' \
    -e 's/^proc-macro2 = .*/proc-macro2 = "1.0"/' \
    -e 's/^toml = .*/toml = { version = "=1.2.2", features = ["preserve_order"] }/' \
    "$work/untrimmed/Cargo.toml"
grep -E '^(syn|quote|proc-macro2|toml) =' "$work/untrimmed/Cargo.toml" >&2
(cd "$work/untrimmed" && cargo fetch -q)


echo "## Clean build of time-macros and its dependencies (cargo build -p time-macros, $jobs jobs, median of $runs; load average: $(cut -d' ' -f1-3 /proc/loadavg))"
echo "| features | crates (with time-macros) | wall | CPU (user+sys) | crates |"
echo "|---|---:|---:|---:|---|"
for variant in now unoptimised untrimmed; do
    walls=()
    cpus=()
    for ((r = 0; r < runs; r++)); do
        target="$work/target-$variant"
        rm -rf "$target"
        t=$({ TIMEFORMAT='%R %U %S'; time (cd "$work/$variant" && CARGO_TARGET_DIR="$target" RUSTFLAGS= \
            cargo build -q --offline -p time-macros -j "$jobs" >/dev/null); } 2>&1 | tail -1)
        read -r real user sys <<<"$t"
        walls+=("$real")
        cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')")
    done
    crates=$(cd "$work/$variant" && cargo tree -q --offline -p time-macros -e normal --prefix none \
        | sed 's/ (.*//; s/ v/ /' | sort -u)
    count=$(printf '%s\n' "$crates" | wc -l)
    names=$(printf '%s\n' "$crates" | awk '{ print $1 }' | paste -sd ' ')
    echo "| $variant | $count | $(printf '%s\n' "${walls[@]}" | median) s | $(printf '%s\n' "${cpus[@]}" | median) s | $names |"
done
