#!/usr/bin/env bash
# Build weight of typed-clocks, as a ratio against a baseline built in the same run: the
# clean-build CPU time (user+sys of cargo and every rustc it runs) of a fresh crate that
# depends on `typed-clocks` (default features, by path) against a fresh crate that depends
# on the current `bitflags` + `thiserror` (a typical small derive-macro dependency set).
# Both are binary-less library crates outside this workspace, so cargo's default
# profile applies (no `[profile]` line of this workspace reaches them), built with a
# fresh target dir each time, alternating typed-clocks and baseline, WEIGHT_RUNS times.
#
# Reports the median ratio, its spread (min–max of the per-run ratios), the load
# average before and after, and each crate's CPU (median; a RUSTC_WRAPPER times every
# rustc it runs) so that the difference can be read crate by crate.
#
# The baseline's versions are resolved and fetched online once (`cargo generate-lockfile`,
# `cargo fetch`); the builds run `--offline`, and a build that fails stops the script. Usage: scripts/dependency-weight.sh
# Environment: WEIGHT_RUNS (default 5), WEIGHT_JOBS (default: all cores),
# WEIGHT_DIR (default: a temp dir, removed afterwards).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
. scripts/lib.sh
runs=${WEIGHT_RUNS:-5}
jobs=${WEIGHT_JOBS:-$(nproc)}
scratch_dir dependency-weight "${WEIGHT_DIR:-}"

make_crate() { # name, dependency lines
    mkdir -p "$work/$1/src"
    printf '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[dependencies]\n%s\n\n[workspace]\n' \
        "$1" "$2" >"$work/$1/Cargo.toml"
    printf '%s\n' "$2" | sed 's|^|//! Depends on: |' >"$work/$1/src/lib.rs"
}
make_crate weight-typed-clocks "typed-clocks = { path = \"$root/time-core\" }"
make_crate weight-baseline "$(printf 'bitflags = "2"\nthiserror = "2"')"
cp "$root/Cargo.lock" "$work/weight-typed-clocks/Cargo.lock"
(cd "$work/weight-typed-clocks" && cargo generate-lockfile -q --offline)
(cd "$work/weight-baseline" && cargo generate-lockfile -q)
# The baseline's sources: the timed builds run --offline.
(cd "$work/weight-baseline" && cargo fetch -q) || {
    echo "dependency-weight: cannot fetch the baseline (bitflags, thiserror), so there is no ratio" >&2
    exit 1
}

# Times every rustc: appends "crate user+sys" to $WEIGHT_LOG.
cat >"$work/rustc-timer" <<'EOF'
#!/usr/bin/env bash
name=build-script; prev=
for arg in "$@"; do [ "$prev" = --crate-name ] && name=$arg; prev=$arg; done
"$@"; status=$?
times >"$WEIGHT_LOG.times.$$"
awk -v n="$name" 'NR == 2 { split($0, t, " "); u = t[1]; s = t[2];
    sub(/m/, " ", u); sub(/s$/, "", u); sub(/m/, " ", s); sub(/s$/, "", s);
    split(u, a, " "); split(s, b, " "); printf "%s %.3f\n", n, a[1] * 60 + a[2] + b[1] * 60 + b[2] }' \
    "$WEIGHT_LOG.times.$$" >>"$WEIGHT_LOG"
rm -f "$WEIGHT_LOG.times.$$"
exit $status
EOF
chmod +x "$work/rustc-timer"

build() { # crate, run → prints user+sys seconds; a failed build stops the script
    local target="$work/target-$1"
    rm -rf "$target"
    local t status=0
    t=$({ TIMEFORMAT='%U %S'; time (cd "$work/$1" && CARGO_TARGET_DIR="$target" RUSTFLAGS= \
        WEIGHT_LOG="$work/log-$1-$2" RUSTC_WRAPPER="$work/rustc-timer" \
        cargo build -q --offline -j "$jobs" >/dev/null 2>"$work/build-$1.err"); } 2>&1) || status=$?
    if [ "$status" -ne 0 ]; then
        echo "dependency-weight: building $1 failed (exit $status), so there is no ratio:" >&2
        cat "$work/build-$1.err" >&2
        exit 1
    fi
    awk -v t="$(printf '%s\n' "$t" | tail -1)" 'BEGIN { split(t, a, " "); printf "%.2f", a[1] + a[2] }'
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
ratios=()
tc=()
base=()
for ((r = 0; r < runs; r++)); do
    a=$(build weight-typed-clocks "$r") || exit 1
    b=$(build weight-baseline "$r") || exit 1
    tc+=("$a")
    base+=("$b")
    ratios+=("$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", a / b }')")
    echo "run $((r + 1)): typed-clocks $a s, bitflags + thiserror $b s, ratio ${ratios[-1]} (load $(cut -d' ' -f1 /proc/loadavg))" >&2
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
sorted=$(printf '%s\n' "${ratios[@]}" | sort -n)

echo "## Clean build, CPU (user+sys): typed-clocks against bitflags + thiserror"
echo "($runs runs, alternating, $jobs jobs, fresh target dirs, cargo's default dev profile;"
echo " load average before: $load_before, after: $load_after)"
echo
echo "| crate depends on | CPU, median | min–max |"
echo "|---|---:|---:|"
echo "| typed-clocks (default features) | $(printf '%s\n' "${tc[@]}" | median) s | $(printf '%s\n' "${tc[@]}" | sort -n | head -1)–$(printf '%s\n' "${tc[@]}" | sort -n | tail -1) s |"
echo "| bitflags + thiserror | $(printf '%s\n' "${base[@]}" | median) s | $(printf '%s\n' "${base[@]}" | sort -n | head -1)–$(printf '%s\n' "${base[@]}" | sort -n | tail -1) s |"
echo "| **ratio** (per run) | **$(printf '%s\n' "${ratios[@]}" | median)×** | $(head -1 <<<"$sorted")–$(tail -1 <<<"$sorted")× |"
echo
echo "Per crate (rustc CPU, median over the runs; build scripts summed):"
echo
for crate in weight-typed-clocks weight-baseline; do
    versions=$(cd "$work/$crate" && cargo tree -q --offline -e normal,build --prefix none | sed 's/ (.*//' | sort -u | paste -sd ' ')
    echo "- $crate ($versions):"
    for ((r = 0; r < runs; r++)); do
        awk '{ cpu[$1] += $2 } END { for (c in cpu) printf "%s %.3f\n", c, cpu[c] }' "$work/log-$crate-$r"
    done | awk '{ v[$1] = v[$1] " " $2 } END { for (c in v) print c, v[c] }' | while read -r name values; do
        printf '%s %s\n' "$name" "$(tr ' ' '\n' <<<"$values" | grep . | median)"
    done | sort -k2 -nr | awk '{ printf "  %s %.2f s;", $1, $2; s += $2 } END { printf " total %.2f s\n", s }'
done
