// A name that is a Rust keyword is rejected.
time_core::declare_clocks!("tables/keyword_name.toml", unsafe(extern "C"));

fn main() {}
