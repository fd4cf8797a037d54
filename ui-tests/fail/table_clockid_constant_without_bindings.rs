// A `clockid` constant needs `bindings = ...`: the constant is looked up in that module.
time_core::declare_clocks!("tables/clockid_constant_without_bindings.toml", unsafe(extern "C"));

fn main() {}
