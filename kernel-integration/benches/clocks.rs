//! Generated clocks against the raw calls they wrap, side by side in one run:
//! `cargo bench -p kernel-integration --bench clocks`.

// `criterion_group!` and `criterion_main!` generate undocumented functions.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use kernel_integration::{bindings, time::Monotonic};
use time_core::{Delta, Instant};

fn reading_the_clock(c: &mut Criterion) {
    let mut group = c.benchmark_group("now");
    group.bench_function("Instant::<Monotonic>::now (generated)", |b| {
        b.iter(|| black_box(Instant::<Monotonic>::now()))
    });
    group.bench_function("bindings::ktime_get (raw FFI)", |b| {
        b.iter(|| {
            // SAFETY: `ktime_get` takes no arguments and has no preconditions.
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
            // SAFETY: `now` is a valid, writable timespec.
            unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut now) };
            black_box(now.tv_sec * 1_000_000_000 + now.tv_nsec)
        })
    });
    group.finish();
}

fn arithmetic(c: &mut Criterion) {
    let (a, b) = (
        Instant::<Monotonic>::from_ktime(5_000),
        Instant::<Monotonic>::from_ktime(1_000),
    );
    let mut group = c.benchmark_group("arithmetic");
    group.bench_function("Instant - Instant (typed)", |bench| {
        bench.iter(|| black_box(black_box(a) - black_box(b)))
    });
    group.bench_function("i64 saturating_sub (raw)", |bench| {
        bench.iter(|| black_box(black_box(5_000i64).saturating_sub(black_box(1_000i64))))
    });
    let d = Delta::from_micros(3);
    group.bench_function("Instant + Delta (typed)", |bench| {
        bench.iter(|| black_box(black_box(a) + black_box(d)))
    });
    group.bench_function("i64 saturating_add (raw)", |bench| {
        bench.iter(|| black_box(black_box(5_000i64).saturating_add(black_box(3_000i64))))
    });
    group.finish();
}

criterion_group!(benches, reading_the_clock, arithmetic);
criterion_main!(benches);
