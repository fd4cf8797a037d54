// Code in NMI context reads only `nmi_safe` clocks: `ktime_get()` (Monotonic) spins
// on the timekeeper's seqcount and deadlocks when the NMI interrupted an update.
use typed_clocks::nmi;

typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clockid: 1 },
    MonotonicFast { getter: ktime_get_mono_fast_ns, returns: u64, monotonic: true, clockid: 1, nmi_safe: true },
}

fn main() {
    let _fine = nmi::now::<MonotonicFast>();
    let _ = nmi::now::<Monotonic>();
}
