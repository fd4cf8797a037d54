// A name that is a Rust keyword is rejected.
typed_clocks::declare_clocks!("tables/keyword_name.toml", unsafe(extern "C"));

fn main() {}
