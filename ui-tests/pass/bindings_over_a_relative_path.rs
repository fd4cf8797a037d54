// The bindings module may be named relative to the invoking module (`self::fake`,
// `fake`): the getters, the clock id constants, the offsets and `ktime_mono_to_any`
// are all found through it from the items the macro writes there.
use typed_clocks::{ext::InstantExt, Instant};

mod relative {
    mod fake {
        #![allow(non_upper_case_globals)]
        pub const CLOCK_MONOTONIC: u32 = 1;
        pub const CLOCK_BOOTTIME: u32 = 7;
        pub const tk_offsets_TK_OFFS_BOOT: u32 = 1;
        pub unsafe fn ktime_mono_to_any(ktime: i64, _offset: u32) -> i64 {
            ktime + 5
        }
        pub unsafe fn ktime_get() -> i64 {
            10
        }
        pub unsafe fn ktime_get_boottime() -> i64 {
            15
        }
    }

    typed_clocks::declare_clocks! {
        unsafe(bindings = self::fake);
        Monotonic { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC, offset_base: true },
        BootTime { getter: ktime_get_boottime, monotonic: true, clockid: CLOCK_BOOTTIME, offset: TK_OFFS_BOOT },
    }
}

mod bare {
    mod fake {
        pub const CLOCK_MONOTONIC: u32 = 1;
        pub unsafe fn ktime_get() -> i64 {
            20
        }
    }

    typed_clocks::declare_clocks! {
        unsafe(bindings = fake);
        Monotonic { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC },
    }
}

fn main() {
    let mono = Instant::<relative::Monotonic>::now();
    assert_eq!(mono.to_clock::<relative::BootTime>().to_ktime(), 15);
    assert_eq!(Instant::<relative::BootTime>::now().to_ktime(), 15);
    assert_eq!(Instant::<bare::Monotonic>::now().to_ktime(), 20);
    assert_eq!(<bare::Monotonic as typed_clocks::ClockSource>::ID, 1);
}
