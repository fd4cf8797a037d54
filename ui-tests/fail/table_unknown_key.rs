// An unknown key is rejected, with a suggestion when it is close to a valid one.
typed_clocks::declare_clocks!("tables/unknown_key.toml", unsafe(extern "C"));

fn main() {}
