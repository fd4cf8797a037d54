#!/usr/bin/env bash
# Determinism under load: N consecutive warm runs of scripts/linux-test (default 8) with
# two CPU hogs beside QEMU, one per core of a 2-core machine. Prints, per run, its
# verdict, wall time and the load average before and after, then how many passed; exits
# 1 unless all did. Each run's output is kept in target/linux-test-under-load/run-K.log.
#
#   scripts/linux-test-under-load.sh [N]
set -uo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
N=${1:-8}
LOGS=$REPO/target/linux-test-under-load
mkdir -p "$LOGS"
load() { cut -d' ' -f1 /proc/loadavg; }
hogs=()
stop_hogs() { [ ${#hogs[@]} -eq 0 ] || kill "${hogs[@]}" 2>/dev/null; }
trap stop_hogs EXIT
for _ in 1 2; do
    sh -c 'while :; do :; done' &
    hogs+=($!)
done
sleep 30 # let the load average rise
passed=0
for k in $(seq 1 "$N"); do
    before=$(load) t=$(date +%s)
    if "$REPO/scripts/linux-test" >"$LOGS/run-$k.log" 2>&1; then
        verdict=PASS passed=$((passed + 1))
    else
        verdict=FAIL
    fi
    rm -rf "$LOGS/run-$k" && cp -r "$REPO/target/linux-test/ktap" "$LOGS/run-$k" # its parsed documents
    cp "$REPO/target/linux-test/serial.log" "$LOGS/run-$k/" 2>/dev/null || true
    echo "run $k: $verdict in $(($(date +%s) - t)) s, load $before -> $(load) (log: $LOGS/run-$k.log)"
    [ "$verdict" = PASS ] || grep -E 'FAIL|CRASHED' "$LOGS/run-$k.log" | head -8 | sed 's/^/   /'
done
echo "$passed of $N warm runs passed with two CPU hogs ($(nproc) CPUs)"
[ "$passed" -eq "$N" ]
