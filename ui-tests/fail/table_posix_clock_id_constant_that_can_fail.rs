// With the posix backend, the id of a `libc` constant that the macro has no value for
// is checked by the template's const assertion, which names the row's
// `tables/…toml:LINE:COL`: here `AT_FDCWD` (-100), an id `clock_gettime` fails on.
typed_clocks::declare_clocks!(
    "tables/posix_clock_id_constant_that_can_fail.toml",
    backend = posix
);

fn main() {
    let _ = typed_clocks::Instant::<Monotonic>::now();
}
