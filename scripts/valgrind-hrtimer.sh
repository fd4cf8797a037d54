#!/usr/bin/env bash
# Runs the host hrtimer tests under valgrind (issue 21): the typed timers over the C
# hrtimer base of kernel-integration (csrc/hrtimer.c), whose callbacks read the
# timers' memory from C. Any invalid read or write (a timer freed while queued, a
# callback reaching freed data) fails the run: `valgrind --error-exitcode=1`.
#
# Usage: scripts/valgrind-hrtimer.sh [TEST_BINARY_NAME...]
#   (default: hrtimer upstream_hrtimer_examples drivers call_shapes hygiene, of upstream-shim)
set -euo pipefail
cd "$(dirname "$0")/.."

command -v valgrind >/dev/null || { echo "valgrind-hrtimer: valgrind is not installed" >&2; exit 1; }
./scripts/prereqs.sh

tests=("$@")
[ ${#tests[@]} -gt 0 ] || tests=(hrtimer upstream_hrtimer_examples drivers call_shapes hygiene)

for test in "${tests[@]}"; do
    # The path of the test binary, from cargo's JSON messages; a failed build stops here.
    bin=$(cargo test -p upstream-shim --test "$test" --no-run --message-format=json |
        python3 -c '
import json, sys
exes = [m["executable"] for m in map(json.loads, sys.stdin)
        if m.get("reason") == "compiler-artifact" and m.get("executable")
        and m["target"]["kind"] == ["test"]]
if len(exes) != 1:
    sys.exit("valgrind-hrtimer: expected one test binary, got %r" % exes)
print(exes[0])
')
    echo "valgrind-hrtimer: $test ($bin)" >&2
    # One test thread: the test timekeeper is global, and valgrind serializes threads
    # anyway. Leaks are not errors: a leaked handle leaks its timer on purpose. The
    # hrtimer binary's own valgrind test is skipped: this is that run.
    valgrind --quiet --error-exitcode=1 --leak-check=no "$bin" --test-threads=1 --skip under_valgrind
done
echo "valgrind-hrtimer: ${#tests[@]} test binaries, 0 errors" >&2
