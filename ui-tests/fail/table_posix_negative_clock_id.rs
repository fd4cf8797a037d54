// With the posix backend, a negative clock id (the CPU clock of another process or
// thread, or the clock of a file descriptor) is refused at the row's `clockid`:
// `clock_gettime` fails on it once its owner is gone.
typed_clocks::declare_clocks! {
    backend = posix;
    Cpu { monotonic: false, clockid: -6 },
}

fn main() {}
