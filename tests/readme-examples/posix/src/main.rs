// src/main.rs of a program, with clocks.toml beside its Cargo.toml and
// typed-clocks's `posix` feature on.
use typed_clocks::posix::{self, SleepError};
use typed_clocks::{Deadline, Delta, Instant};

// One clock type per row of clocks.toml, each read with clock_gettime(clockid)
// (the posix backend reads no getter: one table serves both backends).
typed_clocks::declare_clocks!("clocks.toml", backend = posix);

fn main() -> Result<(), SleepError> {
    let start = Instant::<Monotonic>::now();
    let deadline = Deadline::<Monotonic>::after(Delta::from_millis(20));
    posix::sleep_until(deadline)?; // clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, …)
    println!("woke {} after start", start.elapsed());
    Ok(())
}
