// A table whose getters the macro would declare itself, `extern "C"`, and call from
// safe code: `getter = "close"` would call `close()` with no argument. Without
// `unsafe(extern "C")` in the invocation, nobody vouched for that: refused at the row.
#![forbid(unsafe_code)]

typed_clocks::declare_clocks!("tables/extern_getter_without_unsafe.toml");

fn main() {}
