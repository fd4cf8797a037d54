// A row with a `getter` and no `clockid` (the kernel has no clockid_t for the coarse
// BootTime reader) is a kernel-only clock: the posix backend declares its type, so the
// table still serves both backends, but cannot read it.
use typed_clocks::Instant;

typed_clocks::declare_clocks! {
    backend = posix;
    Monotonic { monotonic: true, clockid: CLOCK_MONOTONIC },
    BootTimeCoarse { getter: ktime_get_coarse_boottime, monotonic: true, resolution: tick },
}

fn main() {
    let _fine = Instant::<Monotonic>::now();
    let _ = Instant::<BootTimeCoarse>::now();
}
