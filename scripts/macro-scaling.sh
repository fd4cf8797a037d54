#!/usr/bin/env bash
# Expansion time of declare_clocks! for tables of 1, 10, 100 and 1000 clocks
# (read + validate + expand, i.e. all the macro does), median of 15 runs, release build.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test -q -p time-macros --release -- --ignored --nocapture expansion_time_scales 2>&1 | grep '^|'
