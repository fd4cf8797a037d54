// Generic code bounded only by `C: ClockSource` cannot call `elapsed()`: it must ask
// for `C: MonotonicClock`.
use typed_clocks::{ClockSource, Delta, Instant};

fn time_since<C: ClockSource>(start: Instant<C>) -> Delta {
    start.elapsed()
}

fn main() {}
