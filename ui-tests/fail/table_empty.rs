// A table without any clock is rejected.
time_core::declare_clocks!("tables/empty.toml", unsafe(extern "C"));

fn main() {}
