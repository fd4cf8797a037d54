// Two rows with the same name are rejected, pointing at the first declaration.
time_core::declare_clocks!("tables/duplicate_name.toml", unsafe(extern "C"));

fn main() {}
