/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sleeping and busy-waiting on the host, for the host delays (csrc/delay.c):
 * host_sleep.c is, with host_clock.c, the only file here that includes libc.
 */
#ifndef _HOST_SLEEP_H
#define _HOST_SLEEP_H

#include <linux/types.h>

/* Sleeps at least @ns nanoseconds on the host's CLOCK_MONOTONIC. */
void host_sleep_ns(s64 ns);

/* Spins until @ns nanoseconds have passed on the host's CLOCK_MONOTONIC. */
void host_spin_ns(s64 ns);

#endif /* _HOST_SLEEP_H */
