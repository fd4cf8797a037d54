/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of include/linux/jiffies.h: the timer tick's unit, and the
 * out-of-line millisecond conversion that msecs_to_jiffies() uses for values
 * not known at compile time.
 */
#ifndef _LINUX_JIFFIES_H
#define _LINUX_JIFFIES_H

#include <vdso/jiffies.h>	/* HZ (Debian's CONFIG_HZ=250), TICK_NSEC */

#define MSEC_PER_SEC	1000L

/* The longest timeout in jiffies: what a too large conversion gives. */
#define LONG_MAX		((long)(~0UL >> 1))
#define MAX_JIFFY_OFFSET	((LONG_MAX >> 1) - 1)

extern unsigned long __msecs_to_jiffies(const unsigned int m);

#endif /* _LINUX_JIFFIES_H */
