// `declare_clocks!()` without a table is rejected, and the message shows both forms.
time_core::declare_clocks!();

fn main() {}
