// A relative table path that resolves nowhere lists every place that was tried.
typed_clocks::declare_clocks!("tables/does_not_exist.toml", unsafe(extern "C"));

fn main() {}
