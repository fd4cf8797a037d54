use super::*;

#[test]
fn the_posix_backend_reads_only_ids_that_every_linux_reads() {
    for id in [0, 1, 2, 3, 4, 5, 6, 7, 11] {
        assert_eq!(posix_unreadable(&id.to_string(), id), None, "{id}");
    }
    for (text, id, message, help) in [
        (
            "CLOCK_BOOTTIME_ALARM",
            9,
            "`clock_gettime` fails on clock id `CLOCK_BOOTTIME_ALARM` where the machine has no RTC",
            "read `CLOCK_BOOTTIME` instead",
        ),
        (
            "8",
            8,
            "`clock_gettime` fails on clock id `8` where the machine has no RTC",
            "read `CLOCK_REALTIME` instead",
        ),
        (
            "-6",
            -6,
            "clock id `-6` is negative: the CPU clock of a process or thread",
            "read CLOCK_PROCESS_CPUTIME_ID or CLOCK_THREAD_CPUTIME_ID",
        ),
        (
            "-2147483648",
            i32::MIN,
            "clock id `-2147483648` is negative",
            "CLOCK_TAI",
        ),
        ("10", 10, "Linux has no clock with id `10`", "CLOCK_TAI"),
        (
            "12",
            12,
            "Linux has no clock with id `12`",
            "CLOCK_BOOTTIME",
        ),
        ("2147483647", i32::MAX, "Linux has no clock with id", "fix"),
    ] {
        let (got_message, got_help) = posix_unreadable(text, id).expect(text);
        assert!(got_message.starts_with(message), "{got_message}");
        assert!(got_help.contains(help), "{got_help}");
    }
}
