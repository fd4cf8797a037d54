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
/// validated clock table. Emitted by `declare_clocks!` only; not public API.
///
/// ```text
/// __clock_items! {
///     clocks = [ Name "doc" "Name" MONOTONIC [ID] { BODY } ... ];
///     monotonic = [ Name ... ];      // the rows with `monotonic = true`
///     extern_getters = [ getter ... ];  // getters the macro declares itself
/// }
/// ```
///
/// `[ID]` is the table's `clockid` expression, or `[]` without one; `BODY` reads the
/// clock: `unsafe { bindings::getter() }`, `unsafe { getter() }` for a getter in
/// `extern_getters`, or the posix backend's `clock_gettime` call.
#[doc(hidden)]
#[macro_export]
macro_rules! __clock_items {
    (
        clocks = [$($name:ident $doc:literal $text:literal $monotonic:tt [$($id:expr)?] $body:tt)*];
        monotonic = [$($monotonic_name:ident)*];
        extern_getters = [$($getter:ident)*];
    ) => {
        $(
            #[doc = $doc]
            pub enum $name {}
        )*

        const _: () = {
            unsafe extern "C" {
                $(
                    // The clock table declares each getter as `ktime_t getter(void)`.
                    fn $getter() -> $crate::__private::Ktime;
                )*
            }

            $(
                impl $crate::__private::Sealed for $name {}

                impl $crate::__private::ClockSource for $name {
                    const NAME: &'static $crate::__private::str = $text;
                    const MONOTONIC: $crate::__private::bool = $monotonic;
                    const ID: $crate::__private::Option<$crate::__private::ClockId> =
                        $crate::__private::clock_id(&[$($id as $crate::__private::ClockId)?]);

                    #[inline]
                    fn ktime_get() -> $crate::__private::Ktime
                    // SAFETY (of the `unsafe { getter() }` that `$body` is with the
                    // kernel backend; the posix backend's reader is safe): the clock
                    // table declares the getter as the C function `ktime_t getter(void)`,
                    // which takes no arguments, has no preconditions and only reads
                    // timekeeping state.
                    $body
                }
            )*

            $(
                impl $crate::__private::SealedMonotonic for $monotonic_name {}
                impl $crate::__private::MonotonicClock for $monotonic_name {}
            )*
        };
    };
}
