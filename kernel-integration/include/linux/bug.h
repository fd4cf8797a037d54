/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of include/linux/bug.h's warnings: WARN(), WARN_ON(),
 * WARN_ONCE(). A warning prints its place and message to stderr and counts
 * itself (host_test_warnings()), which the tests read: in the kernel each is a
 * splat, and a panic under panic_on_warn.
 */
#ifndef _LINUX_BUG_H
#define _LINUX_BUG_H

/* Reports one warning; csrc/kernel.c. */
void host_warn(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Host only: how many warnings were reported since the process started. */
int host_test_warnings(void);

#define WARN(condition, fmt...) ({					\
	int __ret_warn_on = !!(condition);				\
	if (__ret_warn_on)						\
		host_warn(__FILE__, __LINE__, fmt);			\
	__ret_warn_on;							\
})

#define WARN_ON(condition) WARN(condition, "WARN_ON(%s)\n", #condition)

#define WARN_ONCE(condition, fmt...) ({					\
	static int __warned;						\
	int __ret_warn_once = !!(condition);				\
	if (__ret_warn_once && !__warned) {				\
		__warned = 1;						\
		host_warn(__FILE__, __LINE__, fmt);			\
	}								\
	__ret_warn_once;						\
})

#endif /* _LINUX_BUG_H */
