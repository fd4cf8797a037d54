/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host model of include/linux/types.h: the kernel's fixed-width integer types,
 * which the kernel gets from include/asm-generic/int-ll64.h on every
 * architecture (s64 is `long long`, also on 64-bit ones).
 */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#include <uapi/asm-generic/int-ll64.h>

typedef __s8  s8;
typedef __u8  u8;
typedef __s16 s16;
typedef __u16 u16;
typedef __s32 s32;
typedef __u32 u32;
typedef __s64 s64;
typedef __u64 u64;

typedef _Bool bool;

typedef int __kernel_clockid_t;
typedef __kernel_clockid_t clockid_t;

#endif /* _LINUX_TYPES_H */
