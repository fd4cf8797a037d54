// With `backend = posix`, the macro writes `unsafe impl ClockSource`, `PosixClock` and
// (for a monotonic clock id) `MonotonicClock` on its own word: each clock's reading is
// the runtime's `PosixClock::read`, a provided method of its `unsafe trait PosixClock`.
// The runtime is a path the caller gives: here a module of the caller's that re-exports
// typed-clocks with a `PosixClock` of its own, whose `read` goes backwards. Declaring
// that trait is `unsafe` code, so a crate that forbids unsafe code cannot make `Mono` a
// `MonotonicClock` whose readings decrease.
#![forbid(unsafe_code)]

pub mod runtime {
    pub use typed_clocks::*;

    pub mod posix {
        pub use typed_clocks::posix::libc;

        /// Not `clock_gettime`: each reading is 1 ns before the last.
        pub unsafe trait PosixClock: typed_clocks::ClockSource {
            fn read() -> i64 {
                use core::sync::atomic::{AtomicI64, Ordering};
                static NOW: AtomicI64 = AtomicI64::new(1_000);
                NOW.fetch_sub(1, Ordering::Relaxed)
            }
        }
    }
}

typed_clocks_macros::declare_clocks! {
    backend = posix;
    runtime = crate::runtime;
    Mono { monotonic: true, clockid: 1 },
}

fn main() {
    let earlier = typed_clocks::Instant::<Mono>::now();
    let _ = earlier.elapsed();
}
