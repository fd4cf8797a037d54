/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of include/vdso/jiffies.h: the time between two ticks.
 */
#ifndef __VDSO_JIFFIES_H
#define __VDSO_JIFFIES_H

#include <asm-generic/param.h>		/* for HZ */
#include <linux/time64.h>

/* TICK_NSEC is the time between ticks in nsec assuming SHIFTED_HZ */
#define TICK_NSEC ((NSEC_PER_SEC+HZ/2)/HZ)

#endif /* __VDSO_JIFFIES_H */
