/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of include/linux/time64.h (with include/vdso/time64.h): the
 * nanosecond constants, the ktime_t limits and struct timespec64, as the
 * kernel's timespec64 based interfaces (ktime_get_coarse_ts64()) use it.
 */
#ifndef _LINUX_TIME64_H
#define _LINUX_TIME64_H

#include <linux/types.h>

typedef __s64 time64_t;

struct timespec64 {
	time64_t	tv_sec;			/* seconds */
	long		tv_nsec;		/* nanoseconds */
};

/* Parameters used to convert the timespec values (include/vdso/time64.h): */
#define NSEC_PER_USEC	1000L
#define NSEC_PER_MSEC	1000000L
#define NSEC_PER_SEC	1000000000L

/* Located here for timespec[64]_valid_strict */
#define KTIME_MAX			((s64)~((u64)1 << 63))
#define KTIME_MIN			(-KTIME_MAX - 1)
#define KTIME_SEC_MAX			(KTIME_MAX / NSEC_PER_SEC)
#define KTIME_SEC_MIN			(KTIME_MIN / NSEC_PER_SEC)

#endif /* _LINUX_TIME64_H */
