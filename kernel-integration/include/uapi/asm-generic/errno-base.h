/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * Host model of the kernel's include/uapi/asm-generic/errno-base.h: the
 * error numbers the timekeeper's test controls return (negated).
 */
#ifndef _ASM_GENERIC_ERRNO_BASE_H
#define _ASM_GENERIC_ERRNO_BASE_H

#define	EPERM		 1	/* Operation not permitted */
#define	EINVAL		22	/* Invalid argument */
#define	ERANGE		34	/* Math result not representable */

#endif
