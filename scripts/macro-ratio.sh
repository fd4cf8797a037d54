#!/usr/bin/env bash
# What declare_clocks! costs the compiler, as a ratio against the same items written by
# hand, measured in the same run.
#
# For each N (default 1000): a generated binary crate (scripts/lib.sh's clock_crate: temp
# dir, outside this workspace, so cargo's default profile: the macro and its
# dependencies unoptimised) declares N clocks from its clocks.toml and uses every one;
# its twin has, instead of the `declare_clocks!` line, the items that line expands to
# (the marker types, their impls, CLOCKS, for_each_clock), written out as source:
# rustc's own expansion of the first crate (`cargo rustc -- -Zunpretty=expanded`, run
# once with RUSTC_BOOTSTRAP=1 to print it; the measured builds are ordinary stable
# `cargo check`s), with `main` unchanged. Dependencies are built once; then `cargo
# check` after `touch src/main.rs`, alternating the crates, RATIO_RUNS times. The ratio
# is taken per run (macro / hand-written, CPU user+sys of cargo and rustc), and
# reported as median and min–max, with the load average before and after. The macro's
# own time inside rustc (DECLARE_CLOCKS_TIMING=1: wall time from entering the macro to
# handing its tokens back, proc-macro bridge included; under load, wall time
# stretches) is given beside it.
#
# With RATIO_INSTRUCTIONS=1 (needs valgrind) each crate's rustc is instead run under
# callgrind (cargo check through a RUSTC_WRAPPER that wraps the invoking crate's rustc
# only), and the ratios are of instructions executed by rustc, proc macro included:
# deterministic to ±0.3 % under any load, so one run is enough. The callgrind output of
# each crate's last run stays as $RATIO_DIR/count-CRATE.out (e.g. count-macro-1000.out)
# for callgrind_annotate.
#
# RATIO_OPTIMISED_MACRO=1 gives the crates `[profile.dev.build-override] opt-level = 3`
# (the proc macro and its dependencies compiled optimised, a line any crate can add).
#
# Usage: scripts/macro-ratio.sh [N ...]   Environment: RATIO_RUNS (default 7; 1 with
# RATIO_INSTRUCTIONS), RATIO_INSTRUCTIONS, RATIO_OPTIMISED_MACRO, RATIO_DIR (default: a
# temp dir, removed afterwards).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
. scripts/lib.sh
instructions=${RATIO_INSTRUCTIONS:-}
if [ -n "$instructions" ]; then
    runs=${RATIO_RUNS:-1}
    command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
else
    runs=${RATIO_RUNS:-7}
fi
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000)
scratch_dir macro-ratio "${RATIO_DIR:-}"
target="$work/target"

make_crate() { # name, clocks
    clock_crate "$work/$1" "$1" "$2"
    if [ -n "${RATIO_OPTIMISED_MACRO:-}" ]; then
        printf '\n[profile.dev.build-override]\nopt-level = 3\n' >>"$work/$1/Cargo.toml"
    fi
}

# RUSTC_WRAPPER for the instruction counts: callgrind around the rustc of $COUNT_CRATE.
cat >"$work/count-wrapper" <<'WRAPPER'
#!/usr/bin/env bash
case " $* " in
*" --crate-name $COUNT_CRATE "*)
    exec valgrind --tool=callgrind --log-file="$COUNT_OUT.log" --callgrind-out-file="$COUNT_OUT" "$@" ;;
esac
exec "$@"
WRAPPER
chmod +x "$work/count-wrapper"

fail() { # crate: its check failed, so there is no ratio
    echo "macro-ratio: checking $1 failed, so there is no ratio:" >&2
    cat "$work/check-$1.err" >&2
    exit 1
}

check() { # crate → "cpu_ms expansion_ms", or with RATIO_INSTRUCTIONS "millions_of_instructions -"
    touch "$work/$1/src/main.rs"
    if [ -n "$instructions" ]; then
        rm -f "$work/count-$1.out"
        (cd "$work/$1" && COUNT_CRATE="${1//-/_}" COUNT_OUT="$work/count-$1.out" RUSTC_WRAPPER="$work/count-wrapper" \
            CARGO_TARGET_DIR="$target" RUSTFLAGS= cargo check --offline -q >/dev/null 2>"$work/check-$1.err") ||
            fail "$1"
        awk '/^summary:/ { printf "%.1f -\n", $2 / 1e6 }' "$work/count-$1.out"
        return
    fi
    local out t
    out=$({ TIMEFORMAT='%U %S'; time (cd "$work/$1" && DECLARE_CLOCKS_TIMING=1 CARGO_TARGET_DIR="$target" \
        RUSTFLAGS= cargo check --offline -q >/dev/null 2>"$work/check-$1.err"); } 2>&1) || fail "$1"
    t=$(tail -1 <<<"$out")
    awk -v t="$t" -v e="$(expansion_ms "$(cat "$work/check-$1.err")")" \
        'BEGIN { split(t, a, " "); printf "%d %s\n", (a[1] + a[2]) * 1000, (e == "" ? "-" : e) }'
}

profile="cargo's default profile"
[ -z "${RATIO_OPTIMISED_MACRO:-}" ] || profile="[profile.dev.build-override] opt-level = 3"
unit="ms of CPU (user+sys, cargo and rustc)"
[ -z "$instructions" ] || unit="million instructions executed by rustc (callgrind)"
echo "## cargo check: declare_clocks! against the same items written by hand"
echo "(in $unit; $profile, dependencies prebuilt, $runs runs alternating; load average before: $(cut -d' ' -f1-3 /proc/loadavg))"
echo
echo "| clocks | macro / hand-written, median | min–max | macro crate | hand-written | expansion inside rustc (wall) |"
echo "|---:|---:|---:|---:|---:|---:|"
for n in "${sizes[@]}"; do
    make_crate "macro-$n" "$n"
    make_crate "hand-$n" "$n"
    # The hand-written twin: rustc's expansion of the macro crate, minus the unstable
    # prelude attributes that -Zunpretty adds.
    (cd "$work/macro-$n" && RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$target" RUSTFLAGS= \
        cargo rustc --offline -q --profile=check -- -Zunpretty=expanded) \
        | sed -e '/^#!\[feature(prelude_import)\]$/d' -e '/^#\[prelude_import\]$/d' \
            -e '/^use std::prelude::rust_20[0-9]*::\*;$/d' >"$work/hand-$n/src/main.rs.new"
    mv "$work/hand-$n/src/main.rs.new" "$work/hand-$n/src/main.rs"
    grep -q declare_clocks "$work/hand-$n/src/main.rs" && { echo "hand-$n still invokes the macro" >&2; exit 1; }
    for crate in macro hand; do
        (cd "$work/$crate-$n" && CARGO_TARGET_DIR="$target" RUSTFLAGS= cargo check --offline -q)
    done
    ratios=()
    macro=()
    hand=()
    expansions=()
    for ((r = 0; r < runs; r++)); do
        out=$(check "macro-$n") || exit 1
        read -r m e <<<"$out"
        out=$(check "hand-$n") || exit 1
        read -r h _ <<<"$out"
        macro+=("$m")
        hand+=("$h")
        expansions+=("$e")
        ratios+=("$(awk -v m="$m" -v h="$h" 'BEGIN { printf "%.3f", m / h }')")
        echo "N=$n run $((r + 1)): macro $m, hand-written $h ($unit), ratio ${ratios[-1]}, expansion $e ms (load $(cut -d' ' -f1 /proc/loadavg))" >&2
    done
    sorted=$(printf '%s\n' "${ratios[@]}" | sort -n)
    two() { median | awk '{ printf "%.2f", $1 }'; }
    echo "| $n | **$(printf '%s\n' "${ratios[@]}" | two)×** ($(printf '%s\n' "${ratios[@]}" | median)) | $(head -1 <<<"$sorted" | awk '{ printf "%.2f", $1 }')–$(tail -1 <<<"$sorted" | awk '{ printf "%.2f", $1 }')× | $(printf '%s\n' "${macro[@]}" | median) | $(printf '%s\n' "${hand[@]}" | median) | $(printf '%s\n' "${expansions[@]}" | median | sed 's/^-$/—/; s/[0-9]$/& ms/') |"
done
echo
echo "(load average after: $(cut -d' ' -f1-3 /proc/loadavg))"
