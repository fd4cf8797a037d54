#!/usr/bin/env python3
"""The verdict of a boot under QEMU, from the kernel's own test tooling.

    ktap-verdict.py problems SERIAL                 the kernel's reports in SERIAL
    ktap-verdict.py check KDIR SERIAL OUT PRISTINE_PROBLEMS [--modules 0|1]
                                                     [--kernel-side 0|1]

`check` hands the serial log to the tree's `tools/testing/kunit/kunit.py parse`:
  - the whole log: KUnit's run at boot (the kernel crate's doctests and the series'
    `#[kunit_tests]` suites);
  - then each KTAP document that /init and the modules print under their log prefix
    (`init: `, `typed_clocks: `, `sample_driver: `): their lines, the prefix
    stripped, as their own document.
Each parse must exit 0 with no failed, crashed or errored test. On top of the parsed
results: every doctest of `kernel::time` and `io::poll` that the build generated ran
and passed; every `#[test]` of the series' suites ran; the checks module ran its
per-row tests for every row it printed from the kernel's `CLOCKS` (`# row NAME:
monotonic=...`, as many as its `# N clocks` line says); and the kernel reported no WARN, BUG,
lockdep, ODEBUG or might_sleep problem that pristine's boot did not have.
Prints what it found, writes each parse's JSON to OUT, exits 1 on any failure.
"""
import json
import re
import subprocess
import sys
from pathlib import Path

# What the kernel itself reports when something is wrong.
PROBLEMS = re.compile(
    r"WARNING:|BUG:|Oops|Call Trace|Kernel panic|ODEBUG:|"
    r"sleeping function called from invalid context|possible circular locking|"
    r"inconsistent lock state|possible recursive locking|lockdep is turned off|"
    r"DEBUG_LOCKS_WARN_ON|suspicious RCU usage|INFO: task .* blocked|soft lockup|"
    r"hard LOCKUP"
)
TIMESTAMP = re.compile(r"^\[ *[0-9.]+\] ")
# The series' suites: `#[kunit_tests(NAME)]` in the kernel side's files.
SUITE_ATTR = re.compile(r"#\[(?:::kernel::)?(?:macros::)?kunit_tests\((\w+)\)\]")
DOCTEST = re.compile(r"rust_doctest_kernel_(?:time_[a-z0-9_]*|io_poll_rs_[0-9]+)")
PREFIXES = ["init", "typed_clocks", "sample_driver"]


def problems(lines):
    """The lines reporting a problem, without timestamps and addresses."""
    out = []
    for line in lines:
        if PROBLEMS.search(line):
            line = TIMESTAMP.sub("", line)
            line = re.sub(r"0x[0-9a-f]+", "0x_", line)
            out.append(re.sub(r"\b[0-9a-f]{16}\b", "_", line))
    return out


def parse(kdir, lines, out, name):
    """kunit.py parse of LINES: its exit status and its JSON (a dict)."""
    text, result = out / f"{name}.ktap", out / f"{name}.json"
    text.write_text("\n".join(lines) + "\n")
    run = subprocess.run(
        ["python3", str(kdir / "tools/testing/kunit/kunit.py"), "parse", f"--json={result}",
         str(text)], capture_output=True, text=True)
    (out / f"{name}.parse.txt").write_text(run.stdout + run.stderr)
    summary = [l for l in run.stdout.splitlines() if "Testing complete" in l]
    print(f"   kunit.py parse ({name}): exit {run.returncode};"
          f" {summary[-1].split('] ', 1)[-1] if summary else 'no summary'}")
    for line in run.stdout.splitlines():
        if "[FAILED]" in line or "[CRASHED]" in line:
            print(f"      {line.split('] ', 1)[-1]}")
    return run.returncode, json.loads(result.read_text()) if result.exists() else {}


def cases(group, suite=None):
    """(suite, test, status) of every test case under a parsed group."""
    for sub in group.get("sub_groups", []):
        yield from cases(sub, sub["name"])
    for case in group.get("test_cases", []):
        yield suite, case["name"], case["status"]


def module_lines(lines, prefix):
    """The lines printed under `PREFIX: `, without timestamp and prefix."""
    marker = f"{prefix}: "
    return [TIMESTAMP.sub("", l)[len(marker):] for l in lines
            if TIMESTAMP.sub("", l).startswith(marker)]


def check(kdir, serial, out, pristine_problems, modules, kernel_side):
    kdir, out = Path(kdir), Path(out)
    out.mkdir(parents=True, exist_ok=True)
    lines = Path(serial).read_text(errors="replace").replace("\r", "").splitlines()
    failures = []

    status, boot = parse(kdir, lines, out, "boot")
    boot_cases = list(cases(boot))
    if status != 0:
        failures.append("kunit.py parse of the serial log failed")
    ran = {test: st for _, test, st in boot_cases}
    generated = kdir / "rust/doctests_kernel_generated.rs"
    expected = sorted(set(DOCTEST.findall(generated.read_text()))) if generated.exists() else []
    passed = [t for t in expected if ran.get(t) == "PASS"]
    print(f"   doctests of kernel::time and io::poll: {len(passed)} of {len(expected)} passed")
    if not expected or len(passed) != len(expected):
        failures.append(f"{len(passed)} of {len(expected)} doctests of kernel::time passed")

    sources = list((kdir / "rust/kernel").glob("time*.rs")) + list(
        (kdir / "rust/kernel/time").rglob("*.rs"))
    ours = set()
    tests = 0
    for source in sources:
        text = source.read_text()
        found = SUITE_ATTR.findall(text)
        ours.update(found)
        if found:
            tests += text.count("#[test]")
    own = [(s, t, st) for s, t, st in boot_cases if s in ours]
    own_passed = sum(st == "PASS" for _, _, st in own)
    print(f"   the series' suites ({', '.join(sorted(ours)) or 'none'}): {own_passed} of"
          f" {len(own)} passed, {tests} #[test] in their sources")
    if kernel_side and (len(own) != tests or own_passed != tests):
        failures.append(f"the series' suites: {own_passed} passed of {tests} tests")

    for prefix in PREFIXES if modules else ["init"]:
        status, doc = parse(kdir, module_lines(lines, prefix), out, prefix)
        suites = doc.get("sub_groups", [])
        if status != 0 or [s["name"] for s in suites] != [prefix]:
            failures.append(f"{prefix}: kunit.py parse failed or found no suite {prefix}")
    if modules:
        failures += coverage(out, module_lines(lines, "typed_clocks"))

    found = problems(lines)
    (out / "problems.txt").write_text("".join(l + "\n" for l in found))
    base = Path(pristine_problems).read_text().splitlines()
    new = [l for l in found if l not in base]
    print(f"   the kernel's reports: {len(found)}, {len(new)} that pristine's boot did not have")
    for line in found[:20]:
        print(f"      {line}")
    # Without its kernel side the series leaves kernel::time upstream's, whose own
    # reports are pristine's; with it, the log must be clean.
    if new or (found and kernel_side):
        failures.append("the kernel reported a problem")

    for failure in failures:
        print(f"   FAIL: {failure}")
    return 1 if failures else 0


# The rows the checks module prints from `CLOCKS` (rows.rs).
ROW = re.compile(r"^\s*# row (\w+): monotonic=(true|false) ")
ROW_COUNT = re.compile(r"^\s*# (\d+) clocks in clocks\.toml$")


def coverage(out, lines):
    """The checks module's per-row tests: one per row and phase, by the test's name, for
    every row it printed from the kernel's `CLOCKS`."""
    rows = [(m.group(1), m.group(2) == "true") for m in map(ROW.match, lines) if m]
    counts = [int(m.group(1)) for m in map(ROW_COUNT.match, lines) if m]
    failures = []
    if counts != [len(rows)] or not rows:
        failures.append(f"typed_clocks printed {len(rows)} rows, and {counts} as their count")
    parsed = out / "typed_clocks.json"
    suites = json.loads(parsed.read_text()).get("sub_groups", []) if parsed.exists() else []
    names = [case["name"] for suite in suites for case in suite["test_cases"]]
    wanted = []
    for name, monotonic in rows:
        wanted += [f"suspend {name} ", f"step-back {name} ", f"step-forward {name} "]
        if monotonic:
            wanted.append(f"two CPUs {name} monotonic=true")
    missing = [w.strip() for w in wanted if not any(n.startswith(w) for n in names)]
    print(f"   typed_clocks: {len(names)} tests; per-row tests for the {len(rows)} rows of"
          f" CLOCKS: {len(wanted) - len(missing)} of {len(wanted)}")
    return failures + [f"typed_clocks has no test '{m}'" for m in missing]


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "problems":
        text = Path(args[0]).read_text(errors="replace").replace("\r", "")
        print("".join(l + "\n" for l in problems(text.splitlines())), end="")
        return 0
    flags = {"--modules": "1", "--kernel-side": "1"}
    while len(args) > 4:
        flags[args[-2]] = args[-1]
        args = args[:-2]
    return check(*args, flags["--modules"] == "1", flags["--kernel-side"] == "1")


if __name__ == "__main__":
    sys.exit(main())
