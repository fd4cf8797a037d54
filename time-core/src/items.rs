//! The `macro_rules!` template behind `declare_clocks!`.
//!
//! The procedural macro reads and validates the table, then hands every row to one
//! invocation of [`__clock_items!`](crate::__clock_items) in a compact form: each
//! clock's name, doc string, flags, id and getter call. The item text the rows share
//! (the marker type, the `Sealed`/`ClockSource`/monotonic impls and their paths) is
//! written once, here, as ordinary Rust with real `// SAFETY:` comments, instead of
//! being rebuilt token by token for every clock: building tokens one at a time, and
//! taking them across the proc-macro bridge, is most of what a procedural macro
//! costs, and one flat `macro_rules!` repetition is cheap for the compiler (see
//! `docs/performance.md`). `bitflags` generates its impls the same way.
//!
//! Everything here names its runtime through `$crate::__private`, so the expansion
//! survives `mod core {}` and `#![no_implicit_prelude]` in the invoking module.

/// Declares the marker types and implements the clock traits for the rows of one
/// validated clock table, and lists them in `CLOCKS` and `for_each_clock`. Emitted by
/// `declare_clocks!` only; not public API.
///
/// ```text
/// __clock_items! {
///     count = N;
///     clocks = [ Name "marker doc" "table doc" "Name" MONOTONIC [ID] [RESOLUTION]
///                [getter "message"] [getter RETURN] [CONSTANT "message"] { BODY } ... ];
///     monotonic = [ Name ... ];          // the rows with `monotonic = true`
///     nmi_safe = [ Name ... ];           // … `nmi_safe = true`
///     hrtimer = [ Name ... ];            // … `hrtimer = true`
///     settable = [ Name ... ];           // … `settable = true`
///     counts_suspend = [ Name ... ];     // … `counts_suspend = true`
/// }
/// ```
///
/// `[ID]` is the table's `clockid` expression, or `[]` without one; `[RESOLUTION]` is
/// `[Nanos(n)]` or `[Tick]`. `[getter "message"]` is present when the getter comes from
/// a bindings module: the template then declares a stand-in `getter` that the body's
/// `use bindings::*` shadows when the module has the function, and whose use is an
/// error when it does not: a denied deprecation whose note is `message`
/// (`clocks.toml:LINE:COL: the bindings module has no function …`), and a bound
/// nothing satisfies (a lint can be capped, a trait bound cannot). Attributes rather
/// than a per-row `#[diagnostic::on_unimplemented]` trait: tool attributes do not
/// resolve under `#![no_implicit_prelude]`. `[getter RETURN]` is present when the macro declares
/// the getter itself, as `extern "C" fn getter() -> RETURN` (`Ktime` or `u64`).
/// `[CONSTANT "message"]` is present when the clock id is a constant: like the getter's,
/// a stand-in that the id expression's `use module::*` shadows, and whose use (the
/// module lacks the constant) is a denied deprecation carrying `message` plus a cast
/// that does not compile. `BODY` reads the clock: `{ use bindings::*; unsafe
/// { getter() } }`, `unsafe { getter() }` for an extern getter, or the posix
/// backend's `clock_gettime` call, converted to `Ktime` for `u64` getters.
#[doc(hidden)]
#[macro_export]
macro_rules! __clock_items {
    (
        count = $count:literal;
        clocks = [$(
            $name:ident $doc:literal $table_doc:literal $text:literal $monotonic:tt
            [$($id:expr)?] [$resolution:ident $(($resolution_ns:literal))?]
            [$($bound_getter:ident $missing:literal)?] [$($extern_getter:ident $returns:ident)?]
            [$($id_constant:ident $missing_id:literal)?] $body:tt
        )*];
        monotonic = [$($monotonic_name:ident)*];
        nmi_safe = [$($nmi_safe_name:ident)*];
        hrtimer = [$($hrtimer_name:ident)*];
        settable = [$($settable_name:ident)*];
        counts_suspend = [$($counts_suspend_name:ident)*];
    ) => {
        $(
            #[doc = $doc]
            pub enum $name {}
        )*

        /// Every clock of the table, in table order: name, monotonicity, clock id, doc
        /// and reader of each (see `time_core::ClockInfo`).
        pub const CLOCKS: [$crate::__private::ClockInfo; $count] = [$(
            $crate::__private::ClockInfo::of::<$name>($table_doc),
        )*];

        /// Calls `visitor.visit::<C>()` for every clock `C` of the table, in table order
        /// (see `time_core::ClockVisitor`).
        #[inline]
        // `__Visitor` cannot be a clock's name (names are UpperCamelCase, without `_`).
        pub fn for_each_clock<__Visitor>(visitor: &mut __Visitor)
        where
            __Visitor: $crate::__private::ClockVisitor + ?$crate::__private::Sized,
        {
            $(visitor.visit::<$name>();)*
        }

        const _: () = {
            $(
                impl $crate::__private::SealedMonotonic for $monotonic_name {}
                impl $crate::__private::MonotonicClock for $monotonic_name {}
            )*
            $(
                impl $crate::__private::SealedNmiSafe for $nmi_safe_name {}
                impl $crate::__private::NmiSafeClock for $nmi_safe_name {}
            )*
            $(
                impl $crate::__private::SealedHrTimer for $hrtimer_name {}
                impl $crate::__private::HrTimerClock for $hrtimer_name {
                    // `hrtimer` rows have a `clockid` (checked by the macro).
                    const CLOCKID: $crate::__private::ClockId = $crate::__private::id_or_zero(
                        <$hrtimer_name as $crate::__private::ClockSource>::ID,
                    );
                }
            )*
            $(
                impl $crate::__private::SealedSettable for $settable_name {}
                impl $crate::__private::SettableClock for $settable_name {}
            )*
            $(
                impl $crate::__private::SealedSuspendCounting for $counts_suspend_name {}
                impl $crate::__private::SuspendCountingClock for $counts_suspend_name {}
            )*
        };

        $(
            const _: () = {
                $(
                    /// Stands in for a getter the bindings module lacks: the body's
                    /// `use bindings::*` shadows it when the module has the function.
                    #[deprecated(note = $missing)]
                    #[allow(dead_code, clippy::empty_loop)]
                    unsafe fn $bound_getter<__Reading: $crate::__private::MissingGetter>() -> __Reading {
                        loop {}
                    }
                )?
                $(
                    /// Stands in for a clock id constant the module lacks: the id
                    /// expression's `use module::*` shadows it when the module has it.
                    #[deprecated(note = $missing_id)]
                    #[allow(dead_code, non_upper_case_globals)]
                    const $id_constant: $crate::__private::MissingClockId =
                        $crate::__private::MissingClockId;
                )?
                $(
                    unsafe extern "C" {
                        // The clock table declares the getter as `ktime_t getter(void)`
                        // (or `u64 getter(void)`).
                        fn $extern_getter() -> $crate::__private::$returns;
                    }
                )?

                impl $crate::__private::Sealed for $name {}

                impl $crate::__private::ClockSource for $name {
                    const NAME: &'static $crate::__private::str = $text;
                    const MONOTONIC: $crate::__private::bool = $monotonic;
                    #[deny(deprecated)]
                    const ID: $crate::__private::Option<$crate::__private::ClockId> =
                        $crate::__private::clock_id(&[$($id as $crate::__private::ClockId)?]);
                    const RESOLUTION: $crate::__private::Resolution =
                        $crate::__private::Resolution::$resolution $(($resolution_ns))?;

                    #[inline]
                    #[deny(deprecated)]
                    fn ktime_get() -> $crate::__private::Ktime
                    // SAFETY (of the `unsafe { getter() }` that `$body` is with the
                    // kernel backend; the posix backend's reader is safe): the clock
                    // table declares the getter as the C function `ktime_t getter(void)`
                    // (or `u64 getter(void)`), which takes no arguments and only reads
                    // timekeeping state. The seqcount readers such as `ktime_get()` must
                    // not be called from NMI context; Rust code does not run there, and
                    // NMI-safe readers are marked by `NmiSafeClock`.
                    $body
                }
            };
        )*
    };
}
