// src/lib.rs of a kernel-side crate, with clocks.toml beside its Cargo.toml.
use typed_clocks::{Delta, Instant};

/// What bindgen generates from the kernel's headers, reduced to what the table
/// names: each row's getter and `CLOCK_*` constant.
mod bindings {
    pub const CLOCK_MONOTONIC: u32 = 1;
    pub const CLOCK_BOOTTIME: u32 = 7;
    extern "C" {
        pub fn ktime_get() -> i64; // exported by kernel/time/timekeeping.c
        pub fn ktime_get_boottime() -> i64; // static inline: its rust_helper_ wrapper
    }
}

// One marker type per row of clocks.toml; the getters come from the bindings.
// `unsafe(…)`: we vouch that the items the table names are the kernel's.
typed_clocks::declare_clocks!("clocks.toml", unsafe(bindings = crate::bindings));

/// The device did not become ready in time.
pub struct TimedOut;

/// Polls `ready` for up to 20 ms and returns how long it took.
pub fn wait_ready(ready: impl Fn() -> bool) -> Result<Delta, TimedOut> {
    let start = Instant::<Monotonic>::now();
    while !ready() {
        if start.elapsed() > Delta::from_millis(20) {
            return Err(TimedOut);
        }
    }
    Ok(start.elapsed()) // `Instant::<BootTime>::now() - start` would not compile
}
