//! A periodic completion timer on the monotonic clock, in the shape of upstream's
//! rnull (which completes requests from an hrtimer): every period the callback
//! completes one batch, moves its expiry on by one period and restarts, until the
//! last batch. Like rnull, it keeps the timer in an `Arc` (here the host's
//! `ArcHrTimer`), whose `start` is safe because the data is `'static`.

use core::pin::Pin;
use core::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use kernel_integration::hrtimer::{ArcHrTimer, ArcHrTimerHandle};

use crate::kernel;
use kernel::time::hrtimer::{
    HrTimerCallback, HrTimerCallbackContext, HrTimerInit, HrTimerPointer, HrTimerRestart,
    RelativeMode,
};
use kernel::time::kernel_services::Services;
use kernel::time::{Delta, Monotonic};

/// The heartbeat's timer, shared.
pub type HeartbeatTimer = ArcHrTimer<Heartbeat, Services>;
/// A started heartbeat: dropping it stops the timer.
pub type HeartbeatHandle = ArcHrTimerHandle<Heartbeat, Services>;

/// Completes `batches` batches, one per `period`.
pub struct Heartbeat {
    period: Delta,
    batches: u32,
    completed: AtomicU32,
    overruns: AtomicU64,
}

impl Heartbeat {
    /// The initializer of a timer (stopped) that will complete `batches` batches, one
    /// per `period`.
    pub fn init(period: Delta, batches: u32) -> HrTimerInit<Heartbeat> {
        kernel::time::hrtimer::HrTimer::new(Heartbeat {
            period,
            batches,
            completed: AtomicU32::new(0),
            overruns: AtomicU64::new(0),
        })
    }

    /// A timer (stopped) that will complete `batches` batches, one per `period`.
    pub fn timer(period: Delta, batches: u32) -> HeartbeatTimer {
        ArcHrTimer::new(Self::init(period, batches))
    }

    /// Starts `timer`: the first batch completes one period from now.
    pub fn start(timer: HeartbeatTimer) -> HeartbeatHandle {
        let period = timer.timer().data().period;
        timer.start(period)
    }

    /// Batches completed so far.
    pub fn completed(&self) -> u32 {
        self.completed.load(Ordering::Relaxed)
    }

    /// Periods the timer missed (its callback ran late by a period or more).
    pub fn overruns(&self) -> u64 {
        self.overruns.load(Ordering::Relaxed)
    }
}

impl HrTimerCallback for Heartbeat {
    type TimerMode = RelativeMode<Monotonic>;

    fn run(this: Pin<&Self>, mut ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        let done = this.completed.fetch_add(1, Ordering::Relaxed) + 1;
        if done >= this.batches {
            return HrTimerRestart::NoRestart;
        }
        let periods = ctx.forward_now(this.period);
        this.overruns
            .fetch_add(periods.saturating_sub(1), Ordering::Relaxed);
        HrTimerRestart::Restart
    }
}
