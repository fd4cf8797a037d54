//! The template's compile-time checks of clock ids (typed-clocks
//! `__private::has_hrtimer_base`, `is_monotonic_clock_id` and
//! `posix::is_readable_clock_id`) are the runtime crate's copies of lists of the
//! macro's data (`time-macros/src/capabilities.rs`): typed-clocks cannot include the
//! macro's file, which the kernel tree keeps in another crate's directory. This test
//! keeps each copy equal to its list.

#[path = "support/capabilities.rs"]
mod capabilities;

use typed_clocks::__private as template;

/// Every id a list or a check could name, and some around them.
const IDS: std::ops::Range<i32> = -16..64;

#[test]
fn the_templates_id_checks_are_the_macros_lists() {
    type List = (&'static str, &'static [i32], fn(i32) -> bool);
    let lists: [List; 3] = [
        (
            "HRTIMER_BASES",
            capabilities::HRTIMER_BASES,
            template::has_hrtimer_base,
        ),
        (
            "MONOTONIC_IDS",
            capabilities::MONOTONIC_IDS,
            template::is_monotonic_clock_id,
        ),
        (
            "POSIX_READABLE_IDS",
            capabilities::POSIX_READABLE_IDS,
            template::posix::is_readable_clock_id,
        ),
    ];
    for (name, list, check) in lists {
        for id in IDS {
            assert_eq!(
                check(id),
                list.contains(&id),
                "clock id {id}: typed-clocks' check of {name} and the macro's list differ \
                 (time-core/src/private.rs, time-macros/src/capabilities.rs)"
            );
        }
    }
}
