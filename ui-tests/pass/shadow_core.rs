// The expansion names its runtime and `core` absolutely: a local `mod core {}` breaks
// none of its forms (inline, file, a table with offsets and their conversions).
mod core {}

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: pass_shadow_core_get, monotonic: true, clockid: 1 },
}

pub mod from_file {
    mod core {}
    typed_clocks::declare_clocks!("tables/one_clock.toml", unsafe(extern "C"));
}

/// A table with an offset: the conversions and their checks.
pub mod related {
    mod core {}

    #[allow(non_upper_case_globals)]
    mod b {
        pub const tk_offsets_TK_OFFS_BOOT: u32 = 1;
        pub unsafe fn ktime_mono_to_any(ktime: i64, _offset: u32) -> i64 {
            ktime + 2
        }
        pub unsafe fn m() -> i64 {
            5
        }
        pub unsafe fn bt() -> i64 {
            7
        }
    }

    typed_clocks::declare_clocks! {
        unsafe(bindings = b);
        Mono { getter: m, monotonic: true, clockid: 1, offset_base: true },
        Boot { getter: bt, monotonic: true, clockid: 7, offset: TK_OFFS_BOOT },
    }
}

#[unsafe(no_mangle)]
extern "C" fn pass_shadow_core_get() -> typed_clocks::Ktime {
    3
}

#[unsafe(no_mangle)]
extern "C" fn pass_one_clock_get() -> typed_clocks::Ktime {
    4
}

/// The posix backend: clocks read by id, a `libc` constant.
mod posix_clocks {
    mod core {}
    typed_clocks::declare_clocks! {
        backend = posix;
        Boot { monotonic: true, clockid: CLOCK_BOOTTIME },
    }
}

fn main() {
    assert_eq!(typed_clocks::ext::InstantExt::to_ktime(typed_clocks::Instant::<Monotonic>::now()), 3);
    assert_eq!(typed_clocks::ext::InstantExt::to_ktime(typed_clocks::Instant::<from_file::Uptime>::now()), 4);
    let mono = typed_clocks::Instant::<related::Mono>::now();
    let boot = typed_clocks::ext::InstantExt::to_clock::<related::Boot>(mono);
    assert_eq!(typed_clocks::ext::InstantExt::to_ktime(boot), 7);
    assert!(typed_clocks::ext::InstantExt::to_ktime(typed_clocks::Instant::<posix_clocks::Boot>::now()) > 0);
}
