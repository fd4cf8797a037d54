//! The userspace backend: every clock of the root `clocks.toml`, read with
//! `clock_gettime`, listed from the generated `CLOCKS` (a row added to the table shows
//! up with no edit here), and a sleep until a deadline on the deadline's own clock.
//!
//! `cargo run -p typed-clocks --features posix --example posix_clocks`

use typed_clocks::{posix, Deadline, Delta, Instant};

typed_clocks::declare_clocks!("../clocks.toml", backend = posix);

fn main() -> Result<(), posix::SleepError> {
    let width = CLOCKS
        .iter()
        .map(|clock| clock.name.len())
        .fold(5, usize::max);
    println!(
        "{:<width$} {:>7} {:>9}   now (since the clock's epoch)",
        "clock", "clockid", "monotonic"
    );
    for clock in &CLOCKS {
        let id = clock.id;
        let now = Delta::from_nanos((clock.read)());
        println!(
            "{:<width$} {:>7} {:>9}   {now}",
            clock.name, id, clock.monotonic
        );
    }

    let start = Instant::<Monotonic>::now();
    let deadline = Deadline::<Monotonic>::after(Delta::from_millis(20));
    posix::sleep_until(deadline)?;
    println!(
        "\nslept until a Monotonic deadline 20ms ahead: {} elapsed",
        start.elapsed()
    );
    Ok(())
}
