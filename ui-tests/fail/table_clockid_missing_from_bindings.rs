// A `clockid` constant that the bindings module lacks is one error, at the row's
// `tables/…toml:LINE:COL`, saying what to fix: no type error follows it.
mod bindings {
    pub unsafe fn ktime_get() -> i64 {
        0
    }
}

typed_clocks::declare_clocks!(
    "tables/clockid_missing_from_bindings.toml",
    unsafe(bindings = crate::bindings)
);

fn main() {
    let _ = typed_clocks::Instant::<Monotonic>::now();
}
