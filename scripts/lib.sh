# Helpers shared by the measurement scripts; sourced (`. scripts/lib.sh`), not run.

# The median of the numbers on stdin, one per line.
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# scratch_dir NAME KEPT: sets `work` to KEPT when it is set (created, and kept
# afterwards, for inspection), else to a fresh temp dir named after NAME that is
# removed when the script exits.
scratch_dir() {
    if [ -n "${2:-}" ]; then
        work=$2
        mkdir -p "$work"
    else
        work=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
        trap 'rm -rf "$work"' EXIT
    fi
}

# expansion_ms TEXT: the expansion time, in ms, of TEXT's first `declare_clocks!: expanded
# in N ms` line (the macro prints it under DECLARE_CLOCKS_TIMING); nothing without one.
expansion_ms() { sed -n 's/^declare_clocks!: expanded in \([0-9.]*\) ms$/\1/p' <<<"$1" | head -1; }

# The line of a generated clock crate (clock_crate) that invokes the macro.
CLOCK_CRATE_INVOCATION='typed_clocks::declare_clocks!("clocks.toml", unsafe(extern "C"));'

# clock_crate DIR NAME N: writes at DIR a binary crate NAME, outside this workspace (so
# cargo's default profile applies: the macro unoptimised, as for any user), that depends
# on typed-clocks by path (`root` is the workspace) and declares N generated clocks from
# its clocks.toml with $CLOCK_CRATE_INVOCATION (no invocation for N = 0), then uses
# every one of them, so that each generated impl is type-checked.
clock_crate() {
    local dir=$1 name=$2 n=$3 i
    mkdir -p "$dir/src"
    printf '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[dependencies]\ntyped-clocks = { path = "%s/time-core" }\n\n[workspace]\n' \
        "$name" "$root" >"$dir/Cargo.toml"
    cp "$root/Cargo.lock" "$dir/Cargo.lock"
    : >"$dir/clocks.toml"
    {
        echo "//! $n generated clocks."
        echo "#![allow(unused_mut, dead_code)]"
        echo "use typed_clocks::ext::InstantExt;"
        echo "use typed_clocks::{ClockSource, Instant};"
        [ "$n" -eq 0 ] || echo "$CLOCK_CRATE_INVOCATION"
        echo "fn show<C: ClockSource>() -> i64 { Instant::<C>::now().to_ktime() }"
        echo "fn main() {"
        echo "    let mut sum = 0i64;"
    } >"$dir/src/main.rs"
    for ((i = 0; i < n; i++)); do
        printf '[[clock]]\nname = "Clock%d"\ngetter = "clock_%d_get"\nmonotonic = %s\nclockid = %d\ndoc = "Clock number %d."\n\n' \
            "$i" "$i" "$([ $((i % 2)) -eq 0 ] && echo true || echo false)" $((i % 16)) "$i" >>"$dir/clocks.toml"
        echo "    sum = sum.wrapping_add(show::<Clock$i>());" >>"$dir/src/main.rs"
    done
    # Not `println!`: rustc's expansion of it (which macro-ratio.sh compiles) is unstable.
    printf '    std::process::exit((sum & 1) as i32);\n}\n' >>"$dir/src/main.rs"
}
