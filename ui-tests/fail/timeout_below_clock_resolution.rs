// A timeout known at compile time that is shorter than the clock's resolution is
// rejected: a coarse clock advances only at the tick (at least 1 ms), so it cannot
// tell 100 µs from zero.
use typed_clocks::Deadline;

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    MonotonicCoarse { getter: ktime_get_coarse, monotonic: true, clockid: 1, resolution: tick },
}

fn main() {
    let _ = Deadline::<MonotonicCoarse>::after_nanos::<100_000>();
}
