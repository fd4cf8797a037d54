// `__clock_items!`, the template behind `declare_clocks!`, is exported (the expansion
// runs in the user's crate), but its arms that read a bindings module or declare
// getters require the caller's own `unsafe`: called without it, nothing matches, and
// no `unsafe impl ClockSource` vouches for a module no one vouched for.
#![forbid(unsafe_code)]

mod bindings {
    pub fn close() -> i64 {
        0
    }
}

typed_clocks::__private::clock_items! {
    bindings = crate::bindings;
    count = 1;
    declared_in = "";
    hrtimer_bindings = typed_clocks::hrtimer::NoHrTimerBindings;
    module_text = "crate::bindings";
    clocks = [Close "" true read = close ktime_t ""; id = 1; ;];
    capabilities = [];
}

fn main() {}
