// `bindings` given twice is rejected at the second one.
typed_clocks::declare_clocks!(
    "tables/args_bindings_twice.toml",
    unsafe(bindings = crate::a),
    unsafe(bindings = crate::b)
);

mod a {
    pub unsafe fn ktime_get() -> i64 {
        0
    }
}
mod b {}

fn main() {}
