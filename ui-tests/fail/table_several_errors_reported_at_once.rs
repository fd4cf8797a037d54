// Every error of a table is reported in one compilation, not just the first.
typed_clocks::declare_clocks!("tables/several_errors_reported_at_once.toml", unsafe(extern "C"));

fn main() {}
