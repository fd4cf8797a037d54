//! The `macro_rules!` template behind `declare_clocks!`.
//!
//! The procedural macro reads and validates the table, then hands the rows to one
//! invocation of the template of the table's backend ([`__clocks_bindings!`],
//! [`__clocks_extern!`] or [`__clocks_posix!`]), with named slots (as bitflags'
//! `__impl_public_bitflags!` takes its flags): the invocation's trust
//! (`unsafe(bindings = PATH)`, `unsafe(extern "C")` or `backend = posix`), the rows, one
//! list per capability, the conversions. The rows have one shape, which the three
//! templates take alike (as bitflags passes the same input to each of its internal
//! macros), each reading what its backend needs of it. The three share
//! [`__clock_rows!`] (what the rows share: the marker types, `CLOCKS`,
//! `for_each_clock` and the `ClockSource` impls, whose `ktime_get` bodies each
//! template hands it), [`__clock_capability!`] (one repetition
//! over the capability lists handles every capability; the kinds checked against the
//! clock id are [`__clock_monotonic_id!`] and [`__clock_timer_base!`]) and
//! [`__clock_id!`]; a crate compiles only the templates its table uses, since each
//! costs the compiler to load.
//! Everything the rows share is written here, once, as ordinary Rust: the marker types,
//! the `ClockSource` impls and the capability impls, and every `unsafe` block and
//! `unsafe impl` with its `// SAFETY:` comment beside it. The procedural macro emits no
//! `unsafe` of its own: the arms that write an `unsafe` on the strength of the caller's
//! word require the caller's own `unsafe` token, and the others check what they rely
//! on at compile time.
//!
//! Everything here names its runtime through `$crate::__private`, so the expansion
//! survives `mod core {}` and `#![no_implicit_prelude]` in the invoking module.
//!
//! A missing item of the bindings module (a getter, a clock id constant, a timekeeper
//! offset) is one error, at the row's place in the table: each row declares a
//! stand-in of the item's name, which the `use MODULE::*` of the code that names the
//! item shadows when the module has it; the stand-in type-checks where the item is
//! used, and a const assertion that tells it apart fails with a message naming the
//! row's `clocks.toml:LINE:COL` (the `*_at` literals).
//!
//! [`__clocks_bindings!`]: crate::__clocks_bindings
//! [`__clocks_extern!`]: crate::__clocks_extern
//! [`__clocks_posix!`]: crate::__clocks_posix
//! [`__clock_rows!`]: crate::__clock_rows
//! [`__clock_capability!`]: crate::__clock_capability
//! [`__clock_monotonic_id!`]: crate::__clock_monotonic_id
//! [`__clock_timer_base!`]: crate::__clock_timer_base
//! [`__clock_id!`]: crate::__clock_id

/// The kernel backend over a bindings module: declares the marker types of the rows
/// of one validated clock table, implements the clock traits for them, and lists
/// them in `CLOCKS` and `for_each_clock`. Emitted by `declare_clocks!` only; not
/// public API.
///
/// The caller's `unsafe` vouches that every item of the module that the rows name is
/// the kernel's (a getter: `ktime_t getter(void)` or `u64 getter(void)`, safe to call
/// wherever its clock is read, returning a time in `0..=KTIME_MAX`; a clock id: the
/// `clockid_t` of the clock's time base), and that each row's capabilities say what
/// its getter does.
///
/// ```text
/// __clocks_bindings! {
///     unsafe(bindings = PATH);
///     count = N;                      // the number of rows
///     declared_in = " Declared in `clocks.toml`.";
///     hrtimer_bindings = TYPE;        // `HrTimerClock::Bindings` of the `hrtimer` rows
///     module_text = "crate::bindings"; // PATH as messages show it
///     clocks = [ ROW* ];
///     capabilities = [ KIND ... [Name*] ... ];
///     bases = [Name*];                // the rows that are their own base
///     conversions = { base = Name; offsets = [Name OFFSET "at";]; };  // optional
/// }
/// ```
///
/// A `ROW`, the same for the three templates ([`__clocks_extern!`](crate::__clocks_extern)
/// and [`__clocks_posix!`](crate::__clocks_posix) take it too), is
///
/// ```text
/// Name "Name"
/// resolution = Nanos(4);          // optional: `Nanos(N)` or `Tick`
/// "doc" MONOTONIC                 // MONOTONIC: `true` or `false`
/// getter = getter RETURNS "at";   // the kernel backends; `RETURNS`: `ktime_t` or `u64`
/// id = 1;                         // or `id = (-3);`, or `id = CONSTANT "at";`
/// header = "linux/timekeeping.h"; // optional
/// ;
/// ```
///
/// Each `"at"` is the `clocks.toml:LINE:COL: ` of the row's key, for the messages of
/// the checks that need it (a getter's is `""` where there is no bindings module to
/// check it against); an id is one token tree. Each optional part is followed by a part
/// every row has: where an optional part the matcher entered is followed by another
/// one, rustc's matcher copies all it has matched so far, which makes a table's cost
/// grow with the square of its rows (`docs/performance.md`). Each template reads what
/// its backend needs of a row, and hands [`__clock_rows!`](crate::__clock_rows), which
/// writes what the rows share (their `ClockSource` impls among it), the row's `id`,
/// the body of its `ktime_get` and its items. Each capability of
/// `capabilities` is one of [`__clock_capability!`](crate::__clock_capability)'s kinds:
///
/// - `plain SEAL TRAIT [Name*]`: a safe seal;
/// - `vouched SEAL TRAIT [Name*]`: an `unsafe` seal whose fact the caller's `unsafe`
///   vouches for (only with the kernel backend, which has it);
/// - `monotonic_id [Name*]`: `MonotonicClock`, checked against the clock id (posix);
/// - `timer_base [(Name "at" [Relative?])*]`: `HrTimerClock`, checked against the
///   clock id (`"at"`: the `clocks.toml:LINE:COL: ` of the row's `clockid`; `Relative`:
///   the clock its relative timers are queued on, none for a `CLOCK_REALTIME` clock in
///   a table without a `CLOCK_MONOTONIC` one).
///
/// Every row is an [`OffsetClock`](crate::__private::OffsetClock), which
/// [`ConvertsTo`](crate::ConvertsTo) is derived from: those of `bases` are their own base
/// (the `offset_base` row, and every row the table relates to no other), those of
/// `conversions`' `offsets` are `base` plus the kernel's timekeeper offset.
///
/// `tests/tests/template_rows.rs` compiles rows of every shape that the procedural
/// macro writes.
#[doc(hidden)]
#[macro_export]
macro_rules! __clocks_bindings {
    (
        unsafe(bindings = $module:path);
        count = $count:literal;
        declared_in = $declared_in:literal;
        hrtimer_bindings = $hrtimer_bindings:ty;
        module_text = $module_text:literal;
        clocks = [$(
            $name:ident $name_text:literal
            $(resolution = $resolution:ident $(($resolution_ns:literal))?;)?
            $doc:literal $monotonic:ident
            $(getter = $getter:ident $returns:ident $getter_at:literal;)?
            id = $id:tt $($id_at:literal)?;
            $(header = $header:literal;)? ;
        )*];
        capabilities = [$($kind:ident $($capability:ident)* [$($capable:tt)*])*];
        bases = [$($own_base:ident)*];
        $(conversions = {
            base = $base:ident;
            offsets = [$($derived:ident $offset:ident $offset_at:literal;)*];
        };)?
    ) => {
        $(
            $crate::__clock_capability! {
                unsafe $kind $($capability)* [$($capable)*] [$hrtimer_bindings]
            }
        )*
        $crate::__clock_rows! {
            // The caller's `unsafe(bindings = PATH)`, which this arm requires, vouches that
            // each row's getter is the kernel's (`ktime_get()` returns it in
            // `0..=KTIME_MAX`, a `u64` reading is clamped to it) and that its id is the
            // `clockid_t` of its time base.
            unsafe
            declared_in = $declared_in;
            count = $count;
            bases = [$($own_base)*];
            rows = [$(
                $name $name_text [$doc $($header)?] $monotonic
                $(resolution = $resolution $(($resolution_ns))?;)?
                id = { $crate::__clock_id! { @id [__bindings] $id } }
                {
                    #[allow(unused_imports)]
                    use __bindings::*;
                    // SAFETY: the getter is the kernel's C function of no arguments
                    // (the caller's `unsafe(bindings = PATH)`), safe to call wherever
                    // the clock is read. The seqcount readers such as `ktime_get()`
                    // must not be called from an NMI that interrupted a timekeeping
                    // update: NMI code reads clocks through `typed_clocks::nmi::now`,
                    // which takes only `NmiSafeClock`s.
                    $($crate::__private::Reading::into_ktime(unsafe { $getter() }))?
                }
                {
                    // The bindings module, named once per row: the row's code imports
                    // its items.
                    #[allow(unused_imports)]
                    use $module as __bindings;
                    $(
                        /// Stands in for a getter the bindings module lacks (see
                        /// `items.rs`).
                        #[allow(dead_code, non_upper_case_globals)]
                        const $getter: unsafe extern "C" fn() -> $crate::__private::$returns =
                            <$crate::__private::$returns as $crate::__private::MissingGetter>
                                ::GETTER;
                    )?
                    $crate::__clock_id! { @stand_in $id }
                    // A function item is zero-sized; the stand-in, a function pointer, is
                    // not. (A constant or static of the module named as the getter is not
                    // either: then the call in `read` is an error of its own.)
                    const _: () = {
                        #[allow(unused_imports)]
                        use __bindings::*;
                        $($crate::__private::core::assert!(
                            $crate::__private::is_zero_sized(&$getter),
                            $crate::__private::core::concat!(
                                $getter_at, "`", $crate::__private::core::stringify!($getter),
                                "` is not a function of the bindings module `", $module_text,
                                "`: declare `", $crate::__private::core::stringify!($returns),
                                " ", $crate::__private::core::stringify!($getter),
                                "(void);` in the header bindgen reads, or fix the row's \
                                 `getter`"
                            )
                        );)?
                        $crate::__clock_id! { @check $module_text $id $($id_at)? }
                    };
                }
            )*];
        }
        const _: () = {
            #[allow(unused_imports)]
            use $module as __bindings;
            $(
                $(
                    /// Stands in for a timekeeper offset the bindings module lacks.
                    #[allow(dead_code, non_upper_case_globals)]
                    const $offset: $crate::__private::i128 = $crate::__private::MISSING;
                    const _: () = {
                        #[allow(unused_imports)]
                        use __bindings::*;
                        $crate::__private::core::assert!(
                            $offset as $crate::__private::i128 != $crate::__private::MISSING,
                            $crate::__private::core::concat!(
                                $offset_at, "the bindings module `", $module_text,
                                "` has no timekeeper offset `",
                                $crate::__private::core::stringify!($offset),
                                "`: generate `enum tk_offsets` from `linux/timekeeping.h`, or fix the row's `offset`"
                            )
                        );
                    };
                )*
                $(
                    impl $crate::__private::OffsetClock for $derived {
                        type Base = $base;

                        #[inline]
                        fn offset() -> $crate::__private::Ktime {
                            #[allow(unused_imports)]
                            use __bindings::*;
                            // SAFETY: the caller's `unsafe(bindings = PATH)` vouches that
                            // `ktime_mono_to_any` is the kernel's, which takes any time and
                            // a member of `enum tk_offsets` (the macro writes only
                            // `TK_OFFS_REAL`, `TK_OFFS_BOOT`, `TK_OFFS_TAI`) and only reads
                            // the timekeeper's offsets; from 0 it adds nothing but the
                            // offset, so it cannot overflow.
                            unsafe { __bindings::ktime_mono_to_any(0, $offset as _) }
                        }
                    }
                )*
            )?
        };
    };

}

/// The kernel backend over getters the template declares `extern "C"` itself: as
/// [`__clocks_bindings!`](crate::__clocks_bindings) (the same rows, whose ids are
/// integers here: there is no module to find a constant in), without `module_text`,
/// `bases` and `conversions`. The caller's `unsafe` vouches that each row's getter is
/// a C function `ktime_t getter(void)` (or `u64 getter(void)`) safe to call wherever its
/// clock is read, returning a time in `0..=KTIME_MAX`, that the row's id is the
/// `clockid_t` of its time base, and that its capabilities say what the getter does.
#[doc(hidden)]
#[macro_export]
macro_rules! __clocks_extern {
    (
        unsafe(extern "C");
        count = $count:literal;
        declared_in = $declared_in:literal;
        hrtimer_bindings = $hrtimer_bindings:ty;
        clocks = [$(
            $name:ident $name_text:literal
            $(resolution = $resolution:ident $(($resolution_ns:literal))?;)?
            $doc:literal $monotonic:ident
            $(getter = $getter:ident $returns:ident $getter_at:literal;)?
            id = $id:tt $($id_at:literal)?;
            $(header = $header:literal;)? ;
        )*];
        capabilities = [$($kind:ident $($capability:ident)* [$($capable:tt)*])*];
    ) => {
        $(
            $crate::__clock_capability! {
                unsafe $kind $($capability)* [$($capable)*] [$hrtimer_bindings]
            }
        )*
        $crate::__clock_rows! {
            // The caller's `unsafe(extern "C")`, which this arm requires, vouches that
            // each getter returns a time in `0..=KTIME_MAX` (a `u64` reading is clamped to
            // it) and that each id is its clock's `clockid_t`.
            unsafe
            declared_in = $declared_in;
            count = $count;
            bases = [$($name)*];
            rows = [$(
                $name $name_text [$doc $($header)?] $monotonic
                $(resolution = $resolution $(($resolution_ns))?;)?
                id = $id
                {
                    unsafe extern "C" {
                        // The table's `ktime_t getter(void)` (or `u64`), which the caller's
                        // `unsafe(extern "C")` vouches for.
                        $(fn $getter() -> $crate::__private::$returns;)?
                    }
                    // SAFETY: the getter is a C function of no arguments, safe to call
                    // wherever the clock is read (the caller's `unsafe(extern "C")`); NMI
                    // code reads clocks through `typed_clocks::nmi::now`, which takes only
                    // `NmiSafeClock`s.
                    $($crate::__private::Reading::into_ktime(unsafe { $getter() }))?
                }
                {}
            )*];
        }
    };

}

/// The posix backend: as [`__clocks_bindings!`](crate::__clocks_bindings) (the same rows,
/// whose getter part it does not read), without `module_text`, `bases` and
/// `conversions`. Each clock is read with `clock_gettime(ID)`, which is safe for any
/// id; a const assertion per row requires an id that `clock_gettime` reads on every
/// running Linux, and the capabilities that need a word for them are checked against
/// the id instead. No caller's `unsafe` is needed: nothing here rests on the caller's
/// word.
#[doc(hidden)]
#[macro_export]
macro_rules! __clocks_posix {
    (
        backend = posix;
        count = $count:literal;
        declared_in = $declared_in:literal;
        hrtimer_bindings = $hrtimer_bindings:ty;
        clocks = [$(
            $name:ident $name_text:literal
            $(resolution = $resolution:ident $(($resolution_ns:literal))?;)?
            $doc:literal $monotonic:ident
            $(getter = $getter:ident $returns:ident $getter_at:literal;)?
            id = $id:tt $($id_at:literal)?;
            $(header = $header:literal;)? ;
        )*];
        capabilities = [$($kind:ident $($capability:ident)* [$($capable:tt)*])*];
    ) => {
        $(
            $crate::__clock_capability! {
                $kind $($capability)* [$($capable)*] [$hrtimer_bindings]
            }
        )*
        $crate::__clock_rows! {
            // `read_clock` returns `clock_gettime(ID)` clamped to `0..=KTIME_MAX`
            // (`KTIME_MAX` if the call fails), and is safe to call anywhere; `ID` is the
            // clock it reads.
            unsafe
            declared_in = $declared_in;
            count = $count;
            bases = [$($name)*];
            rows = [$(
                $name $name_text [$doc $($header)?] $monotonic
                $(resolution = $resolution $(($resolution_ns))?;)?
                id = {
                    $crate::__clock_id! { @id [$crate::__private::libc] $id }
                }
                {
                    $crate::__private::posix::read_clock(
                        <$name as $crate::__private::PosixClock>::CLOCKID,
                    )
                }
                {
                    $crate::__clock_id! { @stand_in $id }
                    const _: () = {
                        #[allow(unused_imports)]
                        use $crate::__private::libc::*;
                        $crate::__clock_id! { @check "libc" $id $($id_at)? }
                    };
                    // The macro refuses these ids at the row's `clockid`; the ids of
                    // constants it has no value for are checked here, at the row's place
                    // in the table.
                    const _: () = $crate::__private::core::assert!(
                        $crate::__private::posix::is_readable_clock_id(
                            <$name as $crate::__private::PosixClock>::CLOCKID,
                        ),
                        $crate::__private::core::concat!(
                            $($id_at,)? "`clock_gettime` can fail on the clock id of clock `",
                            $crate::__private::core::stringify!($name),
                            "` (an alarm clock without an RTC, a negative or unknown id), and \
                             the clock would not advance: fix the row's `clockid` \
                             (CLOCK_BOOTTIME for CLOCK_BOOTTIME_ALARM, CLOCK_REALTIME for \
                             CLOCK_REALTIME_ALARM)"
                        )
                    );
                    // SAFETY: the `ktime_get` of `ClockSource` (`read` above) reads
                    // `clock_gettime(CLOCKID)`, and `CLOCKID` is `ID`.
                    unsafe impl $crate::__private::SealedPosixClock for $name {}
                    impl $crate::__private::PosixClock for $name {
                        const CLOCKID: $crate::__private::libc::clockid_t =
                            <$name as $crate::__private::ClockSource>::ID
                                as $crate::__private::libc::clockid_t;
                    }
                }
            )*];
        }
    };

}

/// What the rows of every template share, written once for the three: the marker
/// types, `CLOCKS`, `for_each_clock`, the [`OffsetClock`](crate::__private::OffsetClock)
/// impls of the rows that are their own base (`bases`), and each row's `ClockSource`
/// impl (its `ID` and `ktime_get`, whose body is the row's `read` block) and
/// `ClockSourceExt` impl (`NAME`, `MONOTONIC`, the optional `RESOLUTION`), in a block of
/// the row's own with the template's `items` for the row (stand-ins, checks,
/// declarations that `id` and `read` name).
///
/// One invocation per table, not per row: a macro invocation per row costs the
/// compiler more than the rows' tokens do (`docs/performance.md`). The `unsafe` it
/// requires is its invoker's word (each template states what it rests on beside its
/// invocation) that each `read` returns its clock's time in `0..=KTIME_MAX` and may be
/// called wherever the clock is read, and that each `id` is the `clockid_t` of the
/// clock's time base.
///
/// ```text
/// __clock_rows! {
///     unsafe
///     declared_in = " Declared in `clocks.toml`.";
///     count = N;
///     bases = [Name*];
///     rows = [
///         Name "Name" ["doc" "linux/timekeeping.h"?] MONOTONIC
///         resolution = Nanos(4);  // optional
///         id = 1                  // one token tree: `{ EXPR }` for an expression
///         { BODY }                // `read`: the body of `ktime_get`
///         { ITEM* }               // `items`
///     ...];
/// }
/// ```
///
/// (Each token a row passes costs the compiler a step of the matcher here, on top of
/// the template's: the shape is terse.)
#[doc(hidden)]
#[macro_export]
macro_rules! __clock_rows {
    (
        unsafe
        declared_in = $declared_in:literal;
        count = $count:literal;
        bases = [$($own_base:ident)*];
        rows = [$(
            $name:ident $name_text:literal [$doc:literal $($header:literal)?] $monotonic:ident
            $(resolution = $resolution:ident $(($resolution_ns:literal))?;)?
            id = $id:tt $read:tt {$($items:tt)*}
        )*];
    ) => {
        $(
            #[doc = $doc]
            $(
                #[doc = ""]
                #[doc = $crate::__private::core::concat!(" Declared in C by `<", $header, ">`.")]
            )?
            #[doc = ""]
            #[doc = $declared_in]
            pub struct $name;
        )*

        /// Every clock of the table, in table order: name, monotonicity, clock id, doc
        /// and reader of each (see `typed_clocks::ClockInfo`).
        pub const CLOCKS: [$crate::__private::ClockInfo; $count] = [$(
            $crate::__private::ClockInfo::of::<$name>($doc),
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

        $(
            impl $crate::__private::OffsetClock for $own_base {
                type Base = $own_base;

                #[inline]
                fn offset() -> $crate::__private::Ktime {
                    0
                }
            }
        )*

        $(
            const _: () = {
                $($items)*

                // The row's name, monotonicity and resolution, in `typed_clocks::ext`:
                // `ClockSource`'s items are upstream's only.
                impl $crate::__private::ClockSourceExt for $name {
                    const NAME: &'static $crate::__private::str = $name_text;
                    const MONOTONIC: $crate::__private::bool = $monotonic;
                    $(
                        const RESOLUTION: $crate::__private::Resolution =
                            $crate::__private::Resolution::$resolution $(($resolution_ns))?;
                    )?
                }

                // SAFETY: this arm requires its invoker's `unsafe`, which vouches that
                // `read` returns the clock's time in `0..=KTIME_MAX` and may be called
                // wherever the clock is read, and that `id` is the `clockid_t` of the
                // clock's time base.
                unsafe impl $crate::__private::ClockSource for $name {
                    const ID: $crate::__private::ClockId = $id;

                    #[inline]
                    fn ktime_get() -> $crate::__private::Ktime $read
                }
            };
        )*
    };
}

/// One capability of the rows `[Name*]`, by how its impl is justified (the kinds of
/// [`__clocks_bindings!`](crate::__clocks_bindings)'s `capabilities` slot). The arms that
/// write an `unsafe impl` on the strength of the caller's word take the caller's
/// `unsafe`; the others check what they rely on at compile time, in macros of their own
/// ([`__clock_monotonic_id!`](crate::__clock_monotonic_id) and
/// [`__clock_timer_base!`](crate::__clock_timer_base)): a crate loads a macro whole, arms
/// and all, so the kinds most tables use stay small (`docs/performance.md`).
#[doc(hidden)]
#[macro_export]
macro_rules! __clock_capability {
    ($(unsafe)? plain $seal:ident $trait:ident [$($name:ident)*] [$bindings:ty]) => {
        $(
            impl $crate::__private::$seal for $name {}
            impl $crate::__private::$trait for $name {}
        )*
    };
    (unsafe vouched $seal:ident $trait:ident [$($name:ident)*] [$bindings:ty]) => {
        $(
            // SAFETY: the row declares the capability, and the caller's `unsafe(…)`
            // (which this arm requires) vouches that its getter does what it says;
            // `declare_clocks!` checked what it could (the capability table of
            // typed-clocks-macros).
            unsafe impl $crate::__private::$seal for $name {}
            impl $crate::__private::$trait for $name {}
        )*
    };
    ($(unsafe)? monotonic_id [$($name:ident)*] [$bindings:ty]) => {
        $crate::__clock_monotonic_id! { $($name)* }
    };
    ($(unsafe)? timer_base $rows:tt [$bindings:ty]) => {
        $crate::__clock_timer_base! { [$bindings] $rows }
    };
}

/// `MonotonicClock` for the rows `[Name*]`, checked against their clock ids (the
/// `monotonic_id` kind of [`__clock_capability!`](crate::__clock_capability)).
#[doc(hidden)]
#[macro_export]
macro_rules! __clock_monotonic_id {
    ($($name:ident)*) => {
        $(
            const _: () = $crate::__private::core::assert!(
                $crate::__private::is_monotonic_clock_id(
                    <$name as $crate::__private::PosixClock>::CLOCKID,
                ),
                $crate::__private::core::concat!(
                    "clock `", $crate::__private::core::stringify!($name),
                    "` is declared `monotonic = true`, but `clock_gettime` does not read its clock id as monotonic"
                )
            );
            // SAFETY: the clock is a `PosixClock`, whose (`unsafe`) seal says that it
            // reads `clock_gettime(CLOCKID)`, and the assertion above says that
            // `clock_gettime` reads `CLOCKID` monotonically.
            unsafe impl $crate::__private::SealedMonotonic for $name {}
            impl $crate::__private::MonotonicClock for $name {}
        )*
    };
}

/// `HrTimerClock` for the rows `[(Name "at" [Relative?])*]`, checked against their
/// clock ids (the `timer_base` kind of [`__clock_capability!`](crate::__clock_capability)).
#[doc(hidden)]
#[macro_export]
macro_rules! __clock_timer_base {
    ([$bindings:ty] [$($name:ident $at:literal [$($relative:ident)?])*]) => {
        $(
            const _: () = $crate::__private::core::assert!(
                $crate::__private::has_hrtimer_base(<$name as $crate::__private::ClockSource>::ID),
                $crate::__private::core::concat!(
                    $at, "clock `", $crate::__private::core::stringify!($name),
                    "` is declared `hrtimer = true`, but the kernel has no hrtimer base for its \
                     clock id: fix the row's `clockid` (the bindings' constant has another value \
                     than its name's), or remove `hrtimer = true`"
                )
            );
            const _: () = $crate::__private::core::assert!(
                $crate::__private::is_relative_hrtimer_base(
                    <$name as $crate::__private::ClockSource>::ID,
                    $crate::__clock_timer_base!(@relative_id $($relative)?),
                ),
                $crate::__private::core::concat!(
                    $at, "the clock id of `", $crate::__private::core::stringify!($name),
                    "` is not the one its name says, which typed its relative timers (the kernel \
                     queues relative CLOCK_REALTIME timers on the CLOCK_MONOTONIC base): fix the \
                     row's `clockid`"
                )
            );
            // SAFETY: the assertions above: the kernel has an hrtimer base for `ID`, and
            // `RelativeBase` is the clock of the base it queues relative timers of `ID`
            // on (`NoRelativeHrTimerBase` only for `CLOCK_REALTIME`).
            unsafe impl $crate::__private::HrTimerClock for $name {
                type Bindings = $bindings;
                type RelativeBase = $crate::__clock_timer_base!(@relative_base $($relative)?);
            }
        )*
    };
    (@relative_id) => {
        $crate::__private::core::option::Option::None
    };
    (@relative_id $relative:ident) => {
        $crate::__private::core::option::Option::Some(
            <$relative as $crate::__private::ClockSource>::ID,
        )
    };
    (@relative_base) => {
        $crate::__private::NoRelativeHrTimerBase
    };
    (@relative_base $relative:ident) => {
        $relative
    };
}

/// A clock id constant's stand-in, its check (with the module's glob import in
/// scope), and the id itself; nothing for an integer id (a literal, or a negative one
/// in parentheses).
#[doc(hidden)]
#[macro_export]
macro_rules! __clock_id {
    (@stand_in $id_constant:ident) => {
        /// Stands in for a clock id constant the module lacks.
        #[allow(dead_code, non_upper_case_globals)]
        const $id_constant: $crate::__private::i128 = $crate::__private::MISSING;
    };
    (@stand_in $id:tt) => {};
    (@check $module_text:literal $id_constant:ident $id_at:literal) => {
        $crate::__private::core::assert!(
            $id_constant as $crate::__private::i128 != $crate::__private::MISSING,
            $crate::__private::core::concat!(
                $id_at, "`", $module_text, "` has no clock id constant `",
                $crate::__private::core::stringify!($id_constant),
                "`: fix the row's `clockid` (a constant of that module, or an integer)"
            )
        );
        $crate::__private::core::assert!(
            $crate::__private::fits_clock_id($id_constant as $crate::__private::i128),
            $crate::__private::core::concat!(
                $id_at, "the clock id constant `",
                $crate::__private::core::stringify!($id_constant),
                "` of `", $module_text, "` does not fit a `clockid_t`: fix the row's `clockid`"
            )
        );
    };
    (@check $module_text:literal $id:tt) => {};
    (@id [$($module:tt)+] $id_constant:ident) => {{
        #[allow(unused_imports)]
        use $($module)+::*;
        $crate::__private::clock_id($id_constant as $crate::__private::i128)
    }};
    (@id [$($module:tt)+] $id:tt) => {
        $id
    };
}
