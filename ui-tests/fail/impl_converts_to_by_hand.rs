// Conversions come from the table's `offset`/`offset_base` keys: `ConvertsTo` is
// sealed, so a conversion the table does not declare cannot be added by hand.
use typed_clocks::{ConvertsTo, Ktime};

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1 },
    MonotonicRaw { getter: ktime_get_raw, monotonic: true, clockid: 1 },
}

impl ConvertsTo<MonotonicRaw> for Monotonic {
    fn convert_ktime(ktime: Ktime) -> Ktime {
        ktime
    }
}

fn main() {}
