// SPDX-License-Identifier: GPL-2.0
/*
 * A host model of the kernel's delays (arch/x86/lib/delay.c,
 * kernel/time/sleep_timeout.c): __udelay(), usleep_range_state(), msleep().
 *
 * In the timekeeper's test mode a delay lets exactly its time pass on the
 * test clocks, as if the CPU had waited: timekeeper_test_advance() moves every
 * clock and fires the timers that expire meanwhile, so a driver that polls
 * with fsleep() sees its timeout come at the exact expected reading. In host
 * mode a delay waits on the host (a busy wait for udelay(), a sleep for the
 * others) and then runs the expired timers.
 */

#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/kernel.h>
#include <linux/ktime.h>

#include "host_sleep.h"
#include "timekeeper_test.h"

/* Lets @ns pass: on the test clocks in test mode, else on the host. */
static void host_delay_ns(s64 ns, int spin)
{
	if (timekeeper_test_enabled()) {
		/* -ERANGE only at the end of ktime_t: the clocks then stay put. */
		timekeeper_test_advance(ns);
		return;
	}
	if (spin)
		host_spin_ns(ns);
	else
		host_sleep_ns(ns);
	hrtimer_run_queues();
}

void __udelay(unsigned long usecs)
{
	host_delay_ns((s64)usecs * NSEC_PER_USEC, 1);
}

void usleep_range_state(unsigned long min, unsigned long max, unsigned int state)
{
	(void)max;
	(void)state;
	might_sleep();
	host_delay_ns((s64)min * NSEC_PER_USEC, 0);
}

void msleep(unsigned int msecs)
{
	might_sleep();
	host_delay_ns((s64)msecs * NSEC_PER_MSEC, 0);
}
