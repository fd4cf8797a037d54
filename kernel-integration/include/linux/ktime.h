/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of include/linux/ktime.h: ktime_t - nanosecond-resolution time
 * format, and the few helpers the host timekeeper uses. As in the kernel,
 * this header pulls in linux/timekeeping.h at its end.
 */
#ifndef _LINUX_KTIME_H
#define _LINUX_KTIME_H

#include <linux/types.h>

/* Nanosecond scalar representation for kernel time values */
typedef s64	ktime_t;

/* From include/vdso/time64.h and include/linux/time64.h. */
#define NSEC_PER_USEC	1000L
#define NSEC_PER_MSEC	1000000L
#define NSEC_PER_SEC	1000000000L
#define KTIME_MAX	((s64)~((u64)1 << 63))
#define KTIME_MIN	(-KTIME_MAX - 1)

/* Subtract two ktime_t variables. rem = lhs -rhs: */
#define ktime_sub(lhs, rhs)	((lhs) - (rhs))

/* Add two ktime_t variables. res = lhs + rhs: */
#define ktime_add(lhs, rhs)	((lhs) + (rhs))

/* Convert ktime_t to nanoseconds */
static inline s64 ktime_to_ns(const ktime_t kt)
{
	return kt;
}

#include <linux/timekeeping.h>

#endif /* _LINUX_KTIME_H */
