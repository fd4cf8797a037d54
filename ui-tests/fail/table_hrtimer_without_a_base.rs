// Only CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_BOOTTIME and CLOCK_TAI have hrtimer
// bases: a raw or coarse row cannot be declared `hrtimer = true`.
typed_clocks::declare_clocks!("tables/hrtimer_without_a_base.toml", unsafe(extern "C"));

fn main() {}
