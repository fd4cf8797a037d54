// src/lib.rs of a driver: the kernel's clocks are kernel::time's, one type per row
// of rust/kernel/time/clocks.toml (there, `declare_clocks!` in rust/kernel/time.rs).
use kernel::time::{Delta, Instant, Monotonic};

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
