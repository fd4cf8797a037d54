#!/usr/bin/env python3
"""Zero cost in the kernel's own build: typed and raw code compiled the same.

    zero-cost.py MODULE LLVM OUT OP...

For each OP, `typed_clocks_zc_<OP>_typed` and `typed_clocks_zc_<OP>_raw` of MODULE (the
pairs of kernel-integration/linux/zero_cost.rs, as the kernel's rustc compiled them)
must be the same instructions. Each function is disassembled with
`llvm-objdump-LLVM -d -r`, at offsets from its start: branches into itself as offsets
(two copies at different addresses compare equal), the target objdump guesses for a
relocated call or jump replaced by the relocation, which names it, the int3 padding
after it dropped, and the address of a panic's source location (which file and line an
overflow is reported at: data, not code) not compared. When LLVM merged the two (one address, two names), they are one
body by definition. A `typed_clocks_zc_<OP>_c` function, where there is one, is C's
wrapping form, counted beside them. Writes OUT/zero-cost.txt (a markdown table) and
OUT/zero-cost-<OP>.s; exits 1 when a pair differs.
"""
import difflib
import re
import subprocess
import sys
from pathlib import Path

HEADER = re.compile(r"^([0-9a-f]+) <(.+)>:$")
RELOC = re.compile(r"^\s+([0-9a-f]+):\s+(R_\S+)\s+(\S+)")
INSN = re.compile(r"^\s+([0-9a-f]+):\s+(\S.*)$")


def symbols(module, llvm):
    """Each symbol's (address, type)."""
    out = subprocess.run([f"llvm-nm-{llvm}", module], capture_output=True, text=True,
                         check=True).stdout
    table = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3:
            table[parts[2]] = (parts[0], parts[1])
    return table


def disasm(module, llvm, names):
    """The instructions of the function called any of NAMES, at offsets from its start."""
    dump = subprocess.run(
        [f"llvm-objdump-{llvm}", "-d", "-r", "--no-show-raw-insn",
         f"--disassemble-symbols={','.join(names)}", module],
        capture_output=True, text=True, check=True).stdout
    own = "|".join(re.escape(n) for n in names)
    base, last, out = None, None, []
    for line in dump.splitlines():
        header = HEADER.match(line)
        if header:
            base = int(header.group(1), 16) if header.group(2) in names else None
            last = None
            continue
        if base is None:
            continue
        reloc, insn = RELOC.match(line), INSN.match(line)
        if reloc:
            # objdump lists the section's relocations around the symbol: keep those
            # inside the instruction just printed.
            at = int(reloc.group(1), 16) - base
            if last is not None and last < at < last + 16:
                out[-1] = re.sub(r" (?:0x[0-9a-f]+ <[^>]*>|<\+0x[0-9a-f]+>)$", " <reloc>", out[-1])
                out.append(f"{at:4x}: reloc {reloc.group(2)} {reloc.group(3)}")
        elif insn:
            at = int(insn.group(1), 16) - base
            last = at
            text = re.sub(r"\s+", " ", insn.group(2)).strip()
            text = re.sub(rf"0x[0-9a-f]+ <(?:{own})\+0x([0-9a-f]+)>", r"<+0x\1>", text)
            text = re.sub(rf"0x[0-9a-f]+ <(?:{own})>", "<+0x0>", text)
            out.append(f"{at:4x}: {text}")
    while out and out[-1].endswith(": int3"):
        out.pop()
    return panic_locations(out)


def panic_locations(lines):
    """The `.rodata` address handed to a panic function just after it is the panic's
    `core::panic::Location` (the file and line of the overflow it reports): data,
    different for two copies of the same code in two places, so not compared."""
    out = list(lines)
    for i, line in enumerate(out):
        if " reloc " in line and " .rodata+0x" in line and any(
                " reloc " in later and "panic" in later for later in out[i + 1:i + 4]):
            out[i] = re.sub(r"\.rodata\+0x[0-9a-f]+", ".rodata+<panic location>", line)
    return out


def count(lines):
    return sum(" reloc " not in l for l in lines)


def main():
    module, llvm, out, ops = sys.argv[1], sys.argv[2], Path(sys.argv[3]), sys.argv[4:]
    out.mkdir(parents=True, exist_ok=True)
    table = symbols(module, llvm)
    rows = ["| operation | typed | raw | identical | C's wrapping ktime_sub/ktime_add |",
            "|---|---:|---:|---|---:|"]
    differ = 0
    for op in ops:
        typed, raw, c = (f"typed_clocks_zc_{op}_{k}" for k in ("typed", "raw", "c"))
        for name in (typed, raw):
            if name not in table:
                sys.exit(f"zero-cost: {name} is not in {module}")
        merged = table[typed] == table[raw]
        if merged:
            # LLVM's MergeFunctions made one body of the two.
            t = r = disasm(module, llvm, [typed, raw])
        else:
            t, r = disasm(module, llvm, [typed]), disasm(module, llvm, [raw])
        if not t or not r:
            sys.exit(f"zero-cost: no instructions for {typed} or {raw}")
        same = "yes (LLVM merged them: one body, two names)" if merged else (
            "yes" if t == r else "NO")
        wrapping = count(disasm(module, llvm, [c])) if c in table else "-"
        rows.append(f"| `{op}` | {count(t)} | {count(r)} | {same} | {wrapping} |")
        if t != r:
            differ += 1
            print(f"   {op}: typed (-) and raw (+) differ:")
            for line in difflib.unified_diff(t, r, lineterm="", n=1):
                print(f"      {line}")
        (out / f"zero-cost-{op}.s").write_text("".join(l + "\n" for l in t))
    (out / "zero-cost.txt").write_text("\n".join(rows) + "\n")
    print(f"   instructions per function (llvm-objdump-{llvm} -d -r on {module}):")
    print("\n".join(f"   {row}" for row in rows))
    if differ:
        print(f"   FAIL: {differ} typed/raw pair(s) compiled to different instructions")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
