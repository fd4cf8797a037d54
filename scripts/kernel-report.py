#!/usr/bin/env python3
"""What scripts/linux-test reads out of a kernel tree, a build log or a patch.

    kernel-report.py warnings KDIR LOG          the warnings of a build log, one a line:
                                                "FILE<TAB>MESSAGE" (FILE relative to
                                                KDIR, or "-" when the warning names none)
    kernel-report.py new-warnings BASE NOW      the lines of NOW not in BASE (multisets)
    kernel-report.py config FRAGMENT CONFIG     the lines of the fragment (`CONFIG_X=V`,
                                                `# CONFIG_X is not set`) that CONFIG (a
                                                .config) does not have, one a line
    kernel-report.py users KDIR                 upstream's Rust files that use kernel::time,
                                                its delay and hrtimer, or io::poll, and
                                                whether the build compiled each:
                                                "compiled|not compiled<TAB>FILE<TAB>USES"
"""
import json
import os
import re
import subprocess
import sys
from collections import Counter


def rel(kdir, path):
    path = path.strip()
    real = os.path.normpath(os.path.join(kdir, path))
    root = os.path.normpath(kdir)
    if real.startswith(root + os.sep):
        return real[len(root) + 1:]
    return path


def warnings(kdir, log):
    """rustc, Clippy and rustdoc warnings (`warning: MSG` then ` --> FILE:L:C`), C
    compilers' (`FILE:L:C: warning: MSG`) and Kbuild's (`WARNING: ...`)."""
    lines = open(log, errors="replace").read().splitlines()
    out = []
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^(\S+?):(\d+):(\d+): warning: (.*)$", line)
        if m:
            out.append((rel(kdir, m.group(1)), m.group(4)))
            i += 1
            continue
        m = re.match(r"^warning(?:\[\S+\])?: (.*)$", line)
        if m:
            msg = m.group(1)
            if re.match(r"^\d+ warnings? emitted", msg) or re.match(r"^`\S+` \(\S+\) generated \d+ warning", msg):
                i += 1
                continue
            where = "-"
            for j in range(i + 1, min(i + 6, len(lines))):
                f = re.match(r"^\s*--> (\S+?):\d+:\d+", lines[j])
                if f:
                    where = rel(kdir, f.group(1))
                    break
                if re.match(r"^(warning|error)", lines[j]):
                    break
            out.append((where, msg))
            i += 1
            continue
        m = re.match(r"^(\S+?): warning: (.*)$", line)
        if m:
            out.append((rel(kdir, m.group(1)), m.group(2)))
            i += 1
            continue
        m = re.match(r"^(?:\S+: )?WARNING: (.*)$", line)
        if m:
            out.append(("-", m.group(1)))
        i += 1
    for where, msg in out:
        # Rust's v0 symbol names carry crate hashes (`Cs<hash>_`): not part of what
        # was said.
        msg = re.sub(r"_R\w+", lambda s: re.sub(r"Cs[0-9A-Za-z]+_", "Cs_", s.group(0)), msg)
        print(f"{where}\t{msg}")


def new_warnings(base, now):
    seen = Counter(open(base).read().splitlines())
    for line in open(now).read().splitlines():
        if seen[line] > 0:
            seen[line] -= 1
        else:
            print(line)


def uses_time(text):
    """Which of kernel::time (delay, hrtimer included) and io::poll TEXT names: as a
    path (`kernel::time::Delta`, `crate::time`) or in a `use kernel::{...}` tree."""
    hits = set()
    for m in re.finditer(r"\b(?:kernel|crate)::(time|io::poll)\b", text):
        hits.add(m.group(1))
    for m in re.finditer(r"\buse\s+(?:kernel|crate)::\{", text):
        i = j = m.end()
        depth = 1
        while depth and j < len(text):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        body = re.sub(r"\s+", "", text[i:j - 1])
        depth, item, items = 0, "", []
        for ch in body:
            if ch == "," and depth == 0:
                items.append(item)
                item = ""
                continue
            depth += {"{": 1, "}": -1}.get(ch, 0)
            item += ch
        items.append(item)
        for it in items:
            if re.match(r"^time(::|$)", it):
                hits.add("time")
            if re.match(r"^io::(poll\b|\{.*\bpoll\b)", it):
                hits.add("io::poll")
    return hits


def compiled_sources(kdir):
    """Every .rs file that a Rust object of the build was compiled from: the
    dep-info that Kbuild keeps in each object's .cmd file."""
    found = set()
    for root, dirs, files in os.walk(kdir):
        dirs[:] = [d for d in dirs if d not in (".git", "Documentation")]
        for f in files:
            if f.endswith(".o.cmd"):
                text = open(os.path.join(root, f), errors="replace").read()
                if ".rs" not in text:
                    continue
                for m in re.finditer(r"(\S+\.rs)\b", text):
                    found.add(rel(kdir, m.group(1)))
    return found


def users(kdir):
    compiled = compiled_sources(kdir)
    # Upstream's files only: what the series adds is not a user of its own.
    upstream = set(subprocess.run(
        ["git", "-C", kdir, "ls-tree", "-r", "--name-only", "pristine"],
        capture_output=True, text=True, check=True).stdout.split())
    for r in sorted(upstream):
        *dirs, f = r.split("/")
        if any(d.startswith(".") or d == "Documentation" for d in dirs):
            continue
        if not f.endswith(".rs") or "generated" in f:
            continue
        # The module itself is not its own user.
        if r == "rust/kernel/time.rs" or r.startswith("rust/kernel/time/"):
            continue
        # Not a file of the tree now: the series removed it.
        path = os.path.join(kdir, r)
        if not os.path.isfile(path):
            continue
        hits = uses_time(open(path, errors="replace").read())
        if hits:
            state = "compiled" if r in compiled else "not compiled"
            print(f"{state}\t{r}\t{' '.join(sorted(hits))}")


def config(fragment, dotconfig):
    have = set(open(dotconfig).read().splitlines())
    for line in open(fragment).read().splitlines():
        unset = re.match(r"^# (CONFIG_\w+) is not set$", line)
        if unset and (f"{unset.group(1)}=y" in have or f"{unset.group(1)}=m" in have):
            print(line)
        elif line.startswith("CONFIG_") and line not in have:
            print(line)


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "warnings":
        warnings(*args)
    elif cmd == "new-warnings":
        new_warnings(*args)
    elif cmd == "config":
        config(*args)
    elif cmd == "users":
        users(*args)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
