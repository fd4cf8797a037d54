// An unknown backend is rejected at its name, with the valid backends.
typed_clocks::declare_clocks!("tables/args_unknown_backend.toml", backend = posxi, unsafe(extern "C"));

fn main() {}
