// A row without `name` is rejected: the name is the clock's Rust type.
time_core::declare_clocks!("tables/missing_name.toml", unsafe(extern "C"));

fn main() {}
