// SPDX-License-Identifier: GPL-2.0
/*
 * Real functions for the static inline getters and delays of Linux 6.12 and for
 * hrtimer_setup(), which 6.12 does not have yet. See kbind_helpers.h.
 *
 * Each wrapper calls the kernel's own inline definition, so the code that runs
 * is what C callers of the same function run.
 */

#include <linux/bug.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/timekeeping.h>

#include "kbind_helpers.h"

ktime_t typed_clocks_ktime_get_real(void)
{
	return ktime_get_real();
}

ktime_t typed_clocks_ktime_get_boottime(void)
{
	return ktime_get_boottime();
}

ktime_t typed_clocks_ktime_get_clocktai(void)
{
	return ktime_get_clocktai();
}

ktime_t typed_clocks_ktime_get_coarse(void)
{
	return ktime_get_coarse();
}

ktime_t typed_clocks_ktime_get_coarse_real(void)
{
	return ktime_get_coarse_real();
}

ktime_t typed_clocks_ktime_get_coarse_boottime(void)
{
	return ktime_get_coarse_boottime();
}

ktime_t typed_clocks_ktime_get_coarse_clocktai(void)
{
	return ktime_get_coarse_clocktai();
}

void typed_clocks_fsleep(unsigned long usecs)
{
	fsleep(usecs);
}

void typed_clocks_udelay(unsigned long usecs)
{
	udelay(usecs);
}

static enum hrtimer_restart typed_clocks_hrtimer_dummy(struct hrtimer *timer)
{
	return HRTIMER_NORESTART;
}

/*
 * hrtimer_setup() of later kernels (kernel/time/hrtimer.c): initialise the
 * timer on clock_id in mode and set its callback; a NULL callback is a bug,
 * reported once and replaced by one that does nothing, as those kernels do.
 */
void typed_clocks_hrtimer_setup(struct hrtimer *timer,
				enum hrtimer_restart (*function)(struct hrtimer *),
				clockid_t clock_id, enum hrtimer_mode mode)
{
	hrtimer_init(timer, clock_id, mode);
	if (WARN_ON_ONCE(!function))
		function = typed_clocks_hrtimer_dummy;
	timer->function = function;
}
