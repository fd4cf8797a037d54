//! Generated clocks against the raw calls they wrap, side by side in one run:
//! `cargo bench -p clock-tests --features bench --bench clocks` (ratios:
//! `scripts/bench-ratios.sh`).
//!
//! - `now`: the kernel's `kernel::time::Instant::<Monotonic>::now()` (the clock
//!   `declare_clocks!` declares in `kernel::time`, over the host kernel crate) and
//!   typed-clocks's `Instant::<Monotonic>::now()` (a clock declared here over the same
//!   bindings) vs `unsafe { bindings::ktime_get() }` (the raw FFI call both wrap) vs
//!   `std::time::Instant::now()` vs `libc::clock_gettime(CLOCK_MONOTONIC)` — all
//!   reading CLOCK_MONOTONIC, the last two without the host timekeeper in between.
//! - `sub`: typed-clocks's `Instant - Instant` (saturating) vs `i64::saturating_sub`
//!   and `wrapping_sub`.
//! - `add`: typed-clocks's `Instant + Delta` (saturating) vs `i64::saturating_add` and
//!   `wrapping_add`; the kernel's `Instant + Delta` (saturating into `0..=KTIME_MAX`)
//!   vs `i64::saturating_add` and `max(0)`.
//!
//! One iteration of `sub` or `add` is a chain of [`CHAIN`] dependent operations (a single
//! one, at about a nanosecond, is below what the loop around it lets criterion resolve).
//! The wrapping chains are the exception: wrapping arithmetic is associative, so LLVM
//! folds 16 wrapping steps into one multiply and subtract (or add), and those rows
//! measure the fold; saturating steps cannot be folded, typed or raw. The cost of one
//! saturating against one wrapping operation is in the instruction counts instead
//! (`cargo test -p clock-tests --test zero_cost`, `scripts/instructions.sh`).
//!
//! Every input goes through `black_box` (so that nothing is constant-folded) and every
//! result too (so that nothing is discarded); typed and raw variants have the same shape.

// `criterion_group!` and `criterion_main!` generate undocumented functions.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use kernel::bindings;
use std::hint::black_box;
use typed_clocks::{Delta, Instant};

/// typed-clocks's clock over the kernel crate's bindings: the getter of
/// `kernel::time::Monotonic`.
mod user {
    typed_clocks::declare_clocks! {
        // SAFETY: `kernel::bindings` is bindgen's output for the host kernel's headers:
        // `ktime_get` and `CLOCK_MONOTONIC` are the kernel's.
        unsafe(bindings = kernel::bindings);
        Monotonic { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC, doc: "CLOCK_MONOTONIC." },
    }
}
use user::Monotonic;

fn now(c: &mut Criterion) {
    let mut group = c.benchmark_group("now");
    group.bench_function("typed kernel::time::Instant::<Monotonic>::now", |b| {
        b.iter(|| black_box(kernel::time::Instant::<kernel::time::Monotonic>::now()))
    });
    group.bench_function("typed Instant::<Monotonic>::now", |b| {
        b.iter(|| black_box(Instant::<Monotonic>::now()))
    });
    group.bench_function("raw bindings::ktime_get", |b| {
        b.iter(|| {
            // SAFETY: `ktime_get` takes no arguments and has no preconditions; it only
            // reads the host timekeeper.
            black_box(unsafe { bindings::ktime_get() })
        })
    });
    group.bench_function("std::time::Instant::now", |b| {
        b.iter(|| black_box(std::time::Instant::now()))
    });
    group.bench_function("libc::clock_gettime(CLOCK_MONOTONIC)", |b| {
        b.iter(|| {
            let mut now = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            // SAFETY: `now` is a valid, writable timespec and CLOCK_MONOTONIC exists.
            unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut now) };
            black_box(now.tv_sec * 1_000_000_000 + now.tv_nsec)
        })
    });
    group.finish();
}

/// Operations per iteration in `sub` and `add`: a chain in which each result feeds the
/// next operation, so that the operation's latency, not the loop and `black_box`
/// overhead around it, is what the iteration measures. The operands pass through
/// `black_box` once, before the chain: inside it, a `black_box` per step would put the
/// running value through memory in some variants and not in others.
const CHAIN: usize = 16;

fn sub(c: &mut Criterion) {
    // Raw and typed operands are the same values, so that the loops differ only in the
    // operation.
    let (later_ns, step_ns) = (5_000_000i64, 3i64);
    let (later, step) = (
        Instant::<Monotonic>::from_ktime(later_ns),
        Instant::<Monotonic>::from_ktime(step_ns),
    );
    let mut group = c.benchmark_group("sub");
    group.bench_function("typed Instant - Instant", |b| {
        b.iter(|| {
            let (mut t, step) = (black_box(later), black_box(step));
            for _ in 0..CHAIN {
                t = Instant::from_ktime((t - step).as_nanos());
            }
            black_box(t)
        })
    });
    group.bench_function("raw i64::saturating_sub", |b| {
        b.iter(|| {
            let (mut t, step) = (black_box(later_ns), black_box(step_ns));
            for _ in 0..CHAIN {
                t = t.saturating_sub(step);
            }
            black_box(t)
        })
    });
    group.bench_function("raw i64::wrapping_sub", |b| {
        b.iter(|| {
            let (mut t, step) = (black_box(later_ns), black_box(step_ns));
            for _ in 0..CHAIN {
                t = t.wrapping_sub(step);
            }
            black_box(t)
        })
    });
    group.finish();
}

fn add(c: &mut Criterion) {
    let (at_ns, span_ns) = (5_000i64, 3i64);
    let (at, span) = (
        Instant::<Monotonic>::from_ktime(at_ns),
        Delta::from_nanos(span_ns),
    );
    let mut group = c.benchmark_group("add");
    group.bench_function("typed Instant + Delta", |b| {
        b.iter(|| {
            let (mut t, span) = (black_box(at), black_box(span));
            for _ in 0..CHAIN {
                t += span;
            }
            black_box(t)
        })
    });
    group.bench_function("raw i64::saturating_add", |b| {
        b.iter(|| {
            let (mut t, span) = (black_box(at_ns), black_box(span_ns));
            for _ in 0..CHAIN {
                t = t.saturating_add(span);
            }
            black_box(t)
        })
    });
    group.bench_function("raw i64::wrapping_add", |b| {
        b.iter(|| {
            let (mut t, span) = (black_box(at_ns), black_box(span_ns));
            for _ in 0..CHAIN {
                t = t.wrapping_add(span);
            }
            black_box(t)
        })
    });
    // The kernel's `Instant` has no public constructor but `now()`: both chains start
    // from a reading of the clock.
    let kernel_at = kernel::time::Instant::<kernel::time::Monotonic>::now();
    let kernel_span = kernel::time::Delta::from_nanos(span_ns);
    group.bench_function("typed kernel::time Instant + Delta", |b| {
        b.iter(|| {
            let (mut t, span) = (black_box(kernel_at), black_box(kernel_span));
            for _ in 0..CHAIN {
                t = t + span;
            }
            black_box(t)
        })
    });
    // SAFETY: `ktime_get` takes no arguments and has no preconditions.
    let raw_at = unsafe { bindings::ktime_get() };
    group.bench_function("raw i64::saturating_add max(0)", |b| {
        b.iter(|| {
            let (mut t, span) = (black_box(raw_at), black_box(span_ns));
            for _ in 0..CHAIN {
                t = t.saturating_add(span).max(0);
            }
            black_box(t)
        })
    });
    group.finish();
}

criterion_group!(benches, now, sub, add);
criterion_main!(benches);
