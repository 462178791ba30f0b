/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG in-kernel interface: what the CPU hotplug callbacks need
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_INTERFACE_KERNEL_H
#define _LRNG_INTERFACE_KERNEL_H

void lrng_batch_reset_cpu(unsigned int cpu);

#endif /* _LRNG_INTERFACE_KERNEL_H */
