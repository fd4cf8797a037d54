// `ClockSource` is an `unsafe trait`, as upstream's: a hand-written impl must say
// `unsafe impl`, the implementer vouching that `ktime_get()` returns a time in
// `0..=KTIME_MAX` and that `ID` is the clock's `clockid_t`.
use typed_clocks::ClockSource;

pub struct MyClock;

impl ClockSource for MyClock {
    const ID: i32 = 1;

    fn ktime_get() -> i64 {
        0
    }
}

fn main() {}
