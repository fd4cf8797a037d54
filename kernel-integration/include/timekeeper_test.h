/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test controls of the host timekeeper (csrc/timekeeper.c).
 *
 * Not part of the kernel model: the kernel's timekeeper is moved by its
 * clocksource, settimeofday(), adjtimex() and suspend/resume. On the host,
 * tests move it through these calls instead. In test mode every clock stands
 * still until a control moves it, so every reading is deterministic.
 *
 * timekeeper_test_enable() starts every test from the same state:
 *
 *	CLOCK_MONOTONIC      = TK_TEST_START_MONO    (100 s after boot)
 *	CLOCK_MONOTONIC_RAW  = TK_TEST_START_MONO
 *	offs_real            = TK_TEST_START_OFFS_REAL (the wall clock reads
 *	                       1 700 000 100 s after the epoch)
 *	offs_boot            = 0                      (never suspended)
 *	tai_offset           = TK_TEST_START_TAI_OFFSET (TAI - UTC = 37 s)
 *	offs_tai             = offs_real + tai_offset
 *
 * Each control returns 0 on success or a negative errno, and changes nothing
 * on failure:
 *	-EPERM   test mode is off (call timekeeper_test_enable() first),
 *	-EINVAL  the argument is outside what the kernel accepts,
 *	-ERANGE  a clock would no longer fit in a ktime_t.
 *
 * The controls may be called from any thread; a reader never sees a half
 * applied change (readers retry on a sequence count, as on tk_core.seq).
 */
#ifndef _TIMEKEEPER_TEST_H
#define _TIMEKEEPER_TEST_H

#include <linux/ktime.h>

#define TK_TEST_START_MONO		(100LL * NSEC_PER_SEC)
#define TK_TEST_START_OFFS_REAL		(1700000000LL * NSEC_PER_SEC)
#define TK_TEST_START_TAI_OFFSET	(37LL * NSEC_PER_SEC)

/* Enters test mode, from the start state above (also when already in it). */
void timekeeper_test_enable(void);

/* Leaves test mode: the clocks read the host again. */
void timekeeper_test_disable(void);

/* 1 in test mode, 0 otherwise. */
int timekeeper_test_enabled(void);

/*
 * Sets CLOCK_MONOTONIC to @mono >= 0. The offsets are kept, so the real,
 * boot and TAI clocks move with it; CLOCK_MONOTONIC_RAW does not. A setup
 * step: it may move the monotonic clock backwards.
 */
int timekeeper_test_set_mono(ktime_t mono);

/*
 * Lets @delta >= 0 nanoseconds of running time pass: CLOCK_MONOTONIC and
 * CLOCK_MONOTONIC_RAW advance by @delta, and with them every offset clock.
 */
int timekeeper_test_advance(ktime_t delta);

/* Sets CLOCK_MONOTONIC_RAW to @raw >= 0 (it has no offsets). */
int timekeeper_test_set_raw(ktime_t raw);

/*
 * Steps the wall clock by @delta (either sign), as settimeofday() or
 * clock_settime(CLOCK_REALTIME) do: offs_real moves and offs_tai with it;
 * the monotonic clocks and boot time do not. -EINVAL if the wall clock would
 * then read earlier than the monotonic clock (offs_real < 0), which
 * do_settimeofday64() refuses too.
 */
int timekeeper_test_step_real(ktime_t delta);

/*
 * Simulates a suspend of @slept >= 0 nanoseconds, as
 * __timekeeping_inject_sleeptime() does on resume: CLOCK_MONOTONIC and
 * CLOCK_MONOTONIC_RAW stand still, offs_boot grows by @slept, and so do
 * offs_real and offs_tai (the wall clock kept counting).
 */
int timekeeper_test_suspend(ktime_t slept);

/*
 * Sets the TAI offset (CLOCK_TAI - CLOCK_REALTIME) to @tai_offset >= 0
 * nanoseconds, as adjtimex(ADJ_TAI) does in whole seconds:
 * offs_tai = offs_real + tai_offset.
 */
int timekeeper_test_set_tai_offset(ktime_t tai_offset);

#endif /* _TIMEKEEPER_TEST_H */
