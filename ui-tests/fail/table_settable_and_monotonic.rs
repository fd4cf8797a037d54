// A clock cannot be both settable (it jumps) and monotonic (it never goes backwards):
// the table is inconsistent, and the error names the row's `settable` key.
typed_clocks::declare_clocks!("tables/settable_and_monotonic.toml", unsafe(extern "C"));

fn main() {}
