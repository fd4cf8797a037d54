// Issue 21, item 1, the owned form: a pointer type whose `start` is safe
// (`HrTimerPointer`) may be leaked with its handle, so it must not carry borrowed
// data. The trait requires `Self: 'static`; a wrapper over a timer that borrows does
// not implement it.
use core::pin::Pin;
use core::sync::atomic::{AtomicU32, Ordering::SeqCst};
use typed_clocks::hrtimer::{
    HrTimer, HrTimerBindings, HrTimerCallback, HrTimerCallbackContext, HrTimerExpiresFor,
    HrTimerPointer, HrTimerRestart, PinHrTimerHandle, RelativeMode, UnsafeHrTimerPointer,
};

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

struct Shared<'a, K: HrTimerBindings>(Pin<&'a HrTimer<Borrowing<'a>, K>>);

impl<'a, K: HrTimerBindings> HrTimerPointer for Shared<'a, K> {
    type TimerMode = RelativeMode<Monotonic>;
    type TimerHandle = PinHrTimerHandle<'a, Borrowing<'a>, K>;

    fn start<E: HrTimerExpiresFor<Self::TimerMode>>(self, expires: E) -> Self::TimerHandle {
        // SAFETY: (it is not: this impl is what the bound refuses)
        unsafe { self.0.start(expires) }
    }
}

fn main() {}
