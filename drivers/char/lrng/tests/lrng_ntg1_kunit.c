// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the AIS 20/31 NTG.1 seeding strategy
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The decisions of lrng_es_mgr.h that the entropy source manager applies
 * to the per-source credits of every seed: whether a seed meets the
 * strategy (two sources of LRNG_NTG1_ES_BITS each), whether it makes the
 * LRNG fully seeded, and whether a reseed counts as one of full strength.
 * They are pure functions of the credits, so each case states credits and
 * the expected answer; nothing here touches the running LRNG, and the
 * cases run whether or not the kernel was booted with lrng_es_mgr.ntg1=1.
 */

#include <kunit/test.h>
#include <linux/module.h>

#include "../lrng_es_mgr.h"

/**
 * struct lrng_ntg1_case - credits of one seed and what they must give
 * @name: description
 * @es_bits: entropy credited to each source's slot
 * @met: expected lrng_ntg1_seed_met()
 */
struct lrng_ntg1_case {
	const char *name;
	u32 es_bits[LRNG_ES_MAX];
	bool met;
};

static const struct lrng_ntg1_case lrng_ntg1_cases[] = {
	{ "nothing", { 0, 0, 0, 0 }, false },
	{ "one source at full strength", { 0, 256, 0, 0 }, false },
	{ "one full, one at 239", { 0, 256, 239, 0 }, false },
	{ "one full, one at 240", { 0, 256, 240, 0 }, true },
	{ "two at exactly 240", { 240, 0, 0, 240 }, true },
	{ "three at 239", { 239, 239, 239, 0 }, false },
	{ "all four at full strength", { 256, 256, 256, 256 }, true },
	{ "sum far above, one source only", { 0, 256, 200, 200 }, false },
	{ "interrupts and Jitter RNG", { 0, 0, 240, 256 }, true },
	{ "above the digest size", { 512, 0, 0, 384 }, true },
};

static void lrng_ntg1_case_desc(const struct lrng_ntg1_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(lrng_ntg1, lrng_ntg1_cases, lrng_ntg1_case_desc);

/* Two sources of at least 240 bits, whatever the others and the sum. */
static void lrng_ntg1_test_seed_met(struct kunit *test)
{
	const struct lrng_ntg1_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, lrng_ntg1_seed_met(c->es_bits), c->met);
}

/* The sum of @es_bits capped at @want, as lrng_es_fill() returns it. */
static u32 lrng_ntg1_sum(const u32 es_bits[LRNG_ES_MAX], u32 want)
{
	u32 bits = 0;
	int i;

	for (i = 0; i < LRNG_ES_MAX; i++)
		bits += es_bits[i];
	return min(bits, want);
}

/*
 * A seed with the entropy of a full seed makes the LRNG fully seeded with
 * the strategy only when it meets it (else it reaches minimally seeded at
 * most); without the strategy the sum alone decides, as before.
 */
static void lrng_ntg1_test_seed_full(struct kunit *test)
{
	const struct lrng_ntg1_case *c = test->param_value;
	u32 full = LRNG_FULL_SEED_ENTROPY_BITS;
	u32 bits = lrng_ntg1_sum(c->es_bits, full);

	KUNIT_EXPECT_EQ(test, lrng_es_seed_full(bits, c->es_bits, full, false),
			bits >= full);
	KUNIT_EXPECT_EQ(test, lrng_es_seed_full(bits, c->es_bits, full, true),
			bits >= full && c->met);
}

/* A reseed counts as full with the strategy only when it meets it. */
static void lrng_ntg1_test_reseed_full(struct kunit *test)
{
	const struct lrng_ntg1_case *c = test->param_value;
	u32 bits = lrng_ntg1_sum(c->es_bits, LRNG_DRNG_SECURITY_STRENGTH_BITS);
	bool strong = bits >= LRNG_DRNG_SECURITY_STRENGTH_BITS;

	KUNIT_EXPECT_EQ(test, lrng_es_reseed_full(bits, c->es_bits, false),
			strong);
	KUNIT_EXPECT_EQ(test, lrng_es_reseed_full(bits, c->es_bits, true),
			strong && c->met);
}

/*
 * Two sources of 240 bits do not make a seed full on their own: the seed
 * must also carry the entropy of a full seed, and a reseed the security
 * strength.  (A seed of the manager always does when it has them: they
 * sum to 480 bits.)
 */
static void lrng_ntg1_test_needs_the_sum(struct kunit *test)
{
	static const u32 two[LRNG_ES_MAX] = { 0, 0, 240, 240 };
	u32 full = LRNG_FULL_SEED_ENTROPY_BITS;

	KUNIT_EXPECT_FALSE(test, lrng_es_seed_full(full - 1, two, full, true));
	KUNIT_EXPECT_TRUE(test, lrng_es_seed_full(full, two, full, true));
	KUNIT_EXPECT_FALSE(test,
			   lrng_es_reseed_full(LRNG_DRNG_SECURITY_STRENGTH_BITS - 1,
					       two, true));
}

/*
 * SP800-90C: a full seed needs 384 bits, and each source's credit is what
 * is left after the oversampling.  A seed with the 384 bits but one source
 * of 240 does not make the LRNG fully seeded; two sources of 240 do.
 */
static void lrng_ntg1_test_sp80090c(struct kunit *test)
{
	static const u32 one[LRNG_ES_MAX] = { 0, 256, 239, 0 };
	static const u32 two[LRNG_ES_MAX] = { 0, 0, 240, 240 };
	u32 full = LRNG_FULL_SEED_ENTROPY_BITS + LRNG_SEED_INIT_ADD_BITS;

	KUNIT_EXPECT_EQ(test, lrng_ntg1_sum(one, full), full);
	KUNIT_EXPECT_FALSE(test, lrng_es_seed_full(full, one, full, true));
	KUNIT_EXPECT_TRUE(test, lrng_es_seed_full(full, one, full, false));
	KUNIT_EXPECT_EQ(test, lrng_ntg1_sum(two, full), full);
	KUNIT_EXPECT_TRUE(test, lrng_es_seed_full(full, two, full, true));
}

static struct kunit_case lrng_ntg1_test_cases[] = {
	KUNIT_CASE_PARAM(lrng_ntg1_test_seed_met, lrng_ntg1_gen_params),
	KUNIT_CASE_PARAM(lrng_ntg1_test_seed_full, lrng_ntg1_gen_params),
	KUNIT_CASE_PARAM(lrng_ntg1_test_reseed_full, lrng_ntg1_gen_params),
	KUNIT_CASE(lrng_ntg1_test_needs_the_sum),
	KUNIT_CASE(lrng_ntg1_test_sp80090c),
	{}
};

static struct kunit_suite lrng_ntg1_test_suite = {
	.name = "lrng_ntg1",
	.test_cases = lrng_ntg1_test_cases,
};

kunit_test_suite(lrng_ntg1_test_suite);

MODULE_DESCRIPTION("KUnit tests of the LRNG's AIS 20/31 NTG.1 seeding strategy");
MODULE_LICENSE("GPL");
