// `SameClockAs` is what lets `Instant<C> - Instant<D>` compile only for `D = C`. Its
// seal is private: no crate can add an impl that makes a cross-clock subtraction
// compile.
use typed_clocks::__private::SameClockAs;
use typed_clocks::Instant;

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1 },
    RealTime { getter: ktime_get_real, monotonic: false, clockid: 0 },
}

impl SameClockAs<Monotonic, RealTime> for Instant<RealTime> {}

fn main() {
    let _ = Instant::<Monotonic>::from_ktime(2) - Instant::<RealTime>::from_ktime(1);
}
