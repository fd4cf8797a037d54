//! The kernel services of a clock table: upstream's `delay`, `poll`, `hrtimer` and
//! jiffies items over the table's bindings module.
//!
//! With `kernel_services = true` at the top of `clocks.toml`, `declare_clocks!(…,
//! unsafe(bindings = PATH))` emits one [`__kernel_services!`](crate::__kernel_services)
//! invocation, which expands, beside the clock types, to a module `kernel_services`
//! holding:
//!
//! - `Services`, the type the C functions hang off: it implements
//!   [`KernelServices`] and [`HrTimerBindings`](crate::hrtimer::HrTimerBindings), and
//!   the table's `hrtimer = true` clocks name it as their
//!   [`Bindings`](crate::HrTimerClock::Bindings);
//! - `msecs_to_jiffies` (with [`Jiffies`] and [`Msecs`] from this crate);
//! - `delay` with `fsleep` and `udelay`;
//! - `poll` with `read_poll_timeout` (on the table's monotonic clock) and
//!   `read_poll_timeout_atomic`;
//! - `hrtimer`: this crate's [`hrtimer`](crate::hrtimer) items, with `HrTimer<T>`
//!   naming `Services`;
//!
//! each calling C through `PATH` with the kernel's names and signatures: `fsleep`,
//! `udelay`, `MAX_UDELAY_MS`, `__msecs_to_jiffies`, `might_sleep`, `hrtimer`,
//! `hrtimer_restart`, `hrtimer_setup_in_place`, `hrtimer_destroy_in_place`,
//! `hrtimer_start_range_ns`, `hrtimer_cancel_checked`, `hrtimer_try_to_cancel`,
//! `hrtimer_is_queued`, `hrtimer_forward`, `hrtimer_forward_now` and the
//! `hrtimer_mode_HRTIMER_MODE_*` constants (the kernel crate's bindings, with
//! `rust/helpers/hrtimer.c`). The logic
//! (clamping, the poll loops, the timer type layer) is in this crate; the template
//! only binds it to `PATH`. The invoking module re-exports what it wants at its own
//! paths; the shim of a tree without these modules is
//!
//! ```text
//! mod kernel {
//!     pub mod time {
//!         pub use typed_clocks::*;
//!         typed_clocks::declare_clocks!("clocks.toml", unsafe(bindings = crate::bindings));
//!         pub use kernel_services::{delay, hrtimer, msecs_to_jiffies};
//!     }
//!     pub mod io { pub use super::time::kernel_services::poll; }
//! }
//! ```
//!
//! while a kernel crate that has its own `delay` and `io::poll` (Linux 7.3) takes only
//! `hrtimer` from it.
//!
//! Without the key nothing is emitted, and a bindings module with only the clock
//! getters keeps working.
//!
//! # The error type: `error = PATH`
//!
//! `read_poll_timeout` and `read_poll_timeout_atomic`, the services that can fail,
//! return this crate's [`error::Result`](crate::error::Result) by default. The kernel
//! crate names its own error module instead, with the one option
//!
//! ```text
//! declare_clocks!("clocks.toml", unsafe(bindings = crate::bindings), error = crate::error);
//! ```
//!
//! and then they return `crate::error::Result<T>`, take an `op` returning it, and
//! time out with `crate::error::code::ETIMEDOUT`, exactly as upstream's
//! `kernel::io::poll` does: driver code that propagates the kernel's `Result` with `?`,
//! returns `read_poll_timeout(…).map(|_| ())`, or polls a fallible register read
//! compiles unchanged. `PATH` must start at the crate root (`crate::…` or `::…`), and
//! name a module with `Result<T>` (an alias with the error as its default second
//! parameter) and `code::ETIMEDOUT` (a constant of that error). It costs nothing: the
//! loops of [`poll`](crate::poll) are generic over the error, and the timeout value is
//! a constant the inlined loop returns. Nothing else changes with it.

use crate::{Jiffies, Msecs};

/// The delay and jiffies functions of the kernel services, from one bindings module:
/// implemented by the [`__kernel_services!`](crate::__kernel_services) template on its
/// services type, never by hand.
///
/// # Safety
///
/// Each function must be the kernel function of the same name (or behave as it
/// does), and `MAX_UDELAY_MS` the architecture's.
pub unsafe trait KernelServices: Sized + 'static {
    /// The longest `udelay()` of the architecture, in milliseconds (`MAX_UDELAY_MS`).
    const MAX_UDELAY_MS: u32;

    /// `fsleep(usecs)`: sleeps at least `usecs` microseconds.
    ///
    /// Only in contexts that may sleep, which the type system cannot express:
    /// upstream's `fsleep` has the same rule. Sleeping in atomic context (an hrtimer
    /// callback, a spinlock held) is a kernel bug that `CONFIG_DEBUG_ATOMIC_SLEEP`
    /// reports ("sleeping function called from invalid context").
    fn fsleep(usecs: u32);

    /// `udelay(usecs)`: busy-waits at least `usecs` microseconds.
    ///
    /// # Safety
    ///
    /// `usecs` must be at most `MAX_UDELAY_MS * 1000`, the longest delay the
    /// architecture's `udelay()` computes without overflow
    /// ([`udelay_micros`](crate::delay::udelay_micros) clamps to it).
    unsafe fn udelay(usecs: u32);

    /// `__msecs_to_jiffies(msecs)`.
    fn msecs_to_jiffies(msecs: Msecs) -> Jiffies;

    /// `might_sleep()`: with `CONFIG_DEBUG_ATOMIC_SLEEP`, reports a caller in atomic
    /// context; a scheduling point otherwise.
    fn might_sleep();
}

/// Expands to the kernel services of a clock table over its bindings module (see the
/// [`services`](crate::services) module). Emitted by `declare_clocks!` for a table with
/// `kernel_services = true`; not public API.
///
/// ```text
/// __kernel_services! { unsafe(bindings = PATH); clock = NAME; }
/// __kernel_services! { unsafe(bindings = PATH); clock = NAME; error = ERROR_PATH; }
/// ```
///
/// The `unsafe` is the invocation's own: the caller vouches that `PATH` holds the
/// kernel's functions, as `declare_clocks!`'s `unsafe(bindings = PATH)` does; without
/// it nothing matches. The internal arms (`@error`, `@expand`) carry the same `unsafe`
/// token, so that calling one directly needs it too. `NAME` is the table's monotonic
/// clock that `read_poll_timeout` measures on. `ERROR_PATH` (the macro's `error = …`
/// option) is the module whose `Result<T>` the services return, with
/// `code::ETIMEDOUT` of its `Error` on a timeout: the kernel's `crate::error`. Without
/// it, this crate's [`error`](crate::error) module.
#[doc(hidden)]
#[macro_export]
macro_rules! __kernel_services {
    // The bindings module, imported where the invocation is, so that a path relative
    // to the invoking module (`self::bindings`, `bindings`) names it from the generated
    // `kernel_services` module too, as `super::__kernel_services_bindings`.
    (unsafe(bindings = :: $($path:ident)::+); $($rest:tt)*) => {
        use :: $($path)::+ as __kernel_services_bindings;
        $crate::__kernel_services! {
            @error unsafe [super::__kernel_services_bindings] $($rest)*
        }
    };
    (unsafe(bindings = $($path:ident)::+); $($rest:tt)*) => {
        use $($path)::+ as __kernel_services_bindings;
        $crate::__kernel_services! {
            @error unsafe [super::__kernel_services_bindings] $($rest)*
        }
    };
    // The `kernel_services` key's location, for the stand-in without the feature.
    (at = $at:literal; $($rest:tt)*) => {
        $crate::__kernel_services! { $($rest)* }
    };
    (@error unsafe [$($b:tt)+] clock = $clock:ident;) => {
        $crate::__kernel_services! { @expand unsafe [$($b)+] $clock [$crate::error] }
    };
    (@error unsafe [$($b:tt)+] clock = $clock:ident; error = :: $($e:ident)::+;) => {
        $crate::__kernel_services! { @expand unsafe [$($b)+] $clock [:: $($e)::+] }
    };
    (@error unsafe [$($b:tt)+] clock = $clock:ident; error = $($e:ident)::+;) => {
        $crate::__kernel_services! { @expand unsafe [$($b)+] $clock [$($e)::+] }
    };
    (@expand unsafe [$($b:tt)+] $clock:ident [$($e:tt)+]) => {
        /// The kernel services of this clock table over its bindings module:
        /// upstream's `delay`, `poll`, `hrtimer` and `msecs_to_jiffies`.
        pub mod kernel_services {
            /// The kernel services of this clock table: implements
            /// `typed_clocks::services::KernelServices` and
            /// `typed_clocks::hrtimer::HrTimerBindings` over the table's bindings
            /// module.
            pub enum Services {}

            /// Converts milliseconds to jiffies, rounding up (`__msecs_to_jiffies()`);
            /// a value above `i32::MAX` gives `MAX_JIFFY_OFFSET`.
            #[inline]
            pub fn msecs_to_jiffies(msecs: $crate::Msecs) -> $crate::Jiffies {
                <Services as $crate::services::KernelServices>::msecs_to_jiffies(msecs)
            }

            /// Delay and sleep (`include/linux/delay.h`): upstream's
            /// `kernel::time::delay`.
            pub mod delay {
                /// Sleeps at least `delta`, choosing the sleep method by its length
                /// (`fsleep()`). `delta` is rounded up to whole microseconds; a negative
                /// span or one above `i32::MAX` microseconds sleeps that maximum. Only
                /// in contexts that may sleep.
                #[inline]
                pub fn fsleep(delta: $crate::Delta) {
                    <super::Services as $crate::services::KernelServices>::fsleep(
                        $crate::delay::fsleep_micros(delta),
                    )
                }

                /// Busy-waits at least `delta` (`udelay()`), rounded up to whole
                /// microseconds; a negative span or one above the architecture's
                /// `MAX_UDELAY_MS` waits that maximum.
                #[inline]
                pub fn udelay(delta: $crate::Delta) {
                    let usecs = $crate::delay::udelay_micros(
                        delta,
                        <super::Services as $crate::services::KernelServices>::MAX_UDELAY_MS,
                    );
                    // SAFETY: `udelay_micros` returns at most `MAX_UDELAY_MS * 1000`.
                    unsafe {
                        <super::Services as $crate::services::KernelServices>::udelay(usecs)
                    }
                }
            }

            /// Polling with a timeout (`include/linux/iopoll.h`): upstream's
            /// `kernel::io::poll`.
            pub mod poll {
                /// Polls `op` until `cond` accepts its value, `op` fails, or more than
                /// `timeout_delta` has passed on the table's monotonic clock, sleeping
                /// `sleep_delta` with `fsleep` between polls (none for a zero or
                /// negative `sleep_delta`, where upstream's `fsleep` would sleep its
                /// maximum); a timeout is `ETIMEDOUT` (of the invocation's `error`
                /// module). Calls `might_sleep()` first, as upstream does. See
                /// `typed_clocks::poll::read_poll_timeout_with_error`.
                #[inline]
                pub fn read_poll_timeout<Op, Cond, T>(
                    op: Op,
                    cond: Cond,
                    sleep_delta: $crate::Delta,
                    timeout_delta: $crate::Delta,
                ) -> $($e)+::Result<T>
                where
                    Op: $crate::__private::core::ops::FnMut() -> $($e)+::Result<T>,
                    Cond: $crate::__private::core::ops::FnMut(&T) -> $crate::__private::bool,
                {
                    <super::Services as $crate::services::KernelServices>::might_sleep();
                    $crate::poll::read_poll_timeout_with_error::<
                        super::super::$clock,
                        Op,
                        Cond,
                        T,
                        _,
                    >(
                        op,
                        cond,
                        sleep_delta,
                        timeout_delta,
                        super::delay::fsleep,
                        $($e)+::code::ETIMEDOUT,
                    )
                }

                /// Polls `op` at most `retry` times until `cond` accepts its value or
                /// `op` fails, busy-waiting `delay_delta` with `udelay` between polls;
                /// running out of attempts is `ETIMEDOUT` (of the invocation's `error`
                /// module). For atomic context. See
                /// `typed_clocks::poll::read_poll_timeout_atomic_with_error`.
                #[inline]
                pub fn read_poll_timeout_atomic<Op, Cond, T>(
                    op: Op,
                    cond: Cond,
                    delay_delta: $crate::Delta,
                    retry: $crate::__private::core::primitive::usize,
                ) -> $($e)+::Result<T>
                where
                    Op: $crate::__private::core::ops::FnMut() -> $($e)+::Result<T>,
                    Cond: $crate::__private::core::ops::FnMut(&T) -> $crate::__private::bool,
                {
                    $crate::poll::read_poll_timeout_atomic_with_error(
                        op,
                        cond,
                        delay_delta,
                        retry,
                        super::delay::udelay,
                        $($e)+::code::ETIMEDOUT,
                    )
                }
            }

            /// Intrusive high-resolution timers typed by clock
            /// (`include/linux/hrtimer.h`): upstream's `kernel::time::hrtimer`, over
            /// this table's bindings. See `typed_clocks::hrtimer`.
            pub mod hrtimer {
                pub use $crate::hrtimer::{
                    AbsoluteHardMode, AbsoluteMode, AbsolutePinnedHardMode, AbsolutePinnedMode,
                    AbsolutePinnedSoftMode, AbsoluteSoftMode, CallbackRunning, HasHrTimer,
                    HrTimerCallback, HrTimerCallbackContext, HrTimerExpires, HrTimerHandle,
                    HrTimerInstant, HrTimerMode, HrTimerPointer, HrTimerRestart,
                    PinHrTimerHandle, PinMutHrTimerHandle, RawHrTimerCallback,
                    RelativeHardMode, RelativeMode, RelativePinnedHardMode, RelativePinnedMode,
                    RelativePinnedSoftMode, RelativeSoftMode, ScopedHrTimerPointer,
                    UnsafeHrTimerPointer,
                };
                pub use $crate::impl_has_hr_timer;

                /// A timer backed by a C `struct hrtimer` of this table's bindings:
                /// `typed_clocks::hrtimer::HrTimer` with the bindings filled in.
                pub type HrTimer<T> = $crate::hrtimer::HrTimer<T, super::Services>;
            }

            const _: () = {
                // SAFETY: every function below is the bindings module's C function of
                // the same name, called with the kernel's argument types, and
                // `MAX_UDELAY_MS` is the module's constant. That the module holds the
                // kernel's functions is what the invocation's `unsafe(bindings = PATH)`
                // vouches for.
                unsafe impl $crate::services::KernelServices for Services {
                    const MAX_UDELAY_MS: $crate::__private::core::primitive::u32 =
                        $($b)+::MAX_UDELAY_MS as $crate::__private::core::primitive::u32;

                    #[inline]
                    fn fsleep(usecs: $crate::__private::core::primitive::u32) {
                        // SAFETY: `fsleep()` may be called with any duration. It sleeps,
                        // so it may be called only where sleeping is allowed; that is
                        // this function's rule too (see `KernelServices::fsleep`).
                        unsafe { $($b)+::fsleep(usecs as _) }
                    }

                    #[inline]
                    unsafe fn udelay(usecs: $crate::__private::core::primitive::u32) {
                        // SAFETY: `usecs` is at most `MAX_UDELAY_MS * 1000` (this
                        // function's contract), the range `udelay()` is defined for.
                        unsafe { $($b)+::udelay(usecs as _) }
                    }

                    #[inline]
                    fn msecs_to_jiffies(msecs: $crate::Msecs) -> $crate::Jiffies {
                        // SAFETY: `__msecs_to_jiffies()` is a pure conversion, defined
                        // for every argument.
                        unsafe { $($b)+::__msecs_to_jiffies(msecs as _) as $crate::Jiffies }
                    }

                    #[inline]
                    fn might_sleep() {
                        // SAFETY: `might_sleep()` takes no argument and touches no Rust
                        // data. It is for contexts that may sleep (a scheduling point
                        // there); called in atomic context it reports that with
                        // `CONFIG_DEBUG_ATOMIC_SLEEP`: a kernel bug the types cannot see,
                        // shared with upstream's `read_poll_timeout`.
                        unsafe { $($b)+::might_sleep() }
                    }
                }

                // SAFETY: as above: the bindings module's `hrtimer` functions and
                // `struct hrtimer`; the callback installed by `setup` is `run::<T>`,
                // which calls `run_callback::<T>` with the timer and returns its answer
                // as the C `enum hrtimer_restart`.
                unsafe impl $crate::hrtimer::HrTimerBindings for Services {
                    type RawHrTimer = $($b)+::hrtimer;

                    #[inline]
                    unsafe fn setup<T>(
                        timer: *mut $($b)+::hrtimer,
                        clock: $crate::ClockId,
                        mode: $crate::hrtimer::RawHrTimerMode,
                    ) where
                        T: $crate::hrtimer::HrTimerCallback + $crate::hrtimer::HasHrTimer<T>,
                    {
                        unsafe extern "C" fn run<T: $crate::hrtimer::HrTimerCallback>(
                            timer: *mut $($b)+::hrtimer,
                        ) -> $($b)+::hrtimer_restart {
                            // SAFETY: the hrtimer code calls this only as the callback of
                            // `timer`, which `setup` installed for a timer of `T`, started
                            // through `T`'s pointer type.
                            match unsafe { $crate::hrtimer::run_callback::<T>(timer.cast()) } {
                                $crate::hrtimer::HrTimerRestart::NoRestart => {
                                    $($b)+::hrtimer_restart::HRTIMER_NORESTART
                                }
                                $crate::hrtimer::HrTimerRestart::Restart => {
                                    $($b)+::hrtimer_restart::HRTIMER_RESTART
                                }
                            }
                        }
                        // SAFETY: by this function's contract `timer` is pinned writable
                        // memory for a C timer, which `hrtimer_setup_in_place()`
                        // initializes where it is.
                        unsafe {
                            $($b)+::hrtimer_setup_in_place(
                                timer,
                                $crate::__private::core::option::Option::Some(run::<T>),
                                clock as _,
                                $crate::__kernel_services!(@mode [$($b)+] mode),
                            )
                        }
                    }

                    #[inline]
                    unsafe fn start_range_ns(
                        timer: *mut $($b)+::hrtimer,
                        expires: $crate::Ktime,
                        range_ns: $crate::__private::core::primitive::u64,
                        mode: $crate::hrtimer::RawHrTimerMode,
                    ) {
                        // SAFETY: `timer` is set up and kept alive while queued, and
                        // `expires` is in `0..=KTIME_MAX` (contract).
                        unsafe {
                            $($b)+::hrtimer_start_range_ns(
                                timer,
                                expires,
                                range_ns,
                                $crate::__kernel_services!(@mode [$($b)+] mode),
                            )
                        }
                    }

                    #[inline]
                    unsafe fn cancel(
                        timer: *mut $($b)+::hrtimer,
                    ) -> $crate::__private::core::primitive::i32 {
                        // SAFETY: `timer` is set up (contract). `hrtimer_cancel_checked()`
                        // waits for a running callback, except where the wait could
                        // never end (its own callback, or an interrupt of it on the
                        // same CPU: it warns and returns -1).
                        unsafe { $($b)+::hrtimer_cancel_checked(timer) as _ }
                    }

                    #[inline]
                    unsafe fn try_to_cancel(
                        timer: *mut $($b)+::hrtimer,
                    ) -> $crate::__private::core::primitive::i32 {
                        // SAFETY: `timer` is set up (contract); never waits.
                        unsafe { $($b)+::hrtimer_try_to_cancel(timer) as _ }
                    }

                    #[inline]
                    unsafe fn forward(
                        timer: *mut $($b)+::hrtimer,
                        now: $crate::Ktime,
                        interval: $crate::Ktime,
                    ) -> $crate::__private::core::primitive::u64 {
                        // SAFETY: `timer` is set up (contract), so `hrtimer_is_queued()`
                        // may read it; `hrtimer_forward()` runs only on a timer that is
                        // not queued (the contract's concurrent restart aside), with
                        // `now` in `0..=KTIME_MAX`.
                        unsafe {
                            if $($b)+::hrtimer_is_queued(timer) {
                                return 0;
                            }
                            $($b)+::hrtimer_forward(timer, now, interval)
                        }
                    }

                    #[inline]
                    unsafe fn forward_now(
                        timer: *mut $($b)+::hrtimer,
                        interval: $crate::Ktime,
                    ) -> $crate::__private::core::primitive::u64 {
                        // SAFETY: as in `forward`.
                        unsafe {
                            if $($b)+::hrtimer_is_queued(timer) {
                                return 0;
                            }
                            $($b)+::hrtimer_forward_now(timer, interval)
                        }
                    }

                    #[inline]
                    unsafe fn expires(timer: *const $($b)+::hrtimer) -> $crate::Ktime {
                        // SAFETY: `timer` is set up (contract); a racy snapshot, as the
                        // kernel's READ_ONCE(timer->node.expires).
                        unsafe {
                            $crate::__private::core::ptr::read_volatile(
                                $crate::__private::core::ptr::addr_of!((*timer).node.expires),
                            )
                        }
                    }

                    #[inline]
                    unsafe fn is_set_up(
                        timer: *const $($b)+::hrtimer,
                    ) -> $crate::__private::core::primitive::bool {
                        // SAFETY: `timer` is aligned and set up or zero-filled
                        // (contract), so its `function` is a valid `Option` of a
                        // function pointer.
                        unsafe {
                            $crate::__private::core::ptr::addr_of!((*timer).function)
                                .read()
                                .is_some()
                        }
                    }

                    #[inline]
                    unsafe fn destroy(timer: *mut $($b)+::hrtimer) {
                        // SAFETY: `timer` is set up and stopped, and not used again
                        // (contract).
                        unsafe { $($b)+::hrtimer_destroy_in_place(timer) }
                    }
                }
            };
        }
    };
    // `HrTimerMode::C_MODE` is the C value: the bindings' `hrtimer_mode` is a `c_uint`.
    (@mode [$($b:tt)+] $mode:ident) => {{
        const _: () = {
            $crate::__kernel_services!(@same_mode [$($b)+]
                HRTIMER_MODE_ABS hrtimer_mode_HRTIMER_MODE_ABS);
            $crate::__kernel_services!(@same_mode [$($b)+]
                HRTIMER_MODE_REL hrtimer_mode_HRTIMER_MODE_REL);
            $crate::__kernel_services!(@same_mode [$($b)+]
                HRTIMER_MODE_ABS_PINNED hrtimer_mode_HRTIMER_MODE_ABS_PINNED);
            $crate::__kernel_services!(@same_mode [$($b)+]
                HRTIMER_MODE_REL_PINNED hrtimer_mode_HRTIMER_MODE_REL_PINNED);
            $crate::__kernel_services!(@same_mode [$($b)+]
                HRTIMER_MODE_ABS_SOFT hrtimer_mode_HRTIMER_MODE_ABS_SOFT);
            $crate::__kernel_services!(@same_mode [$($b)+]
                HRTIMER_MODE_REL_SOFT hrtimer_mode_HRTIMER_MODE_REL_SOFT);
            $crate::__kernel_services!(@same_mode [$($b)+]
                HRTIMER_MODE_ABS_PINNED_SOFT hrtimer_mode_HRTIMER_MODE_ABS_PINNED_SOFT);
            $crate::__kernel_services!(@same_mode [$($b)+]
                HRTIMER_MODE_REL_PINNED_SOFT hrtimer_mode_HRTIMER_MODE_REL_PINNED_SOFT);
            $crate::__kernel_services!(@same_mode [$($b)+]
                HRTIMER_MODE_ABS_HARD hrtimer_mode_HRTIMER_MODE_ABS_HARD);
            $crate::__kernel_services!(@same_mode [$($b)+]
                HRTIMER_MODE_REL_HARD hrtimer_mode_HRTIMER_MODE_REL_HARD);
            $crate::__kernel_services!(@same_mode [$($b)+]
                HRTIMER_MODE_ABS_PINNED_HARD hrtimer_mode_HRTIMER_MODE_ABS_PINNED_HARD);
            $crate::__kernel_services!(@same_mode [$($b)+]
                HRTIMER_MODE_REL_PINNED_HARD hrtimer_mode_HRTIMER_MODE_REL_PINNED_HARD);
        };
        $mode as $($b)+::hrtimer_mode
    }};
    (@same_mode [$($b:tt)+] $ours:ident $theirs:ident) => {
        $crate::__private::core::assert!(
            $crate::hrtimer::raw_mode::$ours as $crate::__private::core::primitive::u64
                == $($b)+::$theirs as $crate::__private::core::primitive::u64,
            $crate::__private::core::concat!(
                "typed_clocks::hrtimer::raw_mode::",
                $crate::__private::core::stringify!($ours),
                " differs from the bindings' C value"
            )
        )
    };
}
