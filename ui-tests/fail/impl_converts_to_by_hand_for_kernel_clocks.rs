// The kernel's conversions are those of its clock table: another crate cannot add one
// between two of its clocks (here `Monotonic -> MonotonicRaw`, which no timekeeper
// offset relates), as both the trait and the clocks are the kernel crate's (E0117).
use kernel::time::{ConvertsTo, Instant, Monotonic, MonotonicRaw};

impl ConvertsTo<MonotonicRaw> for Monotonic {
    fn to_clock(_instant: Instant<Monotonic>) -> Instant<MonotonicRaw> {
        Instant::<MonotonicRaw>::now()
    }
}

fn main() {}
