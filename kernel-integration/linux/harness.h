/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The C side of the checks that span more than module init (clock_checks.rs):
 * /proc/typed_clocks, through which the initramfs's /init tells the module that
 * it is about to suspend, has resumed, has stepped the wall clock; one reader
 * kthread per CPU; the RTC; the tick length. Each function is a thin wrapper
 * over the kernel's own API, declared to Rust in harness.rs.
 */
#ifndef TYPED_CLOCKS_HARNESS_H
#define TYPED_CLOCKS_HARNESS_H

#include <linux/types.h>

/* Implemented in Rust (harness.rs): one command written to /proc/typed_clocks. */
int typed_clocks_phase(const char *cmd, size_t len);
/* Implemented in Rust (smp.rs): one round of readings of every clock on this CPU. */
void typed_clocks_reader_round(unsigned int reader);

int typed_clocks_proc_create(void);
void typed_clocks_proc_remove(void);

/* Starts one reader kthread per online CPU (at most 2); returns how many. */
int typed_clocks_readers_start(void);
void typed_clocks_readers_stop(void);
/* The CPU the caller runs on (raw_smp_processor_id()). */
unsigned int typed_clocks_cpu(void);

/* The RTC (rtc0) in whole seconds since the epoch, or a negative errno. */
long long typed_clocks_rtc_seconds(void);

/* TICK_NSEC: the length of a tick (1/HZ). */
long long typed_clocks_tick_nsec(void);
unsigned int typed_clocks_jiffies_to_usecs(unsigned long jiffies);

#endif /* TYPED_CLOCKS_HARNESS_H */
