// A table file with a single clock, getter declared by the macro as `extern "C"`.
use typed_clocks::{ext::{ClockSourceExt, InstantExt}, ClockSource, Instant};

typed_clocks::declare_clocks!("tables/one_clock.toml", unsafe(extern "C"));

#[unsafe(no_mangle)]
extern "C" fn pass_one_clock_get() -> typed_clocks::Ktime {
    42
}

fn main() {
    assert_eq!(Instant::<Uptime>::now().to_ktime(), 42);
    assert_eq!(Uptime::NAME, "Uptime");
    assert_eq!(Uptime::ID, 1);
}
