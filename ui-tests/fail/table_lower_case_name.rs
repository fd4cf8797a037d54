// A name that is not UpperCamelCase is rejected, with the UpperCamelCase spelling suggested.
time_core::declare_clocks!("tables/lower_case_name.toml", unsafe(extern "C"));

fn main() {}
