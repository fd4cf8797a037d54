// `declare_clocks!()` without a table is rejected, and the message shows both forms.
typed_clocks::declare_clocks!();

fn main() {}
