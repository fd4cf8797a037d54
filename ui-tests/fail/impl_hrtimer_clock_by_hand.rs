// `HrTimerClock` is an `unsafe trait`: implementing it by hand for a clock whose id has
// no hrtimer base (here `CLOCK_PROCESS_CPUTIME_ID`, 2) needs `unsafe impl`, or the
// kernel's `hrtimer_setup` would WARN.
#![deny(unsafe_code)]

// The one module that vouches for C.
#[allow(unsafe_code)]
mod clocks {
    typed_clocks::declare_clocks! {
        unsafe(extern "C");
        CpuTime { getter: cpu_time, monotonic: false, clockid: 2 },
    }
}
use clocks::CpuTime;

impl typed_clocks::HrTimerClock for CpuTime {}

fn main() {}
