#!/usr/bin/env bash
# Rebuild latency: the time from an edit of the kernel crate's clock table
# (kernel-integration/linux/intree/rust/kernel/time/clocks.toml, which
# rust/kernel/time.rs declares its clocks from) to a finished
# `cargo build -p kernel-integration` (dev profile, everything else already built).
#
#   existing getter   add back the `Tai` row, whose C getter (ktime_get_clocktai, via its
#                     rust_helper_ wrapper) is already there: cargo rebuilds
#                     kernel-integration only, because the expansion include_bytes!'s
#                     the table.
#   new getter        add a `MonotonicProbe` row (CLOCK_MONOTONIC, a clock made up for
#                     this measurement) together with its getter: a
#                     rust_helper_ktime_get_probe wrapper in
#                     linux/intree/rust/helpers/time.c and its prototype in
#                     include/helpers.h, so the kernel-bindings build script reruns (cc +
#                     bindgen) before the crates are rebuilt.
#   edit a row        change one row's doc: the table alone changed.
#
# Each edit is measured against a baseline of the same kind, in the same run: a table
# edit against touching the Rust file that invokes the macro
# (linux/intree/rust/kernel/time.rs: the same crate is rebuilt, the table unchanged),
# the new C getter against touching the C file it goes into (the build script reruns
# cc and bindgen, then the crates are rebuilt). The scenarios alternate within each
# run, so load hits them alike; the ratio is taken per run and reported as median and
# min–max, with the load average before and after. Runs on a copy of the workspace
# (never edits this checkout), kept with its own target dir under $CARGO_TARGET_DIR (or
# ./target) as rebuild-latency/, so reruns start warm. REBUILD_RUNS runs (default 5);
# before each timed build the copy is put back to the state before the edit and built.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
. scripts/lib.sh
runs=${REBUILD_RUNS:-5}
base=${CARGO_TARGET_DIR:-$root/target}/rebuild-latency
src="$base/src"
target="$base/target"
mkdir -p "$src" "$target"

# Sync the sources, preserving mtimes so that unchanged files stay fresh for cargo.
tar -C "$root" --exclude=./target --exclude=./.git -cf - . | tar -C "$src" -xf -
table=kernel-integration/linux/intree/rust/kernel/time/clocks.toml
invoker=kernel-integration/linux/intree/rust/kernel/time.rs
helpers_c=kernel-integration/linux/intree/rust/helpers/time.c
cp -p "$src/$table" "$base/clocks.toml.orig"
cp -p "$src/$helpers_c" "$base/time.c.orig"
cp -p "$src/kernel-integration/include/helpers.h" "$base/helpers.h.orig"

build() { (cd "$src" && CARGO_TARGET_DIR="$target" RUSTFLAGS= cargo build -q --offline -p kernel-integration); }
# Puts back an original only where it differs, with a new mtime (an old mtime on new
# content would look fresh to cargo).
put_back() { cmp -s "$1" "$2" || cp "$1" "$2"; }
restore_table() { put_back "$base/clocks.toml.orig" "$src/$table"; }
restore() {
    restore_table
    put_back "$base/time.c.orig" "$src/$helpers_c"
    put_back "$base/helpers.h.orig" "$src/kernel-integration/include/helpers.h"
}
ms() { date +%s%3N; }

without_tai() {
    # The table without its [[clock]] block named "Tai" (up to the next [[clock]]).
    awk '/^\[\[clock\]\]/ { flush(); block = $0 "\n"; inblock = 1; next }
         inblock { block = block $0 "\n"; if ($0 ~ /^name = "Tai"$/) skip = 1; next }
         { print }
         function flush() { if (inblock && !skip) printf "%s", block; block = ""; skip = 0 }
         END { flush() }' "$base/clocks.toml.orig" >"$src/$table"
}
add_probe() {
    cat >>"$src/$table" <<'EOF'

[[clock]]
name = "MonotonicProbe"
getter = "ktime_get_probe"
monotonic = true
clockid = "CLOCK_MONOTONIC"
doc = "CLOCK_MONOTONIC through a getter of its own (added by scripts/rebuild-latency.sh)."
EOF
    cat >>"$src/$helpers_c" <<'EOF'

__rust_helper ktime_t rust_helper_ktime_get_probe(void)
{
	return ktime_get();
}
EOF
    sed -i 's|^ktime_t rust_helper_ktime_get_clocktai(void);|&\nktime_t rust_helper_ktime_get_probe(void);|' \
        "$src/kernel-integration/include/helpers.h"
}
edit_doc() {
    sed -i '0,/^doc = """/s//doc = """(edited) /' "$src/$table"
}

touch_rust() { touch "$src/$invoker"; }
touch_c() { touch "$src/$helpers_c"; }
no_edit() { :; }

# One timed build: $1 puts the copy in the state before the edit, $2 makes the edit.
measure() {
    local start
    restore
    $1
    build
    $2
    start=$(ms)
    build
    echo $(($(ms) - start))
}

echo "warming up $src (first run: a full build) ..." >&2
restore
build
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
declare -A times
scenarios=(noop rust tai doc c probe)
for ((r = 0; r < runs; r++)); do
    times[noop]+=" $(measure no_edit no_edit)"
    times[rust]+=" $(measure restore touch_rust)"
    times[tai]+=" $(measure without_tai restore_table)"
    times[doc]+=" $(measure restore edit_doc)"
    times[c]+=" $(measure restore touch_c)"
    times[probe]+=" $(measure restore add_probe)"
    echo "run $((r + 1)):$(for s in "${scenarios[@]}"; do printf ' %s %s' "$s" "${times[$s]##* }"; done) ms (load $(cut -d' ' -f1 /proc/loadavg))" >&2
done
restore
build

# median and min–max of a scenario, in ms
stats() { local v; v=$(tr ' ' '\n' <<<"${times[$1]}" | grep .); echo "$(median <<<"$v") ms | $(sort -n <<<"$v" | head -1)–$(sort -n <<<"$v" | tail -1) ms"; }
# per-run ratios of scenario $1 to baseline $2: median and min–max
ratio() {
    local a b ratios
    read -ra a <<<"${times[$1]}"
    read -ra b <<<"${times[$2]}"
    ratios=$(for ((i = 0; i < ${#a[@]}; i++)); do awk -v x="${a[$i]}" -v y="${b[$i]}" 'BEGIN { printf "%.2f\n", x / y }'; done)
    echo "**$(median <<<"$ratios")×** | $(sort -n <<<"$ratios" | head -1)–$(sort -n <<<"$ratios" | tail -1)×"
}

echo "## Rebuild latency: edit, then cargo build -p kernel-integration"
echo "($runs runs, scenarios alternating; load average before: $load_before, after: $(cut -d' ' -f1-3 /proc/loadavg))"
echo
echo "| edit | against | ratio, median | min–max | time, median | min–max |"
echo "|---|---|---:|---:|---:|---:|"
echo "| add a clock whose C getter exists (the Tai row) | touch rust/kernel/time.rs | $(ratio tai rust) | $(stats tai) |"
echo "| edit a row (a doc string) | touch rust/kernel/time.rs | $(ratio doc rust) | $(stats doc) |"
echo "| add a clock and its C getter (MonotonicProbe: row + rust_helper_ wrapper + prototype) | touch linux/intree/rust/helpers/time.c | $(ratio probe c) | $(stats probe) |"
echo "| touch rust/kernel/time.rs (baseline) | — | — | — | $(stats rust) |"
echo "| touch linux/intree/rust/helpers/time.c (baseline) | — | — | — | $(stats c) |"
echo "| nothing (cargo's no-op build, the floor) | — | — | — | $(stats noop) |"
