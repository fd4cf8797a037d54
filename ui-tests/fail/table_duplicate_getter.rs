// Two clocks read by the same C function are rejected: they are the same clock.
typed_clocks::declare_clocks!("tables/duplicate_getter.toml", unsafe(extern "C"));

fn main() {}
