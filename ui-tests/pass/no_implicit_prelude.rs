// The expansion needs nothing from the prelude: the inline and file forms, and a table
// with offsets and their conversions.
#![no_implicit_prelude]

::typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: pass_no_prelude_get, monotonic: true, clockid: 1 },
}

mod from_file {
    ::typed_clocks::declare_clocks!("tables/bindings_form.toml", unsafe(bindings = crate::b));
}

mod b {
    #![allow(non_upper_case_globals)]
    pub const tk_offsets_TK_OFFS_BOOT: u32 = 1;
    pub unsafe fn ktime_mono_to_any(ktime: i64, _offset: u32) -> i64 {
        ktime + 2
    }
    pub unsafe fn g() -> i64 {
        1
    }
    pub unsafe fn h() -> i64 {
        2
    }
    pub unsafe fn m() -> i64 {
        5
    }
    pub unsafe fn bt() -> i64 {
        7
    }
}

/// A table with an offset: the conversions and their checks.
mod related {
    ::typed_clocks::declare_clocks! {
        unsafe(bindings = crate::b);
        Mono { getter: m, monotonic: true, clockid: 1, offset_base: true },
        Boot { getter: bt, monotonic: true, clockid: 7, offset: TK_OFFS_BOOT },
    }
}

#[unsafe(no_mangle)]
extern "C" fn pass_no_prelude_get() -> ::typed_clocks::Ktime {
    3
}

/// The posix backend: clocks read by id, a `libc` constant.
mod posix_clocks {
    ::typed_clocks::declare_clocks! {
        backend = posix;
        Boot { monotonic: true, clockid: CLOCK_BOOTTIME },
    }
}

fn main() {
    ::std::assert_eq!(::typed_clocks::ext::InstantExt::to_ktime(::typed_clocks::Instant::<Monotonic>::now()), 3);
    ::std::assert_eq!(
        ::typed_clocks::ext::InstantExt::to_ktime(::typed_clocks::Instant::<from_file::Steady>::now()),
        1
    );
    ::std::assert_eq!(::typed_clocks::ext::InstantExt::to_ktime(::typed_clocks::Instant::<from_file::Wall>::now()), 2);
    let mono = ::typed_clocks::Instant::<related::Mono>::now();
    let boot = ::typed_clocks::ext::InstantExt::to_clock::<related::Boot>(mono);
    ::std::assert_eq!(::typed_clocks::ext::InstantExt::to_ktime(boot), 7);
    ::std::assert!(::typed_clocks::ext::InstantExt::to_ktime(::typed_clocks::Instant::<posix_clocks::Boot>::now()) > 0);
}
