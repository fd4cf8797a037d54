// With the posix backend the clock id decides monotonicity: `monotonic = true` on an
// id that `clock_gettime` does not read monotonically (`CLOCK_REALTIME`) is refused at
// the key, since a poll loop timed on it might not end.
typed_clocks::declare_clocks! {
    backend = posix;
    Wall { monotonic: true, clockid: CLOCK_REALTIME },
}

fn main() {}
