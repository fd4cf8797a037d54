// The posix backend ignores `nmi_safe` (nothing there vouches for the getter, and one
// table serves both backends): its clocks are not `NmiSafeClock`s, so NMI code cannot
// take one.
typed_clocks::declare_clocks! {
    backend = posix;
    MonotonicFast {
        getter: ktime_get_mono_fast_ns, returns: u64, monotonic: false, clockid: 1,
        nmi_safe: true,
    },
}

fn main() {
    let _ = typed_clocks::nmi::now::<MonotonicFast>();
}
