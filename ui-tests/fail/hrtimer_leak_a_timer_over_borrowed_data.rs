// Issue 21, item 1: a timer whose data borrows something shorter-lived, started and
// leaked while queued, so that the borrowed counter is freed under it (valgrind showed
// "Invalid read" in `run_callback` on the old API, where `start(Pin<&Self>)` was safe).
// Starting a borrowed timer is now `unsafe` (`UnsafeHrTimerPointer::start`); only the
// closure-scoped `start_scoped`, which cancels before returning, is safe.
use core::pin::{pin, Pin};
use core::sync::atomic::{AtomicU32, Ordering::SeqCst};
use typed_clocks::hrtimer::{
    HrTimer, HrTimerBindings, HrTimerCallback, HrTimerCallbackContext, HrTimerRestart,
    HrTimerSlot, RelativeMode, UnsafeHrTimerPointer,
};
use typed_clocks::Delta;

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1, hrtimer: true },
}

struct Borrowing<'a> {
    counter: &'a AtomicU32,
}

impl HrTimerCallback for Borrowing<'_> {
    type TimerMode = RelativeMode<Monotonic>;

    fn run(this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.counter.fetch_add(1000, SeqCst);
        HrTimerRestart::NoRestart
    }
}

fn leak<K: HrTimerBindings>() {
    let counter = Box::new(AtomicU32::new(0));
    let slot = pin!(HrTimerSlot::<Borrowing<'_>, K>::new());
    let timer = slot.init(HrTimer::new(Borrowing { counter: &counter }));
    let handle = timer.as_ref().start(Delta::from_millis(1));
    core::mem::forget(handle);
}

fn main() {}
