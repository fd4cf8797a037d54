// A row without `getter` is rejected: there would be no way to read the clock.
typed_clocks::declare_clocks!("tables/missing_getter.toml", unsafe(extern "C"));

fn main() {}
