/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * Host model of include/uapi/linux/time.h: the clock ids (clockid_t values)
 * of clock_gettime(2) and of the kernel's posix-timers.
 */
#ifndef _UAPI_LINUX_TIME_H
#define _UAPI_LINUX_TIME_H

/*
 * The IDs of the various system clocks (for POSIX.1b interval timers):
 */
#define CLOCK_REALTIME			0
#define CLOCK_MONOTONIC			1
#define CLOCK_PROCESS_CPUTIME_ID	2
#define CLOCK_THREAD_CPUTIME_ID		3
#define CLOCK_MONOTONIC_RAW		4
#define CLOCK_REALTIME_COARSE		5
#define CLOCK_MONOTONIC_COARSE		6
#define CLOCK_BOOTTIME			7
#define CLOCK_REALTIME_ALARM		8
#define CLOCK_BOOTTIME_ALARM		9
/*
 * The driver implementing this got removed. The clock ID is kept as a
 * place holder. Do not reuse!
 */
#define CLOCK_SGI_CYCLE			10
#define CLOCK_TAI			11

#define MAX_CLOCKS			16

#endif /* _UAPI_LINUX_TIME_H */
