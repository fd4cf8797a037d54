// With `backend = posix`, a clock's reading is its runtime's `PosixClock::read`, the
// provided method of typed-clocks's `unsafe trait`, never a function the runtime path
// merely has: here a module of the caller's that re-exports typed-clocks and adds a
// `read_clock` that goes backwards, which nothing calls. `Mono` reads CLOCK_MONOTONIC.
#![forbid(unsafe_code)]

pub mod runtime {
    pub use typed_clocks::*;

    pub mod posix {
        pub use typed_clocks::posix::{libc, PosixClock};

        /// Not `clock_gettime`: each reading is 1 ns before the last.
        pub fn read_clock(_id: i32) -> i64 {
            use core::sync::atomic::{AtomicI64, Ordering};
            static NOW: AtomicI64 = AtomicI64::new(1_000);
            NOW.fetch_sub(1, Ordering::Relaxed)
        }
    }
}

typed_clocks_macros::declare_clocks! {
    backend = posix;
    runtime = crate::runtime;
    Mono { monotonic: true, clockid: 1 },
}

fn main() {
    let _ = runtime::posix::read_clock(0);
    let earlier = typed_clocks::Instant::<Mono>::now();
    let later = typed_clocks::Instant::<Mono>::now();
    assert!(later >= earlier, "Mono went backwards");
    assert!(earlier.elapsed() >= typed_clocks::Delta::ZERO);
}
