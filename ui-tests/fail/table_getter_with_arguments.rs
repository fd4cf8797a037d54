// A getter is called with no arguments. `ktime_get_with_offset(offs)` is a reader of
// `include/linux/timekeeping.h` that takes one (the macro knows those readers): refused
// by the macro at the row's `getter`, with the getter of no arguments to name instead.
typed_clocks::declare_clocks!(
    "tables/getter_with_arguments.toml",
    unsafe(bindings = kernel::bindings)
);

fn main() {}
