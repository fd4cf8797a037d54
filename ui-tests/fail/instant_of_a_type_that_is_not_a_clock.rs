// `Instant<C>` needs `C: ClockSource`: any other type is rejected.
use typed_clocks::Instant;

fn main() {
    let _ = Instant::<u64>::from_ktime(0);
}
