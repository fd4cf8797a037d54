// `__clocks_bindings!`, the template behind `declare_clocks!` over a bindings module,
// is exported (the expansion runs in the user's crate), but it requires the caller's
// own `unsafe`: called without it, nothing matches, and no `unsafe impl ClockSource`
// vouches for a module no one vouched for.
#![forbid(unsafe_code)]

mod bindings {
    pub fn close() -> i64 {
        0
    }
}

typed_clocks::__private::clocks_bindings! {
    bindings = crate::bindings;
    count = 1;
    declared_in = "";
    hrtimer_bindings = typed_clocks::hrtimer::NoHrTimerBindings;
    module_text = "crate::bindings";
    clocks = [Close "Close" "" true getter = close ktime_t ""; id = 1; ;];
    capabilities = [];
}

fn main() {}
