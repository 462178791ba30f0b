// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the LRNG's get_random_u8() .. get_random_u64() and short
 * get_random_bytes()
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The cases call the exported functions of the running kernel, so they
 * test the per-CPU batch of lrng_batch.c as every caller sees it, over
 * many refills:
 *
 *  - every byte of a batch is handed out once: no u64 repeats (a repeat by
 *    chance has a probability below 2^-40 here);
 *  - a byte is copied before it is wiped: no u64 is zero;
 *  - sizes mixed in one batch keep both rules, and each size still takes
 *    nearly all of its values;
 *  - short get_random_bytes() requests, which run on from one fill into
 *    the next, keep both rules too;
 *  - every bit of every size is set in some values and clear in others
 *    (a stuck bit by chance: below 2^-500);
 *  - __get_random_u32_below() stays below its bound, covers its range,
 *    and is not biased where a modulo or a missing rejection would be.
 *
 * Each case counts what it checks and expects once after its loop: a
 * broken batch fails every call, and one message per call would flood the
 * console for long enough to stall RCU.  With a batch that returns one
 * value forever the first two cases fail and the third never returns:
 * __get_random_u32_below() retries a rejected value, as random.c does, so
 * the boot hangs, which a test run must treat as a failure too.
 *
 * The batch serves only a fully seeded LRNG.  A kernel that trusts the CPU
 * source is seeded before KUnit runs; in a boot where it is not (UML,
 * random.trust_cpu=off) the cases are skipped, so a test run that needs
 * them must treat a skipped case as a failure.
 */

#include <kunit/test.h>
#include <linux/bits.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/sort.h>

enum {
	/* 18 refills of a 224-byte batch in u64 alone */
	LRNG_BATCH_TEST_N = 512,
};

static int lrng_batch_cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return (x > y) - (x < y);
}

/* Sort @v and count its distinct values. */
static unsigned int lrng_batch_distinct(u64 *v, unsigned int n)
{
	unsigned int i, distinct = n ? 1 : 0;

	sort(v, n, sizeof(*v), lrng_batch_cmp_u64, NULL);
	for (i = 1; i < n; i++)
		distinct += v[i] != v[i - 1];
	return distinct;
}

/*
 * Every bit of the @bits-bit values in @v is set in one of them and clear
 * in another: a value stuck at a constant, or a bit stuck at 0 or 1, fails.
 */
static void lrng_batch_expect_bits(struct kunit *test, const u64 *v,
				   unsigned int n, unsigned int bits)
{
	u64 mask = GENMASK_ULL(bits - 1, 0), seen_or = 0, seen_and = mask;
	unsigned int i;

	for (i = 0; i < n; i++) {
		seen_or |= v[i];
		seen_and &= v[i];
	}
	KUNIT_EXPECT_EQ_MSG(test, seen_or, mask, "u%u: bits %#llx never set",
			    bits, mask & ~seen_or);
	KUNIT_EXPECT_EQ_MSG(test, seen_and, 0ULL, "u%u: bits %#llx never clear",
			    bits, seen_and);
}

static void lrng_batch_need_seed(struct kunit *test)
{
	if (!rng_is_initialized())
		kunit_skip(test, "the LRNG is not fully seeded yet: the batch is bypassed");
}

static void lrng_batch_test_u64(struct kunit *test)
{
	u64 *v = kunit_kcalloc(test, LRNG_BATCH_TEST_N, sizeof(*v), GFP_KERNEL);
	unsigned int i, zeros = 0;

	KUNIT_ASSERT_NOT_NULL(test, v);
	lrng_batch_need_seed(test);
	for (i = 0; i < LRNG_BATCH_TEST_N; i++) {
		v[i] = get_random_u64();
		zeros += !v[i];
	}
	KUNIT_EXPECT_EQ_MSG(test, zeros, 0U, "wiped values handed out");
	lrng_batch_expect_bits(test, v, LRNG_BATCH_TEST_N, 64);
	KUNIT_EXPECT_EQ(test, lrng_batch_distinct(v, LRNG_BATCH_TEST_N),
			(unsigned int)LRNG_BATCH_TEST_N);
}

/*
 * One u8, u16, u32 and u64 per round, in an order that rotates from round
 * to round, so that the batch position is odd and even before each size
 * and the refills fall between different sizes.  Distinct values expected
 * out of 512: all u64; all u32 (a repeat by chance: 3 * 10^-5, at least
 * 511 asked); 510 u16 (at least 490: a chance below 10^-9 to fail); 221
 * of the 256 u8 (at least 160).  Those counts pass a u16 whose top bit is
 * stuck (508 of 32768 values): each size's bits must all vary too.
 */
static void lrng_batch_test_mixed(struct kunit *test)
{
	u64 *v8 = kunit_kcalloc(test, LRNG_BATCH_TEST_N, sizeof(u64), GFP_KERNEL);
	u64 *v16 = kunit_kcalloc(test, LRNG_BATCH_TEST_N, sizeof(u64), GFP_KERNEL);
	u64 *v32 = kunit_kcalloc(test, LRNG_BATCH_TEST_N, sizeof(u64), GFP_KERNEL);
	u64 *v64 = kunit_kcalloc(test, LRNG_BATCH_TEST_N, sizeof(u64), GFP_KERNEL);
	unsigned int i, k, zeros = 0;

	KUNIT_ASSERT_NOT_NULL(test, v8);
	KUNIT_ASSERT_NOT_NULL(test, v16);
	KUNIT_ASSERT_NOT_NULL(test, v32);
	KUNIT_ASSERT_NOT_NULL(test, v64);
	lrng_batch_need_seed(test);
	for (i = 0; i < LRNG_BATCH_TEST_N; i++) {
		for (k = 0; k < 4; k++) {
			switch ((i + k) % 4) {
			case 0:
				v8[i] = get_random_u8();
				break;
			case 1:
				v16[i] = get_random_u16();
				break;
			case 2:
				v32[i] = get_random_u32();
				break;
			default:
				v64[i] = get_random_u64();
				break;
			}
		}
		zeros += !v64[i];
	}
	KUNIT_EXPECT_EQ_MSG(test, zeros, 0U, "wiped u64 values handed out");
	lrng_batch_expect_bits(test, v8, LRNG_BATCH_TEST_N, 8);
	lrng_batch_expect_bits(test, v16, LRNG_BATCH_TEST_N, 16);
	lrng_batch_expect_bits(test, v32, LRNG_BATCH_TEST_N, 32);
	lrng_batch_expect_bits(test, v64, LRNG_BATCH_TEST_N, 64);
	KUNIT_EXPECT_EQ(test, lrng_batch_distinct(v64, LRNG_BATCH_TEST_N),
			(unsigned int)LRNG_BATCH_TEST_N);
	KUNIT_EXPECT_GE(test, lrng_batch_distinct(v32, LRNG_BATCH_TEST_N),
			(unsigned int)LRNG_BATCH_TEST_N - 1);
	KUNIT_EXPECT_GE(test, lrng_batch_distinct(v16, LRNG_BATCH_TEST_N), 490U);
	KUNIT_EXPECT_GE(test, lrng_batch_distinct(v8, LRNG_BATCH_TEST_N), 160U);
}

/*
 * get_random_bytes() of every length from 1 to 64 bytes (the short requests
 * that take the batch) and one longer, four times over, written one after
 * the other, with a get_random_u32() between them that moves the batch
 * position on: the stream's 8-byte words all differ (a repeat by chance:
 * below 2^-44), none is zero, and each of their bits varies.
 */
static void lrng_batch_test_bytes(struct kunit *test)
{
	enum { ROUNDS = 4, MAXLEN = 65, BYTES = ROUNDS * MAXLEN * (MAXLEN + 1) / 2 };
	u8 *buf = kunit_kzalloc(test, round_up(BYTES, sizeof(u64)), GFP_KERNEL);
	u64 *words = (u64 *)buf;
	unsigned int i, n, len, r, off = 0, zeros = 0;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	lrng_batch_need_seed(test);
	for (r = 0; r < ROUNDS; r++)
		for (len = 1; len <= MAXLEN; len++) {
			get_random_bytes(buf + off, len);
			off += len;
			if (len % 3 == 0)
				(void)get_random_u32();
		}
	n = off / sizeof(u64);
	for (i = 0; i < n; i++)
		zeros += !words[i];
	KUNIT_EXPECT_EQ_MSG(test, zeros, 0U, "wiped bytes handed out");
	lrng_batch_expect_bits(test, words, n, 64);
	KUNIT_EXPECT_EQ(test, lrng_batch_distinct(words, n), n);
}

/*
 * Each bound 256 times (0 stands for 2^32): below it always, and the
 * values cover the range.  The range is cut into min(bound, 8) parts of
 * equal size (to one value) and every part must be hit, so a function
 * stuck at one value fails every bound from 2 up, and one that misses the
 * top or the bottom of a range fails that bound.  A part of at least an
 * eighth is missed by chance with a probability below 8 * (7/8)^256 <
 * 1.2 * 10^-14, all bounds together below 10^-13.  Bounds just above a
 * power of two are the ones the rejection step has to get right.
 */
static void lrng_batch_test_below(struct kunit *test)
{
	static const u32 ceils[] = {
		1, 2, 3, 7, 1000, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff,
		0,
	};
	unsigned int i, j, above, parts, hit;
	u64 span;
	u32 v;

	lrng_batch_need_seed(test);
	for (i = 0; i < ARRAY_SIZE(ceils); i++) {
		span = ceils[i] ? ceils[i] : BIT_ULL(32);
		parts = min_t(u64, span, 8);
		above = 0;
		hit = 0;
		for (j = 0; j < 256; j++) {
			v = __get_random_u32_below(ceils[i]);
			if (v >= span)
				above++;
			else
				hit |= 1U << div64_u64((u64)v * parts, span);
		}
		KUNIT_EXPECT_EQ_MSG(test, above, 0U, "bound %#x", ceils[i]);
		KUNIT_EXPECT_EQ_MSG(test, hit, (1U << parts) - 1,
				    "bound %#x: parts hit %#x of %u", ceils[i],
				    hit, parts);
	}
}

/*
 * 3072 values below 3 * 2^30, a bound where 2^32 mod the bound is 2^30,
 * so that a quarter of the products is rejected.  Each third of the range
 * and each residue modulo 3 must take a third of the values: 1024 on
 * average, standard deviation 26; accepted are 833 to 1215 (over 7
 * standard deviations: the six counts fail by chance with a probability
 * below 2 * 10^-12).  A constant fails them, and so do two biased
 * functions that the range checks above pass: a u32 modulo
 * the bound puts half of the values into the first third, the product
 * without the rejection half of them onto the multiples of 3 (1536 on
 * average: the chance to pass is below 10^-30).
 */
static void lrng_batch_test_below_uniform(struct kunit *test)
{
	enum { N = 3072, LO = 833, HI = 1215 };
	const u32 ceil = 0xc0000000;
	unsigned int third[3] = { }, mod3[3] = { }, above = 0, i;
	u32 v;

	lrng_batch_need_seed(test);
	for (i = 0; i < N; i++) {
		v = __get_random_u32_below(ceil);
		if (v >= ceil) {
			above++;
			continue;
		}
		third[v >> 30]++;
		mod3[v % 3]++;
	}
	KUNIT_EXPECT_EQ(test, above, 0U);
	for (i = 0; i < 3; i++) {
		KUNIT_EXPECT_GE_MSG(test, third[i], (unsigned int)LO,
				    "third %u of the range", i);
		KUNIT_EXPECT_LE_MSG(test, third[i], (unsigned int)HI,
				    "third %u of the range", i);
		KUNIT_EXPECT_GE_MSG(test, mod3[i], (unsigned int)LO,
				    "residue %u modulo 3", i);
		KUNIT_EXPECT_LE_MSG(test, mod3[i], (unsigned int)HI,
				    "residue %u modulo 3", i);
	}
}

static struct kunit_case lrng_batch_cases[] = {
	KUNIT_CASE(lrng_batch_test_u64),
	KUNIT_CASE(lrng_batch_test_mixed),
	KUNIT_CASE(lrng_batch_test_bytes),
	KUNIT_CASE(lrng_batch_test_below),
	KUNIT_CASE(lrng_batch_test_below_uniform),
	{}
};

static struct kunit_suite lrng_batch_suite = {
	.name = "lrng_batch",
	.test_cases = lrng_batch_cases,
};

kunit_test_suite(lrng_batch_suite);

MODULE_DESCRIPTION("KUnit tests of the LRNG's per-CPU batch of random bytes");
MODULE_LICENSE("GPL");
