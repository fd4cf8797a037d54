// A table file that does not exist is a compile error that says where it looked.
time_core::declare_clocks!("/nonexistent/clocks.toml", unsafe(extern "C"));

fn main() {}
