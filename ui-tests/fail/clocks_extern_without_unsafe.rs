// `__clocks_extern!`, the template behind `declare_clocks!` over getters it declares
// `extern "C"`, is exported, but it requires the caller's own `unsafe`: called
// without it, nothing matches, and `close()` does not become a safe clock reading.
#![forbid(unsafe_code)]

typed_clocks::__private::clocks_extern! {
    extern "C";
    count = 1;
    declared_in = "";
    hrtimer_bindings = typed_clocks::hrtimer::NoHrTimerBindings;
    clocks = [Close "Close" "" true getter = close ktime_t ""; id = 1; ;];
    capabilities = [];
}

fn main() {}
