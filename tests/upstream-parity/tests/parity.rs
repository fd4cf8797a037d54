//! Builds upstream's and our kernel crates and compiles every snippet against both.

use std::path::Path;
use upstream_parity::{build, Side};

#[test]
fn every_use() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("upstream-parity");
    let start = std::time::Instant::now();
    let kernels = build(&dir);
    eprintln!("built in {:?}", start.elapsed());
    let results = kernels.compile_all(&dir.join("scratch"));
    eprintln!("compiled in {:?}", start.elapsed());
    for ((id, side), r) in &results {
        eprintln!("{id} {side:?}: {r:?}");
    }
    let _ = Side::BOTH;
}
