/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of include/linux/printk.h's pr_warn_once(): the message goes to
 * stderr once per call site, through host_warn() (csrc/kernel.c), which
 * counts it with the warnings the tests read.
 */
#ifndef _LINUX_PRINTK_H
#define _LINUX_PRINTK_H

#include <linux/bug.h>

#define pr_warn_once(fmt, ...) ({					\
	static int __printed;						\
	if (!__printed) {						\
		__printed = 1;						\
		host_warn(__FILE__, __LINE__, fmt, ##__VA_ARGS__);	\
	}								\
})

#endif /* _LINUX_PRINTK_H */
