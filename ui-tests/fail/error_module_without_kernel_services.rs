// `error = PATH` chooses the error type of the kernel services: without them it is an
// error at its key, not silently ignored.
mod bindings {
    pub unsafe fn ktime_get() -> i64 {
        0
    }
}

mod error {}

typed_clocks::declare_clocks! {
    unsafe(bindings = crate::bindings);
    error = crate::error;
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1 },
}

fn main() {}
