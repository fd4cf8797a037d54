//! The clock ids of the kernel's `include/uapi/linux/time.h`, by name: for the rules
//! that need a clock id's value. `tests/build.rs` includes this file, for the values of
//! its stand-in bindings.

/// The uapi clock ids, by name.
pub(crate) const CLOCK_IDS: &[(&str, i32)] = &[
    ("CLOCK_REALTIME", 0),
    ("CLOCK_MONOTONIC", 1),
    ("CLOCK_PROCESS_CPUTIME_ID", 2),
    ("CLOCK_THREAD_CPUTIME_ID", 3),
    ("CLOCK_MONOTONIC_RAW", 4),
    ("CLOCK_REALTIME_COARSE", 5),
    ("CLOCK_MONOTONIC_COARSE", 6),
    ("CLOCK_BOOTTIME", 7),
    ("CLOCK_REALTIME_ALARM", 8),
    ("CLOCK_BOOTTIME_ALARM", 9),
    ("CLOCK_TAI", 11),
];
