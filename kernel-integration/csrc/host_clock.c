// SPDX-License-Identifier: GPL-2.0
/*
 * The host timekeeper's clocksource: clock_gettime() on the host kernel.
 *
 * Kept apart from timekeeper.c so that the timekeeper itself sees only the
 * kernel-shaped headers in include/, as kernel code does.
 */

#include <time.h>

#include "host_clock.h"

s64 host_clock_read_ns(int clockid)
{
	struct timespec ts;

	if (clock_gettime((clockid_t)clockid, &ts) != 0)
		return 0;
	return (s64)ts.tv_sec * 1000000000LL + (s64)ts.tv_nsec;
}
