/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG SP800-90B health tests of the interrupt entropy source
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_HEALTH_H
#define _LRNG_HEALTH_H

#include <linux/seq_file.h>
#include <linux/types.h>

/**
 * enum lrng_health_verdict - what the interrupt source does with a sample
 * @LRNG_HEALTH_CREDIT: the sample passed; it may be credited
 * @LRNG_HEALTH_NO_CREDIT: the sample passed, but is not credited (start-up
 *			   test in FIPS mode, recovery after a failure, or a
 *			   permanent failure)
 * @LRNG_HEALTH_DISCARD: a test failed with this sample: the entropy this
 *			 CPU collected since its pool was last read is dropped
 */
enum lrng_health_verdict {
	LRNG_HEALTH_CREDIT,
	LRNG_HEALTH_NO_CREDIT,
	LRNG_HEALTH_DISCARD,
};

/**
 * enum lrng_health_state - where one CPU's sample stream stands
 * @LRNG_HEALTH_STARTUP: the start-up test over the first samples runs
 * @LRNG_HEALTH_OK: the start-up test passed; the continuous tests run
 * @LRNG_HEALTH_RECOVERY: a continuous test failed (intermittent failure);
 *			  a new start-up test runs, without credit
 * @LRNG_HEALTH_FAILED: a test failed during a start-up test (permanent
 *			failure); the source is no longer credited
 */
enum lrng_health_state {
	LRNG_HEALTH_STARTUP,
	LRNG_HEALTH_OK,
	LRNG_HEALTH_RECOVERY,
	LRNG_HEALTH_FAILED,
};

enum {
	/* Samples of a start-up test (SP800-90B section 4.3, item 9). */
	LRNG_HEALTH_STARTUP_SAMPLES = 1024,
	/* Window of the adaptive proportion test, non-binary samples. */
	LRNG_HEALTH_APT_WINDOW = 512,
	/* Events of lrng_health_sample(). */
	LRNG_HEALTH_EV_RCT_FAIL = 1 << 0,
	LRNG_HEALTH_EV_APT_FAIL = 1 << 1,
	LRNG_HEALTH_EV_PASSED = 1 << 2,
	LRNG_HEALTH_EV_PERMANENT = 1 << 3,
};

/**
 * struct lrng_health_cutoffs - cut-off values of both tests
 * @rct: repetition count test: this many identical samples in a row fail
 * @apt: adaptive proportion test: this many occurrences of the first
 *	 sample of a window fail
 */
struct lrng_health_cutoffs {
	u32 rct;
	u32 apt;
};

/**
 * struct lrng_health_test - the tests of one stream of samples
 * @rct_last: the sample the repetition count test compares with
 * @rct_count: how often @rct_last was seen in a row; 0 before the first
 * @apt_base: the first sample of the current window
 * @apt_count: occurrences of @apt_base in the window so far
 * @apt_seen: samples of the window so far; 0 starts a new window
 * @left: samples still to pass in a start-up test
 * @state: enum lrng_health_state
 *
 * The functions that take it take no lock: the owner serialises them.
 */
struct lrng_health_test {
	u8 rct_last;
	u8 apt_base;
	u8 state;
	u32 rct_count;
	u32 apt_count;
	u32 apt_seen;
	u32 left;
};

#define LRNG_HEALTH_TEST_INIT {					\
	.state = LRNG_HEALTH_STARTUP,				\
	.left = LRNG_HEALTH_STARTUP_SAMPLES,			\
}

/* Pure logic, also run by KUnit (lrng_health.c). */
struct lrng_health_cutoffs lrng_health_cutoffs_for(u32 rate);
u32 lrng_health_sample(struct lrng_health_test *t,
		       const struct lrng_health_cutoffs *c, u8 sample);

#if IS_ENABLED(CONFIG_LRNG_HEALTH_TESTS)

void lrng_health_init(u32 rate);
enum lrng_health_verdict lrng_health_irq(u8 sample);
u32 lrng_health_credit(u32 bits);
bool lrng_sp80090b_compliant(void);
void lrng_health_state(struct seq_file *m);

#else /* CONFIG_LRNG_HEALTH_TESTS */

static inline void lrng_health_init(u32 rate)
{
}

static inline enum lrng_health_verdict lrng_health_irq(u8 sample)
{
	return LRNG_HEALTH_CREDIT;
}

static inline u32 lrng_health_credit(u32 bits)
{
	return bits;
}

static inline bool lrng_sp80090b_compliant(void)
{
	return false;
}

static inline void lrng_health_state(struct seq_file *m)
{
}

#endif /* CONFIG_LRNG_HEALTH_TESTS */

#endif /* _LRNG_HEALTH_H */
