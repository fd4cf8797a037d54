// The kernel's `HrTimerClock` (what every timer mode requires) is an `unsafe trait`: a
// module's own clock, here one of `CLOCK_PROCESS_CPUTIME_ID` (2), which has no hrtimer
// base, cannot be given timer modes without `unsafe impl`, or `hrtimer_setup` would
// WARN and use the monotonic base.
#![deny(unsafe_code)]

pub struct CpuTime;

// The one place that vouches for the clock.
#[allow(unsafe_code)]
// SAFETY: the reading is 0, in `0..=KTIME_MAX`.
unsafe impl kernel::time::ClockSource for CpuTime {
    const ID: kernel::bindings::clockid_t = 2;

    fn ktime_get() -> kernel::bindings::ktime_t {
        0
    }
}

impl kernel::time::HrTimerClock for CpuTime {}

fn main() {}
