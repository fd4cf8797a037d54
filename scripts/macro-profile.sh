#!/usr/bin/env bash
# Where declare_clocks! spends its instructions: one expansion of a 1000-clock table
# (the `#[ignore]`d unit test tests::scaling::one_expansion_of_1000_clocks of
# time-macros) under callgrind, counting
# only the instructions inside the macro's library entry, split by stage and by the
# hottest helpers. The test is built with cargo's default (unoptimised) dev profile, as
# cargo builds a proc macro and its dependencies for every crate that uses it, and runs
# on proc-macro2's in-process fallback (inside rustc the tokens go through the
# compiler's bridge instead: `RATIO_INSTRUCTIONS=1 scripts/macro-ratio.sh` counts that).
# Instruction counts are deterministic, so unlike timings they compare across runs and
# machines under any load: use them to check a change to the macro.
#
# Usage: scripts/macro-profile.sh   (needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || {
    echo "valgrind is not installed (apt-get install valgrind)" >&2
    exit 1
}
binary=$(cargo test -q -p typed-clocks-macros --lib --no-run --message-format=json 2>/dev/null |
    python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["name"] == "typed_clocks_macros":
        print(m["executable"])')
out=$(mktemp "${TMPDIR:-/tmp}/macro-profile.XXXXXX")
trap 'rm -f "$out" "$out.txt"' EXIT
# The test binary may link libstd dynamically.
LD_LIBRARY_PATH="$(rustc --print target-libdir)" valgrind --tool=callgrind --callgrind-out-file="$out" \
    --toggle-collect='typed_clocks_macros::declare::declare_clocks' \
    "$binary" --ignored --exact tests::scaling::one_expansion_of_1000_clocks --test-threads=1 >/dev/null 2>&1
callgrind_annotate --inclusive=yes "$out" >"$out.txt" 2>/dev/null
total=$(awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }' "$out.txt")
echo "## One expansion of 1000 clocks: instructions inside declare_clocks (callgrind, unoptimised build)"
echo "| part | instructions | share |"
echo "|---|---:|---:|"
echo "| everything (declare::declare_clocks) | $total | 100% |"
part() {
    awk -v pat="$2" -v label="$1" -v total="$total" '
        index($0, pat) && !done { n = $1; gsub(",", "", n); printf "| %s | %d | %.0f%% |\n", label, n, 100 * n / total; done = 1 }' "$out.txt"
}
part "read the TOML (read::read)" "typed_clocks_macros::read::read ["
part "… of which toml-span's reader (toml_span::de::parse)" "toml_span::de::parse ["
part "… of which the rows from the document (read::read_document)" "typed_clocks_macros::read::read_document ["
part "validate (validate::validate)" "typed_clocks_macros::validate::validate ["
part "generate tokens (expand::expand)" "typed_clocks_macros::expand::expand ["
part "… of which writing the text (expand::clocks::clocks)" "typed_clocks_macros::expand::clocks::clocks ["
part "… … of which each clock's items (expand::clocks::clock_items)" "typed_clocks_macros::expand::clocks::clock_items ["
part "… … of which its row as data (expand::clocks::table_clock)" "typed_clocks_macros::expand::clocks::table_clock ["
part "… of which lexing it (proc-macro2's lexer: in-process only; rustc's own in a build)" "typed_clocks_macros::expand::lex ["
part "… of which splicing the caller's tokens (expand::splice)" "typed_clocks_macros::expand::splice::Splices::splice ["
