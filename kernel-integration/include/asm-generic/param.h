/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of include/asm-generic/param.h: the kernel's timer frequency.
 * The host timekeeper ticks at Debian's CONFIG_HZ=250 (every 4 ms); the
 * coarse clocks (ktime_get_coarse() and its family) advance only at a tick.
 */
#ifndef __ASM_GENERIC_PARAM_H
#define __ASM_GENERIC_PARAM_H

#define CONFIG_HZ	250

# undef HZ
# define HZ		CONFIG_HZ	/* Internal kernel timer frequency */

#endif /* __ASM_GENERIC_PARAM_H */
