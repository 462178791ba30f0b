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

#include "lrng_drng_pcpu.h"

/**
 * enum lrng_drng_path - the output paths that the origin counters tell apart
 * @LRNG_PATH_USER: reads of getrandom(2), /dev/random and /dev/urandom,
 *		    the vDSO's keys included, but those of up to
 *		    LRNG_BATCH_SHORT_MAX bytes that the ChaCha20 DRNGs serve
 *		    through get_random_bytes()
 * @LRNG_PATH_BYTES: get_random_bytes()
 * @LRNG_PATH_UN: get_random_u8() .. get_random_u64() through the batch
 * @LRNG_PATH_NR: number of paths
 */
enum lrng_drng_path {
	LRNG_PATH_USER,
	LRNG_PATH_BYTES,
	LRNG_PATH_UN,
	LRNG_PATH_NR,
};

void lrng_testing_drng_add(enum lrng_drng_path path,
			   enum lrng_drng_origin origin, size_t len);

/*
 * Count @len bytes of @path that came from @origin, with
 * CONFIG_LRNG_TEST_DRNG_ORIGIN; without it the output paths count nothing.
 * Any context but NMI.
 */
static __always_inline void lrng_testing_drng_count(enum lrng_drng_path path,
						    enum lrng_drng_origin origin,
						    size_t len)
{
	if (IS_ENABLED(CONFIG_LRNG_TEST_DRNG_ORIGIN))
		lrng_testing_drng_add(path, origin, len);
}

#if IS_ENABLED(CONFIG_LRNG_TESTING)

/* Taps collecting now; the hooks below call nothing while it is 0. */
extern atomic_t lrng_testing_collecting;

/*
 * The debugfs files of lrng_testing_acvt.c and lrng_testing_origin.c, each
 * built with its own option, which lrng_testing_init() creates.
 */
extern const struct file_operations lrng_acvt_fops;
extern const struct file_operations lrng_origin_fops;

bool lrng_testing_irq_taps(u32 stamp, int irq, unsigned long ip);
bool lrng_testing_sched_tap(u32 stamp);
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

/* Offer a context switch's time stamp; true when the tap took it. */
static inline bool lrng_testing_sched(u32 stamp)
{
	if (likely(!atomic_read(&lrng_testing_collecting)))
		return false;
	return lrng_testing_sched_tap(stamp);
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

static inline bool lrng_testing_sched(u32 stamp)
{
	return false;
}

static inline void lrng_testing_irq_perf(u32 start)
{
}

#endif /* CONFIG_LRNG_TESTING */

#endif /* _LRNG_TESTING_H */
