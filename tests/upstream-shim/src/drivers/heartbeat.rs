//! A periodic completion timer on the monotonic clock, in the shape of upstream's
//! `Arc` hrtimer doctest (`rust/kernel/time/hrtimer.rs`): every period the callback
//! completes one batch, moves its expiry on by one period and restarts, until the
//! last batch. The timer is a field of a struct kept in an `Arc`, whose `start` is
//! safe because the struct is `'static`.

use core::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use kernel::alloc::flags::GFP_KERNEL;
use kernel::impl_has_hr_timer;
use kernel::prelude::*;
use kernel::sync::{Arc, ArcBorrow};
use kernel::time::hrtimer::{
    ArcHrTimerHandle, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerPointer,
    HrTimerRestart, RelativeMode,
};
use kernel::time::{Delta, Monotonic};

/// Completes `batches` batches, one per `period`.
#[pin_data]
pub struct Heartbeat {
    #[pin]
    timer: HrTimer<Self>,
    period: Delta,
    batches: u32,
    completed: AtomicU32,
    overruns: AtomicU64,
}

impl Heartbeat {
    /// An initializer of a heartbeat (stopped) that will complete `batches`
    /// batches, one per `period`.
    pub fn new(period: Delta, batches: u32) -> impl PinInit<Self> {
        pin_init!(Self {
            timer <- HrTimer::new(),
            period,
            batches,
            completed: AtomicU32::new(0),
            overruns: AtomicU64::new(0),
        })
    }

    /// A heartbeat (stopped) in an `Arc`.
    pub fn timer(period: Delta, batches: u32) -> Arc<Self> {
        let Ok(heartbeat) = Arc::pin_init(Self::new(period, batches), GFP_KERNEL);
        heartbeat
    }

    /// Starts `heartbeat`: the first batch completes one period from now.
    pub fn start(heartbeat: Arc<Self>) -> ArcHrTimerHandle<Self> {
        let period = heartbeat.period;
        heartbeat.start(period)
    }

    /// Batches completed so far.
    pub fn completed(&self) -> u32 {
        self.completed.load(Ordering::Relaxed)
    }

    /// Periods the timer missed (its callback ran late by a period or more).
    pub fn overruns(&self) -> u64 {
        self.overruns.load(Ordering::Relaxed)
    }

    /// The heartbeat's timer.
    pub fn hrtimer(&self) -> &HrTimer<Self> {
        &self.timer
    }
}

impl HrTimerCallback for Heartbeat {
    type Pointer<'a> = Arc<Self>;

    fn run(this: ArcBorrow<'_, Self>, mut ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
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

impl_has_hr_timer! {
    impl HasHrTimer<Self> for Heartbeat {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}
