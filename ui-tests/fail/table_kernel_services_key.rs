// `kernel_services = true` generated delays, polls and hrtimers from a table; the
// kernel's own `kernel::time::{delay, hrtimer}` and `kernel::io::poll` are those now.
// The key is one located error at `tables/…toml:1:1`, which says what to use, and the
// table's clocks are still declared.
typed_clocks::declare_clocks!("tables/kernel_services_key.toml", unsafe(extern "C"));

fn main() {
    let _ = typed_clocks::Instant::<Monotonic>::now();
}
