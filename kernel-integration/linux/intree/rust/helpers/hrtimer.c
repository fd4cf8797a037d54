// SPDX-License-Identifier: GPL-2.0

#include <linux/hardirq.h>
#include <linux/hrtimer.h>
#include <linux/hrtimer_bases.h>
#include <linux/printk.h>
#include <linux/sched/task_stack.h>
#include <linux/smp.h>

/*
 * hrtimer_setup_on_stack() for a timer on the current task's stack, so that
 * CONFIG_DEBUG_OBJECTS_TIMERS tracks it as such, hrtimer_setup() elsewhere.
 */
__rust_helper void
rust_helper_hrtimer_setup_in_place(struct hrtimer *timer,
				   enum hrtimer_restart (*function)(struct hrtimer *),
				   clockid_t clock_id, enum hrtimer_mode mode)
{
	if (object_is_on_stack(timer))
		hrtimer_setup_on_stack(timer, function, clock_id, mode);
	else
		hrtimer_setup(timer, function, clock_id, mode);
}

/* Undoes rust_helper_hrtimer_setup_in_place() for a stopped timer. */
__rust_helper void rust_helper_hrtimer_destroy_in_place(struct hrtimer *timer)
{
	if (object_is_on_stack(timer))
		destroy_hrtimer_on_stack(timer);
}

__rust_helper bool rust_helper_hrtimer_is_queued(struct hrtimer *timer)
{
	return hrtimer_is_queued(timer);
}

/*
 * hrtimer_cancel(), except where it would wait for ever: in the timer's own
 * callback, or in interrupt context on the CPU whose interrupted callback can
 * then never return. There it warns once and returns -1, what
 * hrtimer_try_to_cancel() returns while the callback runs, with the timer left
 * as it is.
 */
__rust_helper int rust_helper_hrtimer_cancel_checked(struct hrtimer *timer)
{
	/*
	 * One snapshot of the base, whose running callback and CPU are checked
	 * together: a concurrent start may move the timer to another base meanwhile,
	 * and the migration base never has a running callback.
	 */
	struct hrtimer_clock_base *base = READ_ONCE(timer->base);

	if ((in_hardirq() || in_serving_softirq()) && READ_ONCE(base->running) == timer &&
	    base->cpu_base->cpu == raw_smp_processor_id()) {
		pr_warn_once("hrtimer %ps: cancelled from its own callback, which it cannot wait for\n",
			     timer->function);
		return -1;
	}
	return hrtimer_cancel(timer);
}
