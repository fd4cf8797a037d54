// Issue 21, item 2: a `static` timer is never dropped, so module unload would free it
// (and its callback's code) while it is queued. `HrTimer::new` returns an initializer
// that sets the C timer up in place (upstream's `impl PinInit<Self>`), not a timer,
// and is not `const`: there is no `static` timer to start.
use core::pin::Pin;
use typed_clocks::hrtimer::{
    HrTimer, HrTimerBindings, HrTimerCallback, HrTimerCallbackContext, HrTimerRestart,
    RawHrTimerMode, RelativeMode, UnsafeHrTimerPointer,
};
use typed_clocks::{ClockId, Delta, Ktime};

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1, hrtimer: true },
}

/// Stands in for the services type of a `kernel_services = true` table.
enum Services {}

// SAFETY: never called: this case does not compile.
unsafe impl HrTimerBindings for Services {
    type RawHrTimer = [u64; 6];
    unsafe fn hrtimer_setup<T: HrTimerCallback>(_: *mut [u64; 6], _: ClockId, _: RawHrTimerMode) {}
    unsafe fn hrtimer_start_range_ns(_: *mut [u64; 6], _: Ktime, _: u64, _: RawHrTimerMode) {}
    unsafe fn hrtimer_cancel(_: *mut [u64; 6]) -> bool {
        false
    }
    unsafe fn hrtimer_forward(_: *mut [u64; 6], _: Ktime, _: Ktime) -> u64 {
        0
    }
    unsafe fn hrtimer_expires(_: *const [u64; 6]) -> Ktime {
        0
    }
}

struct Tick;

impl HrTimerCallback for Tick {
    type TimerMode = RelativeMode<Monotonic>;

    fn run(_this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        HrTimerRestart::NoRestart
    }
}

static TIMER: HrTimer<Tick, Services> = HrTimer::new(Tick);

fn main() {
    let _handle = Pin::static_ref(&TIMER).start(Delta::from_millis(1));
}
