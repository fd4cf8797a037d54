/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of might_sleep() (include/linux/kernel.h): with the kernel's
 * CONFIG_DEBUG_ATOMIC_SLEEP, a call in atomic context is reported, "BUG:
 * sleeping function called from invalid context". The host reports a call in
 * an hrtimer callback as a warning (csrc/kernel.c).
 */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

void __might_sleep(const char *file, int line);

#define might_sleep() __might_sleep(__FILE__, __LINE__)

#endif /* _LINUX_KERNEL_H */
