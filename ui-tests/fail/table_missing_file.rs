// A table file that does not exist is a compile error that says where it looked.
typed_clocks::declare_clocks!("/nonexistent/clocks.toml", unsafe(extern "C"));

fn main() {}
