// A getter the macro does not know, which takes an argument: only the compiler can see
// its signature, and its E0061 ("takes 1 argument but 0 arguments were supplied") is at
// the invocation's table literal. The clock is not declared with a wrong reading.
mod bindings {
    pub unsafe fn read_cpu_clock(_cpu: u32) -> i64 {
        0
    }
}

typed_clocks::declare_clocks!(
    "tables/unknown_getter_with_an_argument.toml",
    unsafe(bindings = crate::bindings)
);

fn main() {}
