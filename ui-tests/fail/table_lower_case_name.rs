// A name that is not UpperCamelCase is rejected, with the UpperCamelCase spelling suggested.
typed_clocks::declare_clocks!("tables/lower_case_name.toml", unsafe(extern "C"));

fn main() {}
