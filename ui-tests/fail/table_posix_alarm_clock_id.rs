// With the posix backend, a clock id that `clock_gettime` can fail on is refused at the
// row's `clockid`: without an RTC (containers, most VMs) `CLOCK_BOOTTIME_ALARM` cannot be
// read, and a poll loop timed on it would never end. The message names the clock to read
// instead.
typed_clocks::declare_clocks! {
    backend = posix;
    Boot { monotonic: true, clockid: CLOCK_BOOTTIME_ALARM },
}

fn main() {}
