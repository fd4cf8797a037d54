/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of include/linux/ktime.h: ktime_t - nanosecond-resolution time
 * format, and the helpers that the host timekeeper and the static inline
 * getters use. As in the kernel, this header pulls in linux/timekeeping.h at
 * its end.
 */
#ifndef _LINUX_KTIME_H
#define _LINUX_KTIME_H

#include <linux/time64.h>
#include <linux/types.h>

/* Nanosecond scalar representation for kernel time values */
typedef s64	ktime_t;

/**
 * ktime_set - Set a ktime_t variable from a seconds/nanoseconds value
 * @secs:	seconds to set
 * @nsecs:	nanoseconds to set
 *
 * Return: The ktime_t representation of the value.
 */
static inline ktime_t ktime_set(const s64 secs, const unsigned long nsecs)
{
	if (secs >= KTIME_SEC_MAX)
		return KTIME_MAX;

	return secs * NSEC_PER_SEC + (s64)nsecs;
}

/* Subtract two ktime_t variables. rem = lhs -rhs: */
#define ktime_sub(lhs, rhs)	((lhs) - (rhs))

/* Add two ktime_t variables. res = lhs + rhs: */
#define ktime_add(lhs, rhs)	((lhs) + (rhs))

/*
 * Same as ktime_add(), but avoids undefined behaviour on overflow; however,
 * this means that you must check the result for overflow yourself.
 */
#define ktime_add_unsafe(lhs, rhs)	((u64) (lhs) + (rhs))

/*
 * Add a ktime_t variable and a scalar nanosecond value.
 * res = kt + nsval:
 */
#define ktime_add_ns(kt, nsval)		((kt) + (nsval))

/* ktime_divns(): the quotient of a ktime_t and a nanosecond divisor (64-bit). */
static inline s64 ktime_divns(const ktime_t kt, s64 div)
{
	return kt / div;
}

/*
 * The sum; ktime_set(KTIME_SEC_MAX, 0), which is KTIME_MAX, where it is
 * negative or overflows (kernel/time/hrtimer.c).
 */
extern ktime_t ktime_add_safe(const ktime_t lhs, const ktime_t rhs);

/* convert a timespec64 to ktime_t format: */
static inline ktime_t timespec64_to_ktime(struct timespec64 ts)
{
	return ktime_set(ts.tv_sec, ts.tv_nsec);
}

/* Convert ktime_t to nanoseconds */
static inline s64 ktime_to_ns(const ktime_t kt)
{
	return kt;
}

/* ktime_to_us(), ktime_to_ms(): the time in whole microseconds, milliseconds. */
static inline s64 ktime_to_us(const ktime_t kt)
{
	return kt / NSEC_PER_USEC;
}

static inline s64 ktime_to_ms(const ktime_t kt)
{
	return kt / NSEC_PER_MSEC;
}

static inline ktime_t ns_to_ktime(u64 ns)
{
	return ns;
}

#include <linux/timekeeping.h>

#endif /* _LINUX_KTIME_H */
