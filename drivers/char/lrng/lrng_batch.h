/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG per-CPU batch, for CPU hotplug and short reads
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_BATCH_H
#define _LRNG_BATCH_H

#include <linux/types.h>

/*
 * get_random_bytes() up to this length takes the per-CPU batch; short
 * user-space reads from the ChaCha20 DRNGs are such calls.
 */
#define LRNG_BATCH_SHORT_MAX 64

void lrng_batch_reset_cpu(unsigned int cpu);

#endif /* _LRNG_BATCH_H */
