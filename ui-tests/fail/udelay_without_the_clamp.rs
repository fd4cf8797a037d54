// Issue 21, item 7: `udelay()` is defined up to the architecture's `MAX_UDELAY_MS`.
// The kernel's safe `delay::udelay(Delta)` clamps to it; the C `udelay(usecs)` that it
// calls skips the clamp, so calling it is `unsafe`, with the range as its contract.
fn spin_forever() {
    kernel::bindings::udelay(usize::MAX);
}

fn main() {}
