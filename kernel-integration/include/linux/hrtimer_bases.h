/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of include/linux/hrtimer_bases.h: the clock bases of the host's
 * one CPU (csrc/hrtimer.c).
 */
#ifndef _LINUX_HRTIMER_BASES_H
#define _LINUX_HRTIMER_BASES_H

#include <linux/hrtimer.h>

/**
 * struct hrtimer_cpu_base - the per cpu clock bases
 * @cpu:	cpu number (the host has one, 0)
 */
struct hrtimer_cpu_base {
	unsigned int			cpu;
};

/**
 * struct hrtimer_clock_base - the timer base for a specific clock
 * @cpu_base:	per cpu clock base
 * @clockid:	clock id
 * @set_by:	the CLOCK_SET_* bits of clock_was_set() that move this base
 * @get_time:	reads the base's clock
 * @running:	pointer to the currently running hrtimer
 * @first:	the queued timers, earliest expiry first
 */
struct hrtimer_clock_base {
	struct hrtimer_cpu_base		*cpu_base;
	clockid_t			clockid;
	unsigned int			set_by;
	ktime_t				(*get_time)(void);
	struct hrtimer			*running;
	struct timerqueue_node		*first;
};

/*
 * Helper function to check, whether the timer is running the callback
 * function
 */
static inline int hrtimer_callback_running(struct hrtimer *timer)
{
	return timer->base->running == timer;
}

#endif /* _LINUX_HRTIMER_BASES_H */
