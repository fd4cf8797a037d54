// The posix backend reads each clock with `clock_gettime(clockid)`: a row with
// neither `clockid` nor `getter` is rejected.
typed_clocks::declare_clocks!("tables/posix_row_without_clockid.toml", backend = posix);

fn main() {}
