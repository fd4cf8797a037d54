// SPDX-License-Identifier: GPL-2.0
/*
 * A host model of kernel/time/hrtimer.c: one queue of timers per clock base
 * (CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_BOOTTIME, CLOCK_TAI), each kept in
 * expiry order, and the expiry of every timer whose base's clock has reached
 * its expiry time.
 *
 * The kernel expires timers from the timer interrupt. Here they expire when
 * hrtimer_run_queues() runs: after every move of the test timekeeper
 * (csrc/timekeeper.c), after every host delay (csrc/delay.c), and from
 * clock_was_set() when the wall clock or boot time jumped, which is how an
 * absolute CLOCK_REALTIME timer fires when settimeofday() steps past it while
 * an absolute CLOCK_MONOTONIC timer does not move.
 *
 * As in the kernel, hrtimer_setup() of a relative CLOCK_REALTIME timer puts it
 * on the CLOCK_MONOTONIC base: a relative timeout must not move with the wall
 * clock.
 *
 * A callback that returns HRTIMER_RESTART without moving its expiry past now
 * (hrtimer_forward()) runs again at once, as in the kernel.
 *
 * Expiry times are computed as the kernel computes them: a relative expiry is
 * added to the base's time with ktime_add_safe(), and the hard expiry
 * (node.expires) is the soft one (_softexpires) plus the slack, again with
 * ktime_add_safe() (hrtimer_set_expires_range_ns()). ktime_add_safe() makes a
 * negative or overflowing sum ktime_set(KTIME_SEC_MAX, 0), which is KTIME_MAX:
 * an absolute expiry before the epoch, or a relative one with a negative
 * delta, is queued at KTIME_MAX, without a warning, and _softexpires keeps
 * the value asked for.
 *
 * A timer fires when its base's clock reaches its hard expiry, which is when
 * the kernel programs the interrupt for it. The kernel may run it earlier,
 * from its soft expiry on, from an interrupt for another timer while it is
 * the first of its base's queue; the model does not, so a timer queued at
 * KTIME_MAX never fires here.
 *
 * Concurrency: the queues are protected by hrtimer_lock (the kernel's
 * cpu_base->lock); callbacks run with the lock released, one at a time, in the
 * thread that runs the queues, which counts as hard interrupt context meanwhile
 * (in_hardirq()); hrtimer_cancel() waits for a running callback.
 *
 * The kernel's debug checks that the Rust layer must never trip are modelled
 * as warnings (linux/bug.h): debugobjects' "object is on stack, but NOT
 * annotated" (and the reverse) at set-up, and hrtimer_forward() of a queued
 * timer.
 */

#include <stdatomic.h>
#include <stddef.h>

#include <linux/bug.h>
#include <linux/hardirq.h>
#include <linux/hrtimer.h>
#include <linux/hrtimer_bases.h>
#include <linux/sched/task_stack.h>
#include <linux/timekeeping.h>
#include <uapi/linux/time.h>

enum hrtimer_base_type {
	HRTIMER_BASE_MONOTONIC,
	HRTIMER_BASE_REALTIME,
	HRTIMER_BASE_BOOTTIME,
	HRTIMER_BASE_TAI,
	HRTIMER_MAX_CLOCK_BASES,
};

static ktime_t hrtimer_get_real(void)
{
	return ktime_get_real();
}

static ktime_t hrtimer_get_boottime(void)
{
	return ktime_get_boottime();
}

static ktime_t hrtimer_get_clocktai(void)
{
	return ktime_get_clocktai();
}

static struct hrtimer_cpu_base hrtimer_cpu_base = { .cpu = 0 };

static struct hrtimer_clock_base hrtimer_bases[HRTIMER_MAX_CLOCK_BASES] = {
	[HRTIMER_BASE_MONOTONIC] = { &hrtimer_cpu_base, CLOCK_MONOTONIC, 0, ktime_get, NULL, NULL },
	[HRTIMER_BASE_REALTIME] = { &hrtimer_cpu_base, CLOCK_REALTIME, CLOCK_SET_WALL,
				    hrtimer_get_real, NULL, NULL },
	[HRTIMER_BASE_BOOTTIME] = { &hrtimer_cpu_base, CLOCK_BOOTTIME, CLOCK_SET_BOOT,
				    hrtimer_get_boottime, NULL, NULL },
	[HRTIMER_BASE_TAI] = { &hrtimer_cpu_base, CLOCK_TAI, CLOCK_SET_WALL,
			       hrtimer_get_clocktai, NULL, NULL },
};

static atomic_flag hrtimer_lock = ATOMIC_FLAG_INIT;
/* The timer whose callback is running, or NULL; written under hrtimer_lock. */
static struct hrtimer *_Atomic hrtimer_running;
/* Set while a thread expires timers; hrtimer_rerun asks it to look again. */
static atomic_flag hrtimer_expiring = ATOMIC_FLAG_INIT;
static atomic_int hrtimer_rerun;
/* Forwards of a queued timer: the kernel WARNs on those too. */
static atomic_int hrtimer_forwards_while_queued;
/* Set while the calling thread runs a callback: the host's hard irq context. */
static _Thread_local int hrtimer_in_callback;

int hrtimer_test_forwards_while_queued(void)
{
	return atomic_load(&hrtimer_forwards_while_queued);
}

int in_hardirq(void)
{
	return hrtimer_in_callback;
}

static void hrtimer_lock_acquire(void)
{
	while (atomic_flag_test_and_set_explicit(&hrtimer_lock, memory_order_acquire))
		;
}

static void hrtimer_lock_release(void)
{
	atomic_flag_clear_explicit(&hrtimer_lock, memory_order_release);
}

ktime_t ktime_add_safe(const ktime_t lhs, const ktime_t rhs)
{
	ktime_t res = ktime_add_unsafe(lhs, rhs);

	/*
	 * We use KTIME_SEC_MAX here, the maximum timeout which we can
	 * return to user space in a timespec:
	 */
	if (res < 0 || res < lhs || res < rhs)
		res = ktime_set(KTIME_SEC_MAX, 0);

	return res;
}

static int hrtimer_clockid_to_base(clockid_t clock_id)
{
	switch (clock_id) {
	case CLOCK_REALTIME:
		return HRTIMER_BASE_REALTIME;
	case CLOCK_BOOTTIME:
		return HRTIMER_BASE_BOOTTIME;
	case CLOCK_TAI:
		return HRTIMER_BASE_TAI;
	case CLOCK_MONOTONIC:
	default:
		/* The kernel WARNs on other clocks and uses the monotonic base. */
		return HRTIMER_BASE_MONOTONIC;
	}
}

/* Queues @timer in expiry order; hrtimer_lock held. */
static void enqueue_hrtimer(struct hrtimer *timer)
{
	struct timerqueue_node **link = &timer->base->first;

	while (*link && (*link)->expires <= timer->node.expires)
		link = &(*link)->next;
	timer->node.next = *link;
	*link = &timer->node;
	timer->state = HRTIMER_STATE_ENQUEUED;
}

/* Takes @timer out of its queue if it is queued; hrtimer_lock held. */
static int remove_hrtimer(struct hrtimer *timer)
{
	struct timerqueue_node **link = &timer->base->first;

	if (!(timer->state & HRTIMER_STATE_ENQUEUED))
		return 0;
	while (*link && *link != &timer->node)
		link = &(*link)->next;
	if (*link)
		*link = timer->node.next;
	timer->node.next = NULL;
	timer->state = HRTIMER_STATE_INACTIVE;
	return 1;
}

/**
 * hrtimer_setup - initialize a timer to the given clock
 * @timer:	the timer to be initialized
 * @function:	the callback function
 * @clock_id:	the clock to be used
 * @mode:	The modes which are relevant for initialization:
 *		HRTIMER_MODE_ABS, HRTIMER_MODE_REL, HRTIMER_MODE_ABS_SOFT,
 *		HRTIMER_MODE_REL_SOFT
 *
 *		The PINNED variants of the above can be handed in,
 *		but the PINNED bit is ignored as pinning happens
 *		when the hrtimer is started
 */
static void __hrtimer_setup(struct hrtimer *timer,
			    enum hrtimer_restart (*function)(struct hrtimer *),
			    clockid_t clock_id, enum hrtimer_mode mode)
{
	/* A relative CLOCK_REALTIME timer must not move with the wall clock. */
	if (clock_id == CLOCK_REALTIME && (mode & HRTIMER_MODE_REL))
		clock_id = CLOCK_MONOTONIC;

	timer->node.next = NULL;
	timer->node.expires = 0;
	timer->_softexpires = 0;
	timer->function = function;
	timer->base = &hrtimer_bases[hrtimer_clockid_to_base(clock_id)];
	timer->state = HRTIMER_STATE_INACTIVE;
	timer->is_rel = (mode & HRTIMER_MODE_REL) != 0;
	timer->is_soft = (mode & HRTIMER_MODE_SOFT) != 0;
	timer->is_hard = (mode & HRTIMER_MODE_HARD) != 0;
}

/*
 * debugobjects' check (lib/debugobjects.c, debug_object_is_on_stack()): a
 * timer set up with hrtimer_setup() must not be on the stack, one set up with
 * hrtimer_setup_on_stack() must be.
 */
static void debug_hrtimer_init(struct hrtimer *timer, int onstack)
{
	int is_on_stack = object_is_on_stack(timer);

	if (is_on_stack == onstack)
		return;
	if (is_on_stack)
		WARN(1, "ODEBUG: object %p is on stack, but NOT annotated.\n", (void *)timer);
	else
		WARN(1, "ODEBUG: object %p is NOT on stack, but annotated.\n", (void *)timer);
}

void hrtimer_setup(struct hrtimer *timer,
		   enum hrtimer_restart (*function)(struct hrtimer *),
		   clockid_t clock_id, enum hrtimer_mode mode)
{
	debug_hrtimer_init(timer, 0);
	__hrtimer_setup(timer, function, clock_id, mode);
}

/**
 * hrtimer_setup_on_stack - initialize a timer on stack memory
 * @timer:	The timer to be initialized
 * @function:	the callback function
 * @clock_id:	The clock to be used
 * @mode:	The timer mode
 *
 * Similar to hrtimer_setup(), except that this one must be used if struct hrtimer is in stack
 * memory.
 */
void hrtimer_setup_on_stack(struct hrtimer *timer,
			    enum hrtimer_restart (*function)(struct hrtimer *),
			    clockid_t clock_id, enum hrtimer_mode mode)
{
	debug_hrtimer_init(timer, 1);
	__hrtimer_setup(timer, function, clock_id, mode);
}

ktime_t hrtimer_cb_get_time(const struct hrtimer *timer)
{
	return timer->base->get_time();
}

/**
 * hrtimer_start_range_ns - (re)start an hrtimer
 * @timer:	the timer to be added
 * @tim:	expiry time
 * @delta_ns:	"slack" range for the timer
 * @mode:	timer mode: absolute (HRTIMER_MODE_ABS) or
 *		relative (HRTIMER_MODE_REL), and pinned (HRTIMER_MODE_PINNED)
 */
void hrtimer_start_range_ns(struct hrtimer *timer, ktime_t tim,
			    u64 delta_ns, const enum hrtimer_mode mode)
{
	hrtimer_lock_acquire();
	/* Calculate absolute expiry time for relative timers */
	if (mode & HRTIMER_MODE_REL)
		tim = ktime_add_safe(tim, timer->base->get_time());
	remove_hrtimer(timer);
	hrtimer_set_expires_range_ns(timer, tim, delta_ns);
	enqueue_hrtimer(timer);
	hrtimer_lock_release();
}

/**
 * hrtimer_try_to_cancel - try to deactivate a timer
 * @timer:	hrtimer to stop
 *
 * Returns:
 *
 *  *  0 when the timer was not active
 *  *  1 when the timer was active
 *  * -1 when the timer is currently executing the callback function and
 *    cannot be stopped
 */
int hrtimer_try_to_cancel(struct hrtimer *timer)
{
	int ret;

	hrtimer_lock_acquire();
	if (hrtimer_callback_running(timer))
		ret = -1;
	else
		ret = remove_hrtimer(timer);
	hrtimer_lock_release();
	return ret;
}

/**
 * hrtimer_cancel - cancel a timer and wait for the handler to finish.
 * @timer:	the timer to be cancelled
 *
 * Returns:
 *  0 when the timer was not active
 *  1 when the timer was active
 */
int hrtimer_cancel(struct hrtimer *timer)
{
	int ret;

	do {
		ret = hrtimer_try_to_cancel(timer);
		if (ret < 0)
			while (atomic_load_explicit(&hrtimer_running, memory_order_acquire) == timer)
				;
	} while (ret < 0);
	return ret;
}

/**
 * hrtimer_forward() - forward the timer expiry
 * @timer:	hrtimer to forward
 * @now:	forward past this time
 * @interval:	the interval to forward
 *
 * Forward the timer expiry so it will expire in the future.
 *
 * .. note::
 *  This only updates the timer expiry value and does not requeue the timer.
 *
 * There is also a variant of the function hrtimer_forward_now().
 *
 * Context: Can be safely called from the callback function of @timer. If called
 *          from other contexts @timer must neither be enqueued nor running the
 *          callback and the caller needs to take care of serialization.
 *
 * Return: The number of overruns are returned.
 */
u64 hrtimer_forward(struct hrtimer *timer, ktime_t now, ktime_t interval)
{
	u64 orun = 1;
	ktime_t delta;

	delta = ktime_sub(now, hrtimer_get_expires(timer));

	if (delta < 0)
		return 0;

	if (WARN_ON(timer->state & HRTIMER_STATE_ENQUEUED)) {
		atomic_fetch_add(&hrtimer_forwards_while_queued, 1);
		return 0;
	}

	/* hrtimer_resolution is 1 ns with high resolution timers. */
	if (interval < 1)
		interval = 1;

	if (delta >= interval) {
		s64 incr = ktime_to_ns(interval);

		orun = ktime_divns(delta, incr);
		hrtimer_add_expires_ns(timer, incr * orun);
		if (hrtimer_get_expires(timer) > now)
			return orun;
		/*
		 * This (and the ktime_add() below) is the
		 * correction for exact:
		 */
		orun++;
	}
	hrtimer_add_expires(timer, interval);

	return orun;
}

/*
 * Takes the first expired timer of the first base that has one out of its
 * queue and marks it running; NULL when none has expired. hrtimer_lock held.
 */
static struct hrtimer *hrtimer_next_expired(void)
{
	int i;

	for (i = 0; i < HRTIMER_MAX_CLOCK_BASES; i++) {
		struct hrtimer_clock_base *base = &hrtimer_bases[i];
		struct hrtimer *timer;

		if (!base->first || base->first->expires > base->get_time())
			continue;
		timer = (struct hrtimer *)((char *)base->first - offsetof(struct hrtimer, node));
		remove_hrtimer(timer);
		base->running = timer;
		atomic_store_explicit(&hrtimer_running, timer, memory_order_relaxed);
		return timer;
	}
	return NULL;
}

/* Runs the callbacks of every expired timer until none is left. */
static void hrtimer_expire_all(void)
{
	for (;;) {
		struct hrtimer *timer;
		enum hrtimer_restart restart;

		hrtimer_lock_acquire();
		timer = hrtimer_next_expired();
		hrtimer_lock_release();
		if (!timer)
			return;

		hrtimer_in_callback = 1;
		restart = timer->function(timer);
		hrtimer_in_callback = 0;

		hrtimer_lock_acquire();
		/*
		 * As __run_hrtimer(): a timer the callback started again (or
		 * that was started meanwhile) stays where it was queued.
		 */
		if (restart != HRTIMER_NORESTART && !(timer->state & HRTIMER_STATE_ENQUEUED))
			enqueue_hrtimer(timer);
		timer->base->running = NULL;
		atomic_store_explicit(&hrtimer_running, NULL, memory_order_release);
		hrtimer_lock_release();
	}
}

void hrtimer_run_queues(void)
{
	atomic_store(&hrtimer_rerun, 1);
	/* One thread expires at a time; another one's request makes it look again. */
	while (!atomic_flag_test_and_set(&hrtimer_expiring)) {
		atomic_store(&hrtimer_rerun, 0);
		hrtimer_expire_all();
		atomic_flag_clear(&hrtimer_expiring);
		if (!atomic_load(&hrtimer_rerun))
			break;
	}
}

void clock_was_set(unsigned int bases)
{
	/*
	 * The queues hold each base's expiry in the base's own clock and are
	 * compared with its current reading, so a jump of the wall clock is
	 * seen by the next look at the queues: absolute CLOCK_REALTIME and
	 * CLOCK_TAI timers it stepped past fire now. The kernel reprograms
	 * the clock event device of every CPU instead.
	 */
	(void)bases;
	hrtimer_run_queues();
}
