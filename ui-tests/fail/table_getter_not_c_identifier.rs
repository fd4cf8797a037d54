// A getter that is not a C identifier is rejected.
typed_clocks::declare_clocks!("tables/getter_not_c_identifier.toml", unsafe(extern "C"));

fn main() {}
