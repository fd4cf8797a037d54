// In the inline form too, a `clockid` constant needs `bindings = ...;`.
typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC },
}

fn main() {}
