// A table that is not valid TOML is rejected, at the line and column of the syntax error.
typed_clocks::declare_clocks!("tables/malformed_toml.toml", unsafe(extern "C"));

fn main() {}
