// `typed_clocks_macros::declare_clocks!` called directly, as the kernel's `time.rs`
// calls it: a table of an out-of-tree module's own clocks in the kernel's runtime
// (`runtime = kernel::time`). The clocks would implement the kernel's `ClockSource`
// and `HrTimerClock` on the invocation's word, so under `#![forbid(unsafe_code)]` the
// lint reports them at the caller's `unsafe` token.
#![forbid(unsafe_code)]

typed_clocks_macros::declare_clocks!(
    "tables/forbid_unsafe_code_declare_clocks_proc_macro.toml",
    unsafe(bindings = kernel::bindings),
    runtime = kernel::time
);

fn main() {}
