//! Patch 0005: a handle dropped in its own timer's callback cancels the timer from that
//! callback, where `hrtimer_cancel()` would wait for the callback to return, for ever
//! (a hard lockup in the kernel). The drop returns instead, the host C model reports it
//! once (`pr_warn_once`), and the handle keeps the data the callback still uses alive:
//! the `Arc` handle leaks a refcount, the `KBox` handle its box.
//!
//! The callbacks run in a thread of their own, watched with a timeout, so that a drop
//! that waits for itself fails the test instead of hanging it. Its own binary: the
//! warning is once per process, and a hung thread must not hold up other tests.

use core::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

use kernel::alloc::flags::GFP_KERNEL;
use kernel::alloc::Kmalloc;
use kernel::impl_has_hr_timer;
use kernel::prelude::*;
use kernel::sync::{Arc, ArcBorrow};
use kernel::time::delay::fsleep;
use kernel::time::hrtimer::{
    ArcHrTimerHandle, BoxHrTimerHandle, HrTimer, HrTimerCallback, HrTimerCallbackContext,
    HrTimerPointer, HrTimerRestart, RelativeMode,
};
use kernel::time::{Delta, Monotonic};
use kernel::timekeeper;

mod support;
use support::warnings;

const MS: Delta = Delta::from_millis(1);

/// How long the callbacks may take before the test calls them hung: they take
/// microseconds.
const HUNG: Duration = Duration::from_secs(30);

/// Lets 1 ms pass on the test clocks in another thread, which runs the callbacks that
/// expire meanwhile; fails if that does not return within [`HUNG`].
fn run_callbacks(what: &str) {
    let (done, finished) = mpsc::channel();
    std::thread::spawn(move || {
        fsleep(MS);
        let _ = done.send(());
    });
    if finished.recv_timeout(HUNG).is_err() {
        panic!(
            "{what}: the callback did not return within {HUNG:?}: its handle's drop waits for it"
        );
    }
}

/// Set when an [`ArcTimer`] is dropped.
static ARC_TIMER_DROPPED: AtomicBool = AtomicBool::new(false);
/// Set when a [`BoxTimer`] is dropped.
static BOX_TIMER_DROPPED: AtomicBool = AtomicBool::new(false);

/// Sets the flag it refers to when the struct that holds it is dropped.
struct DropFlag(&'static AtomicBool);

impl Drop for DropFlag {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// A timer in an `Arc` whose only reference is its own handle, which its callback drops.
#[pin_data]
struct ArcTimer {
    #[pin]
    timer: HrTimer<Self>,
    handle: Mutex<Option<ArcHrTimerHandle<Self>>>,
    runs: AtomicU32,
    /// Whether the struct was still alive after the callback dropped the handle.
    alive_after_drop: AtomicBool,
    flag: DropFlag,
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for ArcTimer {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

impl HrTimerCallback for ArcTimer {
    type Pointer<'a> = Arc<Self>;

    fn run(this: ArcBorrow<'_, Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.runs.fetch_add(1, Ordering::SeqCst);
        let handle = this.handle.lock().unwrap().take();
        drop(handle);
        // `this` is still in use: the struct must not have been freed by the drop.
        this.alive_after_drop
            .store(!ARC_TIMER_DROPPED.load(Ordering::SeqCst), Ordering::SeqCst);
        HrTimerRestart::NoRestart
    }
}

/// The handle of a [`BoxTimer`], kept in the box itself: only ever dropped.
struct BoxHandle {
    _handle: BoxHrTimerHandle<BoxTimer, Kmalloc>,
}

// SAFETY: the handle owns a `BoxTimer`, which is `Send`; it is reached only under the
// `Mutex` that holds it.
unsafe impl Send for BoxHandle {}

/// A timer in a `KBox` that holds its own handle, which its callback drops.
#[pin_data]
struct BoxTimer {
    #[pin]
    timer: HrTimer<Self>,
    handle: Mutex<Option<BoxHandle>>,
    runs: AtomicU32,
    /// Whether the struct was still alive after the callback dropped the handle.
    alive_after_drop: AtomicBool,
    flag: DropFlag,
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for BoxTimer {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

impl HrTimerCallback for BoxTimer {
    type Pointer<'a> = Pin<KBox<Self>>;

    fn run(this: Pin<&mut Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.runs.fetch_add(1, Ordering::SeqCst);
        let handle = this.handle.lock().unwrap().take();
        drop(handle);
        this.alive_after_drop
            .store(!BOX_TIMER_DROPPED.load(Ordering::SeqCst), Ordering::SeqCst);
        HrTimerRestart::NoRestart
    }
}

#[test]
fn a_handle_dropped_in_its_own_callback_returns_warns_once_and_keeps_the_data() {
    let _tk = timekeeper::test_mode();
    let before = warnings();

    let Ok(arc) = Arc::pin_init(
        pin_init!(ArcTimer {
            timer <- HrTimer::new(),
            handle: Mutex::new(None),
            runs: AtomicU32::new(0),
            alive_after_drop: AtomicBool::new(false),
            flag: DropFlag(&ARC_TIMER_DROPPED),
        }),
        GFP_KERNEL,
    );
    let arc_data: *const ArcTimer = &*arc;
    *arc.handle.lock().unwrap() = Some(arc.clone().start(MS));
    drop(arc); // The handle holds the last reference.
    run_callbacks("the Arc handle");
    assert!(
        !ARC_TIMER_DROPPED.load(Ordering::SeqCst),
        "the Arc data was freed"
    );
    // SAFETY: the struct was not dropped (checked above), and it is never freed: its
    // handle's drop kept a refcount for good.
    let arc_data = unsafe { &*arc_data };
    assert_eq!(arc_data.runs.load(Ordering::SeqCst), 1);
    assert!(arc_data.alive_after_drop.load(Ordering::SeqCst));
    assert_eq!(warnings(), before + 1, "the self-cancel is reported");

    let Ok(boxed) = KBox::pin_init(
        pin_init!(BoxTimer {
            timer <- HrTimer::new(),
            handle: Mutex::new(None),
            runs: AtomicU32::new(0),
            alive_after_drop: AtomicBool::new(false),
            flag: DropFlag(&BOX_TIMER_DROPPED),
        }),
        GFP_KERNEL,
    );
    let box_data: *const BoxTimer = &*boxed;
    let handle = boxed.start(MS);
    // SAFETY: the handle owns the box, alive until the handle is dropped, which only
    // the callback does; the callback runs later, in `run_callbacks`.
    *unsafe { &*box_data }.handle.lock().unwrap() = Some(BoxHandle { _handle: handle });
    run_callbacks("the KBox handle");
    assert!(
        !BOX_TIMER_DROPPED.load(Ordering::SeqCst),
        "the box was freed"
    );
    // SAFETY: the box was not freed (checked above), and never is: its handle's drop
    // kept it for good.
    let box_data = unsafe { &*box_data };
    assert_eq!(box_data.runs.load(Ordering::SeqCst), 1);
    assert!(box_data.alive_after_drop.load(Ordering::SeqCst));
    assert_eq!(warnings(), before + 1, "reported once");
}
