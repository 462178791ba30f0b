// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the LRNG time stamp GCD
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The analysis of a set of stamps (known sets, all zero, one value), the
 * limits applied to its result (0 becomes 1, the cap at LRNG_GCD_MAX) and
 * the collection of a window of LRNG_GCD_WINDOW stamps with its restart.
 */

#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/module.h>

#include "../lrng_gcd.h"

/**
 * struct lrng_gcd_case - a set of stamps and its GCD
 * @name: description of the set
 * @stamps: the stamps
 * @n: number of stamps
 * @gcd: expected result of lrng_gcd_analyze()
 */
struct lrng_gcd_case {
	const char *name;
	const u32 *stamps;
	size_t n;
	u32 gcd;
};

static const u32 lrng_gcd_multiples_of_7[] = { 7, 14, 21, 700, 7 * 9973 };
static const u32 lrng_gcd_coprime[] = { 15, 28 };
static const u32 lrng_gcd_tsc_steps[] = {
	0x9a3f1c40, 0x9a3f2a80, 0x9a3f3300, 0x9a40c0c0, 0xfffffff0,
};

static const u32 lrng_gcd_with_zero[] = { 0, 36, 0, 60, 84 };
static const u32 lrng_gcd_one_value[] = { 123456 };
static const u32 lrng_gcd_all_zero[] = { 0, 0, 0, 0 };
static const u32 lrng_gcd_large[] = { 3000, 6000, 9000 };
static const u32 lrng_gcd_max_u32[] = { U32_MAX, U32_MAX };

#define LRNG_GCD_CASE(set, result) \
	{ #set, lrng_gcd_##set, ARRAY_SIZE(lrng_gcd_##set), result }

static const struct lrng_gcd_case lrng_gcd_cases_known[] = {
	LRNG_GCD_CASE(multiples_of_7, 7),
	LRNG_GCD_CASE(coprime, 1),
	LRNG_GCD_CASE(tsc_steps, 0x10),
	LRNG_GCD_CASE(with_zero, 12),
	LRNG_GCD_CASE(one_value, 123456),
	LRNG_GCD_CASE(all_zero, 0),
	LRNG_GCD_CASE(large, 3000),
	LRNG_GCD_CASE(max_u32, U32_MAX),
};

static void lrng_gcd_case_desc(const struct lrng_gcd_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(lrng_gcd_known, lrng_gcd_cases_known, lrng_gcd_case_desc);

/* lrng_gcd_analyze() finds the GCD of each known set. */
static void lrng_gcd_test_analyze_known(struct kunit *test)
{
	const struct lrng_gcd_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, lrng_gcd_analyze(c->stamps, c->n), c->gcd);
}

/* No stamps at all count like all-zero stamps. */
static void lrng_gcd_test_analyze_empty(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, lrng_gcd_analyze(lrng_gcd_one_value, 0), 0);
}

/* A GCD of 0 (all stamps zero) becomes 1: stamps are used as they are. */
static void lrng_gcd_test_limit_zero(struct kunit *test)
{
	u32 found = lrng_gcd_analyze(lrng_gcd_all_zero,
				     ARRAY_SIZE(lrng_gcd_all_zero));

	KUNIT_EXPECT_EQ(test, lrng_gcd_limit(0), 1);
	KUNIT_EXPECT_EQ(test, lrng_gcd_limit(found), 1);
}

/* Up to LRNG_GCD_MAX the GCD is applied as found, above it is capped. */
static void lrng_gcd_test_limit_cap(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, LRNG_GCD_MAX, 1000);
	KUNIT_EXPECT_EQ(test, lrng_gcd_limit(1), 1);
	KUNIT_EXPECT_EQ(test, lrng_gcd_limit(999), 999);
	KUNIT_EXPECT_EQ(test, lrng_gcd_limit(1000), 1000);
	KUNIT_EXPECT_EQ(test, lrng_gcd_limit(1001), 1000);
	KUNIT_EXPECT_EQ(test, lrng_gcd_limit(3000), 1000);
	KUNIT_EXPECT_EQ(test, lrng_gcd_limit(U32_MAX), 1000);
}

/* Feed a whole window of @step * (i + 1), checking it completes only last. */
static void lrng_gcd_fill(struct kunit *test, struct lrng_gcd *g, u32 step)
{
	u32 i;

	for (i = 0; i < LRNG_GCD_WINDOW - 1; i++) {
		KUNIT_EXPECT_FALSE(test, lrng_gcd_add(g, step * (i + 1)));
		KUNIT_EXPECT_EQ(test, lrng_gcd_get(g), 0);
	}
	KUNIT_EXPECT_TRUE(test, lrng_gcd_add(g, step * LRNG_GCD_WINDOW));
}

/* The GCD is published after exactly LRNG_GCD_WINDOW stamps, then wiped. */
static void lrng_gcd_test_window(struct kunit *test)
{
	struct lrng_gcd *g;
	u32 i;

	g = kunit_kzalloc(test, sizeof(*g), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, g);
	*g = (struct lrng_gcd)LRNG_GCD_INIT;

	lrng_gcd_fill(test, g, 24);
	KUNIT_EXPECT_EQ(test, lrng_gcd_get(g), 24);
	for (i = 0; i < LRNG_GCD_WINDOW; i++)
		KUNIT_EXPECT_EQ(test, g->history[i], 0);

	/* Stamps beyond the window change nothing. */
	KUNIT_EXPECT_FALSE(test, lrng_gcd_add(g, 5));
	KUNIT_EXPECT_EQ(test, lrng_gcd_get(g), 24);
}

/* A window of large steps is capped; a window of zeros gives 1. */
static void lrng_gcd_test_window_limits(struct kunit *test)
{
	struct lrng_gcd *g;

	g = kunit_kzalloc(test, sizeof(*g), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, g);

	*g = (struct lrng_gcd)LRNG_GCD_INIT;
	lrng_gcd_fill(test, g, 4000);
	KUNIT_EXPECT_EQ(test, lrng_gcd_get(g), LRNG_GCD_MAX);

	*g = (struct lrng_gcd)LRNG_GCD_INIT;
	lrng_gcd_fill(test, g, 0);
	KUNIT_EXPECT_EQ(test, lrng_gcd_get(g), 1);
}

/* After a restart the GCD is unknown until a new window is complete. */
static void lrng_gcd_test_restart(struct kunit *test)
{
	struct lrng_gcd *g;

	g = kunit_kzalloc(test, sizeof(*g), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, g);
	*g = (struct lrng_gcd)LRNG_GCD_INIT;

	lrng_gcd_fill(test, g, 8);
	KUNIT_EXPECT_EQ(test, lrng_gcd_get(g), 8);
	lrng_gcd_restart(g);
	KUNIT_EXPECT_EQ(test, lrng_gcd_get(g), 0);
	lrng_gcd_fill(test, g, 3);
	KUNIT_EXPECT_EQ(test, lrng_gcd_get(g), 3);
}

static struct kunit_case lrng_gcd_test_cases[] = {
	KUNIT_CASE_PARAM(lrng_gcd_test_analyze_known,
			 lrng_gcd_known_gen_params),
	KUNIT_CASE(lrng_gcd_test_analyze_empty),
	KUNIT_CASE(lrng_gcd_test_limit_zero),
	KUNIT_CASE(lrng_gcd_test_limit_cap),
	KUNIT_CASE(lrng_gcd_test_window),
	KUNIT_CASE(lrng_gcd_test_window_limits),
	KUNIT_CASE(lrng_gcd_test_restart),
	{}
};

static struct kunit_suite lrng_gcd_test_suite = {
	.name = "lrng_gcd",
	.test_cases = lrng_gcd_test_cases,
};

kunit_test_suite(lrng_gcd_test_suite);

MODULE_DESCRIPTION("KUnit tests of the LRNG time stamp GCD");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
