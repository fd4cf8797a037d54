// A table without any clock is rejected.
typed_clocks::declare_clocks!("tables/empty.toml", unsafe(extern "C"));

fn main() {}
