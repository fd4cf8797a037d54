// `monotonic` must be a boolean; a string such as "yes" is rejected at the value.
typed_clocks::declare_clocks!("tables/monotonic_wrong_type.toml", unsafe(extern "C"));

fn main() {}
