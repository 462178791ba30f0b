/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG power-on self-tests
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_SELFTEST_H
#define _LRNG_SELFTEST_H

#include <linux/init.h>
#include <linux/types.h>

enum {
	LRNG_SELFTEST_CHACHA20 = 1 << 0,
	LRNG_SELFTEST_HASH = 1 << 1,
	LRNG_SELFTEST_ARRAY = 1 << 2,
	LRNG_SELFTEST_NOT_RUN = 1U << 31,
};

void __init lrng_selftest_run(void);
bool lrng_selftest_passed(void);

#if IS_ENABLED(CONFIG_LRNG_IRQ)
unsigned int lrng_selftest_array(void);
#else
static inline unsigned int lrng_selftest_array(void)
{
	return 0;
}
#endif

#if IS_ENABLED(CONFIG_LRNG_TEST_SELFTEST_FAIL)
u8 lrng_selftest_corruption(void);
#else
/* No failure injection built: the known-answer test's seed is as given. */
static inline u8 lrng_selftest_corruption(void)
{
	return 0;
}
#endif

#endif /* _LRNG_SELFTEST_H */
