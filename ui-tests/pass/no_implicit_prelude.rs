// The expansion needs nothing from the prelude.
#![no_implicit_prelude]

::typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: pass_no_prelude_get, monotonic: true, clockid: 1 },
}

mod from_file {
    ::typed_clocks::declare_clocks!("tables/bindings_form.toml", unsafe(bindings = crate::b));
}

mod b {
    pub unsafe fn g() -> i64 {
        1
    }
    pub unsafe fn h() -> i64 {
        2
    }
}

#[unsafe(no_mangle)]
extern "C" fn pass_no_prelude_get() -> ::typed_clocks::Ktime {
    3
}

fn main() {
    ::std::assert_eq!(::typed_clocks::ext::InstantExt::to_ktime(::typed_clocks::Instant::<Monotonic>::now()), 3);
    ::std::assert_eq!(
        ::typed_clocks::ext::InstantExt::to_ktime(::typed_clocks::Instant::<from_file::Steady>::now()),
        1
    );
    ::std::assert_eq!(::typed_clocks::ext::InstantExt::to_ktime(::typed_clocks::Instant::<from_file::Wall>::now()), 2);
}
