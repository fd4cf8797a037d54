// A bindings module is trusted for what the compiler cannot check (that its items are
// the kernel's): `bindings = PATH` without `unsafe` is refused at the option.
#![forbid(unsafe_code)]

mod bindings {
    pub fn ktime_get() -> i64 {
        0
    }
}

typed_clocks::declare_clocks!("tables/bindings_without_unsafe.toml", bindings = crate::bindings);

fn main() {}
