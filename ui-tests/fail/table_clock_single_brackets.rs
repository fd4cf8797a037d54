// `[clock]` (one table) instead of `[[clock]]` (an array of tables) is rejected.
time_core::declare_clocks!("tables/clock_single_brackets.toml", unsafe(extern "C"));

fn main() {}
