// A clock whose row does not say `nmi_safe = true` cannot be made NMI-safe by hand
// without `unsafe`: the seal of `NmiSafeClock` is an `unsafe trait`.
#![forbid(unsafe_code)]

time_core::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true },
}

impl time_core::__private::SealedNmiSafe for Monotonic {}
impl time_core::NmiSafeClock for Monotonic {}

fn main() {}
