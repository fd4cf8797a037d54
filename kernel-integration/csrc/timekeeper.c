// SPDX-License-Identifier: GPL-2.0
/*
 * A host model of kernel/time/timekeeping.c: the exported clock readers
 * ktime_get(), ktime_get_raw(), ktime_get_with_offset(), the coarse
 * ktime_get_coarse_ts64() and ktime_get_coarse_with_offset(), the NMI-safe
 * ktime_get_*_fast_ns(), and ktime_mono_to_any(), over a timekeeper that,
 * like the kernel's, keeps a monotonic base and the offsets offs_real,
 * offs_boot and offs_tai:
 *
 *	CLOCK_REALTIME = CLOCK_MONOTONIC + offs_real
 *	CLOCK_BOOTTIME = CLOCK_MONOTONIC + offs_boot
 *	CLOCK_TAI      = CLOCK_MONOTONIC + offs_tai,  offs_tai = offs_real + tai_offset
 *
 * Host mode (the default): the host kernel is the clocksource. The base is
 * the host's CLOCK_MONOTONIC and raw time its CLOCK_MONOTONIC_RAW; offs_real
 * (REALTIME - MONOTONIC) and offs_boot (BOOTTIME - MONOTONIC) are stored and
 * follow the host's at a settimeofday() or a suspend (host_stored_offset()).
 * tai_offset is the host's CLOCK_TAI - CLOCK_REALTIME in whole seconds: 0 until
 * NTP (adjtimex) sets it, as in every kernel, so TAI reads like REALTIME then.
 *
 * Test mode (include/timekeeper_test.h): the state is frozen and moved only
 * by the test controls, which apply the updates of the kernel's
 * do_settimeofday64(), __timekeeping_inject_sleeptime() and
 * __timekeeping_set_tai_offset().
 *
 * The coarse clocks read the monotonic time at the last tick: ticks fall at
 * every multiple of TICK_NSEC (4 ms, HZ=250) of CLOCK_MONOTONIC, in both
 * modes, so in test mode they move only when a control moves the clocks
 * across a tick.
 *
 * Concurrency, as in the kernel: readers retry on a sequence count (tk_seq,
 * the kernel's tk_core.seq) and writers serialize on a lock (tk_lock, the
 * kernel's timekeeper_lock). The state is made of C11 atomics accessed
 * relaxed, so that a racing read is a retry, not a data race. The NMI-safe
 * ktime_get_*_fast_ns() readers never wait: they read a latched copy
 * (tk_fast, the kernel's tk_fast_mono and tk_fast_raw).
 */

#include <stdatomic.h>

#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/timekeeping.h>
#include <uapi/asm-generic/errno-base.h>
#include <uapi/linux/time.h>

#include <vdso/jiffies.h>

#include "host_clock.h"
#include "timekeeper_test.h"

/* The test-mode timekeeper: the fields of struct timekeeper that matter here. */
struct tk_state {
	_Atomic s64 mono;		/* CLOCK_MONOTONIC (tkr_mono.base + elapsed) */
	_Atomic s64 raw;		/* CLOCK_MONOTONIC_RAW (tkr_raw.base + elapsed) */
	_Atomic s64 offs[TK_OFFS_MAX];	/* offs_real, offs_boot, offs_tai */
	_Atomic s64 tai_offset;		/* ns here; whole seconds in the kernel */
};

static struct tk_state tk;
static atomic_uint tk_seq;
static atomic_flag tk_lock = ATOMIC_FLAG_INIT;
static atomic_int tk_test_mode;

/*
 * The NMI-safe copy of the test-mode clocks, the kernel's tk_fast_mono and
 * tk_fast_raw: a seqcount latch of two copies (raw_write_seqcount_latch()).
 * A reader never waits for a writer: while one copy is being written it reads
 * the other, so a reader that interrupts a writer (an NMI in the kernel, a
 * signal handler here) still returns.
 */
struct tk_fast_base {
	_Atomic s64 mono;		/* tkr_mono.base */
	_Atomic s64 raw;		/* tkr_raw.base */
	_Atomic s64 real;		/* tkr_mono.base_real = base + offs_real */
};

static struct tk_fast_base tk_fast[2];
static atomic_uint tk_fast_seq;

static s64 tk_load(_Atomic s64 *field)
{
	return atomic_load_explicit(field, memory_order_relaxed);
}

static void tk_store(_Atomic s64 *field, s64 value)
{
	atomic_store_explicit(field, value, memory_order_relaxed);
}

static unsigned int tk_read_begin(void)
{
	unsigned int seq;

	while ((seq = atomic_load_explicit(&tk_seq, memory_order_acquire)) & 1)
		;
	return seq;
}

static int tk_read_retry(unsigned int seq)
{
	atomic_thread_fence(memory_order_acquire);
	return atomic_load_explicit(&tk_seq, memory_order_relaxed) != seq;
}

static void tk_write_begin(void)
{
	while (atomic_flag_test_and_set_explicit(&tk_lock, memory_order_acquire))
		;
	atomic_store_explicit(&tk_seq,
			      atomic_load_explicit(&tk_seq, memory_order_relaxed) + 1,
			      memory_order_relaxed);
	atomic_thread_fence(memory_order_release);
}

/* raw_write_seqcount_latch(): the next readers use the other copy. */
static void tk_fast_latch(void)
{
	atomic_thread_fence(memory_order_release);
	atomic_store_explicit(&tk_fast_seq,
			      atomic_load_explicit(&tk_fast_seq, memory_order_relaxed) + 1,
			      memory_order_relaxed);
	atomic_thread_fence(memory_order_release);
}

/*
 * update_fast_timekeeper(): copies the test-mode state into both latch
 * copies, the one readers are not using first. Called with tk_lock held.
 */
static void tk_fast_update_locked(void)
{
	s64 mono = tk_load(&tk.mono);
	s64 raw = tk_load(&tk.raw);
	s64 real = ktime_add(mono, tk_load(&tk.offs[TK_OFFS_REAL]));
	int i;

	for (i = 0; i < 2; i++) {
		tk_fast_latch();
		tk_store(&tk_fast[i].mono, mono);
		tk_store(&tk_fast[i].raw, raw);
		tk_store(&tk_fast[i].real, real);
	}
}

static void tk_write_end(void)
{
	tk_fast_update_locked();
	atomic_store_explicit(&tk_seq,
			      atomic_load_explicit(&tk_seq, memory_order_relaxed) + 1,
			      memory_order_release);
	atomic_flag_clear_explicit(&tk_lock, memory_order_release);
}

static int tk_in_test_mode(void)
{
	return atomic_load_explicit(&tk_test_mode, memory_order_acquire);
}

/*
 * The kernel indexes its offsets[] table with @offs unchecked; Rust gets the
 * enum as a plain integer, so an out-of-range value is possible here. It is
 * treated as no offset (the monotonic clock) rather than read out of bounds.
 */
static int tk_offset_valid(enum tk_offsets offs)
{
	return (unsigned int)offs < TK_OFFS_MAX;
}

/* The host's TAI - UTC in whole seconds: 0 until NTP sets it. */
static s64 host_tai_offset(void)
{
	s64 real = host_clock_read_ns(CLOCK_REALTIME);
	s64 tai = host_clock_read_ns(CLOCK_TAI);
	s64 secs = (tai - real + NSEC_PER_SEC / 2) / NSEC_PER_SEC;

	return secs > 0 ? secs * NSEC_PER_SEC : 0;
}

/* The host clock that is CLOCK_MONOTONIC + offset @offs (CLOCK_TAI is derived). */
static int host_offset_clock(enum tk_offsets offs)
{
	return offs == TK_OFFS_BOOT ? CLOCK_BOOTTIME : CLOCK_REALTIME;
}

/*
 * Host mode keeps offs_real and offs_boot as the kernel does: stored, and
 * changed only when the host's clocks show a step (settimeofday()) or a
 * suspend. The host shows an offset only as the difference of two
 * clock_gettime() calls, which varies with the time between them; a reader
 * that added a fresh difference to its monotonic reading could read a
 * monotonic clock (CLOCK_BOOTTIME, its coarse form) earlier than the reading
 * before.
 *
 * A measurement reads the other clock between two monotonic readings and is
 * used only when those are at most HOST_OFFSET_BRACKET_NS apart (then it is
 * off by at most half that); the stored offset moves only when a measurement
 * differs from it by more than HOST_OFFSET_STEP_NS, which only a step or a
 * suspend does. offs_boot only grows, as the kernel's, and is kept in whole
 * microseconds, so that a host that never suspended shows 0.
 */
#define HOST_OFFSET_BRACKET_NS	20000
#define HOST_OFFSET_STEP_NS	1000000
#define HOST_OFFSET_TRIES	16

static _Atomic s64 host_offs[TK_OFFS_MAX];
static atomic_int host_offs_known[TK_OFFS_MAX];

/* Measures the host's offset @offs (REAL or BOOT); 0 when no try was close enough. */
static int host_measure_offset(enum tk_offsets offs, s64 *offset)
{
	int i;

	for (i = 0; i < HOST_OFFSET_TRIES; i++) {
		s64 before = host_clock_read_ns(CLOCK_MONOTONIC);
		s64 other = host_clock_read_ns(host_offset_clock(offs));
		s64 after = host_clock_read_ns(CLOCK_MONOTONIC);

		if (after - before > HOST_OFFSET_BRACKET_NS)
			continue;
		*offset = other - (before + (after - before) / 2);
		if (offs == TK_OFFS_BOOT) {
			*offset = (*offset + NSEC_PER_USEC / 2) / NSEC_PER_USEC * NSEC_PER_USEC;
			if (*offset < 0)
				*offset = 0;
		}
		return 1;
	}
	return 0;
}

/* The stored host offset @offs (REAL or BOOT), updated on a step or a suspend. */
static s64 host_stored_offset(enum tk_offsets offs)
{
	s64 stored = atomic_load_explicit(&host_offs[offs], memory_order_relaxed);
	s64 measured;

	if (!host_measure_offset(offs, &measured))
		return stored;
	if (!atomic_load_explicit(&host_offs_known[offs], memory_order_acquire)) {
		atomic_store_explicit(&host_offs[offs], measured, memory_order_relaxed);
		atomic_store_explicit(&host_offs_known[offs], 1, memory_order_release);
		return measured;
	}
	if (measured - stored <= HOST_OFFSET_STEP_NS && stored - measured <= HOST_OFFSET_STEP_NS)
		return stored;
	if (offs == TK_OFFS_BOOT) {
		/* Only ever grows: keep the largest of two racing updates. */
		while (measured > stored &&
		       !atomic_compare_exchange_weak_explicit(&host_offs[offs], &stored, measured,
							      memory_order_relaxed,
							      memory_order_relaxed))
			;
		return measured > stored ? measured : stored;
	}
	atomic_store_explicit(&host_offs[offs], measured, memory_order_relaxed);
	return measured;
}

/* The host's offset @offs: stored offs_real or offs_boot; offs_tai = offs_real + TAI - UTC. */
static s64 host_offset(enum tk_offsets offs)
{
	if (offs == TK_OFFS_TAI)
		return host_stored_offset(TK_OFFS_REAL) + host_tai_offset();
	return host_stored_offset(offs);
}

/* A consistent snapshot of the test-mode base and offset @offs. */
static s64 tk_test_offset(enum tk_offsets offs, s64 *mono)
{
	unsigned int seq;
	s64 offset;

	do {
		seq = tk_read_begin();
		if (mono)
			*mono = tk_load(&tk.mono);
		offset = tk_load(&tk.offs[offs]);
	} while (tk_read_retry(seq));
	return offset;
}

static s64 tk_test_read(_Atomic s64 *field)
{
	unsigned int seq;
	s64 value;

	do {
		seq = tk_read_begin();
		value = tk_load(field);
	} while (tk_read_retry(seq));
	return value;
}

/**
 * ktime_get - Get the monotonic time (CLOCK_MONOTONIC) in ktime_t format
 *
 * Returns: time since boot, not counting suspend
 */
ktime_t ktime_get(void)
{
	if (!tk_in_test_mode())
		return host_clock_read_ns(CLOCK_MONOTONIC);
	return tk_test_read(&tk.mono);
}

/**
 * ktime_get_raw - Get the raw monotonic time (CLOCK_MONOTONIC_RAW) in ktime_t format
 *
 * Returns: monotonic time not adjusted by NTP
 */
ktime_t ktime_get_raw(void)
{
	if (!tk_in_test_mode())
		return host_clock_read_ns(CLOCK_MONOTONIC_RAW);
	return tk_test_read(&tk.raw);
}

/**
 * ktime_get_with_offset - Get the monotonic time plus one timekeeper offset
 * @offs: which offset: TK_OFFS_REAL, TK_OFFS_BOOT or TK_OFFS_TAI
 *
 * Returns: CLOCK_REALTIME, CLOCK_BOOTTIME or CLOCK_TAI in ktime_t format
 */
ktime_t ktime_get_with_offset(enum tk_offsets offs)
{
	s64 mono, offset;

	if (!tk_offset_valid(offs))
		return ktime_get();
	if (!tk_in_test_mode()) {
		mono = host_clock_read_ns(CLOCK_MONOTONIC);
		offset = host_offset(offs);
	} else {
		offset = tk_test_offset(offs, &mono);
	}
	return ktime_add(mono, offset);
}

/**
 * ktime_mono_to_any() - convert monotonic time to any other time
 * @tmono:	time to convert.
 * @offs:	which offset to use
 *
 * Returns: @tmono plus the current offset @offs
 */
ktime_t ktime_mono_to_any(ktime_t tmono, enum tk_offsets offs)
{
	s64 offset;

	if (!tk_offset_valid(offs))
		return tmono;
	if (!tk_in_test_mode())
		offset = host_offset(offs);
	else
		offset = tk_test_offset(offs, 0);
	return ktime_add(tmono, offset);
}

/* CLOCK_MONOTONIC at the last tick at or before @mono: ticks fall every TICK_NSEC. */
static s64 tk_last_tick(s64 mono)
{
	s64 since_tick = mono % TICK_NSEC;

	return mono - (since_tick < 0 ? since_tick + TICK_NSEC : since_tick);
}

/**
 * ktime_get_coarse_ts64 - Get CLOCK_MONOTONIC_COARSE as a timespec64
 * @ts:		where to store the time
 *
 * The monotonic time at the last tick: it advances by TICK_NSEC once per
 * tick (every 4 ms at HZ=250), and lags ktime_get() by less than a tick.
 */
void ktime_get_coarse_ts64(struct timespec64 *ts)
{
	s64 coarse = tk_last_tick(ktime_get());

	/* set_normalized_timespec64(): 0 <= tv_nsec < NSEC_PER_SEC */
	ts->tv_sec = coarse / NSEC_PER_SEC;
	ts->tv_nsec = coarse % NSEC_PER_SEC;
	if (ts->tv_nsec < 0) {
		ts->tv_sec--;
		ts->tv_nsec += NSEC_PER_SEC;
	}
}

/**
 * ktime_get_coarse_with_offset - Get the coarse monotonic time plus one offset
 * @offs: which offset: TK_OFFS_REAL, TK_OFFS_BOOT or TK_OFFS_TAI
 *
 * As the kernel's: the monotonic time at the last tick plus the current
 * offset, so a step of the wall clock or a suspend shows at once, and time
 * passing only at the next tick.
 *
 * Returns: CLOCK_REALTIME_COARSE, the coarse CLOCK_BOOTTIME or the coarse
 * CLOCK_TAI in ktime_t format
 */
ktime_t ktime_get_coarse_with_offset(enum tk_offsets offs)
{
	s64 mono, offset;

	if (!tk_offset_valid(offs))
		return tk_last_tick(ktime_get());
	if (!tk_in_test_mode()) {
		mono = host_clock_read_ns(CLOCK_MONOTONIC);
		offset = host_offset(offs);
	} else {
		offset = tk_test_offset(offs, &mono);
	}
	return ktime_add(tk_last_tick(mono), offset);
}

/* Which test-mode clock a fast accessor reads from the latch. */
enum tk_fast_clock {
	TK_FAST_MONO,
	TK_FAST_RAW,
	TK_FAST_REAL,
};

/*
 * __ktime_get_fast_ns(): one test-mode clock from the latch copy that no
 * writer is using. Retries only if a writer switched copies meanwhile; never
 * waits for one to finish.
 */
static s64 tk_fast_read(enum tk_fast_clock clock)
{
	struct tk_fast_base *base;
	unsigned int seq;
	s64 value;

	do {
		seq = atomic_load_explicit(&tk_fast_seq, memory_order_acquire);
		base = &tk_fast[seq & 1];
		value = tk_load(clock == TK_FAST_MONO ? &base->mono :
				clock == TK_FAST_RAW ? &base->raw : &base->real);
		atomic_thread_fence(memory_order_acquire);
	} while (atomic_load_explicit(&tk_fast_seq, memory_order_relaxed) != seq);
	return value;
}

/*
 * ktime_get_mono_fast_ns() plus offset @offs, read without any sequence
 * count, as the kernel's data_race(tk->offs_boot): NMI safe, and may pair a
 * new offset with an old base while the offset changes.
 */
static u64 tk_fast_with_offset(enum tk_offsets offs)
{
	s64 mono;

	if (!tk_in_test_mode()) {
		mono = host_clock_read_ns(CLOCK_MONOTONIC);
		return ktime_to_ns(ktime_add(mono, host_offset(offs)));
	}
	mono = tk_fast_read(TK_FAST_MONO);
	return ktime_to_ns(ktime_add(mono, tk_load(&tk.offs[offs])));
}

/**
 * ktime_get_mono_fast_ns - Fast NMI safe access to clock monotonic
 *
 * Returns: CLOCK_MONOTONIC in nanoseconds; never waits for a timekeeper
 * update, so it may be called from any context, including NMI
 */
u64 ktime_get_mono_fast_ns(void)
{
	if (!tk_in_test_mode())
		return ktime_to_ns(host_clock_read_ns(CLOCK_MONOTONIC));
	return ktime_to_ns(tk_fast_read(TK_FAST_MONO));
}

/**
 * ktime_get_raw_fast_ns - Fast NMI safe access to clock monotonic raw
 *
 * Returns: CLOCK_MONOTONIC_RAW in nanoseconds, from any context
 */
u64 ktime_get_raw_fast_ns(void)
{
	if (!tk_in_test_mode())
		return ktime_to_ns(host_clock_read_ns(CLOCK_MONOTONIC_RAW));
	return ktime_to_ns(tk_fast_read(TK_FAST_RAW));
}

/**
 * ktime_get_boot_fast_ns - NMI safe and fast access to boot clock
 *
 * Returns: CLOCK_BOOTTIME in nanoseconds, from any context; the monotonic
 * time and offs_boot are not read atomically with each other
 */
u64 ktime_get_boot_fast_ns(void)
{
	return tk_fast_with_offset(TK_OFFS_BOOT);
}

/**
 * ktime_get_tai_fast_ns - NMI safe and fast access to tai clock
 *
 * Returns: CLOCK_TAI in nanoseconds, from any context; the monotonic time
 * and offs_tai are not read atomically with each other
 */
u64 ktime_get_tai_fast_ns(void)
{
	return tk_fast_with_offset(TK_OFFS_TAI);
}

/**
 * ktime_get_real_fast_ns - NMI safe and fast access to clock realtime
 *
 * Returns: CLOCK_REALTIME in nanoseconds, from any context
 */
u64 ktime_get_real_fast_ns(void)
{
	if (!tk_in_test_mode())
		return ktime_to_ns(host_clock_read_ns(CLOCK_REALTIME));
	return ktime_to_ns(tk_fast_read(TK_FAST_REAL));
}

/* Test controls: see include/timekeeper_test.h. */

void timekeeper_test_enable(void)
{
	tk_write_begin();
	tk_store(&tk.mono, TK_TEST_START_MONO);
	tk_store(&tk.raw, TK_TEST_START_MONO);
	tk_store(&tk.offs[TK_OFFS_REAL], TK_TEST_START_OFFS_REAL);
	tk_store(&tk.offs[TK_OFFS_BOOT], 0);
	tk_store(&tk.offs[TK_OFFS_TAI], TK_TEST_START_OFFS_REAL + TK_TEST_START_TAI_OFFSET);
	tk_store(&tk.tai_offset, TK_TEST_START_TAI_OFFSET);
	/* The fast readers see the start state as soon as they see test mode. */
	tk_fast_update_locked();
	atomic_store_explicit(&tk_test_mode, 1, memory_order_release);
	tk_write_end();
}

void timekeeper_test_disable(void)
{
	tk_write_begin();
	atomic_store_explicit(&tk_test_mode, 0, memory_order_release);
	tk_write_end();
}

int timekeeper_test_enabled(void)
{
	return tk_in_test_mode();
}

/* Starts a test-mode update; -EPERM, with the lock released, outside test mode. */
static int tk_test_begin(void)
{
	tk_write_begin();
	if (!tk_in_test_mode()) {
		tk_write_end();
		return -EPERM;
	}
	return 0;
}

/* Ends an update started by tk_test_begin(), returning @ret. */
static int tk_test_end(int ret)
{
	tk_write_end();
	return ret;
}

/*
 * Ends an update that moved the clocks, and fires the hrtimers that expired:
 * after clock_was_set(@set) when a clock jumped (settimeofday(), resume), else
 * from the queues, as the next timer interrupt would.
 */
static int tk_test_end_expire(unsigned int set)
{
	tk_write_end();
	if (set)
		clock_was_set(set);
	else
		hrtimer_run_queues();
	return 0;
}

/* Whether @mono plus every offset in @offs still fits in a ktime_t. */
static int tk_clocks_fit(s64 mono, const s64 offs[TK_OFFS_MAX])
{
	s64 sum;
	int i;

	for (i = 0; i < TK_OFFS_MAX; i++)
		if (__builtin_add_overflow(mono, offs[i], &sum))
			return 0;
	return 1;
}

static void tk_offsets_locked(s64 offs[TK_OFFS_MAX])
{
	int i;

	for (i = 0; i < TK_OFFS_MAX; i++)
		offs[i] = tk_load(&tk.offs[i]);
}

static void tk_set_offsets_locked(const s64 offs[TK_OFFS_MAX])
{
	int i;

	for (i = 0; i < TK_OFFS_MAX; i++)
		tk_store(&tk.offs[i], offs[i]);
}

int timekeeper_test_set_mono(ktime_t mono)
{
	s64 offs[TK_OFFS_MAX];
	int ret;

	if (mono < 0)
		return -EINVAL;
	ret = tk_test_begin();
	if (ret)
		return ret;
	tk_offsets_locked(offs);
	if (!tk_clocks_fit(mono, offs))
		return tk_test_end(-ERANGE);
	tk_store(&tk.mono, mono);
	return tk_test_end_expire(0);
}

int timekeeper_test_set_raw(ktime_t raw)
{
	int ret;

	if (raw < 0)
		return -EINVAL;
	ret = tk_test_begin();
	if (ret)
		return ret;
	tk_store(&tk.raw, raw);
	return tk_test_end(0);
}

int timekeeper_test_advance(ktime_t delta)
{
	s64 mono, raw, offs[TK_OFFS_MAX];
	int ret;

	if (delta < 0)
		return -EINVAL;
	ret = tk_test_begin();
	if (ret)
		return ret;
	tk_offsets_locked(offs);
	if (__builtin_add_overflow(tk_load(&tk.mono), delta, &mono) ||
	    __builtin_add_overflow(tk_load(&tk.raw), delta, &raw) ||
	    !tk_clocks_fit(mono, offs))
		return tk_test_end(-ERANGE);
	tk_store(&tk.mono, mono);
	tk_store(&tk.raw, raw);
	return tk_test_end_expire(0);
}

int timekeeper_test_step_real(ktime_t delta)
{
	s64 offs[TK_OFFS_MAX];
	int ret;

	ret = tk_test_begin();
	if (ret)
		return ret;
	tk_offsets_locked(offs);
	if (__builtin_add_overflow(offs[TK_OFFS_REAL], delta, &offs[TK_OFFS_REAL]) ||
	    __builtin_add_overflow(offs[TK_OFFS_TAI], delta, &offs[TK_OFFS_TAI]) ||
	    !tk_clocks_fit(tk_load(&tk.mono), offs))
		return tk_test_end(-ERANGE);
	/* do_settimeofday64(): the wall clock may not go before the monotonic one. */
	if (offs[TK_OFFS_REAL] < 0)
		return tk_test_end(-EINVAL);
	tk_set_offsets_locked(offs);
	return tk_test_end_expire(CLOCK_SET_WALL);
}

int timekeeper_test_suspend(ktime_t slept)
{
	s64 offs[TK_OFFS_MAX];
	int ret, i;

	if (slept < 0)
		return -EINVAL;
	ret = tk_test_begin();
	if (ret)
		return ret;
	tk_offsets_locked(offs);
	/*
	 * __timekeeping_inject_sleeptime(): xtime += slept and
	 * wall_to_monotonic -= slept (offs_real and offs_tai grow), and
	 * tk_update_sleep_time() grows offs_boot.
	 */
	for (i = 0; i < TK_OFFS_MAX; i++)
		if (__builtin_add_overflow(offs[i], slept, &offs[i]))
			return tk_test_end(-ERANGE);
	if (!tk_clocks_fit(tk_load(&tk.mono), offs))
		return tk_test_end(-ERANGE);
	tk_set_offsets_locked(offs);
	return tk_test_end_expire(CLOCK_SET_WALL | CLOCK_SET_BOOT);
}

int timekeeper_test_set_tai_offset(ktime_t tai_offset)
{
	s64 offs[TK_OFFS_MAX];
	int ret;

	if (tai_offset < 0)
		return -EINVAL;
	ret = tk_test_begin();
	if (ret)
		return ret;
	tk_offsets_locked(offs);
	/* tk_set_wall_to_mono()/__timekeeping_set_tai_offset(): offs_tai = offs_real + tai. */
	if (__builtin_add_overflow(offs[TK_OFFS_REAL], tai_offset, &offs[TK_OFFS_TAI]) ||
	    !tk_clocks_fit(tk_load(&tk.mono), offs))
		return tk_test_end(-ERANGE);
	tk_store(&tk.tai_offset, tai_offset);
	tk_set_offsets_locked(offs);
	return tk_test_end_expire(CLOCK_SET_WALL);
}
