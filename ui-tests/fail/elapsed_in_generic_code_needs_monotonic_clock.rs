// Generic code bounded only by `C: ClockSource` cannot call `elapsed()`: it must ask
// for `C: MonotonicClock`.
use time_core::{ClockSource, Delta, Instant};

fn time_since<C: ClockSource>(start: Instant<C>) -> Delta {
    start.elapsed()
}

fn main() {}
