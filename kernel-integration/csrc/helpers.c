// SPDX-License-Identifier: GPL-2.0
/*
 * The rust_helper_* wrappers of static inline functions, compiled from the
 * in-tree series' own rust/helpers/time.c, as the kernel's
 * rust/helpers/helpers.c #includes it: one source for the host and the kernel.
 * include/helpers.h declares the wrappers that the bindings expose.
 *
 * To add a clock whose C getter is static inline: add its wrapper to
 * linux/intree/rust/helpers/time.c and its prototype to include/helpers.h,
 * then its row to clocks.toml.
 */

#include <linux/hrtimer.h>

#include "helpers.h"

/* Empty, as the kernel's helpers.c defines it for bindgen. */
#define __rust_helper

/*
 * The in-tree file's hrtimer_setup() wrapper is for kernels that have
 * hrtimer_init() instead; the host, modelled on later kernels, has
 * hrtimer_setup() itself (which the bindings use) and this wrapper only
 * compiles: hrtimer_init() is hrtimer_setup() without a callback, and the
 * host has no WARN (the condition alone).
 */
#define hrtimer_init(timer, clock_id, mode) hrtimer_setup(timer, (void *)0, clock_id, mode)
#define WARN_ON_ONCE(condition) (condition)
void rust_helper_hrtimer_setup(struct hrtimer *timer,
			       enum hrtimer_restart (*function)(struct hrtimer *),
			       clockid_t clock_id, enum hrtimer_mode mode);

/* Kbuild does not warn about unused parameters (the wrappers' callbacks). */
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "../linux/intree/rust/helpers/time.c"
