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
 *
 * Both credit 256 bits to the auxiliary pool first, so that the reseed has
 * the entropy it needs (each source counts less its oversampling).  They
 * need a fully seeded LRNG, which a kernel that trusts the CPU source has
 * when KUnit runs.
 */

#include <kunit/test.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/string.h>

#include "../lrng_drng_mgr.h"
#include "../lrng_es_aux.h"
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

static struct kunit_case lrng_reseed_test_cases[] = {
	KUNIT_CASE(lrng_reseed_test_task),
	KUNIT_CASE(lrng_reseed_test_irqs_off),
	{}
};

static struct kunit_suite lrng_reseed_suite = {
	.name = "lrng_reseed",
	.test_cases = lrng_reseed_test_cases,
};

kunit_test_suite(lrng_reseed_suite);

MODULE_DESCRIPTION("KUnit tests of the LRNG's reseed before output");
MODULE_LICENSE("GPL");
