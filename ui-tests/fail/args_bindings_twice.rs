// `bindings` given twice is rejected at the second one.
time_core::declare_clocks!(
    "tables/args_bindings_twice.toml",
    bindings = crate::a,
    bindings = crate::b
);

mod a {}
mod b {}

fn main() {}
