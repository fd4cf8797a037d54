//! The C side of the timers: the `hrtimer` functions of one bindings module.

use super::{HasHrTimer, HrTimerCallback, RawHrTimerMode};
use crate::clock::{ClockId, HrTimerClock, Ktime};

/// The C hrtimer functions of a bindings module: implemented by the kernel services
/// of `declare_clocks!` (`kernel_services = true`) on their own type, over the
/// table's bindings module, never by hand.
///
/// Beside the kernel's `hrtimer_start_range_ns()`, `hrtimer_try_to_cancel()` and
/// `hrtimer_forward()`, the module provides five functions of the kernel crate's
/// `rust/helpers/hrtimer.c`: `hrtimer_setup_in_place()` (`hrtimer_setup_on_stack()`
/// for a timer on the current task's stack, `hrtimer_setup()` elsewhere),
/// `hrtimer_destroy_in_place()` (`destroy_hrtimer_on_stack()` for such a timer),
/// `hrtimer_cancel_checked()` (`hrtimer_cancel()`, but a warning instead of a wait for
/// ever when called from the timer's own callback) and the static inlines
/// `hrtimer_is_queued()` and `hrtimer_forward_now()`.
///
/// # Safety
///
/// Each function must be the kernel function of its name (or behave as it does),
/// `RawHrTimer` the C `struct hrtimer`, and the callback that `setup` installs must
/// call [`run_callback::<T>`](super::run_callback) with the timer, and return what it
/// returns as the C `enum hrtimer_restart`.
pub unsafe trait HrTimerBindings: 'static {
    /// The C `struct hrtimer`.
    type RawHrTimer;

    /// `hrtimer_setup_in_place(timer, <T's callback>, clock, mode)`.
    ///
    /// # Safety
    ///
    /// `timer` must point to writable memory for a C timer that stays where it is
    /// (pinned) from this call until it is destroyed, and that is not set up or is
    /// stopped and destroyed; `clock` must have an hrtimer base (`CLOCK_MONOTONIC`,
    /// `CLOCK_REALTIME`, `CLOCK_BOOTTIME` or `CLOCK_TAI`; the kernel warns on any
    /// other), as every [`HrTimerClock`](crate::HrTimerClock)'s id has.
    unsafe fn setup<T: HrTimerCallback + HasHrTimer<T>>(
        timer: *mut Self::RawHrTimer,
        clock: ClockId,
        mode: RawHrTimerMode,
    );

    /// `hrtimer_start_range_ns(timer, expires, range_ns, mode)`.
    ///
    /// # Safety
    ///
    /// `timer` must be set up, and stay alive until it is cancelled or has stopped
    /// and its callback returned; `expires` must be in `0..=KTIME_MAX`.
    unsafe fn start_range_ns(
        timer: *mut Self::RawHrTimer,
        expires: Ktime,
        range_ns: u64,
        mode: RawHrTimerMode,
    );

    /// `hrtimer_cancel_checked(timer)`: stops the timer, waiting for its callback if
    /// it runs, and returns 1 if it was queued, 0 if not. Called from the timer's own
    /// callback (on the CPU that runs it), where it would wait for ever, it warns once,
    /// leaves the timer as it is and returns -1.
    ///
    /// # Safety
    ///
    /// `timer` must be set up.
    unsafe fn cancel(timer: *mut Self::RawHrTimer) -> i32;

    /// `hrtimer_try_to_cancel(timer)`: 0 if the timer was stopped, 1 if it was
    /// started and is stopped now, -1 if its callback is running. Never waits.
    ///
    /// # Safety
    ///
    /// `timer` must be set up.
    unsafe fn try_to_cancel(timer: *mut Self::RawHrTimer) -> i32;

    /// `hrtimer_forward(timer, now, interval)`, or 0 (no overrun, the expiry left
    /// alone) if the timer is queued (`hrtimer_is_queued()`): restarted by its own
    /// callback, where `hrtimer_forward()` would warn.
    ///
    /// # Safety
    ///
    /// `timer` must be set up, and nothing else may start it concurrently: it is
    /// stopped with no callback running and no concurrent access, or this is its own
    /// callback (a start by another thread between the check and the forward is the
    /// limit shared with upstream). `now` must be in `0..=KTIME_MAX`.
    unsafe fn forward(timer: *mut Self::RawHrTimer, now: Ktime, interval: Ktime) -> u64;

    /// `hrtimer_forward_now(timer, interval)`: [`forward`](Self::forward) from the
    /// current time of the base the timer is queued on, with the same check.
    ///
    /// # Safety
    ///
    /// As [`forward`](Self::forward).
    unsafe fn forward_now(timer: *mut Self::RawHrTimer, interval: Ktime) -> u64;

    /// `READ_ONCE(timer->node.expires)`.
    ///
    /// # Safety
    ///
    /// `timer` must be set up.
    unsafe fn expires(timer: *const Self::RawHrTimer) -> Ktime;

    /// Whether `timer` was set up: its callback (`timer->function`) is set, which
    /// `setup` does; a place that [`HrTimer::new`](super::HrTimer::new) refused is
    /// zero-filled instead, so its callback is `NULL`.
    ///
    /// # Safety
    ///
    /// `timer` must be aligned, and point to a C timer that `setup` set up or that
    /// is zero-filled.
    unsafe fn is_set_up(timer: *const Self::RawHrTimer) -> bool;

    /// `hrtimer_destroy_in_place(timer)`: releases what `setup` registered for a
    /// timer on the stack (`destroy_hrtimer_on_stack()`); nothing for other timers.
    ///
    /// # Safety
    ///
    /// `timer` must be set up and stopped, with no callback running, and is not
    /// used again unless set up again.
    unsafe fn destroy(timer: *mut Self::RawHrTimer);
}

pub use crate::__private::NoHrTimerBindings;

/// A clock that timers can run on: it has a kernel hrtimer base
/// ([`HrTimerClock`]), and its table binds the C timer functions
/// (`kernel_services = true`, so its [`Bindings`](HrTimerClock::Bindings) implement
/// [`HrTimerBindings`]). Implemented for every such clock.
#[diagnostic::on_unimplemented(
    message = "timers cannot run on `{Self}`: its clock table has no kernel services",
    label = "a clock of a table without `kernel_services = true`",
    note = "set `kernel_services = true` at the top of the clock table, with \
            `unsafe(bindings = …)` in the invocation: they bind the C hrtimer functions"
)]
pub trait HrTimerBase: HrTimerClock<Bindings: HrTimerBindings> {}

impl<C> HrTimerBase for C
where
    C: HrTimerClock,
    C::Bindings: HrTimerBindings,
{
}
