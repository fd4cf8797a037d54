// SPDX-License-Identifier: GPL-2.0
/*
 * The rust_helper_* wrappers of static inline functions and macros, compiled
 * from the in-tree series' own rust/helpers/time.c and rust/helpers/hrtimer.c,
 * as the kernel's rust/helpers/helpers.c #includes them: one source for the
 * host and the kernel. include/helpers.h declares the wrappers that the
 * bindings expose; the host headers (include/linux/) model what they call.
 *
 * To add a clock whose C getter is static inline: add its wrapper to
 * linux/intree/rust/helpers/time.c and its prototype to include/helpers.h,
 * then its row to clocks.toml.
 */

#include "helpers.h"

/* Empty, as the kernel's helpers.c defines it for bindgen. */
#define __rust_helper

#include "../linux/intree/rust/helpers/hrtimer.c"
#include "../linux/intree/rust/helpers/time.c"
