/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The host timekeeper's clocksource: the host kernel's clocks, read with
 * clock_gettime() in host_clock.c, the only file here that includes libc.
 */
#ifndef _HOST_CLOCK_H
#define _HOST_CLOCK_H

#include <linux/types.h>

/*
 * Reads the host clock @clockid (a CLOCK_* id) in nanoseconds; 0 if the host
 * does not have that clock.
 */
s64 host_clock_read_ns(int clockid);

#endif /* _HOST_CLOCK_H */
