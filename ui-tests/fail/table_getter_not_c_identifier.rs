// A getter that is not a C identifier is rejected.
time_core::declare_clocks!("tables/getter_not_c_identifier.toml", unsafe(extern "C"));

fn main() {}
