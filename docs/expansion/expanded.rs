// SPDX-License-Identifier: GPL-2.0
//
// What `declare_clocks!` expands to, for the table `clocks.toml` beside this file:
//
//     declare_clocks!(
//         "clocks.toml",
//         unsafe(bindings = crate::bindings),
//         runtime = self
//     );
//
// formatted with prettyplease, and the table's absolute path cut to its name. Written by
// `UPDATE_EXPANSION=1 cargo test -p typed-clocks-macros --lib reference`, and checked
// against the macro's output by that test. The `unsafe` items and blocks the caller's
// `unsafe(...)` vouches for carry the caller's token (docs/runtime.md).

const _: &[::core::primitive::u8] = ::core::include_bytes!(
    "clocks.toml"
);
/// A clock that never goes backwards, so that the time elapsed since one of its instants is never negative and a wait timed on it ends. Implemented by `declare_clocks!` for the rows with `monotonic = true`.
///
/// # Safety
///
/// Implementers must ensure that two readings of the clock, in any order on any CPUs, never decrease.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a monotonic clock",
    label = "only clocks declared with `monotonic = true` implement `MonotonicClock`",
    note = "measure elapsed time on a clock declared with `monotonic = true`, or subtract two instants explicitly and handle a negative `Delta`"
)]
#[allow(clippy::missing_safety_doc)]
pub unsafe trait MonotonicClock: self::ClockSource {}
/// A clock that can be read in NMI context: its getter is one of the kernel's lock-free `*_fast_ns` accessors, not a seqcount reader such as `ktime_get()`, which deadlocks when an NMI interrupts the timekeeping update it waits for. Implemented by `declare_clocks!` for the rows with `nmi_safe = true` (the macro refuses the seqcount readers it knows). The bound is checked where code asks for it: a direct read of another clock in an NMI handler still compiles.
///
/// # Safety
///
/// Implementers must ensure that reading the clock never waits for anything an NMI may have interrupted.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read in NMI context",
    label = "only clocks declared with `nmi_safe = true` implement `NmiSafeClock`",
    note = "`ktime_get()` and the other seqcount readers can deadlock in an NMI; use a clock read by a `*_fast_ns` accessor (e.g. `ktime_get_mono_fast_ns`), declared with `nmi_safe = true`"
)]
#[allow(clippy::missing_safety_doc)]
pub unsafe trait NmiSafeClock: self::ClockSource {}
/// A clock the kernel has an hrtimer base for (`CLOCK_MONOTONIC`, `CLOCK_REALTIME`, `CLOCK_BOOTTIME`, `CLOCK_TAI`), so that high-resolution timers can run on it. Implemented by `declare_clocks!` for the rows with `hrtimer = true`.
///
/// # Safety
///
/// Implementers must ensure that the kernel has an hrtimer base for the clock's id (`hrtimer_setup()` warns otherwise).
#[diagnostic::on_unimplemented(
    message = "there is no hrtimer base for clock `{Self}`",
    label = "only clocks declared with `hrtimer = true` implement `HrTimerClock`",
    note = "the kernel has hrtimer bases for CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_BOOTTIME and CLOCK_TAI only: run the timer on one of those (e.g. `Monotonic`)"
)]
#[allow(clippy::missing_safety_doc)]
pub unsafe trait HrTimerClock: self::ClockSource {}
/// A clock whose relative hrtimers the kernel queues on the clock's own base, so that their expiry is an instant of the clock: every `HrTimerClock` but `CLOCK_REALTIME`, whose relative timers the kernel queues on the `CLOCK_MONOTONIC` base (`__hrtimer_setup()`). Implemented by `declare_clocks!` for the rows with `hrtimer = true` and another clock id.
///
/// # Safety
///
/// Implementers must ensure that the kernel queues the clock's relative timers on the hrtimer base of the clock's id.
#[diagnostic::on_unimplemented(
    message = "there is no relative hrtimer mode of clock `{Self}`",
    label = "only clocks declared with `hrtimer = true`, other than `CLOCK_REALTIME` ones, implement `RelativeHrTimerClock`",
    note = "the kernel has hrtimer bases for CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_BOOTTIME and CLOCK_TAI only, and queues relative CLOCK_REALTIME timers on the CLOCK_MONOTONIC base: use a relative mode of `Monotonic`, or an absolute mode of a clock with an hrtimer base"
)]
#[allow(clippy::missing_safety_doc)]
pub unsafe trait RelativeHrTimerClock: self::HrTimerClock {}
/// A clock that can be set (`settimeofday`, `clock_settime`, NTP steps), so that its readings jump forwards and backwards. Implemented by `declare_clocks!` for the rows with `settable = true`; never together with `MonotonicClock`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a settable clock",
    label = "only clocks declared with `settable = true` implement `SettableClock`"
)]
pub trait SettableClock: self::ClockSource {}
/// A clock that keeps counting while the system is suspended (`CLOCK_BOOTTIME` and the clocks derived from it). Implemented by `declare_clocks!` for the rows with `counts_suspend = true`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not count time spent in suspend",
    label = "only clocks declared with `counts_suspend = true` implement `SuspendCountingClock`",
    note = "use a clock that keeps counting in suspend, such as `BootTime` (CLOCK_BOOTTIME)"
)]
pub trait SuspendCountingClock: self::ClockSource {}
/// How finely a clock's readings advance: a row's `resolution`.
#[derive(
    ::core::clone::Clone,
    ::core::marker::Copy,
    ::core::fmt::Debug,
    ::core::cmp::PartialEq,
    ::core::cmp::Eq
)]
pub enum Resolution {
    /// Readings advance in steps of at most this many nanoseconds (1 when the
    /// row does not say).
    Nanos(::core::primitive::i64),
    /// Readings advance only at the timer tick, every `1/HZ` seconds (the coarse
    /// clocks): intervals shorter than a tick cannot be measured on such a clock.
    Tick,
}
/// One row of a clock table, as data: what `declare_clocks!` lists in the
/// `CLOCKS` array it declares beside the clocks, in table order, and in each
/// clock's [`TableClock::INFO`].
#[derive(::core::clone::Clone, ::core::marker::Copy, ::core::fmt::Debug)]
pub struct ClockInfo {
    /// The clock's name, which is its type's name.
    pub name: &'static ::core::primitive::str,
    /// The clock's `clockid_t` (the row's `clockid`).
    pub id: ::core::primitive::i32,
    /// The C function that reads the clock (the row's `getter`; empty when the
    /// clock is read by its id).
    pub getter: &'static ::core::primitive::str,
    /// The row's `doc` (empty without one).
    pub doc: &'static ::core::primitive::str,
    /// How finely the clock's readings advance.
    pub resolution: self::Resolution,
    /// Whether the clock never goes backwards (`elapsed()`, and waits that end): the row's `monotonic`.
    pub monotonic: ::core::primitive::bool,
    /// Whether the clock can be read in NMI context: the row's `nmi_safe`.
    pub nmi_safe: ::core::primitive::bool,
    /// Whether the clock has an hrtimer base in the kernel (timer modes): the row's `hrtimer`.
    pub hrtimer: ::core::primitive::bool,
    /// Whether the clock jumps when the clock is set: the row's `settable`.
    pub settable: ::core::primitive::bool,
    /// Whether the clock keeps counting while the system is suspended: the row's `counts_suspend`.
    pub counts_suspend: ::core::primitive::bool,
    /// Reads the clock: the `ktime_get` of its clock trait.
    pub read: fn() -> ::core::primitive::i64,
}
/// A clock of a clock table: its row, as data.
pub trait TableClock: self::ClockSource {
    /// The clock's row.
    const INFO: self::ClockInfo;
}
/// Code that is generic over every clock of a table: the `for_each_clock`
/// that `declare_clocks!` declares beside the clocks calls
/// [`visit`](ClockVisitor::visit) once per clock, in table order.
pub trait ClockVisitor {
    /// Called once for each clock `C` of the table.
    fn visit<C: self::TableClock>(&mut self);
}
/// The instants of `Self` convert to the clock `D`: the clock table relates the
/// two by the kernel's timekeeper offsets (`offset_base = true` on one row,
/// `offset = "TK_OFFS_…"` on others).
#[diagnostic::on_unimplemented(
    message = "the clock table declares no conversion from `{Self}` to `{D}`",
    label = "no conversion between these clocks",
    note = "conversions exist only between clocks related by a timekeeper offset (`offset = \"TK_OFFS_...\"` in clocks.toml) and their monotonic base (the row with `offset_base = true`)"
)]
pub trait ConvertsTo<D: self::ClockSource>: self::ClockSource + ::core::marker::Sized {
    /// The instant of `D` that is the same moment as `instant`, with the offsets
    /// as they are now, saturating at `0` and `KTIME_MAX`.
    fn to_clock(instant: self::Instant<Self>) -> self::Instant<D>;
}
/// Time since boot, not counting suspend.
///
/// Declared in `clocks.toml`.
pub struct Monotonic;
/// Like Monotonic, and keeps counting while the system is suspended.
///
/// Declared in `clocks.toml`.
pub struct BootTime;
/// CLOCK_MONOTONIC through the NMI-safe ktime_get_mono_fast_ns().
///
/// Declared in `clocks.toml`.
pub struct MonotonicFast;
const _: () = {
    #[allow(unused_imports)]
    use ::core::primitive::{i32, i64, u64};
    const _: () = {
        #[allow(unused_imports)]
        use crate::bindings as __module;
        #[allow(dead_code, non_upper_case_globals)]
        const ktime_get: unsafe extern "C" fn() -> ::core::primitive::i64 = {
            extern "C" fn missing() -> ::core::primitive::i64 {
                0
            }
            missing
        };
        #[allow(dead_code, non_upper_case_globals)]
        const CLOCK_MONOTONIC: ::core::primitive::i128 = ::core::primitive::i128::MIN;
        const _: () = {
            #[allow(unused_imports)]
            use __module::*;
            ::core::assert!(
                ::core::mem::size_of_val(& ktime_get) == 0,
                "clocks.toml:7:11: `ktime_get` is not a function of the bindings module `crate::bindings`: declare `ktime_t ktime_get(void);` in the header bindgen reads, or fix the row's `getter`\n  |\n7 | getter = \"ktime_get\"\n  |           ^^^^^^^^^"
            );
            ::core::assert!(
                (CLOCK_MONOTONIC as ::core::primitive::i128) !=
                ::core::primitive::i128::MIN,
                "clocks.toml:9:12: `crate::bindings` has no clock id constant `CLOCK_MONOTONIC`: fix the row's `clockid` (a constant of that module, or an integer)\n  |\n9 | clockid = \"CLOCK_MONOTONIC\"\n  |            ^^^^^^^^^^^^^^^"
            );
            ::core::assert!(
                (CLOCK_MONOTONIC as ::core::primitive::i128) >=
                ::core::primitive::i32::MIN as ::core::primitive::i128 &&
                (CLOCK_MONOTONIC as ::core::primitive::i128) <=
                ::core::primitive::i32::MAX as ::core::primitive::i128,
                "clocks.toml:9:12: the clock id constant `CLOCK_MONOTONIC` of `crate::bindings` does not fit a `clockid_t`: fix the row's `clockid`\n  |\n9 | clockid = \"CLOCK_MONOTONIC\"\n  |            ^^^^^^^^^^^^^^^"
            );
            ::core::assert!(
                (CLOCK_MONOTONIC as ::core::primitive::i128) == 1,
                "clocks.toml:9:12: clock `Monotonic` is declared `hrtimer = true` as clock id 1, but the bindings' `CLOCK_MONOTONIC` has another value: fix the row's `clockid`\n  |\n9 | clockid = \"CLOCK_MONOTONIC\"\n  |            ^^^^^^^^^^^^^^^"
            );
        };
        unsafe impl self::ClockSource for Monotonic {
            const ID: i32 = {
                #[allow(unused_imports)]
                use __module::*;
                CLOCK_MONOTONIC as ::core::primitive::i32
            };
            #[inline]
            fn ktime_get() -> i64 {
                #[allow(unused_imports)]
                use __module::*;
                unsafe { ktime_get() }
            }
        }
    };
    unsafe impl self::MonotonicClock for Monotonic {}
    unsafe impl self::HrTimerClock for Monotonic {}
    unsafe impl self::RelativeHrTimerClock for Monotonic {}
    const _: () = {
        #[allow(unused_imports)]
        use crate::bindings as __module;
        #[allow(dead_code, non_upper_case_globals)]
        const ktime_get_boottime: unsafe extern "C" fn() -> ::core::primitive::i64 = {
            extern "C" fn missing() -> ::core::primitive::i64 {
                0
            }
            missing
        };
        #[allow(dead_code, non_upper_case_globals)]
        const CLOCK_BOOTTIME: ::core::primitive::i128 = ::core::primitive::i128::MIN;
        const _: () = {
            #[allow(unused_imports)]
            use __module::*;
            ::core::assert!(
                ::core::mem::size_of_val(& ktime_get_boottime) == 0,
                "clocks.toml:16:11: `ktime_get_boottime` is not a function of the bindings module `crate::bindings`: declare `ktime_t ktime_get_boottime(void);` in the header bindgen reads, or fix the row's `getter`\n   |\n16 | getter = \"ktime_get_boottime\"\n   |           ^^^^^^^^^^^^^^^^^^"
            );
            ::core::assert!(
                (CLOCK_BOOTTIME as ::core::primitive::i128) !=
                ::core::primitive::i128::MIN,
                "clocks.toml:18:12: `crate::bindings` has no clock id constant `CLOCK_BOOTTIME`: fix the row's `clockid` (a constant of that module, or an integer)\n   |\n18 | clockid = \"CLOCK_BOOTTIME\"\n   |            ^^^^^^^^^^^^^^"
            );
            ::core::assert!(
                (CLOCK_BOOTTIME as ::core::primitive::i128) >=
                ::core::primitive::i32::MIN as ::core::primitive::i128 && (CLOCK_BOOTTIME
                as ::core::primitive::i128) <= ::core::primitive::i32::MAX as
                ::core::primitive::i128,
                "clocks.toml:18:12: the clock id constant `CLOCK_BOOTTIME` of `crate::bindings` does not fit a `clockid_t`: fix the row's `clockid`\n   |\n18 | clockid = \"CLOCK_BOOTTIME\"\n   |            ^^^^^^^^^^^^^^"
            );
            ::core::assert!(
                (CLOCK_BOOTTIME as ::core::primitive::i128) == 7,
                "clocks.toml:18:12: clock `BootTime` is declared `hrtimer = true` as clock id 7, but the bindings' `CLOCK_BOOTTIME` has another value: fix the row's `clockid`\n   |\n18 | clockid = \"CLOCK_BOOTTIME\"\n   |            ^^^^^^^^^^^^^^"
            );
        };
        unsafe impl self::ClockSource for BootTime {
            const ID: i32 = {
                #[allow(unused_imports)]
                use __module::*;
                CLOCK_BOOTTIME as ::core::primitive::i32
            };
            #[inline]
            fn ktime_get() -> i64 {
                #[allow(unused_imports)]
                use __module::*;
                unsafe { ktime_get_boottime() }
            }
        }
    };
    unsafe impl self::MonotonicClock for BootTime {}
    unsafe impl self::HrTimerClock for BootTime {}
    unsafe impl self::RelativeHrTimerClock for BootTime {}
    const _: () = {
        #[allow(unused_imports)]
        use crate::bindings as __module;
        #[allow(dead_code, non_upper_case_globals)]
        const ktime_get_mono_fast_ns: unsafe extern "C" fn() -> ::core::primitive::u64 = {
            extern "C" fn missing() -> ::core::primitive::u64 {
                0
            }
            missing
        };
        const _: () = {
            #[allow(unused_imports)]
            use __module::*;
            ::core::assert!(
                ::core::mem::size_of_val(& ktime_get_mono_fast_ns) == 0,
                "clocks.toml:26:11: `ktime_get_mono_fast_ns` is not a function of the bindings module `crate::bindings`: declare `u64 ktime_get_mono_fast_ns(void);` in the header bindgen reads, or fix the row's `getter`\n   |\n26 | getter = \"ktime_get_mono_fast_ns\"\n   |           ^^^^^^^^^^^^^^^^^^^^^^"
            );
        };
        unsafe impl self::ClockSource for MonotonicFast {
            const ID: i32 = {
                #[allow(unused_imports)]
                use __module::*;
                1
            };
            #[inline]
            fn ktime_get() -> i64 {
                #[allow(unused_imports)]
                use __module::*;
                let nanos: ::core::primitive::u64 = unsafe { ktime_get_mono_fast_ns() };
                if nanos > ::core::primitive::i64::MAX as ::core::primitive::u64 {
                    ::core::primitive::i64::MAX
                } else {
                    nanos as ::core::primitive::i64
                }
            }
        }
    };
    unsafe impl self::NmiSafeClock for MonotonicFast {}
    const _: () = {
        impl self::TableClock for Monotonic {
            const INFO: self::ClockInfo = self::ClockInfo {
                name: "Monotonic",
                id: <Monotonic as self::ClockSource>::ID,
                getter: "ktime_get",
                doc: "Time since boot, not counting suspend.",
                resolution: self::Resolution::Nanos(1),
                monotonic: true,
                nmi_safe: false,
                hrtimer: true,
                settable: false,
                counts_suspend: false,
                read: <Monotonic as self::ClockSource>::ktime_get,
            };
        }
        impl self::SuspendCountingClock for BootTime {}
        impl self::TableClock for BootTime {
            const INFO: self::ClockInfo = self::ClockInfo {
                name: "BootTime",
                id: <BootTime as self::ClockSource>::ID,
                getter: "ktime_get_boottime",
                doc: "Like Monotonic, and keeps counting while the system is suspended.",
                resolution: self::Resolution::Nanos(1),
                monotonic: true,
                nmi_safe: false,
                hrtimer: true,
                settable: false,
                counts_suspend: true,
                read: <BootTime as self::ClockSource>::ktime_get,
            };
        }
        impl self::TableClock for MonotonicFast {
            const INFO: self::ClockInfo = self::ClockInfo {
                name: "MonotonicFast",
                id: <MonotonicFast as self::ClockSource>::ID,
                getter: "ktime_get_mono_fast_ns",
                doc: "CLOCK_MONOTONIC through the NMI-safe ktime_get_mono_fast_ns().",
                resolution: self::Resolution::Tick,
                monotonic: false,
                nmi_safe: true,
                hrtimer: false,
                settable: false,
                counts_suspend: false,
                read: <MonotonicFast as self::ClockSource>::ktime_get,
            };
        }
    };
    const _: () = {
        #[allow(unused_imports)]
        use crate::bindings as __module;
        #[allow(dead_code, non_upper_case_globals)]
        const ktime_mono_to_any: unsafe extern "C" fn(
            ::core::primitive::i64,
            ::core::primitive::u32,
        ) -> ::core::primitive::i64 = {
            extern "C" fn missing(
                _: ::core::primitive::i64,
                _: ::core::primitive::u32,
            ) -> ::core::primitive::i64 {
                0
            }
            missing
        };
        #[allow(dead_code, non_upper_case_globals)]
        const tk_offsets_TK_OFFS_BOOT: ::core::primitive::i128 = ::core::primitive::i128::MIN;
        const _: () = {
            #[allow(unused_imports)]
            use __module::*;
            ::core::assert!(
                ::core::mem::size_of_val(& ktime_mono_to_any) == 0,
                "clocks.toml:19:11: the bindings module `crate::bindings` has no function `ktime_mono_to_any`, which converts between the clocks of the table's offsets: declare `ktime_t ktime_mono_to_any(ktime_t tmono, enum tk_offsets offs);` in the header bindgen reads (`linux/timekeeping.h` declares it), or remove the `offset`s\n   |\n19 | offset = \"TK_OFFS_BOOT\"\n   |           ^^^^^^^^^^^^"
            );
            ::core::assert!(
                (tk_offsets_TK_OFFS_BOOT as ::core::primitive::i128) !=
                ::core::primitive::i128::MIN,
                "clocks.toml:19:11: the bindings module `crate::bindings` has no timekeeper offset `tk_offsets_TK_OFFS_BOOT`: generate `enum tk_offsets` from `linux/timekeeping.h`, or fix the row's `offset`\n   |\n19 | offset = \"TK_OFFS_BOOT\"\n   |           ^^^^^^^^^^^^"
            );
        };
        #[inline]
        fn __offset0() -> ::core::primitive::i64 {
            0
        }
        #[inline]
        fn __offset1() -> ::core::primitive::i64 {
            #[allow(unused_imports)]
            use __module::*;
            unsafe { ktime_mono_to_any(0, tk_offsets_TK_OFFS_BOOT as _) }
        }
        const _: () = {
            impl self::ConvertsTo<BootTime> for Monotonic {
                #[inline]
                #[allow(unused_unsafe)]
                fn to_clock(
                    instant: self::Instant<Monotonic>,
                ) -> self::Instant<BootTime> {
                    let ktime = instant
                        .as_nanos()
                        .saturating_add(__offset1().saturating_sub(__offset0()));
                    unsafe {
                        self::Instant::<
                            BootTime,
                        >::from_ktime(if ktime < 0 { 0 } else { ktime })
                    }
                }
            }
            impl self::ConvertsTo<Monotonic> for BootTime {
                #[inline]
                #[allow(unused_unsafe)]
                fn to_clock(
                    instant: self::Instant<BootTime>,
                ) -> self::Instant<Monotonic> {
                    let ktime = instant
                        .as_nanos()
                        .saturating_add(__offset0().saturating_sub(__offset1()));
                    unsafe {
                        self::Instant::<
                            Monotonic,
                        >::from_ktime(if ktime < 0 { 0 } else { ktime })
                    }
                }
            }
        };
    };
};
/// Every clock of the table, in table order: each clock's row, as data.
pub const CLOCKS: [self::ClockInfo; 3] = [
    <Monotonic as self::TableClock>::INFO,
    <BootTime as self::TableClock>::INFO,
    <MonotonicFast as self::TableClock>::INFO,
];
/// Calls `visitor.visit::<C>()` for every clock `C` of the table, in table order.
#[inline]
pub fn for_each_clock<__Visitor>(visitor: &mut __Visitor)
where
    __Visitor: self::ClockVisitor + ?::core::marker::Sized,
{
    visitor.visit::<Monotonic>();
    visitor.visit::<BootTime>();
    visitor.visit::<MonotonicFast>();
}
