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
