// A table that is not valid TOML is rejected, at the line and column of the syntax error.
time_core::declare_clocks!("tables/malformed_toml.toml", unsafe(extern "C"));

fn main() {}
