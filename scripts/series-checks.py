#!/usr/bin/env python3
"""The in-tree series' checks before it is built, on the tree it was applied to.

    series-checks.py KDIR FINDINGS PATCH...

KDIR is the kernel tree (a git repository) with the series applied on top of the tag
`pristine`; PATCH... the series' patches. Prints the report, one line a finding or a
figure; each finding also goes to the file FINDINGS, one a line (empty: none):
  - files touched: only under rust/ and scripts/, and MAINTAINERS (no driver edited);
  - vendored lines: what the `rust: <crate>: import crate` patches add, at most 10 000;
  - own lines: what the other patches add, at most 7 000; and each patch changes at most
    400 lines of the files upstream has;
  - `checkpatch.pl --strict` on each patch: no error, and no warning or check on our
    own files or commit messages. The vendored crates' files (imported unedited) may
    warn; they are counted apart, and so is FILE_PATH_CHANGES, which names no file;
  - MAINTAINERS: every directory the series adds files to has an entry of its own
    (`get_maintainer.pl`, other than THE REST);
  - upstream's doctests: the ``` blocks of the doc comments of kernel::time, its
    delay and hrtimer files and io::poll, in the patched tree, include every block of
    the pristine tree's (the series may add its own, never change or drop one).
"""
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

VENDORED_BUDGET = 10000
OWN_BUDGET = 7000
UPSTREAM_CHANGE_BUDGET = 400
DOCTEST_FILES = re.compile(
    r"^rust/kernel/(time\.rs|time/hrtimer\.rs|time/hrtimer/[^/]*\.rs|time/delay\.rs|io/poll\.rs)$")
FINDINGS = []


def git(kdir, *args):
    return subprocess.run(["git", "-C", kdir, *args], capture_output=True, text=True,
                          check=True).stdout


def finding(text):
    FINDINGS.append(text)
    print(f"FAIL: {text}")


def touched(kdir):
    files = git(kdir, "diff", "--name-only", "pristine").split()
    outside = [f for f in files if not re.match(r"^(rust/|scripts/|MAINTAINERS$)", f)]
    print(f"files touched: {len(files)}, all under rust/ and scripts/ or MAINTAINERS: "
          f"{'yes' if not outside else 'NO'}")
    if outside:
        finding(f"the series touches files outside rust/, scripts/, MAINTAINERS: {' '.join(outside)}")


def vendored_dirs(kdir):
    subjects = git(kdir, "log", "--format=%s", "pristine..HEAD").splitlines()
    return sorted("rust/" + m.group(1) for s in subjects
                  if (m := re.match(r"^rust: (.*): import crate$", s)))


def vendored_lines(kdir, dirs):
    total = 0
    for d in dirs:
        stat = git(kdir, "diff", "--numstat", "pristine", "--", d).splitlines()
        n = sum(int(line.split()[0]) for line in stat if line.split()[0].isdigit())
        print(f"vendored: {d}: {n} lines added")
        total += n
    print(f"vendored: {total} lines added in all (budget {VENDORED_BUDGET})")
    if total > VENDORED_BUDGET:
        finding(f"the series vendors {total} lines, more than {VENDORED_BUDGET}")


def added_lines(kdir, *spec):
    """Lines added by the diff of `git diff --numstat SPEC`."""
    stat = git(kdir, "diff", "--numstat", *spec).splitlines()
    return sum(int(line.split()[0]) for line in stat if line.split()[0].isdigit())


def own_lines(kdir, vendored):
    total = added_lines(kdir, "pristine")
    own = total - sum(added_lines(kdir, "pristine", "--", d) for d in vendored)
    print(f"own lines: {own} added by the series outside the vendored crates"
          f" (budget {OWN_BUDGET})")
    if own > OWN_BUDGET:
        finding(f"the series adds {own} lines of its own, more than {OWN_BUDGET}")


def upstream_changes(kdir):
    """Per patch, the lines it adds or removes in files that pristine has."""
    upstream = set(git(kdir, "ls-tree", "-r", "--name-only", "pristine").split())
    print(f"changes to upstream's files per patch (budget {UPSTREAM_CHANGE_BUDGET} lines):")
    most = 0
    for commit in git(kdir, "rev-list", "--reverse", "pristine..HEAD").split():
        changed = 0
        for line in git(kdir, "diff", "--numstat", f"{commit}~1", commit).splitlines():
            added, removed, path = line.split("\t", 2)
            if path in upstream and added.isdigit():
                changed += int(added) + int(removed)
        subject = git(kdir, "log", "-1", "--format=%s", commit).strip()
        if changed:
            print(f"  {changed:4d} {subject}")
        most = max(most, changed)
        if changed > UPSTREAM_CHANGE_BUDGET:
            finding(f"'{subject}' changes {changed} lines of upstream's files,"
                    f" more than {UPSTREAM_CHANGE_BUDGET}")
    print(f"changes to upstream's files: at most {most} lines in a patch"
          f" (budget {UPSTREAM_CHANGE_BUDGET})")


def checkpatch_findings(kdir, patch, vendored):
    """(level, type, where, path) of each of checkpatch.pl --strict's findings."""
    out = subprocess.run(
        ["scripts/checkpatch.pl", "--strict", "--show-types", "--no-summary", patch],
        cwd=kdir, capture_output=True, text=True).stdout.splitlines()
    for i, line in enumerate(out):
        m = re.match(r"^(ERROR|WARNING|CHECK):(\w+): (.*)$", line)
        if not m:
            continue
        level, kind, text = m.groups()
        where, path = ("patch" if kind == "FILE_PATH_CHANGES" else "ours"), "-"
        for nxt in out[i + 1:i + 3]:
            if f := re.match(r"^#\d+: FILE: (\S+?):\d+:", nxt):
                path = f.group(1)
                if any(path == v or path.startswith(v + "/") for v in vendored):
                    where = "vendored"
                break
        yield level, kind, where, path if path != "-" else f"(commit message or patch): {text}"


def checkpatch(kdir, patches, vendored):
    print("checkpatch.pl --strict per patch (errors; warnings and checks on vendored files;"
          " on ours; FILE_PATH_CHANGES):")
    totals = Counter()
    for patch in patches:
        found = list(checkpatch_findings(kdir, patch, vendored))
        count = Counter(("error" if level == "ERROR" else where) for level, _, where, _ in found)
        print(f"  {Path(patch).name:<58} {count['error']:2d} {count['vendored']:4d}"
              f" {count['ours']:3d} {count['patch']}")
        for (level, kind, path), n in sorted(Counter(
                (l, k, p) for l, k, w, p in found if l == "ERROR" or w == "ours").items()):
            print(f"      {n} {level} {kind} {path}")
        totals += count
    print(f"checkpatch --strict: {totals['error']} errors; warnings and checks: {totals['ours']}"
          f" on our files, {totals['vendored']} on vendored files, {totals['patch']}"
          " FILE_PATH_CHANGES")
    if totals["error"]:
        finding(f"checkpatch.pl: {totals['error']} error(s) in the series")
    if totals["ours"]:
        finding(f"checkpatch.pl --strict: {totals['ours']} warning(s) or check(s) on our files")


def maintainers(kdir):
    added = git(kdir, "diff", "--name-only", "--diff-filter=A", "pristine").split()
    dirs = sorted({str(Path(f).parent) for f in added})
    uncovered = []
    for d in dirs:
        out = subprocess.run(
            ["scripts/get_maintainer.pl", "--nogit", "--nogit-fallback", "--no-email", "--no-l",
             "--subsystem", "--no-status", "-f", f"{d}/"],
            cwd=kdir, capture_output=True, text=True).stdout.splitlines()
        if not [line for line in out if line not in ("", "THE REST")]:
            uncovered.append(d)
    print(f"MAINTAINERS: every directory the series adds files to ({len(dirs)}) has an entry:"
          f" {'yes' if not uncovered else 'NO'}")
    if uncovered:
        finding(f"no MAINTAINERS entry covers: {' '.join(uncovered)}")


def doctest_blocks(text):
    """The fenced blocks of the text's `///` and `//!` comments, in order."""
    block, blocks = None, []
    for line in text.splitlines():
        m = re.match(r"^\s*//[/!](?: ?)(.*)$", line)
        if not m:
            if block is not None:
                block.append("<end of doc comment>")
            continue
        body = m.group(1)
        if body.lstrip().startswith("```"):
            if block is None:
                block = [body.strip()]
            else:
                block.append(body.strip())
                blocks.append(json.dumps("\n".join(block)))
                block = None
        elif block is not None:
            block.append(body)
    return blocks


def doctests(kdir):
    total = dropped = 0
    for f in git(kdir, "ls-tree", "-r", "--name-only", "pristine", "--", "rust/kernel").split():
        if not DOCTEST_FILES.match(f):
            continue
        before = Counter(doctest_blocks(git(kdir, "show", f"pristine:{f}")))
        path = Path(kdir) / f
        now = Counter(doctest_blocks(path.read_text()) if path.exists() else [])
        missing = sum((before - now).values())
        if before or now:
            print(f"doctests: {f}: {sum(before.values())} upstream, "
                  f"{sum(before.values()) - missing} of them unchanged, {sum(now.values())} in all")
        total += sum(before.values())
        dropped += missing
    print(f"doctests: {total - dropped} of upstream's {total} doctest blocks unchanged")
    if dropped:
        finding(f"{dropped} of upstream's doctest blocks changed or dropped")


def main():
    kdir, findings, patches = sys.argv[1], sys.argv[2], sys.argv[3:]
    print(f"git am: {len(patches)} patches applied to pristine"
          f" (tree {git(kdir, 'rev-parse', 'HEAD^{tree}')[:12]})")
    touched(kdir)
    dirs = vendored_dirs(kdir)
    vendored_lines(kdir, dirs)
    own_lines(kdir, dirs)
    upstream_changes(kdir)
    checkpatch(kdir, patches, dirs)
    maintainers(kdir)
    doctests(kdir)
    Path(findings).write_text("".join(f"{text}\n" for text in FINDINGS))


if __name__ == "__main__":
    main()
