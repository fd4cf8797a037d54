#!/usr/bin/env bash
# How declare_clocks!'s cost grows with the table: 1, 10, 100 and 1000 clocks.
#
# 1. Expansion time in-process: the macro's library entry (read + validate + expand, all
#    the macro does) timed on generated tables, median of 15, release build with the
#    workspace's profile (time-macros/src/tests/scaling.rs, an #[ignore]d unit test of the
#    proc-macro crate). Absolute times: for ratios against hand-written items,
#    see scripts/macro-ratio.sh.
# 2. `cargo check` of an invoking crate: a generated binary crate (temp dir, typed-clocks by
#    absolute path, its own target dir) declaring N clocks from its clocks.toml and using
#    every one of them. Dependencies are built once first; each figure is the median of
#    3 `cargo check`s after touching src/main.rs, i.e. the crate's own check time
#    (cargo's no-op overhead included; the 0-clock row is that floor). The same checks
#    report the expansion time measured inside rustc (DECLARE_CLOCKS_TIMING), which
#    includes the proc-macro bridge. The crates have cargo's default profile (the
#    macro unoptimised, as for any user).
#
# Usage: scripts/macro-scaling.sh [expansion|check]   (default: both)
# Environment: SCALING_DIR (default: a temp dir, removed afterwards), SCALING_RUNS (3).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
. scripts/lib.sh
what=${1:-all}
sizes=(1 10 100 1000)

if [ "$what" = all ] || [ "$what" = expansion ]; then
    echo "## Expansion time (time-macros/src/tests/scaling.rs)"
    cargo test -q -p typed-clocks-macros --release --lib -- --ignored --nocapture tests::scaling::expansion_time_scales 2>&1 | grep '^|'
    echo
fi

if [ "$what" = all ] || [ "$what" = check ]; then
    runs=${SCALING_RUNS:-3}
    scratch_dir macro-scaling "${SCALING_DIR:-}"
    target="$work/target"

    # One crate per size (scripts/lib.sh), every clock used.
    make_crate() { clock_crate "$work/clocks-$1" "clocks-$1" "$1"; }

    check() {
        (cd "$work/clocks-$1" && DECLARE_CLOCKS_TIMING=${timing:-} CARGO_TARGET_DIR="$target" RUSTFLAGS= cargo check --offline -q)
    }

    for n in 0 "${sizes[@]}"; do
        make_crate "$n"
    done
    # Warm-up: builds the dependencies (typed-clocks, typed-clocks-macros, syn, toml-span …) once.
    for n in 0 "${sizes[@]}"; do
        check "$n"
    done

    profile="cargo's default profile: the macro unoptimised"
    echo "## cargo check of a crate declaring N clocks (median of $runs, dependencies prebuilt, $profile; load average: $(cut -d' ' -f1-3 /proc/loadavg))"
    echo "| clocks | expansion inside rustc | wall | wall minus the 0-clock floor | CPU (user+sys) | CPU minus the floor | CPU per clock |"
    echo "|---:|---:|---:|---:|---:|---:|---:|"
    timing=1
    floor_wall=
    floor_cpu=
    for n in 0 "${sizes[@]}"; do
        walls=()
        cpus=()
        expansions=()
        for ((r = 0; r < runs; r++)); do
            touch "$work/clocks-$n/src/main.rs"
            # bash's `time` counts the children: cargo and the rustc it runs; the
            # macro's timing line comes before it on stderr.
            out=$({ TIMEFORMAT='%R %U %S'; time check "$n" >/dev/null; } 2>&1)
            t=$(tail -1 <<<"$out")
            expansions+=("$(expansion_ms "$out")")
            read -r real user sys <<<"$t"
            walls+=("$(awk -v r="$real" 'BEGIN { printf "%d", r * 1000 }')")
            cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%d", (u + s) * 1000 }')")
        done
        expansion="—"
        if [ "$n" -gt 0 ]; then
            expansion="$(printf '%s\n' "${expansions[@]}" | median) ms"
        fi
        wall=$(printf '%s\n' "${walls[@]}" | median)
        cpu=$(printf '%s\n' "${cpus[@]}" | median)
        floor_wall=${floor_wall:-$wall}
        floor_cpu=${floor_cpu:-$cpu}
        per="—"
        if [ "$n" -gt 0 ]; then
            per=$(awk -v c="$((cpu - floor_cpu))" -v n="$n" 'BEGIN { printf "%.2f ms", c / n }')
        fi
        echo "| $n | $expansion | $wall ms | $((wall - floor_wall)) ms | $cpu ms | $((cpu - floor_cpu)) ms | $per |"
    done
fi
