/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG test interfaces: raw entropy taps and the ACVT hash in debugfs
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_TESTING_H
#define _LRNG_TESTING_H

#include <linux/types.h>

#if IS_ENABLED(CONFIG_LRNG_TESTING)

bool lrng_testing_irq(u32 stamp, int irq, unsigned long ip);
bool lrng_testing_array(u8 slot);
void lrng_testing_irq_perf(u32 start);

#else /* CONFIG_LRNG_TESTING */

/* No tap built: the interrupt path calls nothing. */
static inline bool lrng_testing_irq(u32 stamp, int irq, unsigned long ip)
{
	return false;
}

static inline bool lrng_testing_array(u8 slot)
{
	return false;
}

static inline void lrng_testing_irq_perf(u32 start)
{
}

#endif /* CONFIG_LRNG_TESTING */

#endif /* _LRNG_TESTING_H */
