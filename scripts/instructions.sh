#!/usr/bin/env bash
# Instructions per call, typed against raw, counted by valgrind's callgrind.
#
# Builds (release, temp dir, its own target dir) a small program over the host kernel
# crate (package kernel-integration, library `kernel`) and typed-clocks whose
# #[inline(never)] loops each run one operation N times:
#   typed-clocks's Instant<C>, C declared by declare_clocks! over kernel::bindings:
#     Instant::<Mono>::now()                    vs unsafe { bindings::ktime_get() } (raw FFI)
#     Instant - Instant (saturating)            vs i64::saturating_sub
#     Instant + Delta (saturating)              vs i64::saturating_add
#     posix backend: Instant::<C>::now() on CLOCK_MONOTONIC and on CLOCK_MONOTONIC_COARSE
#                    vs clock_gettime + the kernel's timespec64_to_ktime() written by hand
#   kernel::time (upstream's Instant and Delta, the series' generated Monotonic):
#     Instant::<Monotonic>::now()               vs unsafe { bindings::ktime_get() }
#     Instant - Instant (upstream's plain `-`)  vs i64::wrapping_sub (release: no overflow checks)
#     Instant + Delta (saturating into 0..=KTIME_MAX, patch 0007)
#                                               vs i64::saturating_add, then max(0)
#   i64::wrapping_sub/add, std::time::Instant::now(), libc::clock_gettime(CLOCK_MONOTONIC),
#   for scale
# runs each loop alone under callgrind, and divides the run's instruction count, minus
# that of a run of an empty loop (start-up, the loop and black_box), by N.
#
# callgrind does not see into the vDSO or the kernel: a clock read counts the user-space
# instructions only (the host timekeeper's C and glibc's clock_gettime wrapper, which
# valgrind turns into a real syscall). The typed/raw ratio is the point.
#
# Not part of the test suite (it needs valgrind); the machine-code identity itself is
# proven by `cargo test -p clock-tests --test zero_cost`.
# Usage: scripts/instructions.sh   Environment: INSTR_CALLS (default 100000), INSTR_KEEP
# (keep the temp dir), INSTR_TARGET (target dir; default $CARGO_TARGET_DIR/instructions).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
calls=${INSTR_CALLS:-100000}
command -v valgrind >/dev/null || {
    echo "valgrind is not installed (apt-get install valgrind)" >&2
    exit 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/instructions.XXXXXX")
trap '[ -n "${INSTR_KEEP:-}" ] || rm -rf "$work"' EXIT
mkdir -p "$work/src"
cp "$root/Cargo.lock" "$work/Cargo.lock"
cat >"$work/Cargo.toml" <<EOF
[package]
name = "instructions"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
typed-clocks = { path = "$root/time-core", features = ["posix"] }
kernel-integration = { path = "$root/kernel-integration" }
libc = "0.2"

[profile.release]
debug = "line-tables-only"

[workspace]
EOF
cat >"$work/src/main.rs" <<'EOF'
//! Loops of one operation each, measured by callgrind (scripts/instructions.sh).
use kernel::bindings;
use kernel::time::{Delta as KernelDelta, Instant as KernelInstant, Monotonic};
use std::hint::black_box;
use typed_clocks::ext::InstantExt;
use typed_clocks::{Delta, Instant};

/// typed-clocks's clocks over the host kernel model's getters.
mod kernel_clocks {
    typed_clocks::declare_clocks! {
        unsafe(bindings = kernel::bindings);
        Mono { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC },
    }
}
use kernel_clocks::Mono;

/// The posix backend's clocks: `clock_gettime` on the row's `clockid`.
mod posix_clocks {
    typed_clocks::declare_clocks! {
        backend = posix;
        PosixMono { monotonic: true, clockid: CLOCK_MONOTONIC },
        PosixCoarse { monotonic: true, clockid: CLOCK_MONOTONIC_COARSE, resolution: tick },
    }
}
use posix_clocks::{PosixCoarse, PosixMono};

/// `clock_gettime`, its status and the kernel's `timespec64_to_ktime()`, by hand, as
/// the posix backend reads a clock (`tests/fixtures/zero-cost` proves the two the same
/// machine code).
#[inline(always)]
fn raw_clock_gettime(clockid: libc::clockid_t) -> i64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable `timespec`.
    if unsafe { libc::clock_gettime(clockid, &mut ts) } != 0 {
        return i64::MAX;
    }
    const KTIME_SEC_MAX: i64 = i64::MAX / 1_000_000_000;
    let ktime = if ts.tv_sec >= KTIME_SEC_MAX {
        i64::MAX
    } else if ts.tv_sec <= -KTIME_SEC_MAX {
        i64::MIN
    } else {
        ts.tv_sec * 1_000_000_000 + ts.tv_nsec
    };
    ktime.max(0)
}

/// A `kernel::time` instant of `ktime` nanoseconds: upstream's `from_ktime` is
/// `pub(crate)`, so the loops build their operands by transmute, which is no code.
#[inline(always)]
fn kernel_instant(ktime: i64) -> KernelInstant<Monotonic> {
    // SAFETY: `Instant` is `#[repr(transparent)]` over `ktime_t`, and every `ktime`
    // passed here is in its invariant's range `0..=KTIME_MAX`.
    unsafe { core::mem::transmute::<i64, KernelInstant<Monotonic>>(ktime) }
}

/// The `ktime_t` of a `kernel::time` instant (upstream's `as_nanos` is `pub(crate)`).
#[inline(always)]
fn kernel_ktime(instant: KernelInstant<Monotonic>) -> i64 {
    // SAFETY: `Instant` is `#[repr(transparent)]` over `ktime_t`.
    unsafe { core::mem::transmute::<KernelInstant<Monotonic>, i64>(instant) }
}

macro_rules! loops {
    ($($name:ident: |$i:ident| $body:expr;)*) => {
        $(
            #[no_mangle]
            #[inline(never)]
            pub fn $name(calls: u64) -> i64 {
                let mut acc = 0i64;
                for $i in 0..calls {
                    acc ^= $body;
                }
                acc
            }
        )*
        const LOOPS: &[(&str, fn(u64) -> i64)] = &[$((stringify!($name), $name)),*];
    };
}

loops! {
    loop_empty: |i| black_box(i as i64);
    loop_typed_now: |i| { black_box(Instant::<Mono>::now()); i as i64 };
    loop_kernel_now: |i| { black_box(KernelInstant::<Monotonic>::now()); i as i64 };
    // SAFETY: `ktime_get` takes no arguments and has no preconditions.
    loop_raw_now: |i| { black_box(unsafe { bindings::ktime_get() }); i as i64 };
    loop_typed_posix_now: |i| black_box(Instant::<PosixMono>::now()).to_ktime() ^ i as i64;
    loop_raw_posix_now: |i| black_box(raw_clock_gettime(libc::CLOCK_MONOTONIC)) ^ i as i64;
    loop_typed_posix_coarse: |i| black_box(Instant::<PosixCoarse>::now()).to_ktime() ^ i as i64;
    loop_raw_posix_coarse: |i| black_box(raw_clock_gettime(libc::CLOCK_MONOTONIC_COARSE)) ^ i as i64;
    loop_std_now: |i| { black_box(std::time::Instant::now()); i as i64 };
    loop_clock_gettime: |i| {
        let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `now` is a valid, writable timespec.
        unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut now) };
        black_box(now.tv_nsec) ^ i as i64
    };
    loop_typed_sub: |i| (black_box(Instant::<Mono>::from_ktime(i as i64)) - black_box(Instant::<Mono>::from_ktime(7))).as_nanos();
    loop_raw_sub: |i| black_box(i as i64).saturating_sub(black_box(7));
    loop_kernel_sub: |i| (black_box(kernel_instant(i as i64)) - black_box(kernel_instant(7))).as_nanos();
    loop_wrapping_sub: |i| black_box(i as i64).wrapping_sub(black_box(7));
    loop_typed_add: |i| (black_box(Instant::<Mono>::from_ktime(i as i64)) + black_box(Delta::from_nanos(7))).to_ktime();
    loop_raw_add: |i| black_box(i as i64).saturating_add(black_box(7));
    loop_kernel_add: |i| kernel_ktime(black_box(kernel_instant(i as i64)) + black_box(KernelDelta::from_nanos(7)));
    loop_raw_clamped_add: |i| black_box(i as i64).saturating_add(black_box(7)).max(0);
    loop_wrapping_add: |i| black_box(i as i64).wrapping_add(black_box(7));
}

/// `instructions LOOP CALLS`: runs one loop.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let calls: u64 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(100_000);
    let (_, run) = LOOPS
        .iter()
        .find(|(name, _)| Some(*name) == args.get(1).map(String::as_str))
        .expect("usage: instructions LOOP CALLS");
    black_box(run(calls));
}
EOF

# A target dir that outlives the temp crate, so that reruns do not rebuild bindgen.
target=${INSTR_TARGET:-${CARGO_TARGET_DIR:-$root/target}/instructions}
(cd "$work" && CARGO_TARGET_DIR="$target" RUSTFLAGS= cargo build -q --release --offline)
binary="$target/release/instructions"

# One callgrind run per loop, so that functions LLVM merged into one symbol (identical
# code: loop_typed_sub = loop_raw_sub) are still counted apart. A run's total minus the
# empty loop's run, over the number of calls, is the operation's cost per call.
total() {
    valgrind --tool=callgrind --callgrind-out-file="$work/$1.out" "$binary" "$1" "$calls" \
        2>"$work/$1.log" >/dev/null || { cat "$work/$1.log" >&2; exit 1; }
    awk '/^summary:/ { print $2 }' "$work/$1.out"
}
: >"$work/counts.txt"
for name in $(awk '$3 ~ /^loop_/ { print $3 }' <(nm "$binary")); do
    echo "$name $(total "$name")" >>"$work/counts.txt"
done
nm "$binary" | awk '$3 ~ /^loop_/ { print $1, $3 }' | sort >"$work/symbols.txt"
merged() {
    awk -v a="$1" -v b="$2" '$2 == a { x = $1 } $2 == b { y = $1 } END { exit !(x != "" && x == y) }' "$work/symbols.txt"
}

per_call() {
    awk -v name="$1" -v calls="$calls" '
        $1 == "loop_empty" { empty = $2 } $1 == name { it = $2 }
        END { if (it == "") { print "?"; exit } printf "%.1f", (it - empty) / calls }' "$work/counts.txt"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print (a == 0 ? "1.00" : "∞"); else printf "%.2f", a / b }'; }

echo "## Instructions per call (callgrind, $calls calls each, empty-loop overhead subtracted; instruction counts do not depend on load)"
echo "| operation | typed | raw | typed / raw |"
echo "|---|---:|---:|---:|"
row() {
    local t r note=
    t=$(per_call "$2")
    r=$(per_call "$3")
    if merged "$2" "$3"; then
        note=" (one symbol: LLVM merged the identical functions)"
    fi
    echo "| $1 | $t | $r | $(ratio "$t" "$r")$note |"
}
row "typed-clocks, over kernel::bindings: Instant::<Mono>::now() vs bindings::ktime_get()" loop_typed_now loop_raw_now
row "typed-clocks, posix backend, CLOCK_MONOTONIC: Instant::now() vs clock_gettime + timespec64_to_ktime by hand" loop_typed_posix_now loop_raw_posix_now
row "typed-clocks, posix backend, CLOCK_MONOTONIC_COARSE: the same" loop_typed_posix_coarse loop_raw_posix_coarse
row "typed-clocks: Instant - Instant vs i64::saturating_sub" loop_typed_sub loop_raw_sub
row "typed-clocks: Instant + Delta vs i64::saturating_add" loop_typed_add loop_raw_add
row "kernel::time: Instant::<Monotonic>::now() vs bindings::ktime_get()" loop_kernel_now loop_raw_now
row "kernel::time: Instant - Instant vs i64::wrapping_sub" loop_kernel_sub loop_wrapping_sub
row "kernel::time: Instant + Delta vs i64::saturating_add, max(0)" loop_kernel_add loop_raw_clamped_add
echo
echo "| for scale | instructions per call |"
echo "|---|---:|"
echo "| i64::wrapping_sub | $(per_call loop_wrapping_sub) |"
echo "| i64::wrapping_add | $(per_call loop_wrapping_add) |"
echo "| std::time::Instant::now() (user space only) | $(per_call loop_std_now) |"
echo "| libc::clock_gettime(CLOCK_MONOTONIC) (user space only) | $(per_call loop_clock_gettime) |"
