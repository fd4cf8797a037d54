// `HrTimerClock` is an `unsafe trait`: implementing it by hand for a clock whose id has
// no hrtimer base (here `CLOCK_PROCESS_CPUTIME_ID`, 2) needs `unsafe impl`, or the
// kernel's `hrtimer_setup` would WARN.
#![forbid(unsafe_code)]

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    CpuTime { getter: cpu_time, monotonic: false, clockid: 2 },
}

impl typed_clocks::HrTimerClock for CpuTime {
    type Bindings = typed_clocks::hrtimer::NoHrTimerBindings;
    type RelativeBase = Self;
}

fn main() {}
