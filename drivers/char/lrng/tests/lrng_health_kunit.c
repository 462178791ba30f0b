// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the LRNG SP800-90B health tests
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The cut-offs for known entropy rates (SP800-90B section 4.4, alpha =
 * 2^-20: repetition count 1 + ceil(20 / H), adaptive proportion from
 * Table 2 of the standard for H = 1 and 0.5), and the state machine of one
 * stream: start-up, a repetition count and an adaptive proportion failure
 * exactly at their cut-offs and not one sample before, recovery after an
 * intermittent failure, and a permanent failure during a start-up test.
 * A run of samples tested at once ends as the same samples one by one.
 */

#include <kunit/test.h>
#include <linux/module.h>
#include <linux/string.h>

#include "../lrng_health.h"

/* Rate (interrupts per 256 bits) and the cut-offs expected for it. */
struct lrng_health_cut_case {
	u32 rate;
	u32 rct;
	u32 apt;
};

static const struct lrng_health_cut_case lrng_health_cut_cases[] = {
	{ 256, 21, 311 },		/* H = 1: Table 2 gives 311 */
	{ 512, 41, 410 },		/* H = 0.5: Table 2 gives 410 */
	{ 2560, 201, 502 },		/* H = 0.1, no high-res timer */
	{ 300, 25, 348 },		/* H = 0.853: the H = 0.8 entry */
	{ 10000, 783, 513 },		/* H < 0.05: the APT cannot fail */
	{ U32_MAX, 335544321, 513 },	/* practically no credit */
};

static void lrng_health_cut_desc(const struct lrng_health_cut_case *c,
				 char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "rate %u", c->rate);
}

KUNIT_ARRAY_PARAM(lrng_health_cut, lrng_health_cut_cases, lrng_health_cut_desc);

static void lrng_health_test_cutoffs(struct kunit *test)
{
	const struct lrng_health_cut_case *c = test->param_value;
	struct lrng_health_cutoffs cut = lrng_health_cutoffs_for(c->rate);

	KUNIT_EXPECT_EQ(test, cut.rct, c->rct);
	KUNIT_EXPECT_EQ(test, cut.apt, c->apt);
}

/* Cut-offs small enough to reach quickly. */
static const struct lrng_health_cutoffs lrng_health_cut = {
	.rct = 21,
	.apt = 311,
};

/* Feed @n samples i * @step (mod 256); returns the OR of all events. */
static u32 lrng_health_feed(struct lrng_health_test *t, u32 n, u32 step)
{
	u32 i, ev = 0;

	for (i = 0; i < n; i++)
		ev |= lrng_health_sample(t, &lrng_health_cut, (u8)(i * step));
	return ev;
}

/* A healthy stream passes its start-up test after exactly 1024 samples. */
static void lrng_health_test_startup(struct kunit *test)
{
	struct lrng_health_test t = LRNG_HEALTH_TEST_INIT;

	KUNIT_EXPECT_EQ(test, lrng_health_feed(&t, 1023, 1), 0);
	KUNIT_EXPECT_EQ(test, t.state, LRNG_HEALTH_STARTUP);
	KUNIT_EXPECT_EQ(test, lrng_health_feed(&t, 1, 1),
			LRNG_HEALTH_EV_PASSED);
	KUNIT_EXPECT_EQ(test, t.state, LRNG_HEALTH_OK);
	KUNIT_EXPECT_EQ(test, lrng_health_feed(&t, 4096, 7), 0);
	KUNIT_EXPECT_EQ(test, t.state, LRNG_HEALTH_OK);
}

/* 20 equal samples pass, the 21st fails; then a recovery runs. */
static void lrng_health_test_rct(struct kunit *test)
{
	struct lrng_health_test t = LRNG_HEALTH_TEST_INIT;

	lrng_health_feed(&t, LRNG_HEALTH_STARTUP_SAMPLES, 1);
	KUNIT_ASSERT_EQ(test, t.state, LRNG_HEALTH_OK);
	KUNIT_EXPECT_EQ(test, lrng_health_feed(&t, 20, 0), 0);
	KUNIT_EXPECT_EQ(test, lrng_health_feed(&t, 1, 0),
			LRNG_HEALTH_EV_RCT_FAIL);
	KUNIT_EXPECT_EQ(test, t.state, LRNG_HEALTH_RECOVERY);

	/* A healthy recovery ends after 1024 samples. */
	KUNIT_EXPECT_EQ(test, lrng_health_feed(&t, 1023, 1), 0);
	KUNIT_EXPECT_EQ(test, t.state, LRNG_HEALTH_RECOVERY);
	KUNIT_EXPECT_EQ(test, lrng_health_feed(&t, 1, 1),
			LRNG_HEALTH_EV_PASSED);
	KUNIT_EXPECT_EQ(test, t.state, LRNG_HEALTH_OK);
}

/* A stuck stream during recovery fails permanently and stays failed. */
static void lrng_health_test_permanent(struct kunit *test)
{
	struct lrng_health_test t = LRNG_HEALTH_TEST_INIT;

	lrng_health_feed(&t, LRNG_HEALTH_STARTUP_SAMPLES, 1);
	KUNIT_EXPECT_EQ(test, lrng_health_feed(&t, 21, 0),
			LRNG_HEALTH_EV_RCT_FAIL);
	KUNIT_EXPECT_EQ(test, lrng_health_feed(&t, 20, 0), 0);
	KUNIT_EXPECT_EQ(test, lrng_health_feed(&t, 1, 0),
			LRNG_HEALTH_EV_RCT_FAIL | LRNG_HEALTH_EV_PERMANENT);
	KUNIT_EXPECT_EQ(test, t.state, LRNG_HEALTH_FAILED);
	KUNIT_EXPECT_EQ(test, lrng_health_feed(&t, 4096, 1), 0);
	KUNIT_EXPECT_EQ(test, t.state, LRNG_HEALTH_FAILED);
}

/* A failure during the boot start-up test is permanent at once. */
static void lrng_health_test_startup_failure(struct kunit *test)
{
	struct lrng_health_test t = LRNG_HEALTH_TEST_INIT;

	KUNIT_EXPECT_EQ(test, lrng_health_feed(&t, 21, 0),
			LRNG_HEALTH_EV_RCT_FAIL | LRNG_HEALTH_EV_PERMANENT);
	KUNIT_EXPECT_EQ(test, t.state, LRNG_HEALTH_FAILED);
}

/*
 * Adaptive proportion: runs of ten 0s, each followed by one other value, so
 * that the repetition count test stays quiet.  The window's first sample,
 * 0, occurs for the 311th time at the window's 342nd sample.
 */
static u8 lrng_health_apt_pattern(u32 i)
{
	return i % 11 == 10 ? 1 + (i / 11) % 200 : 0;
}

static void lrng_health_test_apt(struct kunit *test)
{
	const struct lrng_health_cutoffs one_more = { .rct = 21, .apt = 312 };
	struct lrng_health_test t = LRNG_HEALTH_TEST_INIT;
	struct lrng_health_test u;
	u32 i, ev = 0;

	lrng_health_feed(&t, LRNG_HEALTH_STARTUP_SAMPLES, 1);
	KUNIT_ASSERT_EQ(test, t.state, LRNG_HEALTH_OK);
	KUNIT_ASSERT_EQ(test, t.apt_seen, 0);
	u = t;

	for (i = 0; i < 341; i++)
		ev |= lrng_health_sample(&t, &lrng_health_cut,
					 lrng_health_apt_pattern(i));
	KUNIT_EXPECT_EQ(test, ev, 0);
	KUNIT_EXPECT_EQ(test, lrng_health_sample(&t, &lrng_health_cut,
						 lrng_health_apt_pattern(341)),
			LRNG_HEALTH_EV_APT_FAIL);
	KUNIT_EXPECT_EQ(test, t.state, LRNG_HEALTH_RECOVERY);

	/* With a cut-off one higher the same samples pass. */
	for (i = 0; i < 342; i++)
		ev |= lrng_health_sample(&u, &one_more,
					 lrng_health_apt_pattern(i));
	KUNIT_EXPECT_EQ(test, ev, 0);
	KUNIT_EXPECT_EQ(test, u.state, LRNG_HEALTH_OK);
}

/*
 * A run (lrng_health_run()) leaves a stream as the same samples one by one
 * would, and stops exactly at the sample that fails: 20 samples of an RCT
 * run pass, as do the 341 of the APT pattern before its failing one.
 */
static void lrng_health_test_run(struct kunit *test)
{
	struct lrng_health_test t = LRNG_HEALTH_TEST_INIT, u;
	u8 s[600];
	u32 i;

	KUNIT_EXPECT_EQ(test, lrng_health_run(&t, &lrng_health_cut, s, 1), 0);
	lrng_health_feed(&t, LRNG_HEALTH_STARTUP_SAMPLES, 1);
	KUNIT_ASSERT_EQ(test, t.state, LRNG_HEALTH_OK);

	/* Healthy samples: all pass, with the counters of one by one. */
	for (i = 0; i < ARRAY_SIZE(s); i++)
		s[i] = i * 7;
	u = t;
	KUNIT_EXPECT_EQ(test, lrng_health_run(&t, &lrng_health_cut, s,
					      ARRAY_SIZE(s)), ARRAY_SIZE(s));
	KUNIT_EXPECT_EQ(test, lrng_health_feed(&u, ARRAY_SIZE(s), 7), 0);
	KUNIT_EXPECT_EQ(test, t.rct_last, u.rct_last);
	KUNIT_EXPECT_EQ(test, t.rct_count, u.rct_count);
	KUNIT_EXPECT_EQ(test, t.apt_base, u.apt_base);
	KUNIT_EXPECT_EQ(test, t.apt_count, u.apt_count);
	KUNIT_EXPECT_EQ(test, t.apt_seen, u.apt_seen);
	KUNIT_EXPECT_EQ(test, t.state, u.state);

	/* Stuck samples: the run stops before the 21st. */
	memset(s, 0x5a, ARRAY_SIZE(s));
	KUNIT_EXPECT_EQ(test, lrng_health_run(&t, &lrng_health_cut, s,
					      ARRAY_SIZE(s)), 20);
	KUNIT_EXPECT_EQ(test, t.state, LRNG_HEALTH_OK);
	KUNIT_EXPECT_EQ(test, lrng_health_sample(&t, &lrng_health_cut, s[20]),
			LRNG_HEALTH_EV_RCT_FAIL);
	KUNIT_EXPECT_EQ(test, t.state, LRNG_HEALTH_RECOVERY);
	KUNIT_EXPECT_EQ(test, lrng_health_run(&t, &lrng_health_cut, s, 1), 0);

	/* The APT pattern, from a window's start: 341 pass. */
	t = (struct lrng_health_test)LRNG_HEALTH_TEST_INIT;
	lrng_health_feed(&t, LRNG_HEALTH_STARTUP_SAMPLES, 1);
	KUNIT_ASSERT_EQ(test, t.apt_seen, 0);
	for (i = 0; i < ARRAY_SIZE(s); i++)
		s[i] = lrng_health_apt_pattern(i);
	KUNIT_EXPECT_EQ(test, lrng_health_run(&t, &lrng_health_cut, s,
					      ARRAY_SIZE(s)), 341);
	KUNIT_EXPECT_EQ(test, lrng_health_sample(&t, &lrng_health_cut, s[341]),
			LRNG_HEALTH_EV_APT_FAIL);
}

static struct kunit_case lrng_health_test_cases[] = {
	KUNIT_CASE_PARAM(lrng_health_test_cutoffs, lrng_health_cut_gen_params),
	KUNIT_CASE(lrng_health_test_startup),
	KUNIT_CASE(lrng_health_test_rct),
	KUNIT_CASE(lrng_health_test_permanent),
	KUNIT_CASE(lrng_health_test_startup_failure),
	KUNIT_CASE(lrng_health_test_apt),
	KUNIT_CASE(lrng_health_test_run),
	{}
};

static struct kunit_suite lrng_health_test_suite = {
	.name = "lrng_health",
	.test_cases = lrng_health_test_cases,
};

kunit_test_suite(lrng_health_test_suite);

MODULE_DESCRIPTION("KUnit tests of the LRNG SP800-90B health tests");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
