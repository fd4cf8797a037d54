// SPDX-License-Identifier: GPL-2.0
/*
 * Sleeping and busy-waiting on the host kernel, for csrc/delay.c.
 */

#include <errno.h>
#include <time.h>

#include "host_clock.h"
#include "host_sleep.h"

void host_sleep_ns(s64 ns)
{
	struct timespec ts;

	if (ns <= 0)
		return;
	ts.tv_sec = ns / 1000000000LL;
	ts.tv_nsec = ns % 1000000000LL;
	while (clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, &ts) == EINTR)
		;
}

void host_spin_ns(s64 ns)
{
	s64 start = host_clock_read_ns(CLOCK_MONOTONIC);

	while (host_clock_read_ns(CLOCK_MONOTONIC) - start < ns)
		;
}
