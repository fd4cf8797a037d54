/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of the interrupt-context tests of include/linux/preempt.h: the
 * host runs hrtimer callbacks in the thread that expires them, which counts
 * as hard interrupt context while a callback runs (csrc/hrtimer.c); there is
 * no softirq context.
 */
#ifndef _LINUX_HARDIRQ_H
#define _LINUX_HARDIRQ_H

/* Nonzero while the calling thread runs an hrtimer callback. */
int in_hardirq(void);

static inline int in_serving_softirq(void)
{
	return 0;
}

#endif /* _LINUX_HARDIRQ_H */
