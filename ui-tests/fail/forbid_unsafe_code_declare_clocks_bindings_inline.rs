// Under `#![forbid(unsafe_code)]`, inline rows read through a bindings module: the
// lint reports what the invocation's `unsafe(bindings = …)` vouches for (the getter
// calls, the `ClockSource` and `NmiSafeClock` impls) at the caller's `unsafe` token.
#![forbid(unsafe_code)]

typed_clocks::declare_clocks! {
    unsafe(bindings = kernel::bindings);
    MonotonicFast {
        getter: ktime_get_mono_fast_ns, returns: u64, monotonic: true,
        clockid: CLOCK_MONOTONIC, nmi_safe: true,
    },
}

fn main() {}
