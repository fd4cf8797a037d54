/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel functions that a clock table or the kernel services may name but
 * that Linux 6.12 defines as static inline functions or macros, so that Rust
 * cannot call them: one real function each, defined in kbind_helpers.c and
 * declared to Rust in kbind.rs under the C name (as rust/helpers/ does for the
 * kernel crate's rust_helper_* functions).
 */
#ifndef TYPED_CLOCKS_KBIND_HELPERS_H
#define TYPED_CLOCKS_KBIND_HELPERS_H

#include <linux/hrtimer.h>
#include <linux/ktime.h>

/* include/linux/timekeeping.h: static inline getters. */
ktime_t typed_clocks_ktime_get_real(void);
ktime_t typed_clocks_ktime_get_boottime(void);
ktime_t typed_clocks_ktime_get_clocktai(void);
ktime_t typed_clocks_ktime_get_coarse(void);
ktime_t typed_clocks_ktime_get_coarse_real(void);
ktime_t typed_clocks_ktime_get_coarse_boottime(void);
ktime_t typed_clocks_ktime_get_coarse_clocktai(void);

/* include/linux/delay.h: fsleep() is static inline, udelay() a macro. */
void typed_clocks_fsleep(unsigned long usecs);
void typed_clocks_udelay(unsigned long usecs);

/* hrtimer_setup() of newer kernels, over 6.12's hrtimer_init(). */
void typed_clocks_hrtimer_setup(struct hrtimer *timer,
				enum hrtimer_restart (*function)(struct hrtimer *),
				clockid_t clock_id, enum hrtimer_mode mode);

#endif /* TYPED_CLOCKS_KBIND_HELPERS_H */
