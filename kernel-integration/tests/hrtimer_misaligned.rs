//! Patch 0003: a timer misaligned by a generic `#[repr(packed)]` struct (which compiles,
//! unlike a concrete packed struct around a timer: `ui-tests`) is never set up and
//! never runs, so the C side never sees a misaligned `struct hrtimer` (the UBSan build
//! of the C model traps on one). Its place stays zero-filled, starting it does nothing,
//! and the drop of the aligned copy Rust moves it to reads it as never started.
//!
//! Its own binary, so that the warnings it counts are its own.

use core::sync::atomic::{AtomicI64, AtomicU32, Ordering};

use kernel::bindings;
use kernel::impl_has_hr_timer;
use kernel::prelude::*;
use kernel::time::hrtimer::{
    HasHrTimer, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerRestart, RelativeMode,
};
use kernel::time::{Delta, Monotonic};
use kernel::timekeeper;
use pinned_init::stack_pin_init;

mod support;
use support::{ktime, warnings};

const MS: Delta = Delta::from_millis(1);

/// The expiry the drop of the last [`Timed`] read off its timer.
static EXPIRY_AT_DROP: AtomicI64 = AtomicI64::new(i64::MIN);

/// A timer that counts its callbacks, and reads its expiry when dropped.
#[pin_data(PinnedDrop)]
struct Timed {
    #[pin]
    timer: HrTimer<Self>,
    runs: AtomicU32,
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for Timed {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

impl HrTimerCallback for Timed {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.runs.fetch_add(1, Ordering::Relaxed);
        HrTimerRestart::NoRestart
    }
}

#[pinned_drop]
impl PinnedDrop for Timed {
    fn drop(self: Pin<&mut Self>) {
        EXPIRY_AT_DROP.store(ktime(self.timer.expires()), Ordering::Relaxed);
    }
}

/// A generic `#[repr(packed)]` struct: it puts `inner` at offset 1.
#[pin_data]
#[repr(C, packed)]
struct Packed<I> {
    tag: u8,
    #[pin]
    inner: I,
}

/// Holds a [`Packed`] at an 8-aligned address, so that its timer is at 1 mod 8.
#[pin_data]
#[repr(C, align(8))]
struct AlignedHolder<I> {
    #[pin]
    packed: Packed<I>,
}

#[test]
fn a_misaligned_timer_is_never_set_up_nor_started() {
    let tk = timekeeper::test_mode();
    let before = warnings();
    {
        stack_pin_init!(let holder = pin_init!(AlignedHolder::<Timed> {
            packed <- pin_init!(Packed::<Timed> {
                tag: 1,
                inner <- pin_init!(Timed {
                    timer <- HrTimer::new(),
                    runs: AtomicU32::new(0),
                }),
            }),
        }));
        let inner: *const Timed = core::ptr::addr_of!(holder.packed.inner);
        // SAFETY: `inner` points to the initialized `Timed` in `holder`.
        let timer = unsafe { core::ptr::addr_of!((*inner).timer) };
        assert_eq!(
            timer.cast::<u8>() as usize % 8,
            1,
            "the timer is misaligned"
        );
        // SAFETY: `timer` points to the C timer's bytes, initialized (zero-filled or set
        // up); an unaligned read by value.
        let c_timer = unsafe { timer.cast::<bindings::hrtimer>().read_unaligned() };
        assert!(c_timer.function.is_none(), "the C side set it up");
        assert!(c_timer.base.is_null(), "the C side set it up");

        // SAFETY: `inner` points to a valid `Timed` that outlives the timer: `holder`
        // is dropped at the end of this block, once the timer would have run.
        unsafe { <Timed as HasHrTimer<Timed>>::start(inner, MS) };
        tk.advance(MS * 2).expect("advance");
        // SAFETY: `inner` points to a valid `Timed`; `runs` is read unaligned, by value.
        let runs = unsafe { core::ptr::addr_of!((*inner).runs).read_unaligned() };
        assert_eq!(runs.into_inner(), 0, "it ran");
    }
    assert_eq!(
        EXPIRY_AT_DROP.load(Ordering::Relaxed),
        0,
        "the drop's copy of the timer has an expiry: it was started"
    );
    assert_eq!(warnings(), before);
}
