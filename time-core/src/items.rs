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
///     clocks = [ ROW ... ];
///     monotonic = [ Name ... ];          // the rows with `monotonic = true`
///     nmi_safe = [ Name ... ];           // … `nmi_safe = true`
///     hrtimer = [ Name ... ];            // … `hrtimer = true`
///     settable = [ Name ... ];           // … `settable = true`
///     counts_suspend = [ Name ... ];     // … `counts_suspend = true`
/// }
/// ```
///
/// Each `ROW` is written by one type, `typed_clocks_macros_impl::template::TemplateRow`, whose
/// fields are the slots of the pattern below, in order; `tests/tests/template_rows.rs`
/// compiles this template against rows of every shape it writes.
///
/// A getter from a bindings module comes with a stand-in of the same name that the
/// reader's `use MODULE::*` shadows when the module has the function; when it does
/// not, using the stand-in is an error naming the row (`clocks.toml:LINE:COL: …`): a
/// denied deprecation, and a call of something that is not a function (a lint can be
/// capped, a type error cannot), both at the row's `getter`. A getter that is a constant or a static of the module fails a const
/// assertion with a message naming the row. Clock id constants get a stand-in the same
/// way. Attributes rather than a per-row `#[diagnostic::on_unimplemented]` trait: tool
/// attributes do not resolve under `#![no_implicit_prelude]`.
#[doc(hidden)]
#[macro_export]
macro_rules! __clock_items {
    (
        count = $count:literal;
        clocks = [$(
            $name:ident $doc:literal $table_doc:literal $text:literal $monotonic:tt
            [$($id:expr)?] [$resolution:ident $(($resolution_ns:literal))?]
            [$($bound_getter:ident $missing:literal $not_a_function:literal [$($module:tt)+])?]
            [$($extern_getter:ident $returns:ident)?]
            [$($id_constant:ident $missing_id:literal)?] { $($read:tt)* }
        )*];
        monotonic = [$($monotonic_name:ident)*];
        nmi_safe = [$($nmi_safe_name:ident)*];
        hrtimer = [$($hrtimer_name:ident)*];
        settable = [$($settable_name:ident)*];
        counts_suspend = [$($counts_suspend_name:ident)*];
        hrtimer_bindings = $hrtimer_bindings:ty;
    ) => {
        $(
            #[doc = $doc]
            pub enum $name {}
        )*

        /// Every clock of the table, in table order: name, monotonicity, clock id, doc
        /// and reader of each (see `typed_clocks::ClockInfo`).
        pub const CLOCKS: [$crate::__private::ClockInfo; $count] = [$(
            $crate::__private::ClockInfo::of::<$name>($table_doc),
        )*];

        /// Calls `visitor.visit::<C>()` for every clock `C` of the table, in table order
        /// (see `typed_clocks::ClockVisitor`).
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
                // SAFETY: the row says `nmi_safe = true`, which the macro accepts only for
                // a `u64` accessor that is not one of the kernel's seqcount readers; the
                // invocation's `unsafe(…)` vouches that it is the kernel's `*_fast_ns`
                // accessor it names.
                unsafe impl $crate::__private::SealedNmiSafe for $nmi_safe_name {}
                impl $crate::__private::NmiSafeClock for $nmi_safe_name {}
            )*
            $(
                impl $crate::__private::SealedHrTimer for $hrtimer_name {}
                impl $crate::__private::HrTimerClock for $hrtimer_name {
                    // `hrtimer` rows have a `clockid` (checked by the macro).
                    const CLOCKID: $crate::__private::ClockId = $crate::__private::id_or_zero(
                        <$hrtimer_name as $crate::__private::ClockSource>::ID,
                    );
                    type Bindings = $hrtimer_bindings;
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
                    #[allow(dead_code, non_upper_case_globals)]
                    const $bound_getter: $crate::__private::MissingGetter =
                        $crate::__private::MissingGetter;
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
                    fn ktime_get() -> $crate::__private::Ktime {
                        $(
                            // The module's getter, over the stand-in above.
                            #[allow(unused_imports)]
                            use $($module)+::*;
                            // A function item is zero-sized; a constant or static of
                            // the getter's name is not, and is reported at the row.
                            const _: () = $crate::__private::core::assert!(
                                $crate::__private::is_zero_sized(&$bound_getter),
                                $not_a_function
                            );
                        )?
                        // SAFETY (of the `unsafe { getter() }` that `$read` is with the
                        // kernel backend; the posix backend's reader is safe): the
                        // invocation says `unsafe(bindings = PATH)` or `unsafe(extern "C")`
                        // (the macro refuses a kernel-backend table without either), which
                        // vouches that the row's getter is the C function `ktime_t
                        // getter(void)` (or `u64 getter(void)`): no arguments, and safe to
                        // call wherever the clock is read. The seqcount readers such as
                        // `ktime_get()` spin while the timekeeper is updated, so they must
                        // not be called from an NMI that interrupted an update: this
                        // crate cannot see the calling context, and NMI code reads clocks
                        // through `typed_clocks::nmi::now`, which takes only `NmiSafeClock`s.
                        $($read)*
                    }
                }
            };
        )*
    };
}
