//! Generated clocks against the raw calls they wrap, side by side in one run:
//! `cargo bench -p kernel-integration --bench clocks` (ratios: `scripts/bench-ratios.sh`).
//!
//! - `now`: `Instant::<Monotonic>::now()` (generated) vs `unsafe { bindings::ktime_get() }`
//!   (the raw FFI call it wraps) vs `std::time::Instant::now()` vs
//!   `libc::clock_gettime(CLOCK_MONOTONIC)` — all reading CLOCK_MONOTONIC, the last two
//!   without the host timekeeper in between.
//! - `sub`: `Instant - Instant` (saturating) vs `i64::saturating_sub` and `wrapping_sub`.
//! - `add`: `Instant + Delta` (saturating) vs `i64::saturating_add` and `wrapping_add`.
//!
//! Every input goes through `black_box` (so that nothing is constant-folded) and every
//! result too (so that nothing is discarded); typed and raw variants have the same shape.

// `criterion_group!` and `criterion_main!` generate undocumented functions.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use kernel_integration::{bindings, time::Monotonic};
use std::hint::black_box;
use time_core::{Delta, Instant};

fn now(c: &mut Criterion) {
    let mut group = c.benchmark_group("now");
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

fn sub(c: &mut Criterion) {
    let (later, earlier) = (
        Instant::<Monotonic>::from_ktime(5_000),
        Instant::<Monotonic>::from_ktime(1_000),
    );
    let mut group = c.benchmark_group("sub");
    group.bench_function("typed Instant - Instant", |b| {
        b.iter(|| black_box(black_box(later) - black_box(earlier)))
    });
    group.bench_function("raw i64::saturating_sub", |b| {
        b.iter(|| black_box(black_box(5_000i64).saturating_sub(black_box(1_000i64))))
    });
    group.bench_function("raw i64::wrapping_sub", |b| {
        b.iter(|| black_box(black_box(5_000i64).wrapping_sub(black_box(1_000i64))))
    });
    group.finish();
}

fn add(c: &mut Criterion) {
    let (at, span) = (
        Instant::<Monotonic>::from_ktime(5_000),
        Delta::from_nanos(3_000),
    );
    let mut group = c.benchmark_group("add");
    group.bench_function("typed Instant + Delta", |b| {
        b.iter(|| black_box(black_box(at) + black_box(span)))
    });
    group.bench_function("raw i64::saturating_add", |b| {
        b.iter(|| black_box(black_box(5_000i64).saturating_add(black_box(3_000i64))))
    });
    group.bench_function("raw i64::wrapping_add", |b| {
        b.iter(|| black_box(black_box(5_000i64).wrapping_add(black_box(3_000i64))))
    });
    group.finish();
}

criterion_group!(benches, now, sub, add);
criterion_main!(benches);
