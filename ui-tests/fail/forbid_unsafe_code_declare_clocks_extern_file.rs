// Under `#![forbid(unsafe_code)]`, a table file whose getters the macro declares
// `extern "C"`: the invocation's `unsafe(extern "C")` vouches for their signatures,
// and the lint reports the `unsafe extern` block (whose `safe fn`s are called without
// `unsafe`) and the `unsafe` impls at the caller's `unsafe` token.
#![forbid(unsafe_code)]

typed_clocks::declare_clocks!(
    "tables/forbid_unsafe_code_declare_clocks_extern_file.toml",
    unsafe(extern "C")
);

fn main() {}
