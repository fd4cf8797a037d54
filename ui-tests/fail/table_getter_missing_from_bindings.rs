// A getter the bindings module does not have: the compiler's own error, pointing at
// the table's path (the compiler knows no place inside the file).
mod bindings {
    pub unsafe fn ktime_get() -> i64 {
        0
    }
}

typed_clocks::declare_clocks!("tables/getter_missing_from_bindings.toml", unsafe(bindings = crate::bindings));

fn main() {}
