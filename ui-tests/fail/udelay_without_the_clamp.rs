// Issue 21, item 7: `udelay()` is defined up to the architecture's `MAX_UDELAY_MS`.
// The safe `delay::udelay(Delta)` clamps to it; the raw `KernelServices::udelay(usecs)`
// that it calls skips the clamp, so it is `unsafe`, with the range as its contract.
use typed_clocks::services::KernelServices;

fn spin_forever<K: KernelServices>() {
    K::udelay(u32::MAX);
}

fn main() {}
