// SPDX-License-Identifier: GPL-2.0
/*
 * Host models of the kernel's debugging aids that the hrtimer code and its
 * Rust helpers use: warnings (include/linux/bug.h), might_sleep()'s atomic
 * context check (CONFIG_DEBUG_ATOMIC_SLEEP), and object_is_on_stack().
 *
 * A warning prints to stderr and is counted: host_test_warnings() is what the
 * tests read, where the kernel would splat (and panic under panic_on_warn).
 */

#define _GNU_SOURCE
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

#include <linux/bug.h>
#include <linux/hardirq.h>
#include <linux/kernel.h>
#include <linux/sched/task_stack.h>

static atomic_int host_warnings;

void host_warn(const char *file, int line, const char *fmt, ...)
{
	va_list args;

	atomic_fetch_add(&host_warnings, 1);
	fprintf(stderr, "WARNING: %s:%d: ", file, line);
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
}

int host_test_warnings(void)
{
	return atomic_load(&host_warnings);
}

void __might_sleep(const char *file, int line)
{
	WARN(in_hardirq(), "BUG: sleeping function called from invalid context at %s:%d\n",
	     file, line);
}

int object_is_on_stack(const void *obj)
{
	pthread_attr_t attr;
	void *stack;
	size_t size;
	uintptr_t addr = (uintptr_t)obj;
	int on_stack = 0;

	if (pthread_getattr_np(pthread_self(), &attr))
		return 0;
	if (!pthread_attr_getstack(&attr, &stack, &size))
		on_stack = addr >= (uintptr_t)stack && addr < (uintptr_t)stack + size;
	pthread_attr_destroy(&attr);
	return on_stack;
}
