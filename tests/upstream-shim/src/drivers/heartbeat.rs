//! A periodic completion timer on the monotonic clock, in the shape of upstream's
//! rnull (which completes requests from an hrtimer): every period the callback
//! completes one batch, moves its expiry on by one period and restarts, until the
//! last batch.

use core::pin::Pin;
use core::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use crate::kernel;
use kernel::time::hrtimer::{
    HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerRestart, RelativeMode,
};
use kernel::time::{Delta, Monotonic};

/// Completes `batches` batches, one per `period`.
pub struct Heartbeat {
    period: Delta,
    batches: u32,
    completed: AtomicU32,
    overruns: AtomicU64,
}

impl Heartbeat {
    /// A timer (stopped) that will complete `batches` batches, one per `period`.
    pub fn timer(period: Delta, batches: u32) -> HrTimer<Heartbeat> {
        HrTimer::new(Heartbeat {
            period,
            batches,
            completed: AtomicU32::new(0),
            overruns: AtomicU64::new(0),
        })
    }

    /// Starts `timer`: the first batch completes one period from now.
    pub fn start(timer: Pin<&HrTimer<Heartbeat>>) {
        let period = timer.data().period;
        timer.start(period);
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
