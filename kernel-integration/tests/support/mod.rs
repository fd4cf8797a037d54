//! Shared by the tests that read every clock of `clocks.toml` at once.

use kernel_integration::time::{BootTime, Monotonic, MonotonicRaw, RealTime, Tai};
use typed_clocks::ext::InstantExt;
use typed_clocks::{ClockSource, Instant, Ktime};

/// One reading of every clock, in table order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readings {
    pub mono: Ktime,
    pub real: Ktime,
    pub boot: Ktime,
    pub tai: Ktime,
    pub raw: Ktime,
}

/// Clock `C` now, as its raw `ktime_t`.
pub fn now<C: ClockSource>() -> Ktime {
    Instant::<C>::now().to_ktime()
}

/// Every clock, read once each, in table order.
pub fn read_all() -> Readings {
    Readings {
        mono: now::<Monotonic>(),
        real: now::<RealTime>(),
        boot: now::<BootTime>(),
        tai: now::<Tai>(),
        raw: now::<MonotonicRaw>(),
    }
}
