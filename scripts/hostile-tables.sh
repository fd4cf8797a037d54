#!/usr/bin/env bash
# The long run of tests/tests/hostile_tables.rs: TABLES generated hostile tables
# (default 50 000), in crates of HOSTILE_BATCH modules (default 2000), each crate
# built once through the real declare_clocks! and rustc, every diagnostic checked
# against what the generator knows. Prints the test's summary line, the wall time and
# the load average before and after.
#
# The test binary runs directly (not under `cargo test`, which would hold the build
# directory's lock for the whole run), building its crates in a target dir of its
# own, target/hostile-tables.
#
# Usage: scripts/hostile-tables.sh [TABLES] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
tables=${1:-50000}
seed=${2:-$(date +%s)}
binary=$(cargo test -q -p clock-tests --test hostile_tables --no-run --message-format=json \
    | python3 -c 'import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message.get("executable") and message["target"]["name"] == "hostile_tables":
        print(message["executable"])')
echo "load before: $(uptime)"
start=$(date +%s)
status=0
HOSTILE_TABLES=$tables HOSTILE_SEED=$seed HOSTILE_TARGET_DIR=$(pwd)/target/hostile-tables \
    "$binary" hostile_tables_compile_to_located_errors_and_usable_clocks --exact --nocapture 2>&1 \
    | grep -E '^(hostile_tables:|table |test result|\(the crate)' || status=$?
end=$(date +%s)
echo "load after: $(uptime)"
echo "wall time: $((end - start)) s for $tables tables (seed $seed)"
exit $status
