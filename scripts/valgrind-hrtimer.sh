#!/usr/bin/env bash
# Runs the host hrtimer tests under valgrind (issue 21): the kernel's timers
# (kernel::time::hrtimer, the in-tree series' files) over the C hrtimer base of
# kernel-integration (csrc/hrtimer.c), whose callbacks read the timers' memory from C.
# Any invalid read or write (a timer freed while queued, a callback reaching freed
# data) fails the run: `valgrind --error-exitcode=1`.
#
# Usage: scripts/valgrind-hrtimer.sh [[PACKAGE:]TEST_BINARY_NAME...]
#   A name without a package is upstream-shim's. The default: upstream-shim's hrtimer
#   upstream_hrtimer_examples drivers in_tree call_shapes hygiene, and
#   kernel-integration's tests of the series' timer fixes.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v valgrind >/dev/null || { echo "valgrind-hrtimer: valgrind is not installed" >&2; exit 1; }
./scripts/prereqs.sh

tests=("$@")
[ ${#tests[@]} -gt 0 ] || tests=(
    hrtimer upstream_hrtimer_examples drivers in_tree call_shapes hygiene
    kernel-integration:hrtimer_stack_setup kernel-integration:hrtimer_misaligned
    kernel-integration:hrtimer_forward_queued kernel-integration:hrtimer_self_cancel
    kernel-integration:instant_saturation kernel-integration:hrtimer_negative_delta
)

for spec in "${tests[@]}"; do
    package=upstream-shim
    test=$spec
    if [[ $spec == *:* ]]; then
        package=${spec%%:*}
        test=${spec#*:}
    fi
    # The path of the test binary, from cargo's JSON messages; a failed build stops here.
    bin=$(cargo test -p "$package" --test "$test" --no-run --message-format=json |
        python3 -c '
import json, sys
exes = [m["executable"] for m in map(json.loads, sys.stdin)
        if m.get("reason") == "compiler-artifact" and m.get("executable")
        and m["target"]["kind"] == ["test"]]
if len(exes) != 1:
    sys.exit("valgrind-hrtimer: expected one test binary, got %r" % exes)
print(exes[0])
')
    echo "valgrind-hrtimer: $package $test ($bin)" >&2
    # One test thread: the test timekeeper is global, and valgrind serializes threads
    # anyway. Leaks are not errors: a leaked handle leaks its timer on purpose, and a
    # handle dropped in its own callback keeps its data for good. The hrtimer binary's
    # own valgrind test is skipped: this is that run.
    valgrind --quiet --error-exitcode=1 --leak-check=no "$bin" --test-threads=1 --skip under_valgrind
done
echo "valgrind-hrtimer: ${#tests[@]} test binaries, 0 errors" >&2
