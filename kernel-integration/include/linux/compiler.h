/* SPDX-License-Identifier: GPL-2.0 */
/* Host model of include/linux/compiler.h: READ_ONCE(). */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

#endif /* _LINUX_COMPILER_H */
