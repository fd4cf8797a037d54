//! The kernel services template expanded in hostile modules — `mod core {}` shadowing
//! and `#![no_implicit_prelude]` — through the inline form's `kernel_services = true`,
//! and still working against the host C side.

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

/// A timer of `no_prelude`'s table, with the callback traits of `shadowed_core`'s
/// (the same library traits).
#[pinned_init::pin_data]
struct Tick {
    #[pin]
    timer: no_prelude::kernel_services::hrtimer::HrTimer<Self>,
    runs: AtomicU32,
}

impl shadowed_core::kernel_services::hrtimer::HrTimerCallback for Tick {
    type Pointer<'a> = core::pin::Pin<&'a Self>;

    fn run(
        this: core::pin::Pin<&Self>,
        _ctx: shadowed_core::kernel_services::hrtimer::HrTimerCallbackContext<'_, Self>,
    ) -> shadowed_core::kernel_services::hrtimer::HrTimerRestart {
        this.runs.fetch_add(1, Ordering::Relaxed);
        shadowed_core::kernel_services::hrtimer::HrTimerRestart::NoRestart
    }
}

/// `impl_has_hr_timer!` under `#![no_implicit_prelude]`, beside a `mod core {}`.
mod has_timer {
    #![no_implicit_prelude]
    #![allow(dead_code)]
    mod core {}
    use super::{no_prelude, Tick};
    ::typed_clocks::impl_has_hr_timer! {
        impl HasHrTimer<Self> for Tick {
            mode: no_prelude::kernel_services::hrtimer::RelativeMode<no_prelude::PreludeMono>,
            field: self.timer
        }
    }
}

#[test]
fn the_services_expand_and_work_in_hostile_modules() {
    let tk = timekeeper::test_mode();
    assert_eq!(shadowed_core::kernel_services::msecs_to_jiffies(1_000), 250);
    assert_eq!(no_prelude::kernel_services::msecs_to_jiffies(4), 1);
    assert_eq!(absolute_path::kernel_services::msecs_to_jiffies(8), 2);
    let start = typed_clocks::Instant::<shadowed_core::ShadowMono>::now();
    no_prelude::kernel_services::delay::fsleep(Delta::from_millis(2));
    shadowed_core::kernel_services::delay::udelay(Delta::from_micros(3));
    assert_eq!(start.elapsed(), Delta::from_micros(2_003));
    assert_eq!(
        no_prelude::kernel_services::poll::read_poll_timeout(
            || Ok(1),
            |v| *v == 1,
            Delta::ZERO,
            Delta::ZERO
        ),
        Ok(1)
    );

    use no_prelude::kernel_services::hrtimer::ScopedHrTimerPointer;
    pinned_init::stack_pin_init!(let timer = pinned_init::pin_init!(Tick {
        timer <- no_prelude::kernel_services::hrtimer::HrTimer::new(),
        runs: AtomicU32::new(0),
    }));
    timer.as_ref().start_scoped(Delta::from_millis(1), || {
        tk.advance(Delta::from_millis(1)).expect("advance");
    });
    assert_eq!(timer.runs.load(Ordering::Relaxed), 1);
}
