#!/usr/bin/env bash
# Runs the criterion benchmark tests/benches/clocks.rs and prints each
# group's results as ratios to their raw baseline (median time per iteration, with
# criterion's 95% confidence interval of the median).
#
#   now: kernel::time's Instant::<Monotonic>::now() and typed-clocks's
#        Instant::<Monotonic>::now() (declared over kernel::bindings) vs raw
#        bindings::ktime_get() (baseline), std::time::Instant::now(),
#        libc::clock_gettime(CLOCK_MONOTONIC)
#   sub: typed-clocks's Instant - Instant vs raw i64::saturating_sub (baseline),
#        i64::wrapping_sub
#   add: typed-clocks's Instant + Delta vs raw i64::saturating_add (baseline),
#        i64::wrapping_add; kernel::time's Instant + Delta vs raw
#        i64::saturating_add max(0) (its own baseline: it clamps at 0 too)
#
# Usage: scripts/bench-ratios.sh [--report-only] [criterion args, e.g. --quick]
# --report-only reads the last run's results instead of running the benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-$(pwd)/target}
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
if [ "${1:-}" = --report-only ]; then
    shift
else
    cargo bench -q -p clock-tests --features bench --bench clocks -- "$@" >&2
fi
echo "## cargo bench -p clock-tests --features bench --bench clocks (load average before: $load_before, after: $(cut -d' ' -f1-3 /proc/loadavg))"
python3 - "$target/criterion" <<'EOF'
import json, os, sys

root = sys.argv[1]
baselines = {"now": "raw bindings::ktime_get", "sub": "raw i64::saturating_sub", "add": "raw i64::saturating_add"}
# Benchmarks measured against another baseline than their group's.
own_baseline = {"typed kernel::time Instant + Delta": "raw i64::saturating_add max(0)"}
print("| group | benchmark | median | 95% CI | ratio to raw | raw baseline |")
print("|---|---|---:|---:|---:|---|")
for group, baseline in baselines.items():
    rows = {}
    for entry in sorted(os.listdir(os.path.join(root, group))):
        new = os.path.join(root, group, entry, "new")
        if not os.path.isdir(new):
            continue
        with open(os.path.join(new, "benchmark.json")) as f:
            name = json.load(f)["function_id"]
        with open(os.path.join(new, "estimates.json")) as f:
            median = json.load(f)["median"]
        rows[name] = median
    order = sorted(rows, key=lambda n: (not n.startswith("typed"), not n.startswith("raw"), n))
    for name in order:
        base_name = own_baseline.get(name, baseline)
        base = rows[base_name]["point_estimate"]
        m = rows[name]
        ci = m["confidence_interval"]
        print(f"| {group} | `{name}` | {m['point_estimate']:.2f} ns | {ci['lower_bound']:.2f}–{ci['upper_bound']:.2f} ns | {m['point_estimate'] / base:.2f} | `{base_name}` |")
EOF
