// The macro knows the hrtimer clock ids by name (it gives `CLOCK_REALTIME` no relative
// timer modes by its id) and checks a bindings constant's value against the name: a
// module whose `CLOCK_REALTIME` is another id with an hrtimer base (here
// `CLOCK_BOOTTIME`'s, 7) fails the check at the row's `tables/…toml:LINE:COL`.
mod bindings {
    pub use kernel::bindings::*;
    pub const CLOCK_REALTIME: u32 = 7;
}

typed_clocks::declare_clocks!(
    "tables/hrtimer_clockid_constant_named_otherwise.toml",
    unsafe(bindings = crate::bindings)
);

fn main() {}
