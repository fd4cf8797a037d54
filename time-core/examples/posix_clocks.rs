//! The userspace backend: the root `clocks.toml`, read with `clock_gettime`.
//!
//! `cargo run -p time-core --features posix --example posix_clocks`

use time_core::{posix, ClockSource, Deadline, Delta, Instant};

time_core::declare_clocks!("../clocks.toml", backend = posix);

fn row<C: ClockSource>() {
    let id = C::ID.map_or_else(|| "-".to_owned(), |id| id.to_string());
    let now = Delta::from_nanos(Instant::<C>::now().to_ktime());
    println!("{:<14} {:>7} {:>9}   {now}", C::NAME, id, C::MONOTONIC);
}

fn main() -> Result<(), posix::SleepError> {
    println!(
        "{:<14} {:>7} {:>9}   now (since the clock's epoch)",
        "clock", "clockid", "monotonic"
    );
    row::<Monotonic>();
    row::<RealTime>();
    row::<BootTime>();
    row::<Tai>();
    row::<MonotonicRaw>();

    let start = Instant::<Monotonic>::now();
    let deadline = Deadline::<Monotonic>::after(Delta::from_millis(20));
    posix::sleep_until(deadline)?;
    println!(
        "\nslept until a Monotonic deadline 20ms ahead: {} elapsed",
        start.elapsed()
    );
    Ok(())
}
