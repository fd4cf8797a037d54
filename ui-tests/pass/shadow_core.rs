// The expansion names its runtime absolutely: a local `mod core {}` does not break it.
mod core {}

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: pass_shadow_core_get, monotonic: true, clockid: 1 },
}

pub mod from_file {
    mod core {}
    typed_clocks::declare_clocks!("tables/one_clock.toml", unsafe(extern "C"));
}

#[unsafe(no_mangle)]
extern "C" fn pass_shadow_core_get() -> typed_clocks::Ktime {
    3
}

#[unsafe(no_mangle)]
extern "C" fn pass_one_clock_get() -> typed_clocks::Ktime {
    4
}

fn main() {
    assert_eq!(typed_clocks::ext::InstantExt::to_ktime(typed_clocks::Instant::<Monotonic>::now()), 3);
    assert_eq!(typed_clocks::ext::InstantExt::to_ktime(typed_clocks::Instant::<from_file::Uptime>::now()), 4);
}
