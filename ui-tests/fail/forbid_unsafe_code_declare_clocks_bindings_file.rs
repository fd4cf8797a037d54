// Under `#![forbid(unsafe_code)]`, a table file read through a bindings module: the
// invocation's `unsafe(bindings = …)` is where the crate vouches for C (the getters,
// the `unsafe` capabilities, `ktime_mono_to_any`), and the lint reports every item and
// block written on that word at the caller's `unsafe` token, so a crate that forbids
// unsafe code cannot vouch for C.
#![forbid(unsafe_code)]

typed_clocks::declare_clocks!(
    "tables/forbid_unsafe_code_declare_clocks_bindings_file.toml",
    unsafe(bindings = kernel::bindings)
);

fn main() {}
