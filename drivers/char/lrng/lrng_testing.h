/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG test interfaces: raw entropy taps and the ACVT hash in debugfs
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_TESTING_H
#define _LRNG_TESTING_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/types.h>

#if IS_ENABLED(CONFIG_LRNG_TESTING)

/* Taps collecting now; the hooks below call nothing while it is 0. */
extern atomic_t lrng_testing_collecting;

bool lrng_testing_irq_taps(u32 stamp, int irq, unsigned long ip);
bool lrng_testing_array_tap(u8 slot);
void lrng_testing_irq_perf_tap(u32 start);

/* Whether a tap collects: the interrupt source then takes its full path. */
static inline bool lrng_testing_active(void)
{
	return atomic_read(&lrng_testing_collecting);
}

/* Offer an interrupt's raw data; true when a tap took it (no credit). */
static inline bool lrng_testing_irq(u32 stamp, int irq, unsigned long ip)
{
	if (likely(!atomic_read(&lrng_testing_collecting)))
		return false;
	return lrng_testing_irq_taps(stamp, irq, ip);
}

/* Offer the collection array's slot; true when the tap took it. */
static inline bool lrng_testing_array(u8 slot)
{
	if (likely(!atomic_read(&lrng_testing_collecting)))
		return false;
	return lrng_testing_array_tap(slot);
}

/* Record the cycles of one interrupt since @start. */
static inline void lrng_testing_irq_perf(u32 start)
{
	if (unlikely(atomic_read(&lrng_testing_collecting)))
		lrng_testing_irq_perf_tap(start);
}

#else /* CONFIG_LRNG_TESTING */

/* No tap built: the interrupt path calls nothing. */
static inline bool lrng_testing_active(void)
{
	return false;
}

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
