// SPDX-License-Identifier: GPL-2.0

#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/timekeeping.h>

ktime_t rust_helper_ktime_get_real(void)
{
	return ktime_get_real();
}

ktime_t rust_helper_ktime_get_boottime(void)
{
	return ktime_get_boottime();
}

ktime_t rust_helper_ktime_get_clocktai(void)
{
	return ktime_get_clocktai();
}

ktime_t rust_helper_ktime_get_coarse(void)
{
	return ktime_get_coarse();
}

ktime_t rust_helper_ktime_get_coarse_real(void)
{
	return ktime_get_coarse_real();
}

ktime_t rust_helper_ktime_get_coarse_boottime(void)
{
	return ktime_get_coarse_boottime();
}

ktime_t rust_helper_ktime_get_coarse_clocktai(void)
{
	return ktime_get_coarse_clocktai();
}

void rust_helper_fsleep(unsigned long usecs)
{
	fsleep(usecs);
}

void rust_helper_udelay(unsigned long usecs)
{
	udelay(usecs);
}

static enum hrtimer_restart rust_helper_hrtimer_dummy(struct hrtimer *timer)
{
	return HRTIMER_NORESTART;
}

/*
 * hrtimer_setup() of later kernels, over hrtimer_init(): initialise the timer
 * on clock_id in mode and set its callback; a NULL callback is a bug, reported
 * once and replaced by one that does nothing, as those kernels do.
 */
void rust_helper_hrtimer_setup(struct hrtimer *timer,
			       enum hrtimer_restart (*function)(struct hrtimer *),
			       clockid_t clock_id, enum hrtimer_mode mode)
{
	hrtimer_init(timer, clock_id, mode);
	if (WARN_ON_ONCE(!function))
		function = rust_helper_hrtimer_dummy;
	timer->function = function;
}
