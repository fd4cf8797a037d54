// src/main.rs of a program, with clocks.toml beside its Cargo.toml and
// time-core's `posix` feature on.
use time_core::posix::{self, SleepError};
use time_core::{Deadline, Delta, Instant};

// The same table, each clock read with clock_gettime(clockid).
time_core::declare_clocks!("clocks.toml", backend = posix);

fn main() -> Result<(), SleepError> {
    let start = Instant::<Monotonic>::now();
    let deadline = Deadline::<Monotonic>::after(Delta::from_millis(20));
    posix::sleep_until(deadline)?; // clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, …)
    println!("woke {} after start", start.elapsed());
    Ok(())
}
