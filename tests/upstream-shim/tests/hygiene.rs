//! The kernel services template expanded in hostile modules — `mod core {}` shadowing
//! and `#![no_implicit_prelude]` — through the inline form's `kernel_services = true`,
//! and still working against the host C side.

use core::pin::pin;
use core::sync::atomic::{AtomicU32, Ordering};

use kernel_integration::timekeeper;
use typed_clocks::Delta;

/// The bindings module, where the shims of this file look for it.
mod bindings {
    pub use kernel_integration::bindings::*;
}

mod shadowed_core {
    #![allow(dead_code)]
    /// A module named `core`: generated code must not resolve `core::…` here.
    mod core {}
    typed_clocks::declare_clocks! {
        unsafe(bindings = crate::bindings);
        kernel_services = true;
        ShadowMono { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC, hrtimer: true },
    }
}

mod no_prelude {
    #![no_implicit_prelude]
    ::typed_clocks::declare_clocks! {
        unsafe(bindings = crate::bindings);
        kernel_services = true;
        PreludeMono { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC, hrtimer: true },
    }
}

/// A bindings path with a leading `::`.
mod absolute_path {
    typed_clocks::declare_clocks! {
        unsafe(bindings = ::kernel_integration::bindings);
        kernel_services = true;
        AbsMono { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC },
    }
}

struct Tick(AtomicU32);

impl shadowed_core::hrtimer::HrTimerCallback for Tick {
    type TimerMode = shadowed_core::hrtimer::RelativeMode<no_prelude::PreludeMono>;

    fn run(
        this: core::pin::Pin<&Self>,
        _ctx: shadowed_core::hrtimer::HrTimerCallbackContext<'_, Self>,
    ) -> shadowed_core::hrtimer::HrTimerRestart {
        this.0.fetch_add(1, Ordering::Relaxed);
        shadowed_core::hrtimer::HrTimerRestart::NoRestart
    }
}

#[test]
fn the_services_expand_and_work_in_hostile_modules() {
    let tk = timekeeper::test_mode();
    assert_eq!(shadowed_core::msecs_to_jiffies(1_000), 250);
    assert_eq!(no_prelude::msecs_to_jiffies(4), 1);
    assert_eq!(absolute_path::msecs_to_jiffies(8), 2);
    let start = typed_clocks::Instant::<shadowed_core::ShadowMono>::now();
    no_prelude::delay::fsleep(Delta::from_millis(2));
    shadowed_core::delay::udelay(Delta::from_micros(3));
    assert_eq!(start.elapsed(), Delta::from_micros(2_003));
    assert_eq!(
        no_prelude::poll::read_poll_timeout(|| Ok(1), |v| *v == 1, Delta::ZERO, Delta::ZERO),
        Ok(1)
    );

    use no_prelude::hrtimer::ScopedHrTimerPointer;
    let slot = pin!(no_prelude::hrtimer::HrTimerSlot::new());
    let timer = slot.init(no_prelude::hrtimer::HrTimer::new(Tick(AtomicU32::new(0))));
    timer.as_ref().start_scoped(Delta::from_millis(1), || {
        tk.advance(Delta::from_millis(1)).expect("advance");
    });
    assert_eq!(timer.data().0.load(Ordering::Relaxed), 1);
}
