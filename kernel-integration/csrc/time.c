// SPDX-License-Identifier: GPL-2.0
/*
 * A host model of the jiffies conversions of kernel/time/time.c.
 */

#include <linux/jiffies.h>

/**
 * __msecs_to_jiffies: - convert milliseconds to jiffies
 * @m:	time in milliseconds
 *
 * Negative values (above INT_MAX as unsigned) mean "infinite timeout" and give
 * MAX_JIFFY_OFFSET; everything else is rounded up to the next jiffy, so a
 * timeout is never shorter than asked. HZ divides MSEC_PER_SEC here.
 */
unsigned long __msecs_to_jiffies(const unsigned int m)
{
	if ((int)m < 0)
		return MAX_JIFFY_OFFSET;
	return (m + (MSEC_PER_SEC / HZ) - 1) / (MSEC_PER_SEC / HZ);
}
