// SPDX-License-Identifier: GPL-2.0

//! Upstream's own examples of `kernel::time::hrtimer` (Linux 7.3,
//! `rust/kernel/time/hrtimer.rs`), as written, run on the host hrtimer base (test-mode
//! timekeeper) over the kernel crate: `kernel::{alloc, sync, prelude, time}`. The
//! text of each example is upstream's doc test with its `# ` lines shown; each is a
//! test function returning the kernel's `Result`, run in the test timekeeper, where a
//! `Completion` wait lets time pass.
//!
//! In the kernel, `scripts/linux-test` runs the same examples as KUnit tests, from
//! upstream's unchanged text.

// As rustdoc compiles doc tests: examples may import more than they use.
#![allow(unused_imports, unused_qualifications)]

extern crate pinned_init as pin_init;

use kernel::timekeeper;

#[test]
fn a_timer_in_a_kbox_counts_to_five() -> kernel::error::Result {
    let _tk = timekeeper::test_mode();
    use kernel::{
        alloc::flags,
        impl_has_hr_timer,
        prelude::*,
        sync::{
            atomic::{ordering, Atomic},
            completion::Completion,
            Arc,
        },
        time::{
            hrtimer::{
                HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerPointer, HrTimerRestart,
                RelativeMode,
            },
            Delta, Monotonic,
        },
    };

    #[pin_data]
    struct Shared {
        #[pin]
        flag: Atomic<u64>,
        #[pin]
        cond: Completion,
    }

    impl Shared {
        fn new() -> impl PinInit<Self> {
            pin_init!(Self {
                flag <- Atomic::new(0),
                cond <- Completion::new(),
            })
        }
    }

    #[pin_data]
    struct BoxIntrusiveHrTimer {
        #[pin]
        timer: HrTimer<Self>,
        shared: Arc<Shared>,
    }

    impl BoxIntrusiveHrTimer {
        fn new() -> impl PinInit<Self, kernel::error::Error> {
            try_pin_init!(Self {
                timer <- HrTimer::new(),
                shared: Arc::pin_init(Shared::new(), flags::GFP_KERNEL)?,
            })
        }
    }

    impl HrTimerCallback for BoxIntrusiveHrTimer {
        type Pointer<'a> = Pin<KBox<Self>>;

        fn run(this: Pin<&mut Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
            pr_info!("Timer called\n");

            let flag = this.shared.flag.fetch_add(1, ordering::Full);
            this.shared.cond.complete_all();

            if flag == 4 {
                HrTimerRestart::NoRestart
            } else {
                HrTimerRestart::Restart
            }
        }
    }

    impl_has_hr_timer! {
        impl HasHrTimer<Self> for BoxIntrusiveHrTimer {
            mode: RelativeMode<Monotonic>, field: self.timer
        }
    }

    let has_timer = Box::pin_init(BoxIntrusiveHrTimer::new(), GFP_KERNEL)?;
    let shared = has_timer.shared.clone();
    let _handle = has_timer.start(Delta::from_micros(200));

    while shared.flag.load(ordering::Relaxed) != 5 {
        shared.cond.wait_for_completion();
    }

    pr_info!("Counted to 5\n");
    Ok::<(), kernel::error::Error>(())
}

#[test]
fn a_timer_in_an_arc_counts_to_five() -> kernel::error::Result {
    let _tk = timekeeper::test_mode();
    use kernel::{
        alloc::flags,
        impl_has_hr_timer,
        prelude::*,
        sync::{
            atomic::{ordering, Atomic},
            completion::Completion,
            Arc, ArcBorrow,
        },
        time::{
            hrtimer::{
                HasHrTimer, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerPointer,
                HrTimerRestart, RelativeMode,
            },
            Delta, Monotonic,
        },
    };

    #[pin_data]
    struct ArcIntrusiveHrTimer {
        #[pin]
        timer: HrTimer<Self>,
        #[pin]
        flag: Atomic<u64>,
        #[pin]
        cond: Completion,
    }

    impl ArcIntrusiveHrTimer {
        fn new() -> impl PinInit<Self> {
            pin_init!(Self {
                timer <- HrTimer::new(),
                flag <- Atomic::new(0),
                cond <- Completion::new(),
            })
        }
    }

    impl HrTimerCallback for ArcIntrusiveHrTimer {
        type Pointer<'a> = Arc<Self>;

        fn run(
            this: ArcBorrow<'_, Self>,
            _ctx: HrTimerCallbackContext<'_, Self>,
        ) -> HrTimerRestart {
            pr_info!("Timer called\n");

            let flag = this.flag.fetch_add(1, ordering::Full);
            this.cond.complete_all();

            if flag == 4 {
                HrTimerRestart::NoRestart
            } else {
                HrTimerRestart::Restart
            }
        }
    }

    impl_has_hr_timer! {
        impl HasHrTimer<Self> for ArcIntrusiveHrTimer {
            mode: RelativeMode<Monotonic>, field: self.timer
        }
    }

    let has_timer = Arc::pin_init(ArcIntrusiveHrTimer::new(), GFP_KERNEL)?;
    let _handle = has_timer.clone().start(Delta::from_micros(200));

    while has_timer.flag.load(ordering::Relaxed) != 5 {
        has_timer.cond.wait_for_completion();
    }

    pr_info!("Counted to 5\n");
    Ok::<(), kernel::error::Error>(())
}

#[test]
fn a_stack_timer_raises_a_flag() -> kernel::error::Result {
    let _tk = timekeeper::test_mode();
    use kernel::{
        impl_has_hr_timer,
        prelude::*,
        sync::{
            atomic::{ordering, Atomic},
            completion::Completion,
        },
        time::{
            hrtimer::{
                HasHrTimer, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerPointer,
                HrTimerRestart, RelativeMode, ScopedHrTimerPointer,
            },
            Delta, Monotonic,
        },
    };
    use pin_init::stack_pin_init;

    #[pin_data]
    struct IntrusiveHrTimer {
        #[pin]
        timer: HrTimer<Self>,
        #[pin]
        flag: Atomic<u64>,
        #[pin]
        cond: Completion,
    }

    impl IntrusiveHrTimer {
        fn new() -> impl PinInit<Self> {
            pin_init!(Self {
                timer <- HrTimer::new(),
                flag <- Atomic::new(0),
                cond <- Completion::new(),
            })
        }
    }

    impl HrTimerCallback for IntrusiveHrTimer {
        type Pointer<'a> = Pin<&'a Self>;

        fn run(this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
            pr_info!("Timer called\n");

            this.flag.store(1, ordering::Release);
            this.cond.complete_all();

            HrTimerRestart::NoRestart
        }
    }

    impl_has_hr_timer! {
        impl HasHrTimer<Self> for IntrusiveHrTimer {
            mode: RelativeMode<Monotonic>, field: self.timer
        }
    }

    stack_pin_init!( let has_timer = IntrusiveHrTimer::new() );
    has_timer
        .as_ref()
        .start_scoped(Delta::from_micros(200), || {
            while has_timer.flag.load(ordering::Relaxed) != 1 {
                has_timer.cond.wait_for_completion();
            }
        });

    pr_info!("Flag raised\n");
    Ok::<(), kernel::error::Error>(())
}

#[test]
fn a_mutable_stack_timer_counts_to_five() -> kernel::error::Result {
    let _tk = timekeeper::test_mode();
    use kernel::{
        alloc::flags,
        impl_has_hr_timer,
        prelude::*,
        sync::{
            atomic::{ordering, Atomic},
            completion::Completion,
            Arc,
        },
        time::{
            hrtimer::{
                HasHrTimer, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerPointer,
                HrTimerRestart, RelativeMode, ScopedHrTimerPointer,
            },
            Delta, Monotonic,
        },
    };
    use pin_init::stack_try_pin_init;

    #[pin_data]
    struct Shared {
        #[pin]
        flag: Atomic<u64>,
        #[pin]
        cond: Completion,
    }

    impl Shared {
        fn new() -> impl PinInit<Self> {
            pin_init!(Self {
                flag <- Atomic::new(0),
                cond <- Completion::new(),
            })
        }
    }

    #[pin_data]
    struct IntrusiveHrTimer {
        #[pin]
        timer: HrTimer<Self>,
        shared: Arc<Shared>,
    }

    impl IntrusiveHrTimer {
        fn new() -> impl PinInit<Self, kernel::error::Error> {
            try_pin_init!(Self {
                timer <- HrTimer::new(),
                shared: Arc::pin_init(Shared::new(), flags::GFP_KERNEL)?,
            })
        }
    }

    impl HrTimerCallback for IntrusiveHrTimer {
        type Pointer<'a> = Pin<&'a mut Self>;

        fn run(this: Pin<&mut Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
            pr_info!("Timer called\n");

            let flag = this.shared.flag.fetch_add(1, ordering::Full);
            this.shared.cond.complete_all();

            if flag == 4 {
                HrTimerRestart::NoRestart
            } else {
                HrTimerRestart::Restart
            }
        }
    }

    impl_has_hr_timer! {
        impl HasHrTimer<Self> for IntrusiveHrTimer {
            mode: RelativeMode<Monotonic>, field: self.timer
        }
    }

    stack_try_pin_init!( let has_timer =? IntrusiveHrTimer::new() );
    let shared = has_timer.shared.clone();

    has_timer
        .as_mut()
        .start_scoped(Delta::from_micros(200), || {
            while shared.flag.load(ordering::Relaxed) != 5 {
                shared.cond.wait_for_completion();
            }
        });

    pr_info!("Counted to 5\n");
    Ok::<(), kernel::error::Error>(())
}
