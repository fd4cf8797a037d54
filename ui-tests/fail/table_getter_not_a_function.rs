// A getter that names a constant of the bindings module, not a function: a const
// assertion whose message names the row's `getter` key (the compiler's own error
// about calling a constant comes with it, at the table's path).
mod bindings {
    pub unsafe fn ktime_get() -> i64 {
        0
    }
    #[allow(non_upper_case_globals)]
    pub const ktime_get_boottime: i64 = 7;
}

typed_clocks::declare_clocks!("tables/getter_not_a_function.toml", unsafe(bindings = crate::bindings));

fn main() {}
