// `hrtimer = true` on a `clockid` constant whose value in the bindings module has no
// hrtimer base (the macro knows `CLOCK_TAI` by name, as 11; the module says 3) fails in
// const evaluation, with the row's `tables/…toml:LINE:COL`.
mod bindings {
    pub use kernel::bindings::*;
    pub const CLOCK_TAI: u32 = 3;
}

typed_clocks::declare_clocks!(
    "tables/hrtimer_clockid_constant_without_a_base.toml",
    unsafe(bindings = crate::bindings)
);

fn main() {}
