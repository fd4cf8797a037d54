/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Prototypes of the rust_helper_* wrappers that the bindings expose, which
 * csrc/helpers.c compiles from linux/intree/rust/helpers/time.c. The kernel runs
 * bindgen on rust/helpers/helpers.c itself (with --blocklist-type '.*'
 * --allowlist-function 'rust_helper_.*'); here the prototypes are declared
 * once so that bindgen and the C compiler both check them.
 *
 * bindgen exposes each rust_helper_X as X (build.rs, HelperNames), linked to
 * the symbol rust_helper_X: the kernel does the same with sed.
 */
#ifndef _RUST_HELPERS_H
#define _RUST_HELPERS_H

#include <linux/hrtimer.h>
#include <linux/ktime.h>

/* linux/intree/rust/helpers/time.c */
ktime_t rust_helper_ktime_get_real(void);
ktime_t rust_helper_ktime_get_boottime(void);
ktime_t rust_helper_ktime_get_clocktai(void);
ktime_t rust_helper_ktime_get_coarse(void);
ktime_t rust_helper_ktime_get_coarse_real(void);
ktime_t rust_helper_ktime_get_coarse_boottime(void);
ktime_t rust_helper_ktime_get_coarse_clocktai(void);
void rust_helper_fsleep(unsigned long usecs);
void rust_helper_udelay(unsigned long usecs);
s64 rust_helper_ktime_to_us(const ktime_t kt);
s64 rust_helper_ktime_to_ms(const ktime_t kt);

/* linux/intree/rust/helpers/hrtimer.c: the kernel crate's file, compiled here too */
void rust_helper_hrtimer_setup_in_place(struct hrtimer *timer,
					enum hrtimer_restart (*function)(struct hrtimer *),
					clockid_t clock_id, enum hrtimer_mode mode);
void rust_helper_hrtimer_destroy_in_place(struct hrtimer *timer);
int rust_helper_hrtimer_cancel_checked(struct hrtimer *timer);
bool rust_helper_hrtimer_is_queued(struct hrtimer *timer);

#endif /* _RUST_HELPERS_H */
