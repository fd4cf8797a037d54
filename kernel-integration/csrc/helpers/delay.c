// SPDX-License-Identifier: GPL-2.0
/*
 * Out-of-line wrappers for the static inline fsleep() and the udelay() macro
 * of linux/delay.h, as the kernel's rust/helpers/time.c.
 */

#include <linux/delay.h>

#include "helpers.h"

void rust_helper_fsleep(unsigned long usecs)
{
	fsleep(usecs);
}

void rust_helper_udelay(unsigned long usecs)
{
	udelay(usecs);
}
