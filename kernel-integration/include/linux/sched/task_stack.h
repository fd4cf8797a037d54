/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of object_is_on_stack() (include/linux/sched/task_stack.h):
 * whether an object lies on the calling thread's stack (csrc/kernel.c).
 */
#ifndef _LINUX_SCHED_TASK_STACK_H
#define _LINUX_SCHED_TASK_STACK_H

int object_is_on_stack(const void *obj);

#endif /* _LINUX_SCHED_TASK_STACK_H */
