// One bad row does not hide the good ones: `Monotonic` is still declared, so the only
// error is about the `RealTime` row, not "cannot find type `Monotonic`" in `main`.
use typed_clocks::Instant;

typed_clocks::declare_clocks!("tables/good_rows_still_declared.toml", unsafe(extern "C"));

fn main() {
    let start = Instant::<Monotonic>::from_ktime(0);
    let _ = start.elapsed();
}
