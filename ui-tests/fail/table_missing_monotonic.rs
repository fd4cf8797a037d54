// A row without `monotonic` is rejected: whether `elapsed()` is allowed must be explicit.
typed_clocks::declare_clocks!("tables/missing_monotonic.toml", unsafe(extern "C"));

fn main() {}
