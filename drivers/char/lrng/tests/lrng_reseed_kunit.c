// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the reseed that comes before output
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * A DRNG due for a reseed is reseeded before it generates, where the
 * context allows (lrng_es_reseed_due()), as random.c reseeds a key that is
 * too old before using it: the output of the call that finds the reseed
 * due already comes from the new state.  Every reseed advances the DRNG
 * generation, so the cases read it just before and just after the call.
 * A reseed that is only queued (a work item) leaves the generation as it
 * was for far longer than that window.
 *
 *  - lrng_reseed_test_task: user data makes a reseed due
 *    (lrng_drng_force_reseed(), as a write to /dev/random does); a
 *    get_random_bytes() call of a size that takes the per-CPU DRNG, in
 *    process context, returns with the DRNG reseeded.
 *  - lrng_reseed_test_irqs_off: the same with interrupts off, as an
 *    in-kernel caller under a spinlock; the reseed never sleeps there.
 *  - lrng_reseed_test_fallback_in_callback: a callback of
 *    execute_with_initialized_rng() generates random numbers, as the
 *    pointer hashing of vsprintf does, and its generate call is the one
 *    after which the LRNG falls back to unseeded: the fallback must not
 *    wait for the lock the callback runs under.  A forced reseed then
 *    ends the fallback.
 *
 * The first two credit 256 bits to the auxiliary pool first, so that the
 * reseed has the entropy it needs (each source counts less its
 * oversampling).  All need a fully seeded LRNG, which a kernel that trusts
 * the CPU source has when KUnit runs.
 */

#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/notifier.h>
#include <linux/random.h>
#include <linux/string.h>

#include "../lrng_drng_mgr.h"
#include "../lrng_es_aux.h"
#include "../lrng_es_mgr.h"
#include "../lrng_ready.h"

enum {
	/* More than a batch serves and more than the per-CPU direct limit. */
	LRNG_RESEED_TEST_BYTES = 512,
};

/* Credit the auxiliary pool and make a reseed due; returns the generation. */
static unsigned long lrng_reseed_test_prepare(struct kunit *test)
{
	u8 data[32];

	KUNIT_ASSERT_TRUE_MSG(test, lrng_ready(),
			      "the LRNG is not fully seeded when KUnit runs");
	get_random_bytes(data, sizeof(data));
	lrng_aux_insert(data, sizeof(data), 256);
	memzero_explicit(data, sizeof(data));
	lrng_drng_force_reseed();
	return lrng_drng_generation();
}

static void lrng_reseed_test_task(struct kunit *test)
{
	unsigned long before, after;
	u8 *buf;

	buf = kunit_kzalloc(test, LRNG_RESEED_TEST_BYTES, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	before = lrng_reseed_test_prepare(test);
	get_random_bytes(buf, LRNG_RESEED_TEST_BYTES);
	after = lrng_drng_generation();
	KUNIT_EXPECT_NE_MSG(test, after, before,
			    "output due for a reseed came from the old state");
}

static void lrng_reseed_test_irqs_off(struct kunit *test)
{
	unsigned long before, after, flags;
	u8 *buf;

	buf = kunit_kzalloc(test, LRNG_RESEED_TEST_BYTES, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	before = lrng_reseed_test_prepare(test);
	local_irq_save(flags);
	get_random_bytes(buf, LRNG_RESEED_TEST_BYTES);
	after = lrng_drng_generation();
	local_irq_restore(flags);
	KUNIT_EXPECT_NE_MSG(test, after, before,
			    "output due for a reseed came from the old state");
}

/* The output a callback generates; it runs under a spinlock. */
static u8 lrng_reseed_test_cb_buf[LRNG_RESEED_TEST_BYTES];
/* The callback saw the LRNG fall back. */
static bool lrng_reseed_test_cb_fell_back;

/*
 * Generate until the LRNG falls back: a CPU counts its per-CPU DRNG's
 * calls towards the fallback once per batch of them, far fewer than 1000.
 */
static int lrng_reseed_test_cb(struct notifier_block *nb, unsigned long action,
			       void *data)
{
	int i;

	/*
	 * The fallback is recorded when this CPU sees it: a seed requested
	 * by another CPU may end it at any time after that.
	 */
	lrng_reseed_test_cb_fell_back = false;
	for (i = 0; i < 1000; i++) {
		if (!lrng_ready()) {
			lrng_reseed_test_cb_fell_back = true;
			break;
		}
		get_random_bytes(lrng_reseed_test_cb_buf,
				 sizeof(lrng_reseed_test_cb_buf));
	}
	memzero_explicit(lrng_reseed_test_cb_buf,
			 sizeof(lrng_reseed_test_cb_buf));
	return NOTIFY_DONE;
}

static void lrng_reseed_test_fallback_in_callback(struct kunit *test)
{
	struct notifier_block nb = { .notifier_call = lrng_reseed_test_cb };
	u32 saved = READ_ONCE(lrng_max_wo_reseed);
	int i;

	KUNIT_ASSERT_TRUE_MSG(test, lrng_ready(),
			      "the LRNG is not fully seeded when KUnit runs");
	/* Any generate call is now one too many without a full reseed. */
	WRITE_ONCE(lrng_max_wo_reseed, 0);
	/* Fully seeded once: the callback runs at once, under the lock. */
	KUNIT_EXPECT_EQ(test, execute_with_initialized_rng(&nb), 0);
	WRITE_ONCE(lrng_max_wo_reseed, saved);

	for (i = 0; i < 100 && !lrng_ready(); i++) {
		lrng_es_reseed_sync();
		if (!lrng_ready())
			msleep(100);
	}
	KUNIT_EXPECT_TRUE_MSG(test, lrng_reseed_test_cb_fell_back,
			      "the callback's generate call did not fall back");
	KUNIT_ASSERT_TRUE_MSG(test, lrng_ready(),
			      "not fully seeded again 10 s after the fallback");
}

static struct kunit_case lrng_reseed_test_cases[] = {
	KUNIT_CASE(lrng_reseed_test_task),
	KUNIT_CASE(lrng_reseed_test_irqs_off),
	KUNIT_CASE(lrng_reseed_test_fallback_in_callback),
	{}
};

static struct kunit_suite lrng_reseed_suite = {
	.name = "lrng_reseed",
	.test_cases = lrng_reseed_test_cases,
};

kunit_test_suite(lrng_reseed_suite);

MODULE_DESCRIPTION("KUnit tests of the LRNG's reseed before output");
MODULE_LICENSE("GPL");
