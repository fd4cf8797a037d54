// Under `#![forbid(unsafe_code)]`, inline rows whose getters the macro declares
// `extern "C"`: `getter: free` would call `free()` with no argument, and it is the
// invocation's `unsafe(extern "C")` that the lint reports, at the caller's token.
#![forbid(unsafe_code)]

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Boom { getter: free, monotonic: true, clockid: 1, hrtimer: true },
}

fn main() {}
