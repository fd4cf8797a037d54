// A clock declared `monotonic = false` cannot be declared monotonic by hand without
// `unsafe`: `MonotonicClock` is an `unsafe trait` (a poll loop timed on a clock that is
// not monotonic may never end).
#![deny(unsafe_code)]

// The one module that vouches for C.
#[allow(unsafe_code)]
mod clocks {
    typed_clocks::declare_clocks! {
        unsafe(extern "C");
        RealTime { getter: ktime_get_real, monotonic: false, clockid: 0 },
    }
}
use clocks::RealTime;

impl typed_clocks::MonotonicClock for RealTime {}

fn main() {}
