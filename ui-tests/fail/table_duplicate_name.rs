// Two rows with the same name are rejected, pointing at the first declaration.
typed_clocks::declare_clocks!("tables/duplicate_name.toml", unsafe(extern "C"));

fn main() {}
