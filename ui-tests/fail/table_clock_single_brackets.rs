// `[clock]` (one table) instead of `[[clock]]` (an array of tables) is rejected.
typed_clocks::declare_clocks!("tables/clock_single_brackets.toml", unsafe(extern "C"));

fn main() {}
