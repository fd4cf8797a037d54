// `__clock_capability!` writes the capability impls of `declare_clocks!`'s rows. Its
// arm that implements an `unsafe` seal on the caller's word (`vouched`) requires the
// caller's own `unsafe`: without it, nothing matches, and a clock that only claims
// to be monotonic does not become `MonotonicClock`.
#![forbid(unsafe_code)]

typed_clocks::declare_clocks! {
    backend = posix;
    RealTime { monotonic: false, clockid: 0 },
}

typed_clocks::__clock_capability! {
    vouched SealedMonotonic MonotonicClock [RealTime] [()]
}

fn main() {}
