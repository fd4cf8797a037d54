// A clock whose row does not say `nmi_safe = true` cannot be made NMI-safe by hand
// without `unsafe`: `NmiSafeClock` is an `unsafe trait`.
#![deny(unsafe_code)]

// The one module that vouches for C.
#[allow(unsafe_code)]
mod clocks {
    typed_clocks::declare_clocks! {
        unsafe(extern "C");
        Monotonic { getter: ktime_get, monotonic: true, clockid: 1 },
    }
}
use clocks::Monotonic;

impl typed_clocks::NmiSafeClock for Monotonic {}

fn main() {}
