/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of include/linux/timekeeping.h: every clock reader of the
 * kernel's, with its name, signature and split between the functions that
 * kernel/time/timekeeping.c exports and the static inline ones over them:
 *
 *	fine:      ktime_get, ktime_get_raw (exported); ktime_get_real,
 *	           ktime_get_boottime, ktime_get_clocktai (static inline over
 *	           ktime_get_with_offset)
 *	coarse:    ktime_get_coarse (static inline over ktime_get_coarse_ts64),
 *	           ktime_get_coarse_real, ktime_get_coarse_boottime,
 *	           ktime_get_coarse_clocktai (static inline over
 *	           ktime_get_coarse_with_offset): the time at the last tick
 *	NMI safe:  ktime_get_mono_fast_ns, ktime_get_raw_fast_ns,
 *	           ktime_get_boot_fast_ns, ktime_get_tai_fast_ns,
 *	           ktime_get_real_fast_ns (exported, u64 nanoseconds)
 *
 * Rust cannot call a static inline function; it reaches those through the
 * rust_helper_* wrappers of linux/intree/rust/helpers/time.c (the kernel's
 * rust/helpers/time.c), which csrc/helpers.c compiles.
 */
#ifndef _LINUX_TIMEKEEPING_H
#define _LINUX_TIMEKEEPING_H

#include <linux/types.h>

/* Included from linux/ktime.h */
#ifndef _LINUX_KTIME_H
#include <linux/ktime.h>
#endif

/*
 * timespec64 based interfaces
 */
extern void ktime_get_coarse_ts64(struct timespec64 *ts);

/*
 * ktime_t based interfaces
 */

enum tk_offsets {
	TK_OFFS_REAL,
	TK_OFFS_BOOT,
	TK_OFFS_TAI,
	TK_OFFS_MAX,
};

extern ktime_t ktime_get(void);
extern ktime_t ktime_get_with_offset(enum tk_offsets offs);
extern ktime_t ktime_get_coarse_with_offset(enum tk_offsets offs);
extern ktime_t ktime_mono_to_any(ktime_t tmono, enum tk_offsets offs);
extern ktime_t ktime_get_raw(void);

/**
 * ktime_get_real - get the real (wall-) time in ktime_t format
 *
 * Returns: real (wall) time in ktime_t format
 */
static inline ktime_t ktime_get_real(void)
{
	return ktime_get_with_offset(TK_OFFS_REAL);
}

static inline ktime_t ktime_get_coarse_real(void)
{
	return ktime_get_coarse_with_offset(TK_OFFS_REAL);
}

/**
 * ktime_get_boottime - Get monotonic time since boot in ktime_t format
 *
 * This is similar to CLOCK_MONTONIC/ktime_get, but also includes the
 * time spent in suspend.
 *
 * Returns: monotonic time since boot in ktime_t format
 */
static inline ktime_t ktime_get_boottime(void)
{
	return ktime_get_with_offset(TK_OFFS_BOOT);
}

static inline ktime_t ktime_get_coarse_boottime(void)
{
	return ktime_get_coarse_with_offset(TK_OFFS_BOOT);
}

/**
 * ktime_get_clocktai - Get the TAI time of day in ktime_t format
 *
 * Returns: the TAI time of day in ktime_t format
 */
static inline ktime_t ktime_get_clocktai(void)
{
	return ktime_get_with_offset(TK_OFFS_TAI);
}

static inline ktime_t ktime_get_coarse_clocktai(void)
{
	return ktime_get_coarse_with_offset(TK_OFFS_TAI);
}

static inline ktime_t ktime_get_coarse(void)
{
	struct timespec64 ts;

	ktime_get_coarse_ts64(&ts);
	return timespec64_to_ktime(ts);
}

/**
 * ktime_mono_to_real - Convert monotonic time to clock realtime
 * @mono: monotonic time to convert
 *
 * Returns: time converted to realtime clock
 */
static inline ktime_t ktime_mono_to_real(ktime_t mono)
{
	return ktime_mono_to_any(mono, TK_OFFS_REAL);
}

extern u64 ktime_get_mono_fast_ns(void);
extern u64 ktime_get_raw_fast_ns(void);
extern u64 ktime_get_boot_fast_ns(void);
extern u64 ktime_get_tai_fast_ns(void);
extern u64 ktime_get_real_fast_ns(void);

#endif
