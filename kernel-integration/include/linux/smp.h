/* SPDX-License-Identifier: GPL-2.0 */
/* Host model of include/linux/smp.h: the host's one CPU. */
#ifndef _LINUX_SMP_H
#define _LINUX_SMP_H

#define raw_smp_processor_id() 0U

#endif /* _LINUX_SMP_H */
