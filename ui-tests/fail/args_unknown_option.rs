// An unknown option is rejected, with a suggestion when it is close to a valid one.
typed_clocks::declare_clocks!("tables/args_unknown_option.toml", bindngs = crate::b, unsafe(extern "C"));

fn main() {}
