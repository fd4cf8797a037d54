// The macro types the relative timers of a `CLOCK_REALTIME` clock by the table's
// `CLOCK_MONOTONIC` clock, going by the constant's name; a bindings module whose
// `CLOCK_REALTIME` is another id with an hrtimer base (here `CLOCK_BOOTTIME`'s, 7)
// fails the template's check of that choice, at the row's `tables/…toml:LINE:COL`.
mod bindings {
    pub use ui_tests::bindings::*;
    pub const CLOCK_REALTIME: u32 = 7;
}

typed_clocks::declare_clocks!(
    "tables/hrtimer_clockid_constant_named_otherwise.toml",
    unsafe(bindings = crate::bindings)
);

fn main() {}
