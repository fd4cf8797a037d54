// The file form with `unsafe(bindings = PATH)`: each getter is called as `PATH::getter()`.
use typed_clocks::{ext::InstantExt, Instant};

typed_clocks::declare_clocks!("tables/bindings_form.toml", unsafe(bindings = crate::b));

mod b {
    pub unsafe fn g() -> i64 {
        0
    }
    pub unsafe fn h() -> i64 {
        5
    }
}

fn main() {
    let at = Instant::<Steady>::now();
    assert_eq!(at.to_ktime(), 0);
    let wall = Instant::<Wall>::now();
    assert_eq!(wall.to_ktime(), 5);
}
