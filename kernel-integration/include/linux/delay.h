/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of include/linux/delay.h (and the architecture's asm/delay.h):
 * busy-wait and sleep functions, with the kernel's fsleep() choosing between
 * them by length.
 *
 * On the host (csrc/delay.c), in the timekeeper's test mode every delay lets
 * exactly its time pass on the test clocks (timekeeper_test_advance()), which
 * fires the timers that expire meanwhile; in host mode they sleep on the host
 * and then run the expired timers.
 */
#ifndef _LINUX_DELAY_H
#define _LINUX_DELAY_H

/* The longest udelay() of the architecture, in milliseconds (x86: 5). */
#define MAX_UDELAY_MS	5

#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))

extern void __udelay(unsigned long usecs);
extern void usleep_range_state(unsigned long min, unsigned long max,
			       unsigned int state);
extern void msleep(unsigned int msecs);

/* Busy-waits @n microseconds (a macro over the architecture's __udelay()). */
#define udelay(n)	__udelay(n)

/**
 * usleep_range - Sleep for an approximate time
 * @min:	Minimum time in microseconds to sleep
 * @max:	Maximum time in microseconds to sleep
 */
static inline void usleep_range(unsigned long min, unsigned long max)
{
	usleep_range_state(min, max, 0);
}

/**
 * fsleep - flexible sleep which autoselects the best mechanism
 * @usecs:	requested sleep duration in microseconds
 *
 * Busy-waits up to 10 us, sleeps on a timer up to 20 ms, and in whole
 * milliseconds above.
 */
static inline void fsleep(unsigned long usecs)
{
	if (usecs <= 10)
		udelay(usecs);
	else if (usecs <= 20000)
		usleep_range(usecs, 2 * usecs);
	else
		msleep(DIV_ROUND_UP(usecs, 1000));
}

#endif /* _LINUX_DELAY_H */
