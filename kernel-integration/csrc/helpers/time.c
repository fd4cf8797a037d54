// SPDX-License-Identifier: GPL-2.0
/*
 * Out-of-line wrappers for the static inline getters of linux/timekeeping.h,
 * as the kernel's rust/helpers/time.c: Rust cannot call a static inline C
 * function, so each gets a rust_helper_ twin, which the bindings expose
 * under the original name (bindings::ktime_get_real() links to
 * rust_helper_ktime_get_real).
 *
 * To add a clock whose C getter is static inline: add its wrapper here and
 * its prototype to include/helpers.h, then its row to clocks.toml.
 */

#include <linux/ktime.h>
#include <linux/timekeeping.h>

#include "helpers.h"

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
