//! Upstream 7.3.4's items and, per item, the snippets that use it: upstream's
//! doctests, the in-tree call sites' shapes, the natural generic and trait uses, and
//! code inside the kernel crate. Every snippet compiles against upstream (the harness
//! checks it); the ones that ours refuses by design say why ([`Refusal`]).

/// Where a snippet's code lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// In a crate that uses the kernel crate (a driver, a doctest).
    User,
    /// Inside the kernel crate, as a module of it (`crate::time::…`).
    KernelCrate,
}

/// The upstream file an item is declared in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum File {
    /// `rust/kernel/time.rs`.
    Time,
    /// `rust/kernel/time/delay.rs`.
    Delay,
    /// `rust/kernel/io/poll.rs`.
    Poll,
    /// `rust/kernel/time/hrtimer.rs` and `time/hrtimer/*.rs`.
    Hrtimer,
}

impl File {
    /// Every file, in the table's order.
    pub const ALL: [File; 4] = [Time, Delay, Poll, Hrtimer];

    /// The file's name in the table.
    pub fn name(self) -> &'static str {
        match self {
            Time => "`time.rs`",
            Delay => "`time/delay.rs`",
            Poll => "`io/poll.rs`",
            Hrtimer => "`time/hrtimer.rs`, `time/hrtimer/*.rs`",
        }
    }
}

/// One use of an item.
#[derive(Debug)]
pub struct Snippet {
    /// A unique name.
    pub id: &'static str,
    /// Where the code lives.
    pub place: Where,
    /// Why ours refuses it by design, if it does: its failure against ours is listed
    /// with the reason and does not count against the item.
    pub refused: Option<Refusal>,
    /// The code: a library crate using `kernel` (or, in the kernel crate, a module).
    /// Empty for a doctest.
    pub code: &'static str,
    /// An upstream doctest, taken from the fixtures: the file (under `rust/kernel/`)
    /// and the index of the Rust code block in it.
    pub doctest: Option<(&'static str, usize)>,
}

impl Snippet {
    /// The code to compile: `code`, or the doctest as rustdoc would compile it.
    pub fn source(&self) -> String {
        match self.doctest {
            None => self.code.to_owned(),
            Some((file, n)) => doctest(file, n),
        }
    }
}

/// Why ours refuses a use that compiles against upstream: a patch of the series that
/// makes the API stricter on purpose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Refusal {
    /// `impl_has_hr_timer!` takes only a balanced generic parameter list.
    GenericsList,
    /// No timer in a `#[repr(packed)]` struct.
    PackedTimer,
    /// No relative timer mode on `RealTime`.
    RelativeRealTime,
    /// `ClockSource: 'static`.
    StaticClock,
    /// `elapsed()` only on a `MonotonicClock`.
    MonotonicElapsed,
    /// Timer modes only over an `HrTimerClock`.
    HrTimerBase,
}

impl Refusal {
    /// Every refusal, in the order of the patches.
    pub const ALL: [Refusal; 6] = [
        Refusal::GenericsList,
        Refusal::PackedTimer,
        Refusal::RelativeRealTime,
        Refusal::StaticClock,
        Refusal::MonotonicElapsed,
        Refusal::HrTimerBase,
    ];

    /// The patch that refuses the use, by its file name without the number
    /// (`git format-patch`'s subject), which renumbering the series keeps.
    pub fn patch_subject(self) -> &'static str {
        match self {
            Refusal::GenericsList => "rust-time-hrtimer-accept-only-a-generic-parameter-li",
            Refusal::PackedTimer => "rust-time-hrtimer-never-set-up-a-misaligned-timer",
            Refusal::RelativeRealTime => "rust-time-hrtimer-no-relative-timer-modes-on-the-rea",
            Refusal::StaticClock => "rust-time-make-ClockSource-static",
            Refusal::MonotonicElapsed => "rust-time-measure-elapsed-time-on-monotonic-clocks-o",
            Refusal::HrTimerBase => "rust-time-hrtimer-timer-modes-only-on-clocks-with-an",
        }
    }

    /// The file of the patch in `kernel-integration/linux/patches/`.
    pub fn patch_file(self) -> String {
        let dir = crate::patches_dir();
        let suffix = format!("-{}.patch", self.patch_subject());
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(&suffix))
            .collect();
        assert_eq!(names.len(), 1, "one patch *{suffix} in {}", dir.display());
        names.remove(0)
    }

    /// The number of the patch in the series (`0013`).
    pub fn patch_number(self) -> String {
        let file = self.patch_file();
        file[..file.find('-').expect("NNNN-subject.patch")].to_owned()
    }

    /// Whether the refused use is unsound against upstream (safe code that breaks
    /// memory safety), rather than sound but wrong or meaningless.
    pub fn unsound(self) -> bool {
        matches!(self, Refusal::GenericsList | Refusal::PackedTimer)
    }

    /// What ours refuses, and why.
    pub fn reason(self) -> &'static str {
        match self {
            Refusal::GenericsList => {
                "`impl_has_hr_timer!` takes only a generic parameter list whose angle brackets \
                 balance. Upstream pastes the tokens after the `unsafe impl<` it writes, so \
                 tokens that close the bracket add items of their own, an `unsafe impl Sync` \
                 that the caller never wrote among them, in code without `unsafe`"
            }
            Refusal::PackedTimer => {
                "no timer in a `#[repr(packed)]` struct, at any depth (E0588, and E0793 for \
                 `impl_has_hr_timer!` on a packed field). Upstream sets such a timer up, \
                 queues it and calls back through a misaligned pointer, from safe code \
                 (`pin_init!` of the packed struct, `start`)"
            }
            Refusal::RelativeRealTime => {
                "no relative mode on `RealTime` (`RelativeHrTimerClock`). The kernel queues a \
                 relative `CLOCK_REALTIME` timer on the monotonic base, so upstream's \
                 `Instant<RealTime>` instants of such a timer hold monotonic times: \
                 `expires()` is a value of another clock, and `forward_now()` forwards from \
                 the wall clock, some 1.7e12 overruns, decades ahead"
            }
            Refusal::StaticClock => {
                "`ClockSource: 'static`: a clock is a unit type naming a kernel clock, so \
                 generic code that keeps an `Instant<C>` in a timer's data or a static needs \
                 no `C: 'static` of its own. No clock in the tree borrows"
            }
            Refusal::MonotonicElapsed => {
                "`elapsed()` only on a `MonotonicClock`: on a clock that can be set, a step \
                 in between makes the time since an instant negative or huge, so a timeout \
                 measured so expires never or at once. Every in-tree caller measures on \
                 `Monotonic`"
            }
            Refusal::HrTimerBase => {
                "timer modes only over an `HrTimerClock`: the kernel has hrtimer bases for \
                 `CLOCK_MONOTONIC`, `CLOCK_REALTIME`, `CLOCK_BOOTTIME` and `CLOCK_TAI` only, \
                 and `hrtimer_setup()` warns about another clock and queues the timer on the \
                 monotonic base"
            }
        }
    }
}

/// The `n`th Rust code block of the doc comments of upstream's `rust/kernel/FILE`, as
/// rustdoc builds it: hidden lines (`# `) included, the body in a function (returning
/// the `Result` that a trailing `Ok::<(), E>(())` names), and the implicit
/// `use kernel::prelude::*;` of the kernel's doctests.
pub fn doctest(file: &str, n: usize) -> String {
    doctest_in(&crate::upstream_dir(), file, n)
}

/// [`doctest`] of the copy of `rust/kernel/` in `dir` (upstream's, or the series').
pub fn doctest_in(dir: &std::path::Path, file: &str, n: usize) -> String {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut blocks: Vec<Vec<String>> = Vec::new();
    let mut current: Option<Vec<String>> = None;
    let mut skipping = false;
    for line in text.lines() {
        let line = line.trim_start();
        let Some(doc) = line
            .strip_prefix("//!")
            .or_else(|| line.strip_prefix("///"))
        else {
            continue;
        };
        let doc = doc.strip_prefix(' ').unwrap_or(doc);
        if let Some(info) = doc.strip_prefix("```") {
            if current.is_some() || skipping {
                if let Some(block) = current.take() {
                    blocks.push(block);
                }
                skipping = false;
            } else if matches!(info.trim(), "" | "rust" | "no_run") {
                current = Some(Vec::new());
            } else {
                skipping = true;
            }
            continue;
        }
        if let Some(block) = current.as_mut() {
            let code = match doc {
                "#" => "",
                _ => doc.strip_prefix("# ").unwrap_or(doc),
            };
            block.push(code.to_owned());
        }
    }
    let block = blocks
        .get(n)
        .unwrap_or_else(|| panic!("{file} has {} Rust code blocks", blocks.len()));
    let body = block.join("\n");
    let result = block
        .last()
        .and_then(|last| last.strip_prefix("Ok::<(), "))
        .and_then(|rest| rest.strip_suffix(">(())"));
    match result {
        Some(error) => format!(
            "#![allow(unused)]\npub fn doctest() -> Result<(), {error}> {{\n#[allow(unused_imports)]\nuse kernel::prelude::*;\n{body}\n}}\n"
        ),
        None => format!(
            "#![allow(unused)]\npub fn doctest() {{\n#[allow(unused_imports)]\nuse kernel::prelude::*;\n{body}\n}}\n"
        ),
    }
}

/// One upstream item.
#[derive(Debug)]
pub struct Item {
    /// Its file.
    pub file: File,
    /// Its name as the table shows it.
    pub name: &'static str,
    /// Its uses.
    pub snippets: &'static [Snippet],
}

/// A snippet in a user crate.
const fn u(id: &'static str, code: &'static str) -> Snippet {
    Snippet {
        id,
        place: Where::User,
        refused: None,
        code,
        doctest: None,
    }
}

/// A snippet inside the kernel crate.
const fn k(id: &'static str, code: &'static str) -> Snippet {
    Snippet {
        id,
        place: Where::KernelCrate,
        refused: None,
        code,
        doctest: None,
    }
}

/// A user snippet that ours refuses by design, for the reason `why`.
const fn d(id: &'static str, why: Refusal, code: &'static str) -> Snippet {
    Snippet {
        id,
        place: Where::User,
        refused: Some(why),
        code,
        doctest: None,
    }
}

/// Upstream's doctest `n` of `rust/kernel/FILE`, as the kernel's KUnit names it.
const fn dt(id: &'static str, file: &'static str, n: usize) -> Snippet {
    Snippet {
        id,
        place: Where::User,
        refused: None,
        code: "",
        doctest: Some((file, n)),
    }
}

/// An item.
const fn item(file: File, name: &'static str, snippets: &'static [Snippet]) -> Item {
    Item {
        file,
        name,
        snippets,
    }
}

use File::*;

/// A `Pin<KBox<_>>` timer type in upstream's doctest shape: `BoxTimer`, relative on
/// `Monotonic`.
macro_rules! box_timer {
    () => {
        r#"
use kernel::prelude::*;
use kernel::time::hrtimer::{
    HasHrTimer, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerPointer,
    HrTimerRestart, RelativeMode,
};
use kernel::time::{Delta, Monotonic};
use kernel::impl_has_hr_timer;

#[pin_data]
pub struct BoxTimer {
    #[pin]
    timer: HrTimer<Self>,
    count: u32,
}

impl BoxTimer {
    pub fn new() -> impl PinInit<Self> {
        pin_init!(Self { timer <- HrTimer::new(), count: 0 })
    }
}

impl HrTimerCallback for BoxTimer {
    type Pointer<'a> = Pin<KBox<Self>>;

    fn run(this: Pin<&mut Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        let _ = this.count;
        HrTimerRestart::NoRestart
    }
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for BoxTimer {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}
"#
    };
}

/// An `Arc` timer type in upstream's doctest shape: `ArcTimer`, relative on `Monotonic`.
macro_rules! arc_timer {
    () => {
        r#"
use core::sync::atomic::{AtomicU32, Ordering};
use kernel::prelude::*;
use kernel::sync::{Arc, ArcBorrow};
use kernel::time::hrtimer::{
    HasHrTimer, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerPointer,
    HrTimerRestart, RelativeMode,
};
use kernel::time::{Delta, Monotonic};
use kernel::impl_has_hr_timer;

#[pin_data]
pub struct ArcTimer {
    #[pin]
    timer: HrTimer<Self>,
    count: AtomicU32,
}

impl ArcTimer {
    pub fn new() -> impl PinInit<Self> {
        pin_init!(Self { timer <- HrTimer::new(), count: AtomicU32::new(0) })
    }
}

impl HrTimerCallback for ArcTimer {
    type Pointer<'a> = Arc<Self>;

    fn run(this: ArcBorrow<'_, Self>, mut ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        if this.count.fetch_add(1, Ordering::Relaxed) < 3 {
            ctx.forward_now(Delta::from_micros(200));
            HrTimerRestart::Restart
        } else {
            HrTimerRestart::NoRestart
        }
    }
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for ArcTimer {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}
"#
    };
}

/// A stack timer for `Pin<&T>` (`RefTimer`) and one for `Pin<&mut T>` (`MutTimer`).
macro_rules! pin_timers {
    () => {
        r#"
use core::sync::atomic::{AtomicU32, Ordering};
use kernel::prelude::*;
use kernel::time::hrtimer::{
    HasHrTimer, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerRestart,
    RelativeMode, ScopedHrTimerPointer, UnsafeHrTimerPointer,
};
use kernel::time::{Delta, Monotonic};
use kernel::impl_has_hr_timer;

#[pin_data]
pub struct RefTimer {
    #[pin]
    timer: HrTimer<Self>,
    count: AtomicU32,
}

impl RefTimer {
    pub fn new() -> impl PinInit<Self> {
        pin_init!(Self { timer <- HrTimer::new(), count: AtomicU32::new(0) })
    }
}

impl HrTimerCallback for RefTimer {
    type Pointer<'a> = Pin<&'a Self>;

    fn run(this: Pin<&Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.count.fetch_add(1, Ordering::Relaxed);
        HrTimerRestart::NoRestart
    }
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for RefTimer {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

#[pin_data]
pub struct MutTimer {
    #[pin]
    timer: HrTimer<Self>,
    count: u32,
}

impl MutTimer {
    pub fn new() -> impl PinInit<Self> {
        pin_init!(Self { timer <- HrTimer::new(), count: 0 })
    }
}

impl HrTimerCallback for MutTimer {
    type Pointer<'a> = Pin<&'a mut Self>;

    fn run(this: Pin<&mut Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        // SAFETY: `count` is not structurally pinned.
        unsafe { this.get_unchecked_mut().count += 1 };
        HrTimerRestart::NoRestart
    }
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for MutTimer {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}
"#
    };
}

/// The item of one mode type: an expiry of its kind on `Monotonic`, the mode over any
/// `ClockSource` (refused by design: modes need an hrtimer base), and `$extra` uses.
macro_rules! mode {
    ($mode:literal, $expires:literal $(, $extra:expr)* $(,)?) => {
        item(
            Hrtimer,
            concat!("`", $mode, "<C>`"),
            &[
                u(
                    concat!("mode_", $mode),
                    concat!(
                        "use kernel::time::hrtimer::{HrTimerMode, ",
                        $mode,
                        "};\nuse kernel::time::{Delta, Instant, Monotonic};\n",
                        "pub fn expiry() -> <",
                        $mode,
                        "<Monotonic> as HrTimerMode>::Expires { ",
                        $expires,
                        " }\n",
                        "pub type Clock = <",
                        $mode,
                        "<Monotonic> as HrTimerMode>::Clock;\n"
                    ),
                ),
                d(
                    concat!("mode_", $mode, "_any_clock"),
                    Refusal::HrTimerBase,
                    concat!(
                        "use kernel::time::hrtimer::",
                        $mode,
                        ";\nuse kernel::time::ClockSource;\n",
                        "pub fn f<C: ClockSource>() -> core::marker::PhantomData<",
                        $mode,
                        "<C>> { core::marker::PhantomData }\n"
                    ),
                ),
                $($extra,)*
            ],
        )
    };
}

/// The item of one relative mode type: [`mode!`]'s uses and the mode on `RealTime`
/// (refused by design: its timers are queued on the monotonic base).
macro_rules! relative_mode {
    ($mode:literal $(, $extra:expr)* $(,)?) => {
        mode!(
            $mode,
            "Delta::ZERO",
            d(
                concat!("mode_", $mode, "_realtime"),
                Refusal::RelativeRealTime,
                concat!(
                    "use kernel::time::hrtimer::{HrTimerMode, ",
                    $mode,
                    "};\nuse kernel::time::{Delta, RealTime};\n",
                    "pub fn expiry() -> <",
                    $mode,
                    "<RealTime> as HrTimerMode>::Expires { Delta::ZERO }\n"
                ),
            )
            $(, $extra)*
        )
    };
}

/// Every upstream item with its snippets.
pub const ITEMS: &[Item] = &[
    // ---- time.rs --------------------------------------------------------------------
    item(
        Time,
        "`NSEC_PER_USEC`",
        &[u(
            "nsec_per_usec",
            r#"
use kernel::time::NSEC_PER_USEC;
pub const US: i64 = 3 * NSEC_PER_USEC;
"#,
        )],
    ),
    item(
        Time,
        "`NSEC_PER_MSEC`",
        &[u(
            "nsec_per_msec",
            r#"
pub fn ms(n: i64) -> i64 { n / kernel::time::NSEC_PER_MSEC }
"#,
        )],
    ),
    item(
        Time,
        "`NSEC_PER_SEC`",
        &[u(
            "nsec_per_sec",
            r#"
// drivers/pwm/pwm_th1520.rs
use kernel::time;
pub const P: u64 = time::NSEC_PER_SEC as u64;
pub fn f() -> usize { time::NSEC_PER_SEC as usize }
"#,
        )],
    ),
    item(
        Time,
        "`Jiffies`",
        &[u(
            "jiffies",
            r#"
// rust/kernel/serdev.rs, sync/condvar.rs
use kernel::time::Jiffies;
pub fn f(timeout: Jiffies) -> isize { isize::try_from(timeout).unwrap_or_default() }
pub fn g(j: Jiffies) -> kernel::ffi::c_long { j.try_into().unwrap_or(kernel::ffi::c_long::MAX) }
pub fn h(res: kernel::ffi::c_long) -> Jiffies { res as Jiffies }
pub fn i(j: Jiffies) -> usize { j }
"#,
        )],
    ),
    item(
        Time,
        "`Msecs`",
        &[u(
            "msecs",
            r#"
use kernel::time::Msecs;
pub fn f(m: Msecs) -> kernel::ffi::c_uint { m }
"#,
        )],
    ),
    item(
        Time,
        "`msecs_to_jiffies`",
        &[u(
            "msecs_to_jiffies",
            r#"
// drivers/android/binder/process.rs
pub fn f(timeout_ms: u32) -> kernel::time::Jiffies { kernel::time::msecs_to_jiffies(timeout_ms) }
pub const F: fn(kernel::time::Msecs) -> kernel::time::Jiffies = kernel::time::msecs_to_jiffies;
"#,
        )],
    ),
    item(
        Time,
        "`ClockSource`",
        &[
            u(
                "clock_source_generic",
                r#"
use kernel::time::{ClockSource, Delta, Instant};
pub fn since<C: ClockSource>(start: Instant<C>) -> Delta { Instant::<C>::now() - start }
"#,
            ),
            u(
                "clock_source_impl",
                r#"
use kernel::time::ClockSource;
pub struct MyClock;
// SAFETY: as `Monotonic`'s.
unsafe impl ClockSource for MyClock {
    const ID: kernel::bindings::clockid_t = kernel::bindings::CLOCK_MONOTONIC as _;
    fn ktime_get() -> kernel::bindings::ktime_t { 0 }
}
pub fn now() -> kernel::time::Instant<MyClock> { kernel::time::Instant::now() }
"#,
            ),
            k(
                "clock_source_impl_in_crate",
                r#"
// A clock declared in `time.rs` as upstream declares its four.
use crate::time::{ClockSource, Instant};
pub struct RawClock;
// SAFETY: `ktime_get_raw()` returns a value in `0..=KTIME_MAX`.
unsafe impl ClockSource for RawClock {
    const ID: crate::bindings::clockid_t = crate::bindings::CLOCK_MONOTONIC_RAW as crate::bindings::clockid_t;
    fn ktime_get() -> crate::bindings::ktime_t {
        // SAFETY: it is always safe to call `ktime_get_raw()` outside of NMI context.
        unsafe { crate::bindings::ktime_get_raw() }
    }
}
pub fn now() -> Instant<RawClock> { Instant::now() }
"#,
            ),
            u(
                "clock_source_user_const_name",
                r#"
use kernel::time::{ClockSource, Monotonic};
pub trait Named { const NAME: &'static str; }
impl Named for Monotonic { const NAME: &'static str = "mono"; }
pub fn name<C: ClockSource + Named>() -> &'static str { C::NAME }
"#,
            ),
            u(
                "clock_source_user_const_monotonic",
                r#"
use kernel::time::ClockSource;
pub trait Steady { const MONOTONIC: bool; }
pub fn steady<C: ClockSource + Steady>() -> bool { C::MONOTONIC }
"#,
            ),
            u(
                "clock_source_user_const_resolution",
                r#"
use kernel::time::ClockSource;
pub trait Res { const RESOLUTION: i64; }
pub fn res<C: ClockSource + Res>() -> i64 { C::RESOLUTION }
"#,
            ),
            u(
                "clock_source_user_const_glob",
                r#"
use kernel::time::*;
pub trait Named { const NAME: &'static str; const RESOLUTION: u32; }
impl Named for Monotonic { const NAME: &'static str = "mono"; const RESOLUTION: u32 = 1; }
pub fn name() -> (&'static str, u32) { (Monotonic::NAME, Monotonic::RESOLUTION) }
"#,
            ),
            d(
                "clock_source_non_static",
                Refusal::StaticClock,
                r#"
use kernel::time::ClockSource;
pub struct Borrowed<'a>(&'a ());
// SAFETY: as `Monotonic`'s.
unsafe impl<'a> ClockSource for Borrowed<'a> {
    const ID: kernel::bindings::clockid_t = kernel::bindings::CLOCK_MONOTONIC as _;
    fn ktime_get() -> kernel::bindings::ktime_t { 0 }
}
"#,
            ),
        ],
    ),
    item(
        Time,
        "`ClockSource::ID`",
        &[u(
            "clock_source_id",
            r#"
use kernel::time::{ClockSource, Monotonic};
pub fn id<C: ClockSource>() -> kernel::bindings::clockid_t { C::ID }
pub const M: kernel::bindings::clockid_t = Monotonic::ID;
"#,
        )],
    ),
    item(
        Time,
        "`ClockSource::ktime_get`",
        &[u(
            "clock_source_ktime_get",
            r#"
use kernel::time::{ClockSource, Tai};
pub fn raw<C: ClockSource>() -> kernel::bindings::ktime_t { C::ktime_get() }
pub fn tai() -> kernel::bindings::ktime_t { Tai::ktime_get() }
"#,
        )],
    ),
    item(
        Time,
        "`Monotonic`",
        &[
            k(
                "clock_core_trait_impl",
                r#"
use crate::time::Monotonic;
impl core::fmt::Debug for Monotonic {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result { f.write_str("CLOCK_MONOTONIC") }
}
"#,
            ),
            u(
                "monotonic",
                r#"
use kernel::time::{Instant, Monotonic};
pub struct Transaction { pub start_time: Instant<Monotonic> }
pub fn new() -> Transaction { Transaction { start_time: Instant::now() } }
pub const M: Monotonic = Monotonic;
"#,
            ),
        ],
    ),
    item(
        Time,
        "`RealTime`",
        &[u(
            "realtime",
            r#"
use kernel::time::{Instant, RealTime};
pub fn now() -> Instant<RealTime> { Instant::now() }
pub const R: RealTime = RealTime;
"#,
        )],
    ),
    item(
        Time,
        "`BootTime`",
        &[u(
            "boottime",
            r#"
use kernel::time::{BootTime, Instant};
pub fn up() -> kernel::time::Delta { Instant::<BootTime>::now().elapsed() }
pub const B: BootTime = BootTime;
"#,
        )],
    ),
    item(
        Time,
        "`Tai`",
        &[u(
            "tai",
            r#"
use kernel::time::{Instant, Tai};
pub fn now() -> Instant<Tai> { Instant::now() }
pub const T: Tai = Tai;
"#,
        )],
    ),
    item(
        Time,
        "`Instant<C>`",
        &[
            k(
                "instant_from_ktime_in_crate",
                r#"
use crate::time::{Instant, Monotonic};
// SAFETY: 0 is in `0..=KTIME_MAX`.
pub(crate) fn zero() -> Instant<Monotonic> { unsafe { Instant::from_ktime(0) } }
"#,
            ),
            u(
                "instant_derives_generic",
                r#"
use kernel::time::{ClockSource, Instant};
pub fn eq<C: ClockSource + PartialEq>(a: Instant<C>, b: Instant<C>) -> bool { a == b }
pub fn ord<C: ClockSource + Ord>(a: Instant<C>, b: Instant<C>) -> core::cmp::Ordering { a.cmp(&b) }
pub struct Stamp<C: ClockSource> { pub at: Instant<C> }
"#,
            ),
            u(
                "instant_copy",
                r#"
use kernel::time::{ClockSource, Instant, Monotonic};
pub fn twice<C: ClockSource>(i: Instant<C>) -> (Instant<C>, Instant<C>) { (i, i.clone()) }
pub fn field() -> Option<Instant<Monotonic>> { None }
"#,
            ),
            u(
                "instant_user_extension_trait",
                r#"
use kernel::time::{ClockSource, Delta, Instant};
pub trait InstantExt: Sized { fn checked_add(self, d: Delta) -> Self; }
impl<C: ClockSource> InstantExt for Instant<C> { fn checked_add(self, d: Delta) -> Self { self + d } }
pub fn later<C: ClockSource>(i: Instant<C>) -> Instant<C> { i.checked_add(Delta::from_secs(1)) }
"#,
            ),
            u(
                "instant_user_ktime_trait",
                r#"
use kernel::time::*;
pub trait Raw: Sized { fn to_ktime(self) -> u64; fn from_ktime(k: u64) -> Self; fn to_clock(self) -> u8; }
impl<C: ClockSource> Raw for Instant<C> {
    fn to_ktime(self) -> u64 { 0 }
    fn from_ktime(_k: u64) -> Self { Instant::now() }
    fn to_clock(self) -> u8 { 0 }
}
pub fn raw(i: Instant<Monotonic>) -> (u64, Instant<Monotonic>, u8) {
    (i.to_ktime(), Instant::from_ktime(5u64), i.to_clock())
}
"#,
            ),
            k(
                "instant_inherent_impl",
                r#"
use crate::time::{ClockSource, Instant};
impl<C: ClockSource> Instant<C> {
    pub fn twice(self) -> (Self, Self) { (self, self) }
}
"#,
            ),
            k(
                "instant_core_trait_impl",
                r#"
use crate::time::{ClockSource, Instant};
impl<C: ClockSource> core::fmt::Debug for Instant<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result { f.write_str("Instant") }
}
"#,
            ),
            k(
                "instant_as_nanos_in_crate",
                r#"
use crate::time::{Instant, Monotonic};
pub(crate) fn nanos(i: Instant<Monotonic>) -> i64 { i.as_nanos() }
"#,
            ),
        ],
    ),
    item(
        Time,
        "`Instant::now`",
        &[u(
            "instant_now",
            r#"
// lib/find_bit_benchmark_rust.rs
use kernel::time::{Instant, Monotonic};
pub fn bench() -> i64 {
    let time = Instant::<Monotonic>::now();
    time.elapsed().as_nanos()
}
pub fn generic<C: kernel::time::ClockSource>() -> Instant<C> { Instant::now() }
"#,
        )],
    ),
    item(
        Time,
        "`Instant::elapsed`",
        &[
            u(
                "instant_elapsed_monotonic",
                r#"
// drivers/android/binder/transaction.rs, io/poll.rs
use kernel::time::{Delta, Instant, Monotonic};
pub fn ms(start_time: &Instant<Monotonic>) -> i64 { start_time.elapsed().as_millis() }
pub fn expired(start: Instant<Monotonic>, timeout_delta: Delta) -> bool { start.elapsed() > timeout_delta }
"#,
            ),
            d(
                "instant_elapsed_realtime",
                Refusal::MonotonicElapsed,
                r#"
use kernel::time::{Delta, Instant, RealTime};
pub fn since(t: Instant<RealTime>) -> Delta { t.elapsed() }
"#,
            ),
            d(
                "instant_elapsed_generic",
                Refusal::MonotonicElapsed,
                r#"
use kernel::time::{ClockSource, Delta, Instant};
pub fn since<C: ClockSource>(t: Instant<C>) -> Delta { t.elapsed() }
"#,
            ),
        ],
    ),
    item(
        Time,
        "`Instant<C> - Instant<C>`",
        &[u(
            "instant_sub_instant",
            r#"
use kernel::time::{ClockSource, Delta, Instant, Monotonic};
pub fn between(a: Instant<Monotonic>, b: Instant<Monotonic>) -> Delta { b - a }
pub fn g<C: ClockSource>(a: Instant<C>, b: Instant<C>) -> Delta { core::ops::Sub::sub(b, a) }
"#,
        )],
    ),
    item(
        Time,
        "`Instant<C> + Delta`",
        &[
            u(
                "instant_add_into",
                r#"
use kernel::time::{Delta, Instant, Monotonic};
pub fn f(i: Instant<Monotonic>, d: Delta) -> Instant<Monotonic> { i + d.into() }
"#,
            ),
            u(
                "instant_add_delta",
                r#"
use kernel::time::{ClockSource, Delta, Instant};
pub fn deadline<C: ClockSource>(d: Delta) -> Instant<C> { Instant::<C>::now() + d }
"#,
            ),
        ],
    ),
    item(
        Time,
        "`Instant<C> - Delta`",
        &[u(
            "instant_sub_delta",
            r#"
use kernel::time::{ClockSource, Delta, Instant};
pub fn before<C: ClockSource>(i: Instant<C>, d: Delta) -> Instant<C> { i - d }
"#,
        )],
    ),
    item(
        Time,
        "`TimeUnit`",
        &[u(
            "time_unit",
            r#"
use kernel::time::{Delta, TimeUnit};
pub fn same<U: TimeUnit + PartialEq>(a: Delta<U>, b: Delta<U>) -> bool { a == b }
pub fn copy<U: TimeUnit + Copy>(a: Delta<U>) -> (Delta<U>, Delta<U>) { (a, a) }
"#,
        )],
    ),
    item(
        Time,
        "`TimeUnit::Repr`",
        &[u(
            "time_unit_repr",
            r#"
use kernel::time::{Jiffy, Nsec, TimeUnit};
pub fn n(x: <Nsec as TimeUnit>::Repr) -> i64 { x }
pub fn j(x: <Jiffy as TimeUnit>::Repr) -> isize { x }
pub fn cmp<U: TimeUnit>(a: U::Repr, b: U::Repr) -> bool { a < b && a == b }
"#,
        )],
    ),
    item(
        Time,
        "`Nsec`",
        &[
            u(
                "nsec_derives",
                r#"
use kernel::time::{Jiffy, Nsec};
fn is<T: Copy + Clone + PartialEq + PartialOrd + Eq + Ord + core::fmt::Debug>() {}
pub fn f() { is::<Nsec>(); is::<Jiffy>(); }
"#,
            ),
            u(
                "nsec",
                r#"
use kernel::time::{Delta, Nsec};
pub fn f(d: Delta<Nsec>) -> Delta { d }
pub fn dbg(n: &Nsec) -> &dyn core::fmt::Debug { n }
"#,
            ),
        ],
    ),
    item(
        Time,
        "`Jiffy`",
        &[u(
            "jiffy",
            r#"
use kernel::time::{Delta, Jiffy};
pub fn f(d: Delta<Jiffy>) -> isize { d.as_jiffies() }
pub fn dbg(n: &Jiffy) -> &dyn core::fmt::Debug { n }
"#,
        )],
    ),
    item(
        Time,
        "`Delta<U>`",
        &[
            u(
                "delta_derives_generic",
                r#"
use kernel::time::{Delta, TimeUnit};
pub fn f<U: TimeUnit + Ord + Clone>(a: Delta<U>, b: &Delta<U>) -> (core::cmp::Ordering, Delta<U>) { (a.cmp(b), b.clone()) }
pub fn g<U: TimeUnit + PartialOrd>(a: Delta<U>, b: Delta<U>) -> bool { a < b }
"#,
            ),
            k(
                "delta_kernel_display_impl",
                r#"
use crate::time::Delta;
impl crate::fmt::Display for Delta {
    fn fmt(&self, f: &mut crate::fmt::Formatter<'_>) -> crate::fmt::Result { write!(f, "{}ns", self.as_nanos()) }
}
"#,
            ),
            u(
                "delta_layout",
                r#"
use kernel::time::{Delta, Instant, Monotonic};
const _: () = assert!(core::mem::size_of::<Delta>() == 8);
const _: () = assert!(core::mem::size_of::<Instant<Monotonic>>() == 8);
fn is<T: Send + Sync + Unpin + 'static>() {}
pub fn f() { is::<Delta>(); is::<Instant<Monotonic>>(); }
"#,
            ),
            u(
                "delta_cmp_into",
                r#"
use kernel::time::{Delta, Instant, Monotonic};
pub fn f(a: Delta, b: Delta) -> bool { a < b.into() && a == b.into() }
"#,
            ),
            u(
                "delta_derives",
                r#"
use kernel::time::{Delta, Jiffy};
pub fn f(a: Delta, b: Delta) -> bool { a < b || a == b || a.max(b) == b }
pub fn j(a: Delta<Jiffy>, b: Delta<Jiffy>) -> core::cmp::Ordering { a.cmp(&b) }
pub fn dbg(d: Delta) -> String { format!("{d:?}") }
pub struct Cfg { pub timeout: Delta }
"#,
            ),
            u(
                "delta_debug_generic",
                r#"
use kernel::time::{Delta, TimeUnit};
pub fn dbg<U: TimeUnit + core::fmt::Debug>(d: Delta<U>) -> String { format!("{d:?}") }
"#,
            ),
            u(
                "delta_user_extension_trait",
                r#"
use kernel::time::Delta;
pub trait DeltaExt { fn checked_add(self, o: Delta) -> Delta; fn abs(self) -> Delta; }
impl DeltaExt for Delta {
    fn checked_add(self, o: Delta) -> Delta { self + o }
    fn abs(self) -> Delta { if self.is_negative() { Delta::ZERO - self } else { self } }
}
pub fn sum(a: Delta, b: Delta) -> Delta { a.checked_add(b).abs() }
"#,
            ),
            u(
                "delta_user_as_secs",
                r#"
use kernel::time::Delta;
pub trait Secs { fn as_secs(self) -> u32; }
impl Secs for Delta { fn as_secs(self) -> u32 { (self.as_millis() / 1000) as u32 } }
pub fn secs(d: Delta) -> u32 { d.as_secs() }
"#,
            ),
            u(
                "delta_user_consts",
                r#"
use kernel::time::*;
pub trait Bounds { const MAX: Self; fn saturating_add(self, o: Self) -> u8; }
impl Bounds for Delta {
    const MAX: Delta = Delta::from_secs(1);
    fn saturating_add(self, _o: Self) -> u8 { 0 }
}
pub fn max() -> (Delta, u8) { (Delta::MAX, Delta::ZERO.saturating_add(Delta::ZERO)) }
"#,
            ),
            k(
                "delta_inherent_impl",
                r#"
use crate::time::Delta;
impl Delta {
    pub fn twice(self) -> Self { self + self }
}
"#,
            ),
            k(
                "delta_core_trait_impl",
                r#"
use crate::time::Delta;
impl core::hash::Hash for Delta {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) { self.as_nanos().hash(h) }
}
"#,
            ),
        ],
    ),
    item(
        Time,
        "`Delta::<Jiffy>::from_jiffies`",
        &[u(
            "from_jiffies",
            r#"
use kernel::time::{Delta, Jiffy};
pub const J: Delta<Jiffy> = Delta::<Jiffy>::from_jiffies(3);
pub fn f(j: isize) -> Delta<Jiffy> { Delta::from_jiffies(j) }
"#,
        )],
    ),
    item(
        Time,
        "`Delta::<Jiffy>::as_jiffies`",
        &[u(
            "as_jiffies",
            r#"
use kernel::time::{Delta, Jiffy};
pub const N: isize = Delta::<Jiffy>::from_jiffies(3).as_jiffies();
"#,
        )],
    ),
    item(
        Time,
        "`Delta::ZERO`",
        &[u(
            "delta_zero",
            r#"
// drivers/gpu/nova-core/falcon.rs
use kernel::time::Delta;
pub const Z: Delta = Delta::ZERO;
pub fn z() -> Delta { Delta::ZERO }
"#,
        )],
    ),
    item(
        Time,
        "`Delta::from_nanos`",
        &[u(
            "from_nanos",
            r#"
use kernel::time::Delta;
pub const D: Delta = Delta::from_nanos(5);
pub fn f(n: i64) -> Delta { Delta::from_nanos(n) }
"#,
        )],
    ),
    item(
        Time,
        "`Delta::from_micros`",
        &[u(
            "from_micros",
            r#"
// drivers/gpu/nova-core/gsp/sequencer.rs, regs.rs
use kernel::time::{self, Delta};
pub fn f(us: u32) -> Delta { Delta::from_micros(i64::from(us)) }
pub const D: Delta = time::Delta::from_micros(10);
"#,
        )],
    ),
    item(
        Time,
        "`Delta::from_millis`",
        &[
            u(
                "from_millis_into",
                r#"
use kernel::time::{Delta, Instant, Monotonic};
pub fn f(ms: u32) -> Delta { Delta::from_millis(ms.into()) }
"#,
            ),
            u(
                "from_millis",
                r#"
// drivers/gpu/nova-core/fsp.rs, drivers/net/phy/qt2025.rs
use kernel::time::Delta;
const TIMEOUT_MS: i64 = 50;
pub const D: Delta = Delta::from_millis(TIMEOUT_MS);
pub fn f() -> Delta { Delta::from_millis(50) }
"#,
            ),
        ],
    ),
    item(
        Time,
        "`Delta::from_secs`",
        &[u(
            "from_secs",
            r#"
// drivers/gpu/nova-core/gsp/cmdq.rs
use kernel::time::Delta;
pub struct Cmdq;
impl Cmdq { pub const RECEIVE_TIMEOUT: Delta = Delta::from_secs(5); }
pub fn f() -> Delta { Delta::from_secs(2) }
"#,
        )],
    ),
    item(
        Time,
        "`Delta::is_zero`",
        &[u(
            "is_zero",
            r#"
use kernel::time::Delta;
pub fn f(sleep_delta: Delta) -> bool { !sleep_delta.is_zero() }
"#,
        )],
    ),
    item(
        Time,
        "`Delta::is_negative`",
        &[u(
            "is_negative",
            r#"
use kernel::time::Delta;
pub fn f(d: Delta) -> bool { d.is_negative() }
"#,
        )],
    ),
    item(
        Time,
        "`Delta::as_nanos`",
        &[u(
            "as_nanos",
            r#"
use kernel::time::Delta;
pub const N: i64 = Delta::from_millis(1).as_nanos();
pub fn f(d: Delta) -> i64 { d.as_nanos() }
"#,
        )],
    ),
    item(
        Time,
        "`Delta::as_micros_ceil`",
        &[u(
            "as_micros_ceil",
            r#"
use kernel::time::Delta;
pub fn f(d: Delta) -> kernel::ffi::c_ulong { d.as_micros_ceil() as kernel::ffi::c_ulong }
"#,
        )],
    ),
    item(
        Time,
        "`Delta::as_millis`",
        &[u(
            "as_millis",
            r#"
use kernel::time::Delta;
pub fn f(d: Delta) -> i64 { d.as_millis() }
"#,
        )],
    ),
    item(
        Time,
        "`Delta::as_millis_ceil`",
        &[u(
            "as_millis_ceil",
            r#"
use kernel::time::Delta;
pub fn f(d: Delta) -> i64 { d.as_millis_ceil() }
"#,
        )],
    ),
    item(
        Time,
        "`Delta::rem_nanos`",
        &[
            u(
                "rem_nanos_into",
                r#"
use kernel::time::{Delta, Instant, Monotonic};
pub fn f(d: Delta, n: i16) -> Delta { d.rem_nanos(n.into()) }
"#,
            ),
            u(
                "rem_nanos",
                r#"
use kernel::time::Delta;
pub fn f(d: Delta) -> Delta { d.rem_nanos(1000) }
"#,
            ),
        ],
    ),
    item(
        Time,
        "`Delta + Delta`",
        &[
            u(
                "delta_add_into",
                r#"
use kernel::time::{Delta, Instant, Monotonic};
pub fn f(a: Delta, b: Delta) -> Delta { a + b.into() }
"#,
            ),
            u(
                "delta_add",
                r#"
use kernel::time::Delta;
pub fn f(a: Delta, b: Delta) -> Delta { a + b }
pub fn sum(v: &[Delta]) -> Delta { v.iter().fold(Delta::ZERO, |acc, d| acc + *d) }
"#,
            ),
        ],
    ),
    item(
        Time,
        "`Delta += Delta`",
        &[
            u(
                "delta_add_assign_into",
                r#"
use kernel::time::{Delta, Instant, Monotonic};
pub fn f(mut a: Delta, b: Delta) -> Delta { a += b.into(); a }
"#,
            ),
            u(
                "delta_add_assign",
                r#"
use kernel::time::Delta;
pub fn f(mut a: Delta, b: Delta) -> Delta { a += b; a }
"#,
            ),
        ],
    ),
    item(
        Time,
        "`Delta - Delta`",
        &[
            u(
                "delta_sub_into",
                r#"
use kernel::time::{Delta, Instant, Monotonic};
pub fn f(a: Delta, b: Delta) -> Delta { a - b.into() }
"#,
            ),
            u(
                "delta_sub",
                r#"
use kernel::time::Delta;
pub fn f(a: Delta, b: Delta) -> Delta { a - b }
"#,
            ),
        ],
    ),
    item(
        Time,
        "`Delta -= Delta`",
        &[
            u(
                "delta_sub_assign_into",
                r#"
use kernel::time::{Delta, Instant, Monotonic};
pub fn f(mut a: Delta, b: Delta) -> Delta { a -= b.into(); a }
"#,
            ),
            u(
                "delta_sub_assign",
                r#"
use kernel::time::Delta;
pub fn f(mut a: Delta, b: Delta) -> Delta { a -= b; a }
"#,
            ),
        ],
    ),
    item(
        Time,
        "`Delta * i64`",
        &[
            u(
                "delta_mul",
                r#"
use kernel::time::Delta;
pub fn f(a: Delta, n: i64) -> Delta { a * n }
"#,
            ),
            u(
                "delta_mul_into",
                r#"
use kernel::time::Delta;
pub fn f(a: Delta, n: i32) -> Delta { a * n.into() }
"#,
            ),
        ],
    ),
    item(
        Time,
        "`Delta *= i64`",
        &[
            u(
                "delta_mul_assign_into",
                r#"
use kernel::time::{Delta, Instant, Monotonic};
pub fn f(mut a: Delta, n: i32) -> Delta { a *= n.into(); a }
"#,
            ),
            u(
                "delta_mul_assign",
                r#"
use kernel::time::Delta;
pub fn f(mut a: Delta) -> Delta { a *= 2; a }
"#,
            ),
        ],
    ),
    item(
        Time,
        "`Delta / Delta`",
        &[
            u(
                "delta_div",
                r#"
use kernel::time::Delta;
pub fn f(a: Delta, b: Delta) -> i64 { a / b }
"#,
            ),
            u(
                "delta_div_into",
                r#"
use kernel::time::Delta;
pub fn f(a: Delta, b: Delta) -> i64 { a / b.into() }
"#,
            ),
        ],
    ),
    // ---- time/delay.rs --------------------------------------------------------------
    item(
        Delay,
        "`fsleep`",
        &[u(
            "fsleep",
            r#"
// drivers/gpu/nova-core/regs.rs, gsp/sequencer.rs
use kernel::time::{self, delay::fsleep, Delta};
pub fn f() { time::delay::fsleep(time::Delta::from_micros(10)) }
pub fn g(us: u32) { fsleep(Delta::from_micros(i64::from(us))) }
pub const F: fn(Delta) = fsleep;
"#,
        )],
    ),
    item(
        Delay,
        "`udelay`",
        &[u(
            "udelay",
            r#"
use kernel::time::{delay::udelay, Delta};
pub fn f() { udelay(Delta::from_micros(50)) }
pub const F: fn(Delta) = udelay;
"#,
        )],
    ),
    // ---- io/poll.rs -----------------------------------------------------------------
    item(
        Poll,
        "`read_poll_timeout`",
        &[
            u(
                "read_poll_timeout_tyr_fw",
                r#"
// drivers/gpu/drm/tyr/fw.rs, mmu/address_space.rs
use kernel::io::poll;
use kernel::prelude::*;
use kernel::time;
pub fn f(a: impl Fn() -> u32, b: impl Fn() -> u32) -> Result {
    if let Err(e) = poll::read_poll_timeout(
        || Ok((a(), b())),
        |(x, y)| *x == *y,
        time::Delta::from_micros(10),
        time::Delta::from_millis(100),
    ) {
        return Err(e);
    }
    let op = || -> Result<u32> { Some(a()).ok_or(EINVAL) };
    let cond = |v: &u32| *v == 0;
    poll::read_poll_timeout(op, cond, time::Delta::from_micros(10), time::Delta::from_millis(10))?;
    let _ = poll::read_poll_timeout(|| Ok(b()), |v| *v != 0, time::Delta::ZERO, time::Delta::from_secs(2));
    Ok(())
}
"#,
            ),
            dt("rust_doctest_kernel_io_poll_rs_0", "io/poll.rs", 0),
            u(
                "read_poll_timeout_qt2025",
                r#"
// drivers/net/phy/qt2025.rs
use kernel::io::poll::read_poll_timeout;
use kernel::prelude::*;
use kernel::time::Delta;
pub fn probe(read: impl Fn() -> Result<u16>) -> Result<()> {
    read_poll_timeout(
        || read(),
        |val| *val != 0x00 && *val != 0x10,
        Delta::from_millis(50),
        Delta::from_secs(3),
    )?;
    Ok(())
}
"#,
            ),
            u(
                "read_poll_timeout_shapes",
                r#"
// drivers/gpu/nova-core, drivers/gpu/drm/tyr
use kernel::io::poll;
use kernel::prelude::*;
use kernel::time;
pub fn a(reg: &core::sync::atomic::AtomicU32) -> Result<()> {
    poll::read_poll_timeout(
        || Ok(reg.load(core::sync::atomic::Ordering::Relaxed)),
        |&v| v & 1 == 0,
        time::Delta::ZERO,
        time::Delta::from_millis(100),
    )
    .inspect_err(|_| ())?;
    Ok(())
}
pub fn b(op: impl FnMut() -> Result<bool>, timeout: time::Delta) -> Result<()> {
    poll::read_poll_timeout(op, |val: &bool| *val, time::Delta::from_micros(10), timeout).map(|_| ())
}
pub fn c(v: Option<u32>) -> Result<u32> {
    let r: Option<u32> = poll::read_poll_timeout(|| Ok(v), |v| v.is_some(), time::Delta::ZERO, time::Delta::from_secs(2))?;
    r.ok_or(EIO)
}
"#,
            ),
        ],
    ),
    item(
        Poll,
        "`read_poll_timeout_atomic`",
        &[
            dt("rust_doctest_kernel_io_poll_rs_1", "io/poll.rs", 1),
            u(
                "read_poll_timeout_atomic",
                r#"
// io/poll.rs's example
use kernel::io::poll::read_poll_timeout_atomic;
use kernel::prelude::*;
use kernel::time::Delta;
pub fn wait(try_read16: impl Fn() -> Result<u16>) -> Result<()> {
    read_poll_timeout_atomic(|| try_read16(), |val: &u16| *val == 1, Delta::from_micros(50), 1000)?;
    Ok(())
}
"#,
            ),
        ],
    ),
    // ---- time/hrtimer.rs, time/hrtimer/*.rs -----------------------------------------
    item(
        Hrtimer,
        "`HrTimerInstant<T>`",
        &[
            u(
                "hrtimer_instant_now_through_alias",
                r#"
use kernel::time::hrtimer::{HasHrTimer, HrTimerInstant};
pub fn now<T: HasHrTimer<T>>() -> HrTimerInstant<T> { HrTimerInstant::<T>::now() }
"#,
            ),
            u(
                "hrtimer_instant_generic",
                r#"
use kernel::time::hrtimer::{HasHrTimer, HrTimerInstant};
use kernel::time::Instant;
pub fn now<T: HasHrTimer<T>>() -> HrTimerInstant<T> { Instant::now() }
"#,
            ),
            u(
                "hrtimer_instant",
                concat!(
                    box_timer!(),
                    r#"
use kernel::time::hrtimer::HrTimerInstant;
use kernel::time::Instant;
pub fn now() -> HrTimerInstant<BoxTimer> { Instant::<Monotonic>::now() }
"#
                ),
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HrTimer<T>`",
        &[
            k(
                "hrtimer_core_trait_impl",
                r#"
use crate::time::hrtimer::HrTimer;
impl<T> core::fmt::Debug for HrTimer<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result { f.write_str("HrTimer") }
}
"#,
            ),
            k(
                "hrtimer_raw_cancel_in_crate",
                r#"
use crate::time::hrtimer::{HasHrTimer, HrTimer};
pub(crate) unsafe fn cancel<T: HasHrTimer<T>>(p: *const HrTimer<T>) -> bool {
    // SAFETY: the caller's.
    unsafe { HrTimer::<T>::raw_cancel(p) }
}
"#,
            ),
            u(
                "hrtimer_send_sync",
                r#"
use kernel::time::hrtimer::HrTimer;
fn is<T: Send + Sync>() {}
pub fn f<T>() { is::<HrTimer<T>>() }
"#,
            ),
            u(
                "hrtimer_box_doctest",
                concat!(
                    box_timer!(),
                    r#"
pub fn start() -> Result<()> {
    let has_timer = KBox::pin_init(BoxTimer::new(), GFP_KERNEL)?;
    let _handle = has_timer.start(Delta::from_micros(200));
    Ok(())
}
"#
                ),
            ),
            u(
                "hrtimer_generic_field",
                r#"
use kernel::time::hrtimer::HrTimer;
pub struct Holder<T> { pub timer: HrTimer<T> }
pub fn size<T>() -> usize { core::mem::size_of::<HrTimer<T>>() }
"#,
            ),
            k(
                "hrtimer_inherent_impl",
                r#"
use crate::time::hrtimer::HrTimer;
impl<T> HrTimer<T> {
    pub fn nothing(&self) {}
}
"#,
            ),
            u(
                "hrtimer_user_extension_trait",
                r#"
use kernel::time::hrtimer::HrTimer;
pub trait Cancel { fn try_cancel(&self) -> u8; }
impl<T> Cancel for HrTimer<T> { fn try_cancel(&self) -> u8 { 0 } }
pub fn f<T>(t: &HrTimer<T>) -> u8 { t.try_cancel() }
"#,
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HrTimer::new`",
        &[
            u(
                "hrtimer_new_turbofish",
                concat!(
                    box_timer!(),
                    r#"
pub fn init() -> impl PinInit<HrTimer<BoxTimer>> { HrTimer::<BoxTimer>::new() }
"#
                ),
            ),
            u(
                "hrtimer_new_in_pin_init",
                concat!(
                    box_timer!(),
                    r#"
pub fn init() -> impl PinInit<BoxTimer> { BoxTimer::new() }
"#
                ),
            ),
            u(
                "hrtimer_new_generic",
                r#"
use kernel::prelude::*;
use kernel::time::hrtimer::{HasHrTimer, HrTimer, HrTimerCallback};
pub fn init<T: HrTimerCallback + HasHrTimer<T>>() -> impl PinInit<HrTimer<T>> { HrTimer::new() }
"#,
            ),
            u(
                "hrtimer_new_in_generic_packed_struct",
                concat!(
                    box_timer!(),
                    r#"
#[pin_data]
#[repr(C, packed)]
pub struct Packed<T> { flag: u8, #[pin] inner: T }
pub fn init() -> impl PinInit<Packed<BoxTimer>> {
    pin_init!(Packed::<BoxTimer> { flag: 0, inner <- BoxTimer::new() })
}
"#
                ),
            ),
            d(
                "hrtimer_new_in_packed_struct",
                Refusal::PackedTimer,
                concat!(
                    box_timer!(),
                    r#"
#[pin_data]
#[repr(C, packed)]
pub struct Packed { flag: u8, #[pin] inner: BoxTimer }
pub fn init() -> impl PinInit<Packed> { pin_init!(Packed { flag: 0, inner <- BoxTimer::new() }) }
"#
                ),
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HrTimer::forward`",
        &[
            u(
                "hrtimer_forward_generic",
                r#"
use core::pin::Pin;
use kernel::time::Delta;
use kernel::time::hrtimer::{HasHrTimer, HrTimer, HrTimerInstant};
pub fn f<T: HasHrTimer<T>>(t: Pin<&mut HrTimer<T>>, now: HrTimerInstant<T>) -> u64 { t.forward(now, Delta::from_millis(1)) }
"#,
            ),
            u(
                "hrtimer_forward",
                concat!(
                    box_timer!(),
                    r#"
use kernel::time::Instant;
pub fn f(t: Pin<&mut HrTimer<BoxTimer>>) -> u64 { t.forward(Instant::now(), Delta::from_millis(1)) }
"#
                ),
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HrTimer::forward_now`",
        &[
            u(
                "hrtimer_forward_now_generic",
                r#"
use core::pin::Pin;
use kernel::time::Delta;
use kernel::time::hrtimer::{HasHrTimer, HrTimer};
pub fn f<T: HasHrTimer<T>>(t: Pin<&mut HrTimer<T>>) -> u64 { t.forward_now(Delta::from_millis(1)) }
"#,
            ),
            u(
                "hrtimer_forward_now",
                concat!(
                    box_timer!(),
                    r#"
pub fn f(t: Pin<&mut HrTimer<BoxTimer>>) -> u64 { t.forward_now(Delta::from_millis(1)) }
"#
                ),
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HrTimer::expires`",
        &[
            u(
                "hrtimer_expires",
                concat!(
                    box_timer!(),
                    r#"
use kernel::time::hrtimer::HrTimerInstant;
pub fn f(t: &HrTimer<BoxTimer>) -> HrTimerInstant<BoxTimer> { t.expires() }
pub fn g<T: HasHrTimer<T>>(t: &HrTimer<T>) -> kernel::time::hrtimer::HrTimerInstant<T> { t.expires() }
"#
                ),
            ),
            u(
                "hrtimer_expires_mode_clock",
                r#"
use kernel::time::hrtimer::{HasHrTimer, HrTimer, HrTimerMode};
use kernel::time::Instant;
pub fn f<T: HasHrTimer<T>>(t: &HrTimer<T>) -> Instant<<T::TimerMode as HrTimerMode>::Clock> {
    t.expires()
}
"#,
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HrTimerPointer`",
        &[
            u(
                "hrtimer_pointer_user_impl",
                r#"
use kernel::time::hrtimer::{HrTimerHandle, HrTimerPointer, RelativeMode};
use kernel::time::{Delta, Monotonic};
pub struct Handle;
// SAFETY: there is no timer.
unsafe impl HrTimerHandle for Handle { fn cancel(&mut self) -> bool { false } }
pub struct Ptr;
impl HrTimerPointer for Ptr {
    type TimerMode = RelativeMode<Monotonic>;
    type TimerHandle = Handle;
    fn start(self, _expires: Delta) -> Handle { Handle }
}
"#,
            ),
            u(
                "hrtimer_pointer_generic",
                r#"
use kernel::time::hrtimer::{HrTimerMode, HrTimerPointer};
pub fn start<P: HrTimerPointer>(p: P, e: <P::TimerMode as HrTimerMode>::Expires) -> P::TimerHandle { p.start(e) }
"#,
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HrTimerPointer::TimerMode`",
        &[u(
            "hrtimer_pointer_timer_mode",
            concat!(
                box_timer!(),
                r#"
pub type M = <Pin<KBox<BoxTimer>> as HrTimerPointer>::TimerMode;
pub fn e() -> <M as kernel::time::hrtimer::HrTimerMode>::Expires { Delta::ZERO }
"#
            ),
        )],
    ),
    item(
        Hrtimer,
        "`HrTimerPointer::TimerHandle`",
        &[u(
            "hrtimer_pointer_timer_handle",
            concat!(
                arc_timer!(),
                r#"
use kernel::time::hrtimer::{ArcHrTimerHandle, HrTimerHandle};
pub fn f(h: &mut <Arc<ArcTimer> as HrTimerPointer>::TimerHandle) -> bool { h.cancel() }
pub fn g(h: ArcHrTimerHandle<ArcTimer>) -> <Arc<ArcTimer> as HrTimerPointer>::TimerHandle { h }
"#
            ),
        )],
    ),
    item(
        Hrtimer,
        "`HrTimerPointer::start`",
        &[
            u(
                "hrtimer_pointer_start_generic_arc",
                r#"
use kernel::sync::Arc;
use kernel::time::hrtimer::{ArcHrTimerHandle, HasHrTimer, HrTimerCallback, HrTimerMode, HrTimerPointer};
pub fn f<T>(a: Arc<T>, e: <<T as HasHrTimer<T>>::TimerMode as HrTimerMode>::Expires) -> ArcHrTimerHandle<T>
where
    T: 'static + Send + Sync + HasHrTimer<T> + for<'a> HrTimerCallback<Pointer<'a> = Arc<T>>,
{
    a.start(e)
}
"#,
            ),
            u(
                "hrtimer_arc_doctest",
                concat!(
                    arc_timer!(),
                    r#"
pub fn start() -> Result<()> {
    let has_timer = Arc::pin_init(ArcTimer::new(), GFP_KERNEL)?;
    let _handle = has_timer.clone().start(Delta::from_micros(200));
    Ok(())
}
"#
                ),
            ),
        ],
    ),
    item(
        Hrtimer,
        "`UnsafeHrTimerPointer`",
        &[u(
            "unsafe_hrtimer_pointer_generic",
            r#"
use kernel::time::hrtimer::{HrTimerMode, UnsafeHrTimerPointer};
pub unsafe fn start<P: UnsafeHrTimerPointer>(p: P, e: <P::TimerMode as HrTimerMode>::Expires) -> P::TimerHandle {
    unsafe { p.start(e) }
}
"#,
        )],
    ),
    item(
        Hrtimer,
        "`UnsafeHrTimerPointer::TimerMode`",
        &[u(
            "unsafe_hrtimer_pointer_timer_mode",
            concat!(
                pin_timers!(),
                r#"
pub type M<'a> = <Pin<&'a RefTimer> as UnsafeHrTimerPointer>::TimerMode;
pub fn e() -> <M<'static> as kernel::time::hrtimer::HrTimerMode>::Expires { Delta::ZERO }
"#
            ),
        )],
    ),
    item(
        Hrtimer,
        "`UnsafeHrTimerPointer::TimerHandle`",
        &[u(
            "unsafe_hrtimer_pointer_timer_handle",
            concat!(
                pin_timers!(),
                r#"
use kernel::time::hrtimer::HrTimerHandle;
pub fn f(h: &mut <Pin<&RefTimer> as UnsafeHrTimerPointer>::TimerHandle) -> bool { h.cancel() }
"#
            ),
        )],
    ),
    item(
        Hrtimer,
        "`UnsafeHrTimerPointer::start`",
        &[u(
            "unsafe_hrtimer_pointer_start",
            concat!(
                pin_timers!(),
                r#"
pub fn f(t: Pin<&RefTimer>) {
    // SAFETY: the handle is dropped before `t`'s referent.
    let handle = unsafe { UnsafeHrTimerPointer::start(t, Delta::from_micros(10)) };
    drop(handle);
}
"#
            ),
        )],
    ),
    item(
        Hrtimer,
        "`ScopedHrTimerPointer`",
        &[
            u(
                "scoped_hrtimer_pointer_user_impl",
                r#"
use kernel::time::hrtimer::{RelativeMode, ScopedHrTimerPointer};
use kernel::time::{Delta, Monotonic};
pub struct Ptr;
// SAFETY: no timer is started.
unsafe impl ScopedHrTimerPointer for Ptr {
    type TimerMode = RelativeMode<Monotonic>;
    fn start_scoped<T, F: FnOnce() -> T>(self, _expires: Delta, f: F) -> T { f() }
}
"#,
            ),
            u(
                "scoped_hrtimer_pointer_generic",
                r#"
use kernel::time::hrtimer::{HrTimerMode, ScopedHrTimerPointer};
pub fn run<P: ScopedHrTimerPointer>(p: P, e: <P::TimerMode as HrTimerMode>::Expires) -> u32 { p.start_scoped(e, || 1) }
"#,
            ),
        ],
    ),
    item(
        Hrtimer,
        "`ScopedHrTimerPointer::TimerMode`",
        &[u(
            "scoped_hrtimer_pointer_timer_mode",
            concat!(
                pin_timers!(),
                r#"
pub type M<'a> = <Pin<&'a mut MutTimer> as ScopedHrTimerPointer>::TimerMode;
pub fn e() -> <M<'static> as kernel::time::hrtimer::HrTimerMode>::Expires { Delta::ZERO }
"#
            ),
        )],
    ),
    item(
        Hrtimer,
        "`ScopedHrTimerPointer::start_scoped`",
        &[
            u(
                "hrtimer_pin_doctest",
                concat!(
                    pin_timers!(),
                    r#"
use pin_init::stack_pin_init;
pub fn f() -> u32 {
    stack_pin_init!( let has_timer = RefTimer::new() );
    has_timer.as_ref().start_scoped(Delta::from_micros(200), || {
        has_timer.count.load(Ordering::Relaxed)
    })
}
"#
                ),
            ),
            u(
                "hrtimer_pin_mut_doctest",
                concat!(
                    pin_timers!(),
                    r#"
use pin_init::stack_pin_init;
pub fn f() {
    stack_pin_init!( let has_timer = MutTimer::new() );
    has_timer.as_mut().start_scoped(Delta::from_micros(200), || ());
}
"#
                ),
            ),
        ],
    ),
    item(
        Hrtimer,
        "`RawHrTimerCallback`",
        &[u(
            "raw_hrtimer_callback_bound",
            r#"
use kernel::time::hrtimer::{HrTimerCallback, RawHrTimerCallback};
pub fn is<P: RawHrTimerCallback>() {}
pub fn of<T: HrTimerCallback>() { is::<T::Pointer<'static>>() }
"#,
        )],
    ),
    item(
        Hrtimer,
        "`RawHrTimerCallback::CallbackTarget`",
        &[u(
            "raw_hrtimer_callback_target",
            concat!(
                arc_timer!(),
                r#"
use kernel::time::hrtimer::RawHrTimerCallback;
pub fn f<'a>(b: ArcBorrow<'a, ArcTimer>) -> <Arc<ArcTimer> as RawHrTimerCallback>::CallbackTarget<'a> { b }
"#
            ),
        )],
    ),
    item(
        Hrtimer,
        "`RawHrTimerCallback::run`",
        &[
            u(
                "raw_hrtimer_callback_run_generic",
                r#"
use kernel::bindings;
use kernel::time::hrtimer::RawHrTimerCallback;
pub fn cb<P: RawHrTimerCallback>() -> unsafe extern "C" fn(*mut bindings::hrtimer) -> bindings::hrtimer_restart { P::run }
"#,
            ),
            u(
                "raw_hrtimer_callback_run_impl",
                r#"
use kernel::bindings;
use kernel::time::hrtimer::RawHrTimerCallback;
pub struct Raw;
impl RawHrTimerCallback for Raw {
    type CallbackTarget<'a> = &'a Raw;
    unsafe extern "C" fn run(_this: *mut bindings::hrtimer) -> bindings::hrtimer_restart {
        bindings::hrtimer_restart::HRTIMER_NORESTART
    }
}
"#,
            ),
            k(
                "raw_hrtimer_callback_pointer_in_crate",
                r#"
// A timer pointer of the kernel crate, as `hrtimer/arc.rs`: a `&'static T`.
use crate::bindings;
use crate::time::hrtimer::{
    HasHrTimer, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerHandle, HrTimerMode,
    HrTimerPointer, RawHrTimerCallback,
};

pub struct Static<T: 'static>(pub &'static T);

pub struct StaticHrTimerHandle<T: HasHrTimer<T> + 'static>(&'static T);

// SAFETY: `drop` cancels the timer.
unsafe impl<T: HasHrTimer<T>> HrTimerHandle for StaticHrTimerHandle<T> {
    fn cancel(&mut self) -> bool {
        // SAFETY: `self.0` points to a valid `T`.
        let timer_ptr = unsafe { <T as HasHrTimer<T>>::raw_get_timer(self.0) };
        // SAFETY: `timer_ptr` points to the `HrTimer` of a valid `T`.
        unsafe { HrTimer::<T>::raw_cancel(timer_ptr) }
    }
}

impl<T: HasHrTimer<T>> Drop for StaticHrTimerHandle<T> {
    fn drop(&mut self) {
        self.cancel();
    }
}

impl<T> HrTimerPointer for Static<T>
where
    T: Send + Sync + HasHrTimer<T> + for<'a> HrTimerCallback<Pointer<'a> = Self>,
{
    type TimerMode = <T as HasHrTimer<T>>::TimerMode;
    type TimerHandle = StaticHrTimerHandle<T>;

    fn start(self, expires: <<T as HasHrTimer<T>>::TimerMode as HrTimerMode>::Expires) -> StaticHrTimerHandle<T> {
        // SAFETY: a `'static` `T` outlives the timer.
        unsafe { T::start(self.0, expires) };
        StaticHrTimerHandle(self.0)
    }
}

impl<T> RawHrTimerCallback for Static<T>
where
    T: HasHrTimer<T> + for<'a> HrTimerCallback<Pointer<'a> = Self>,
{
    type CallbackTarget<'a> = &'a T;

    unsafe extern "C" fn run(ptr: *mut bindings::hrtimer) -> bindings::hrtimer_restart {
        let timer_ptr = ptr.cast::<HrTimer<T>>();
        // SAFETY: `ptr` is the timer of a `T` that C passes back.
        let data_ptr = unsafe { T::timer_container_of(timer_ptr) };
        // SAFETY: as above; we are in the callback.
        let context = unsafe { HrTimerCallbackContext::from_raw(timer_ptr) };
        // SAFETY: the `T` is `'static`.
        let restart = T::run(unsafe { &*data_ptr }, context);
        bindings::hrtimer_restart(restart as crate::ffi::c_uint)
    }
}
"#,
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HrTimerCallback`",
        &[u(
            "hrtimer_callback_impl",
            concat!(
                box_timer!(),
                r#"
pub fn is<T: HrTimerCallback>() {}
pub fn f() { is::<BoxTimer>() }
"#
            ),
        )],
    ),
    item(
        Hrtimer,
        "`HrTimerCallback::Pointer`",
        &[u(
            "hrtimer_callback_pointer",
            concat!(
                box_timer!(),
                r#"
pub fn f(p: Pin<KBox<BoxTimer>>) -> <BoxTimer as HrTimerCallback>::Pointer<'static> { p }
"#
            ),
        )],
    ),
    item(
        Hrtimer,
        "`HrTimerCallback::run`",
        &[u(
            "hrtimer_callback_run",
            concat!(
                box_timer!(),
                r#"
pub fn f(this: Pin<&mut BoxTimer>, ctx: HrTimerCallbackContext<'_, BoxTimer>) -> HrTimerRestart {
    <BoxTimer as HrTimerCallback>::run(this, ctx)
}
"#
            ),
        )],
    ),
    item(
        Hrtimer,
        "`HrTimerHandle`",
        &[
            u(
                "hrtimer_handle_dyn",
                r#"
use kernel::time::hrtimer::HrTimerHandle;
pub fn stop(h: &mut dyn HrTimerHandle) -> bool { h.cancel() }
"#,
            ),
            u(
                "hrtimer_handle_impl",
                r#"
use kernel::time::hrtimer::HrTimerHandle;
pub struct Never;
// SAFETY: there is no timer.
unsafe impl HrTimerHandle for Never { fn cancel(&mut self) -> bool { false } }
pub fn drop_all<H: HrTimerHandle>(h: Vec<H>) { drop(h) }
"#,
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HrTimerHandle::cancel`",
        &[u(
            "hrtimer_handle_cancel",
            concat!(
                arc_timer!(),
                r#"
use kernel::time::hrtimer::HrTimerHandle;
pub fn stop<H: HrTimerHandle>(h: &mut H) -> bool { h.cancel() }
pub fn f(t: Arc<ArcTimer>) -> bool { let mut h = t.start(Delta::from_millis(1)); h.cancel() }
"#
            ),
        )],
    ),
    item(
        Hrtimer,
        "`HasHrTimer<T>`",
        &[u(
            "has_hr_timer_by_hand",
            r#"
use kernel::prelude::*;
use kernel::time::Monotonic;
use kernel::time::hrtimer::{
    HasHrTimer, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerRestart, RelativeMode,
};
#[pin_data]
pub struct ByHand { #[pin] timer: HrTimer<Self> }
impl HrTimerCallback for ByHand {
    type Pointer<'a> = Pin<KBox<Self>>;
    fn run(_this: Pin<&mut Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart { HrTimerRestart::NoRestart }
}
// SAFETY: `raw_get_timer` and `timer_container_of` step to and from the field.
unsafe impl HasHrTimer<ByHand> for ByHand {
    type TimerMode = RelativeMode<Monotonic>;
    unsafe fn raw_get_timer(this: *const Self) -> *const HrTimer<ByHand> {
        // SAFETY: the caller's.
        unsafe { core::ptr::addr_of!((*this).timer) }
    }
    unsafe fn timer_container_of(ptr: *mut HrTimer<ByHand>) -> *mut Self {
        // SAFETY: the caller's.
        unsafe { kernel::container_of!(ptr, ByHand, timer) }
    }
}
"#,
        )],
    ),
    item(
        Hrtimer,
        "`HasHrTimer::TimerMode`",
        &[u(
            "has_hr_timer_timer_mode",
            concat!(
                box_timer!(),
                r#"
pub type M = <BoxTimer as HasHrTimer<BoxTimer>>::TimerMode;
pub fn e() -> <M as kernel::time::hrtimer::HrTimerMode>::Expires { Delta::from_millis(1) }
"#
            ),
        )],
    ),
    item(
        Hrtimer,
        "`HasHrTimer::raw_get_timer`",
        &[
            u(
                "has_hr_timer_raw_get_timer",
                r#"
use kernel::time::hrtimer::{HasHrTimer, HrTimer};
pub fn f<T: HasHrTimer<T>>(p: *const T) -> *const HrTimer<T> { unsafe { T::raw_get_timer(p) } }
"#,
            ),
            k(
                "has_hr_timer_raw_get_timer_in_crate",
                r#"
// `hrtimer/arc.rs`'s cancel.
use crate::time::hrtimer::{HasHrTimer, HrTimer};
pub(crate) unsafe fn cancel<T: HasHrTimer<T>>(this: *const T) -> bool {
    // SAFETY: the caller's `this` points to a valid `T`.
    let timer_ptr = unsafe { T::raw_get_timer(this) };
    // SAFETY: `timer_ptr` points to the `HrTimer` of a valid `T`.
    unsafe { HrTimer::<T>::raw_cancel(timer_ptr) }
}
"#,
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HasHrTimer::timer_container_of`",
        &[
            u(
                "has_hr_timer_timer_container_of",
                r#"
use kernel::time::hrtimer::{HasHrTimer, HrTimer};
pub fn f<T: HasHrTimer<T>>(p: *mut HrTimer<T>) -> *mut T { unsafe { T::timer_container_of(p) } }
"#,
            ),
            k(
                "has_hr_timer_timer_container_of_in_crate",
                r#"
// `hrtimer/arc.rs`'s callback, up to its data.
use crate::time::hrtimer::{HasHrTimer, HrTimer};
pub(crate) unsafe fn data<T: HasHrTimer<T>>(ptr: *mut crate::bindings::hrtimer) -> *mut T {
    // SAFETY: the caller's `ptr` is the timer of a `T`.
    unsafe { T::timer_container_of(ptr.cast::<HrTimer<T>>()) }
}
"#,
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HasHrTimer::c_timer_ptr`",
        &[
            u(
                "has_hr_timer_c_timer_ptr",
                r#"
use kernel::time::hrtimer::HasHrTimer;
pub fn f<T: HasHrTimer<T>>(p: *const T) -> *const kernel::bindings::hrtimer { unsafe { T::c_timer_ptr(p) } }
"#,
            ),
            k(
                "has_hr_timer_c_timer_ptr_in_crate",
                r#"
use crate::time::hrtimer::HasHrTimer;
pub(crate) unsafe fn try_cancel<T: HasHrTimer<T>>(this: *const T) -> bool {
    // SAFETY: the caller's `this` points to a valid `T`, whose timer is set up.
    unsafe { crate::bindings::hrtimer_try_to_cancel(T::c_timer_ptr(this).cast_mut()) == 1 }
}
"#,
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HasHrTimer::start`",
        &[
            u(
                "has_hr_timer_start_generic",
                r#"
use kernel::time::hrtimer::{HasHrTimer, HrTimerMode};
pub unsafe fn f<T: HasHrTimer<T>>(p: *const T, e: <T::TimerMode as HrTimerMode>::Expires) {
    // SAFETY: the caller's.
    unsafe { T::start(p, e) }
}
"#,
            ),
            u(
                "has_hr_timer_start",
                concat!(
                    box_timer!(),
                    r#"
pub fn f(p: *const BoxTimer) {
    // SAFETY: the caller's `p` is valid and stays so while the timer runs.
    unsafe { <BoxTimer as HasHrTimer<BoxTimer>>::start(p, Delta::from_millis(1)) }
}
"#
                ),
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HrTimerRestart`",
        &[
            u(
                "hrtimer_restart_derives",
                r#"
use kernel::time::hrtimer::HrTimerRestart;
pub fn f(r: HrTimerRestart) -> (bool, String, HrTimerRestart) { (r == HrTimerRestart::Restart, format!("{r:?}"), r.clone()) }
"#,
            ),
            u(
                "hrtimer_restart_use",
                r#"
use kernel::time::hrtimer::HrTimerRestart;
pub fn f(again: bool) -> HrTimerRestart { if again { HrTimerRestart::Restart } else { HrTimerRestart::NoRestart } }
pub fn raw(r: HrTimerRestart) -> u32 { r as u32 }
"#,
            ),
            u(
                "hrtimer_restart_repr",
                r#"
use kernel::time::hrtimer::HrTimerRestart;
const _: () = assert!(core::mem::size_of::<HrTimerRestart>() == 4);
pub fn raw(r: HrTimerRestart) -> u32 { unsafe { core::mem::transmute::<HrTimerRestart, u32>(r) } }
"#,
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HrTimerExpires`",
        &[
            u(
                "hrtimer_expires_user_impl",
                r#"
use kernel::time::hrtimer::HrTimerExpires;
pub struct Ticks(pub i64);
impl HrTimerExpires for Ticks { fn as_nanos(&self) -> i64 { self.0 * 1000 } }
"#,
            ),
            u(
                "hrtimer_expires_bound",
                r#"
use kernel::time::hrtimer::HrTimerExpires;
use kernel::time::{Delta, Instant, Monotonic};
pub fn is<E: HrTimerExpires>() {}
pub fn f() { is::<Delta>(); is::<Instant<Monotonic>>(); }
"#,
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HrTimerExpires::as_nanos`",
        &[u(
            "hrtimer_expires_as_nanos",
            r#"
use kernel::time::hrtimer::HrTimerExpires;
pub fn f<E: HrTimerExpires>(e: &E) -> i64 { e.as_nanos() }
pub fn g(d: &kernel::time::Delta) -> i64 { HrTimerExpires::as_nanos(d) }
"#,
        )],
    ),
    item(
        Hrtimer,
        "`HrTimerMode`",
        &[
            u(
                "hrtimer_mode_bound",
                r#"
use kernel::time::hrtimer::{HrTimerMode, RelativeMode};
use kernel::time::Monotonic;
pub fn is<M: HrTimerMode>() {}
pub fn f() { is::<RelativeMode<Monotonic>>() }
"#,
            ),
            u(
                "hrtimer_mode_user_assoc_type",
                r#"
use kernel::time::hrtimer::{HrTimerMode, RelativeMode};
use kernel::time::Monotonic;
pub trait Queue { type BaseClock; }
impl Queue for RelativeMode<Monotonic> { type BaseClock = Monotonic; }
pub fn base<M: HrTimerMode + Queue>() -> Option<M::BaseClock> { None }
"#,
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HrTimerMode::C_MODE`",
        &[u(
            "hrtimer_mode_c_mode",
            r#"
use kernel::time::hrtimer::HrTimerMode;
pub fn m<M: HrTimerMode>() -> kernel::bindings::hrtimer_mode { M::C_MODE }
"#,
        )],
    ),
    item(
        Hrtimer,
        "`HrTimerMode::Clock`",
        &[u(
            "hrtimer_mode_clock",
            r#"
use kernel::time::hrtimer::HrTimerMode;
use kernel::time::{ClockSource, Instant};
pub fn now<M: HrTimerMode>() -> Instant<M::Clock> { Instant::now() }
pub fn id<M: HrTimerMode>() -> kernel::bindings::clockid_t { <M::Clock as ClockSource>::ID }
"#,
        )],
    ),
    item(
        Hrtimer,
        "`HrTimerMode::Expires`",
        &[u(
            "hrtimer_mode_expires",
            r#"
use kernel::time::hrtimer::{HrTimerExpires, HrTimerMode};
pub fn ns<M: HrTimerMode>(e: M::Expires) -> i64 { e.as_nanos() }
"#,
        )],
    ),
    mode!("AbsoluteMode", "Instant::now()"),
    relative_mode!(
        "RelativeMode",
        d(
            "relative_mode_realtime_timer",
            Refusal::RelativeRealTime,
            r#"
use kernel::prelude::*;
use kernel::time::hrtimer::{
    HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerRestart, RelativeMode,
};
use kernel::time::{Instant, RealTime};
use kernel::impl_has_hr_timer;

#[pin_data]
pub struct WallTimer {
    #[pin]
    timer: HrTimer<Self>,
}

impl HrTimerCallback for WallTimer {
    type Pointer<'a> = Pin<KBox<Self>>;

    fn run(_this: Pin<&mut Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        HrTimerRestart::NoRestart
    }
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for WallTimer {
        mode: RelativeMode<RealTime>,
        field: self.timer
    }
}

pub fn f(t: &HrTimer<WallTimer>) -> Instant<RealTime> { t.expires() }
"#,
        ),
    ),
    mode!("AbsolutePinnedMode", "Instant::now()"),
    relative_mode!("RelativePinnedMode"),
    mode!("AbsoluteSoftMode", "Instant::now()"),
    relative_mode!("RelativeSoftMode"),
    mode!("AbsolutePinnedSoftMode", "Instant::now()"),
    relative_mode!("RelativePinnedSoftMode"),
    mode!("AbsoluteHardMode", "Instant::now()"),
    relative_mode!("RelativeHardMode"),
    mode!("AbsolutePinnedHardMode", "Instant::now()"),
    relative_mode!("RelativePinnedHardMode"),
    item(
        Hrtimer,
        "`HrTimerCallbackContext<'a, T>`",
        &[
            k(
                "hrtimer_callback_context_from_raw_in_crate",
                r#"
use crate::time::hrtimer::{HasHrTimer, HrTimer, HrTimerCallbackContext};
pub(crate) unsafe fn ctx<'a, T: HasHrTimer<T>>(p: *mut HrTimer<T>) -> HrTimerCallbackContext<'a, T> {
    // SAFETY: the caller's.
    unsafe { HrTimerCallbackContext::from_raw(p) }
}
"#,
            ),
            u(
                "hrtimer_callback_context_generic",
                r#"
use kernel::time::hrtimer::{HasHrTimer, HrTimerCallbackContext};
pub fn f<'a, T: HasHrTimer<T>>(c: HrTimerCallbackContext<'a, T>) -> HrTimerCallbackContext<'a, T> { c }
"#,
            ),
            u(
                "hrtimer_callback_context",
                concat!(
                    box_timer!(),
                    r#"
pub fn f(ctx: HrTimerCallbackContext<'_, BoxTimer>) -> HrTimerCallbackContext<'_, BoxTimer> { ctx }
"#
                ),
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HrTimerCallbackContext::forward`",
        &[
            u(
                "hrtimer_callback_context_forward_generic",
                r#"
use kernel::time::Delta;
use kernel::time::hrtimer::{HasHrTimer, HrTimerCallbackContext, HrTimerInstant};
pub fn f<T: HasHrTimer<T>>(c: &mut HrTimerCallbackContext<'_, T>, now: HrTimerInstant<T>) -> u64 { c.forward(now, Delta::ZERO) }
"#,
            ),
            u(
                "hrtimer_callback_context_forward",
                concat!(
                    box_timer!(),
                    r#"
use kernel::time::Instant;
pub fn f(ctx: &mut HrTimerCallbackContext<'_, BoxTimer>) -> u64 { ctx.forward(Instant::now(), Delta::from_millis(1)) }
"#
                ),
            ),
        ],
    ),
    item(
        Hrtimer,
        "`HrTimerCallbackContext::forward_now`",
        &[
            u(
                "hrtimer_callback_context_forward_now_generic",
                r#"
use kernel::time::Delta;
use kernel::time::hrtimer::{HasHrTimer, HrTimerCallbackContext};
pub fn f<T: HasHrTimer<T>>(c: &mut HrTimerCallbackContext<'_, T>) -> u64 { c.forward_now(Delta::ZERO) }
"#,
            ),
            u(
                "hrtimer_callback_context_forward_now",
                concat!(
                    arc_timer!(),
                    r#"
pub fn f(ctx: &mut HrTimerCallbackContext<'_, ArcTimer>) -> u64 { ctx.forward_now(Delta::from_millis(1)) }
"#
                ),
            ),
        ],
    ),
    item(
        Hrtimer,
        "`impl_has_hr_timer!`",
        &[
            u(
                "impl_has_hr_timer_trailing_comma",
                r#"
use kernel::prelude::*;
use kernel::time::Monotonic;
use kernel::time::hrtimer::{HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerRestart, RelativeMode};
#[pin_data]
pub struct Comma { #[pin] timer: HrTimer<Self> }
impl HrTimerCallback for Comma {
    type Pointer<'a> = Pin<KBox<Self>>;
    fn run(_this: Pin<&mut Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart { HrTimerRestart::NoRestart }
}
kernel::impl_has_hr_timer! {
    impl HasHrTimer<Self> for Comma {
        mode: RelativeMode<Monotonic>,
        field: self.timer,
    }
}
"#,
            ),
            u(
                "impl_has_hr_timer_generic",
                r#"
use kernel::prelude::*;
use kernel::time::Monotonic;
use kernel::time::hrtimer::{AbsoluteMode, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerRestart};
#[pin_data]
pub struct Gen<const N: usize> { #[pin] timer: HrTimer<Self> }
impl<const N: usize> HrTimerCallback for Gen<N> {
    type Pointer<'a> = Pin<KBox<Self>>;
    fn run(_this: Pin<&mut Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart { HrTimerRestart::NoRestart }
}
kernel::impl_has_hr_timer! {
    impl{const N: usize} HasHrTimer<Self> for Gen<N> { mode: AbsoluteMode<Monotonic>, field: self.timer }
}
"#,
            ),
            u(
                "impl_has_hr_timer_nested_generics",
                r#"
use kernel::prelude::*;
use kernel::time::Monotonic;
use kernel::time::hrtimer::{AbsoluteMode, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerRestart};
#[pin_data]
pub struct Gen<T: Into<Vec<Vec<u8>>> + Send + Sync + 'static> { #[pin] timer: HrTimer<Self>, data: T }
impl<T: Into<Vec<Vec<u8>>> + Send + Sync + 'static> HrTimerCallback for Gen<T> {
    type Pointer<'a> = Pin<KBox<Self>>;
    fn run(_this: Pin<&mut Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart { HrTimerRestart::NoRestart }
}
kernel::impl_has_hr_timer! {
    impl{T: Into<Vec<Vec<u8>>> + Send + Sync + 'static} HasHrTimer<Self> for Gen<T> {
        mode: AbsoluteMode<Monotonic>,
        field: self.timer
    }
}
"#,
            ),
            d(
                "impl_has_hr_timer_packed_field",
                Refusal::PackedTimer,
                r#"
use kernel::prelude::*;
use kernel::time::{Delta, Monotonic};
use kernel::time::hrtimer::{HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerPointer, HrTimerRestart, RelativeMode};
#[pin_data]
#[repr(C, packed)]
pub struct Packed { flag: u8, #[pin] timer: HrTimer<Self> }
impl HrTimerCallback for Packed {
    type Pointer<'a> = Pin<KBox<Self>>;
    fn run(_this: Pin<&mut Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart { HrTimerRestart::NoRestart }
}
kernel::impl_has_hr_timer! {
    impl HasHrTimer<Self> for Packed { mode: RelativeMode<Monotonic>, field: self.timer }
}
pub fn start() -> Result<()> {
    let timer = KBox::pin_init(pin_init!(Packed { flag: 0, timer <- HrTimer::new() }), GFP_KERNEL)?;
    let _handle = timer.start(Delta::from_millis(1));
    Ok(())
}
"#,
            ),
            d(
                "impl_has_hr_timer_unbalanced_generics",
                Refusal::GenericsList,
                r#"
// The "generic parameters" close the `unsafe impl<` themselves: `Racy<T>` becomes
// `Sync` without an `unsafe` here.
use kernel::time::Monotonic;
use kernel::time::hrtimer::{HrTimer, RelativeMode};
pub struct Racy<T>(pub core::cell::Cell<T>);
pub struct Timer { timer: HrTimer<Self> }
kernel::impl_has_hr_timer! {
    impl{T> Sync for Racy<T> {} #[cfg(any())] impl<T} HasHrTimer<Self> for Timer {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}
fn is_sync<T: Sync>() {}
pub fn racy() { is_sync::<Racy<u32>>() }
"#,
            ),
        ],
    ),
    item(
        Hrtimer,
        "`ArcHrTimerHandle<T>`",
        &[
            dt(
                "rust_doctest_kernel_time_hrtimer_rs_1",
                "time/hrtimer.rs",
                1,
            ),
            u(
                "arc_hrtimer_handle_generic",
                r#"
use kernel::time::hrtimer::{ArcHrTimerHandle, HasHrTimer};
pub struct Keep<T: HasHrTimer<T>> { pub handle: Option<ArcHrTimerHandle<T>> }
"#,
            ),
            u(
                "arc_hrtimer_handle",
                concat!(
                    arc_timer!(),
                    r#"
use kernel::time::hrtimer::ArcHrTimerHandle;
pub struct Keep { pub handle: ArcHrTimerHandle<ArcTimer> }
pub fn f(t: Arc<ArcTimer>) -> Keep { Keep { handle: t.start(Delta::from_millis(1)) } }
"#
                ),
            ),
        ],
    ),
    item(
        Hrtimer,
        "`BoxHrTimerHandle<T, A>`",
        &[
            u(
                "box_hrtimer_pointer_start_generic",
                r#"
use core::pin::Pin;
use kernel::alloc::{Allocator, Box};
use kernel::time::hrtimer::{BoxHrTimerHandle, HasHrTimer, HrTimerCallback, HrTimerMode, HrTimerPointer};
pub fn f<T, A>(b: Pin<Box<T, A>>, e: <<T as HasHrTimer<T>>::TimerMode as HrTimerMode>::Expires) -> BoxHrTimerHandle<T, A>
where
    T: 'static + Send + Sync + HasHrTimer<T> + for<'a> HrTimerCallback<Pointer<'a> = Pin<Box<T, A>>>,
    A: Allocator,
{
    b.start(e)
}
"#,
            ),
            dt(
                "rust_doctest_kernel_time_hrtimer_rs_0",
                "time/hrtimer.rs",
                0,
            ),
            u(
                "box_hrtimer_handle_generic",
                r#"
use kernel::time::hrtimer::{BoxHrTimerHandle, HasHrTimer};
pub struct Keep<T: HasHrTimer<T>, A: kernel::alloc::Allocator> { pub handle: Option<BoxHrTimerHandle<T, A>> }
"#,
            ),
            u(
                "box_hrtimer_handle",
                concat!(
                    box_timer!(),
                    r#"
use kernel::time::hrtimer::BoxHrTimerHandle;
pub struct Keep { pub handle: BoxHrTimerHandle<BoxTimer, kernel::alloc::Kmalloc> }
pub fn f(t: Pin<KBox<BoxTimer>>) -> Keep { Keep { handle: t.start(Delta::from_millis(1)) } }
"#
                ),
            ),
        ],
    ),
    item(
        Hrtimer,
        "`PinHrTimerHandle<'a, T>`",
        &[
            u(
                "pin_hrtimer_pointer_start_generic",
                r#"
use core::pin::Pin;
use kernel::time::hrtimer::{HasHrTimer, HrTimerCallback, HrTimerMode, PinHrTimerHandle, UnsafeHrTimerPointer};
pub unsafe fn f<'a, T>(p: Pin<&'a T>, e: <<T as HasHrTimer<T>>::TimerMode as HrTimerMode>::Expires) -> PinHrTimerHandle<'a, T>
where
    T: Send + Sync + HasHrTimer<T> + HrTimerCallback<Pointer<'a> = Pin<&'a T>>,
{
    // SAFETY: the caller's.
    unsafe { p.start(e) }
}
"#,
            ),
            dt(
                "rust_doctest_kernel_time_hrtimer_rs_2",
                "time/hrtimer.rs",
                2,
            ),
            u(
                "pin_hrtimer_handle_generic",
                r#"
use kernel::time::hrtimer::{HasHrTimer, PinHrTimerHandle};
pub struct Keep<'a, T: HasHrTimer<T>> { pub handle: Option<PinHrTimerHandle<'a, T>> }
"#,
            ),
            u(
                "pin_hrtimer_handle",
                concat!(
                    pin_timers!(),
                    r#"
use kernel::time::hrtimer::PinHrTimerHandle;
pub fn f<'a>(t: Pin<&'a RefTimer>) -> PinHrTimerHandle<'a, RefTimer> {
    // SAFETY: the caller drops the handle before `t`'s referent.
    unsafe { t.start(Delta::from_millis(1)) }
}
"#
                ),
            ),
        ],
    ),
    item(
        Hrtimer,
        "`PinMutHrTimerHandle<'a, T>`",
        &[
            u(
                "pin_mut_hrtimer_scoped_generic",
                r#"
use core::pin::Pin;
use kernel::time::hrtimer::{HasHrTimer, HrTimerCallback, HrTimerMode, ScopedHrTimerPointer};
pub fn f<'a, T>(p: Pin<&'a mut T>, e: <<T as HasHrTimer<T>>::TimerMode as HrTimerMode>::Expires) -> u8
where
    T: Send + Sync + HasHrTimer<T> + HrTimerCallback<Pointer<'a> = Pin<&'a mut T>>,
{
    p.start_scoped(e, || 1)
}
"#,
            ),
            dt(
                "rust_doctest_kernel_time_hrtimer_rs_3",
                "time/hrtimer.rs",
                3,
            ),
            u(
                "pin_mut_hrtimer_handle_generic",
                r#"
use kernel::time::hrtimer::{HasHrTimer, PinMutHrTimerHandle};
pub struct Keep<'a, T: HasHrTimer<T>> { pub handle: Option<PinMutHrTimerHandle<'a, T>> }
"#,
            ),
            u(
                "pin_mut_hrtimer_handle",
                concat!(
                    pin_timers!(),
                    r#"
use kernel::time::hrtimer::PinMutHrTimerHandle;
pub fn f<'a>(t: Pin<&'a mut MutTimer>) -> PinMutHrTimerHandle<'a, MutTimer> {
    // SAFETY: the caller drops the handle before `t`'s referent.
    unsafe { t.start(Delta::from_millis(1)) }
}
"#
                ),
            ),
        ],
    ),
];
