//! The main demo: every clock of the root `clocks.toml`, read through the C getters →
//! bindgen → `declare_clocks!` chain of the kernel's own `kernel::time` (the in-tree
//! series' files, built here as the host `kernel` crate), and a short operation timed
//! on the monotonic clocks. The clocks are listed from the generated `CLOCKS`, so a
//! row added to the table shows up here with its reading and capabilities, with no
//! edit to this file.
//!
//! ```text
//! cargo run -p kernel-integration --example clocks
//! ```

use std::hint::black_box;

use kernel::bindings;
use kernel::time::{BootTime, ClockInfo, ConvertsTo, Delta, Instant, Monotonic, CLOCKS};

/// One row of the table: what the clock is and what it reads now.
struct Row {
    name: &'static str,
    clockid: String,
    monotonic: &'static str,
    now: String,
}

impl Row {
    fn of(clock: &ClockInfo) -> Self {
        Self {
            name: clock.name,
            clockid: format!("{} ({})", clockid_name(clock.id), clock.id),
            monotonic: if clock.monotonic { "yes" } else { "no" },
            now: show(Delta::from_nanos((clock.read)())),
        }
    }
}

/// A span with its unit, as `1.5ms` (the kernel's `Delta` prints its nanoseconds only
/// with `{:?}`).
fn show(delta: Delta) -> String {
    let nanos = delta.as_nanos();
    let (unit, scale) = match nanos.unsigned_abs() {
        0..1_000 => return format!("{nanos}ns"),
        1_000..1_000_000 => ("us", 1_000),
        1_000_000..1_000_000_000 => ("ms", 1_000_000),
        _ => ("s", 1_000_000_000),
    };
    let whole = nanos / scale;
    let fraction = (nanos % scale).unsigned_abs();
    let digits = scale.ilog10() as usize;
    let fraction = format!("{fraction:0digits$}");
    let fraction = fraction.trim_end_matches('0');
    if fraction.is_empty() {
        format!("{whole}{unit}")
    } else {
        format!("{whole}.{fraction}{unit}")
    }
}

/// The `CLOCK_*` name of a clock id, from the bindings (`include/uapi/linux/time.h`).
fn clockid_name(id: i32) -> &'static str {
    const NAMES: &[(u32, &str)] = &[
        (bindings::CLOCK_REALTIME, "CLOCK_REALTIME"),
        (bindings::CLOCK_MONOTONIC, "CLOCK_MONOTONIC"),
        (bindings::CLOCK_MONOTONIC_RAW, "CLOCK_MONOTONIC_RAW"),
        (bindings::CLOCK_REALTIME_COARSE, "CLOCK_REALTIME_COARSE"),
        (bindings::CLOCK_MONOTONIC_COARSE, "CLOCK_MONOTONIC_COARSE"),
        (bindings::CLOCK_BOOTTIME, "CLOCK_BOOTTIME"),
        (bindings::CLOCK_TAI, "CLOCK_TAI"),
    ];
    NAMES
        .iter()
        .find(|&&(value, _)| i64::from(value) == i64::from(id))
        .map_or("?", |&(_, name)| name)
}

/// A short piece of work to time: sums a few hundred thousand numbers.
fn operation() -> u64 {
    (0..300_000u64).map(|n| black_box(n) ^ (n >> 3)).sum()
}

fn main() {
    let rows: Vec<Row> = CLOCKS.iter().map(Row::of).collect();

    let headers = [
        "clock",
        "clockid",
        "monotonic",
        "now (since the clock's epoch)",
    ];
    let width = |column: fn(&Row) -> &str, header: &str| {
        rows.iter()
            .map(|row| column(row).len())
            .chain([header.len()])
            .max()
            .unwrap_or(0)
    };
    let widths = [
        width(|r| r.name, headers[0]),
        width(|r| &r.clockid, headers[1]),
        width(|r| r.monotonic, headers[2]),
    ];

    println!("Clocks of clocks.toml, read through C -> bindgen -> declare_clocks!:\n");
    println!(
        "  {:<w0$}  {:<w1$}  {:<w2$}  {}",
        headers[0],
        headers[1],
        headers[2],
        headers[3],
        w0 = widths[0],
        w1 = widths[1],
        w2 = widths[2],
    );
    println!(
        "  {}  {}  {}  {}",
        "-".repeat(widths[0]),
        "-".repeat(widths[1]),
        "-".repeat(widths[2]),
        "-".repeat(headers[3].len()),
    );
    for row in &rows {
        println!(
            "  {:<w0$}  {:<w1$}  {:<w2$}  {:>w3$}",
            row.name,
            row.clockid,
            row.monotonic,
            row.now,
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = headers[3].len(),
        );
    }

    // Every monotonic clock of the table times the same operation; the typed
    // `Instant::<Monotonic>` does it through `elapsed()`.
    let monotonic: Vec<&ClockInfo> = CLOCKS.iter().filter(|clock| clock.monotonic).collect();
    let start = Instant::<Monotonic>::now();
    let before: Vec<i64> = monotonic.iter().map(|clock| (clock.read)()).collect();
    let result = black_box(operation());
    let after: Vec<i64> = monotonic.iter().map(|clock| (clock.read)()).collect();
    let took = start.elapsed();

    println!("\nA short operation (summing 300000 numbers, result {result}) took:");
    for ((clock, before), after) in monotonic.iter().zip(&before).zip(&after) {
        let took = show(Delta::from_nanos(after - before));
        println!("  {took:>12} on {}", clock.name);
    }
    println!("  {:>12} as Instant::<Monotonic>::elapsed()", show(took));
    println!("  (elapsed() exists only on monotonic clocks: Instant::<RealTime>::elapsed does not compile)");

    // A conversion through the timekeeper's offsets (ktime_mono_to_any): the
    // monotonic clock's epoch on the BootTime clock is the time spent suspended since
    // boot. (An instant minus the largest span saturates at the clock's epoch, 0.)
    let mono_epoch = Instant::<Monotonic>::now() - Delta::from_nanos(i64::MAX);
    let boot_epoch = Instant::<BootTime>::now() - Delta::from_nanos(i64::MAX);
    let suspended = <Monotonic as ConvertsTo<BootTime>>::to_clock(mono_epoch) - boot_epoch;
    println!(
        "\nTime spent suspended since boot (Monotonic -> BootTime): {}",
        show(suspended)
    );
}
