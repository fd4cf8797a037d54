//! The expansion for rows of every shape: a getter from a bindings module (`ktime_t`
//! and `u64`), a getter the expansion declares `extern "C"`, the posix reader; clock
//! ids as constants and integers; every resolution; offsets; and, for each capability
//! of the macro's capability data (`build.rs` writes them from it), a clock with it
//! per backend. The values below check that each part of a row reaches the item it
//! is meant for.

use std::sync::atomic::{AtomicI64, Ordering};
use typed_clocks::ext::{ClockSourceExt, InstantExt};
use typed_clocks::{ClockSource, Instant, Resolution, KTIME_MAX};

static NOW: AtomicI64 = AtomicI64::new(40);

#[allow(non_upper_case_globals, non_camel_case_types, dead_code)]
mod bindings {
    pub type tk_offsets = u32;
    pub const tk_offsets_TK_OFFS_BOOT: tk_offsets = 1;
    pub const CLOCK_MONOTONIC: u32 = 1;
    pub const CLOCK_BOOTTIME: u32 = 7;
    pub unsafe fn shape_ktime_get() -> i64 {
        super::NOW.load(core::sync::atomic::Ordering::SeqCst)
    }
    pub unsafe fn shape_ktime_get_boottime() -> i64 {
        super::NOW.load(core::sync::atomic::Ordering::SeqCst) + 1_000
    }
    pub unsafe fn shape_fast_ns() -> u64 {
        u64::MAX
    }
    pub unsafe fn ktime_mono_to_any(ktime: i64, offset: tk_offsets) -> i64 {
        ktime + 1_000 * offset as i64
    }
}

/// Bindings-module getters, constant and integer ids, both resolutions, every list.
mod with_bindings {
    typed_clocks::declare_clocks! {
        // SAFETY: `bindings` above has each item the rows name, in the kernel's shapes,
        // each getter safe to call anywhere.
        unsafe(bindings = crate::bindings);
        ShapeMono {
            getter: shape_ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC,
            offset_base: true, hrtimer: true, doc: "The base.",
        },
        ShapeBoot {
            getter: shape_ktime_get_boottime, monotonic: true, clockid: 7,
            offset: TK_OFFS_BOOT, counts_suspend: true, resolution: 4,
        },
        ShapeFast {
            getter: shape_fast_ns, monotonic: false, clockid: 0, returns: u64, nmi_safe: true,
            resolution: tick,
        },
    }
}

#[unsafe(no_mangle)]
extern "C" fn shape_extern_get() -> typed_clocks::Ktime {
    5
}

/// A getter the expansion declares `extern "C"`, settable, over clock id 0
/// (`CLOCK_REALTIME`).
mod without_bindings {
    typed_clocks::declare_clocks! {
        // SAFETY: `shape_extern_get` above is `ktime_t shape_extern_get(void)`.
        unsafe(extern "C");
        ShapeExtern { getter: shape_extern_get, monotonic: false, clockid: 0, settable: true },
    }
}

/// The posix reader.
mod posix {
    typed_clocks::declare_clocks! {
        backend = posix;
        ShapePosix { monotonic: true, clockid: CLOCK_MONOTONIC },
    }
}

use posix::ShapePosix;
use with_bindings::{ShapeBoot, ShapeFast, ShapeMono};
use without_bindings::ShapeExtern;

#[test]
fn every_part_of_a_row_reaches_its_item() {
    NOW.store(40, Ordering::SeqCst);
    assert_eq!(Instant::<ShapeMono>::now().to_ktime(), 40);
    assert_eq!(Instant::<ShapeBoot>::now().to_ktime(), 1_040);
    // `u64::MAX` nanoseconds, clamped to `KTIME_MAX` (`ClockSource`'s contract).
    assert_eq!(Instant::<ShapeFast>::now().to_ktime(), KTIME_MAX);
    assert_eq!(Instant::<ShapeExtern>::now().to_ktime(), 5);
    assert!(Instant::<ShapePosix>::now().to_ktime() > 0);

    assert_eq!(ShapeMono::NAME, "ShapeMono");
    assert_eq!(ShapeMono::ID, 1);
    assert_eq!(ShapeBoot::ID, 7);
    assert_eq!(ShapeFast::ID, 0);
    const { assert!(ShapeMono::MONOTONIC && !ShapeFast::MONOTONIC) };
    assert_eq!(ShapeMono::RESOLUTION, Resolution::Nanos(1));
    assert_eq!(ShapeBoot::RESOLUTION, Resolution::Nanos(4));
    assert_eq!(ShapeFast::RESOLUTION, Resolution::Tick);

    // `ktime_mono_to_any(0, tk_offsets_TK_OFFS_BOOT)` is 1_000: the offset, both ways.
    let mono = Instant::<ShapeMono>::from_ktime(5);
    assert_eq!(mono.to_clock::<ShapeBoot>().to_ktime(), 1_005);
    let boot = Instant::<ShapeBoot>::from_ktime(1_005);
    assert_eq!(boot.to_clock::<ShapeMono>().to_ktime(), 5);
    // Conversions saturate into `0..=KTIME_MAX`.
    assert_eq!(
        Instant::<ShapeBoot>::from_ktime(5)
            .to_clock::<ShapeMono>()
            .to_ktime(),
        0
    );
    assert_eq!(
        Instant::<ShapeMono>::from_ktime(KTIME_MAX)
            .to_clock::<ShapeBoot>()
            .to_ktime(),
        KTIME_MAX
    );

    let getters: Vec<&str> = with_bindings::CLOCKS
        .iter()
        .map(|info| info.getter)
        .collect();
    assert_eq!(
        getters,
        [
            "shape_ktime_get",
            "shape_ktime_get_boottime",
            "shape_fast_ns"
        ]
    );
    assert_eq!(posix::CLOCKS[0].getter, "");

    let docs: Vec<&str> = with_bindings::CLOCKS.iter().map(|info| info.doc).collect();
    assert_eq!(docs, ["The base.", "", ""]);
}

/// One clock per capability and backend, from the documented capability table.
// Each probe of whether a clock has a trait uses one of its two answers.
#[allow(dead_code, unused_imports)]
mod capability_rows {
    include!(concat!(env!("OUT_DIR"), "/capability_rows.rs"));
}

#[test]
fn every_capability_reaches_its_trait() {
    capability_rows::check();
}
