/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of include/linux/hrtimer.h: high-resolution timers, with the
 * kernel's types, modes and entry points (hrtimer_setup(),
 * hrtimer_start_range_ns(), hrtimer_cancel(), hrtimer_forward()).
 *
 * The host base (csrc/hrtimer.c) keeps one queue per clock base
 * (CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_BOOTTIME, CLOCK_TAI) and fires the
 * expired timers whenever the timekeeper moves: in test mode when a test
 * control advances the clocks (timekeeper_test_advance()) or steps them
 * (clock_was_set()), in host mode when hrtimer_run_queues() is called (the
 * host's fsleep() and friends call it after sleeping). Callbacks run in the
 * thread that moved the clock, one at a time.
 */
#ifndef _LINUX_HRTIMER_H
#define _LINUX_HRTIMER_H

#include <linux/compiler.h>
#include <linux/ktime.h>
#include <linux/types.h>

/*
 * Mode arguments of xxx_hrtimer functions:
 *
 * HRTIMER_MODE_ABS		- Time value is absolute
 * HRTIMER_MODE_REL		- Time value is relative to now
 * HRTIMER_MODE_PINNED		- Timer is bound to CPU
 * HRTIMER_MODE_SOFT		- Timer callback function will be executed in
 *				  soft irq context
 * HRTIMER_MODE_HARD		- Timer callback function will be executed in
 *				  hard irq context even on PREEMPT_RT.
 */
enum hrtimer_mode {
	HRTIMER_MODE_ABS	= 0x00,
	HRTIMER_MODE_REL	= 0x01,
	HRTIMER_MODE_PINNED	= 0x02,
	HRTIMER_MODE_SOFT	= 0x04,
	HRTIMER_MODE_HARD	= 0x08,

	HRTIMER_MODE_ABS_PINNED = HRTIMER_MODE_ABS | HRTIMER_MODE_PINNED,
	HRTIMER_MODE_REL_PINNED = HRTIMER_MODE_REL | HRTIMER_MODE_PINNED,

	HRTIMER_MODE_ABS_SOFT	= HRTIMER_MODE_ABS | HRTIMER_MODE_SOFT,
	HRTIMER_MODE_REL_SOFT	= HRTIMER_MODE_REL | HRTIMER_MODE_SOFT,

	HRTIMER_MODE_ABS_PINNED_SOFT = HRTIMER_MODE_ABS_PINNED | HRTIMER_MODE_SOFT,
	HRTIMER_MODE_REL_PINNED_SOFT = HRTIMER_MODE_REL_PINNED | HRTIMER_MODE_SOFT,

	HRTIMER_MODE_ABS_HARD	= HRTIMER_MODE_ABS | HRTIMER_MODE_HARD,
	HRTIMER_MODE_REL_HARD	= HRTIMER_MODE_REL | HRTIMER_MODE_HARD,

	HRTIMER_MODE_ABS_PINNED_HARD = HRTIMER_MODE_ABS_PINNED | HRTIMER_MODE_HARD,
	HRTIMER_MODE_REL_PINNED_HARD = HRTIMER_MODE_REL_PINNED | HRTIMER_MODE_HARD,
};

/* Return values for the callback function */
enum hrtimer_restart {
	HRTIMER_NORESTART,	/* Timer is not restarted */
	HRTIMER_RESTART,	/* Timer must be restarted */
};

/*
 * A queued timer's place in its base: the kernel's rb-tree node, here a link
 * of the base's list kept in expiry order.
 */
struct timerqueue_node {
	struct timerqueue_node	*next;
	ktime_t			expires;
};

struct hrtimer_clock_base;

/**
 * struct hrtimer - the basic hrtimer structure
 * @node:	timerqueue node, which also manages node.expires,
 *		the absolute expiry time in the hrtimers internal
 *		representation. The time is related to the clock on
 *		which the timer is based.
 * @_softexpires: the absolute earliest expiry time of the hrtimer.
 * @function:	timer expiry callback function
 * @base:	pointer to the timer base (per clock)
 * @state:	state information (HRTIMER_STATE_INACTIVE or _ENQUEUED)
 * @is_rel:	Set if the timer was armed relative
 * @is_soft:	Set if hrtimer will be expired in soft interrupt context.
 * @is_hard:	Set if hrtimer will be expired in hard interrupt context
 *		even on RT.
 *
 * The hrtimer structure must be initialized by hrtimer_setup()
 */
struct hrtimer {
	struct timerqueue_node		node;
	ktime_t				_softexpires;
	enum hrtimer_restart		(*function)(struct hrtimer *);
	struct hrtimer_clock_base	*base;
	u8				state;
	u8				is_rel;
	u8				is_soft;
	u8				is_hard;
};

/* The values of struct hrtimer's state. */
#define HRTIMER_STATE_INACTIVE	0x00
#define HRTIMER_STATE_ENQUEUED	0x01

/* The bases clock_was_set() re-evaluates: the wall clock's, and boot time's. */
#define CLOCK_SET_WALL		0x1
#define CLOCK_SET_BOOT		0x2

/* Initialize timers: */
extern void hrtimer_setup(struct hrtimer *timer,
			  enum hrtimer_restart (*function)(struct hrtimer *),
			  clockid_t clock_id, enum hrtimer_mode mode);
extern void hrtimer_setup_on_stack(struct hrtimer *timer,
				   enum hrtimer_restart (*function)(struct hrtimer *),
				   clockid_t clock_id, enum hrtimer_mode mode);

static inline void destroy_hrtimer_on_stack(struct hrtimer *timer)
{
	(void)timer;
}

/* Basic timer operations: */
extern void hrtimer_start_range_ns(struct hrtimer *timer, ktime_t tim,
				   u64 range_ns, const enum hrtimer_mode mode);

/**
 * hrtimer_start - (re)start an hrtimer
 * @timer:	the timer to be added
 * @tim:	expiry time
 * @mode:	timer mode: absolute (HRTIMER_MODE_ABS) or
 *		relative (HRTIMER_MODE_REL), and pinned (HRTIMER_MODE_PINNED);
 *		softirq based mode is considered for debug purpose only!
 */
static inline void hrtimer_start(struct hrtimer *timer, ktime_t tim,
				 const enum hrtimer_mode mode)
{
	hrtimer_start_range_ns(timer, tim, 0, mode);
}

extern int hrtimer_cancel(struct hrtimer *timer);
extern int hrtimer_try_to_cancel(struct hrtimer *timer);

/*
 * The soft expiry @time and the hard one @delta ns later, KTIME_MAX where the
 * sum is negative or overflows (ktime_add_safe()).
 */
static inline void hrtimer_set_expires_range_ns(struct hrtimer *timer, ktime_t time, u64 delta)
{
	timer->_softexpires = time;
	timer->node.expires = ktime_add_safe(time, ns_to_ktime(delta));
}

static inline ktime_t hrtimer_get_expires(const struct hrtimer *timer)
{
	return timer->node.expires;
}

static inline void hrtimer_add_expires(struct hrtimer *timer, ktime_t time)
{
	timer->node.expires = ktime_add_safe(timer->node.expires, time);
	timer->_softexpires = ktime_add_safe(timer->_softexpires, time);
}

static inline void hrtimer_add_expires_ns(struct hrtimer *timer, u64 ns)
{
	timer->node.expires = ktime_add_ns(timer->node.expires, ns);
	timer->_softexpires = ktime_add_ns(timer->_softexpires, ns);
}

/*
 * Helper function to check, whether the timer is on one of the queues
 */
static inline bool hrtimer_is_queued(struct hrtimer *timer)
{
	/* The READ_ONCE pairs with the update functions of timer->state */
	return !!(READ_ONCE(timer->state) & HRTIMER_STATE_ENQUEUED);
}

/* Forward a hrtimer so it expires after now: */
extern u64 hrtimer_forward(struct hrtimer *timer, ktime_t now, ktime_t interval);

/* The current time of the base @timer is queued on (hrtimer_cb_get_time()). */
extern ktime_t hrtimer_cb_get_time(const struct hrtimer *timer);

/**
 * hrtimer_forward_now() - forward the timer expiry so it expires after now
 * @timer:	hrtimer to forward
 * @interval:	the interval to forward
 *
 * It is a variant of hrtimer_forward(). The timer will expire after the current
 * time of the hrtimer clock base. See hrtimer_forward() for details.
 */
static inline u64 hrtimer_forward_now(struct hrtimer *timer,
				      ktime_t interval)
{
	return hrtimer_forward(timer, hrtimer_cb_get_time(timer), interval);
}

/* Fires every expired timer (the kernel's tick-driven expiry path). */
extern void hrtimer_run_queues(void);

/*
 * Called by the timekeeper when CLOCK_REALTIME/CLOCK_TAI (CLOCK_SET_WALL) or
 * CLOCK_BOOTTIME (CLOCK_SET_BOOT) jumped: the absolute timers of those bases
 * are re-evaluated against the new time.
 */
extern void clock_was_set(unsigned int bases);

/*
 * Host only: how many times hrtimer_forward() found its timer queued, where
 * the kernel warns (WARN_ON(timer->is_queued)) and leaves the expiry alone.
 */
extern int hrtimer_test_forwards_while_queued(void);

#endif /* _LINUX_HRTIMER_H */
