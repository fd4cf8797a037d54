// A `clockid` constant needs `bindings = ...`: the constant is looked up in that module.
typed_clocks::declare_clocks!("tables/clockid_constant_without_bindings.toml", unsafe(extern "C"));

fn main() {}
