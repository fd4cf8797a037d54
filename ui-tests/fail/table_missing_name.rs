// A row without `name` is rejected: the name is the clock's Rust type.
typed_clocks::declare_clocks!("tables/missing_name.toml", unsafe(extern "C"));

fn main() {}
