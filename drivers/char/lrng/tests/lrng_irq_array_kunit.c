// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the LRNG interrupt collection array and its accounting
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * Suite lrng_irq_array, for every collection size Kconfig offers: one slot
 * and one 32-bit word stored at every position (including words wrapping
 * from the last slots to the first), and the continuous compression:
 * every slot hashed once, in the order written, whether compressed early
 * or when a whole array waits; without compression, overwriting.  The
 * expected contents come from a model of the array, one byte per slot,
 * kept independently of the code under test.
 *
 * Suite lrng_irq_entropy: the conversions between interrupt counts and
 * entropy bits, and the cap on a CPU's count.
 */

#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <crypto/hash.h>
#include <crypto/sha2.h>

#include "../lrng_definitions.h"
#include "../lrng_es_irq_array.h"

static const u32 lrng_irq_test_sizes[] = {
	32, 256, 512, 1024, 2048, 4096, 8192,
};

static void lrng_irq_test_size_desc(const u32 *nslots, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%u slots", *nslots);
}

KUNIT_ARRAY_PARAM(lrng_irq_test_size, lrng_irq_test_sizes,
		  lrng_irq_test_size_desc);

/**
 * struct lrng_irq_test_ctx - an array under test and its model
 * @nslots: size in slots
 * @model: expected value of each slot
 * @slots: the array the code under test writes
 * @expect: a snapshot of @model
 * @pool: hash for continuous compression, always the built-in SHA-256
 * @lock: the lock the helpers take around a hash into @pool
 */
struct lrng_irq_test_ctx {
	u32 nslots;
	u8 *model;
	u8 *slots;
	u8 *expect;
	struct lrng_hash_pool *pool;
	raw_spinlock_t lock;
};

/* The SHA-256 state inside the pool. */
static struct sha256_state *lrng_irq_test_sha(struct lrng_irq_test_ctx *ctx)
{
	return shash_desc_ctx((struct shash_desc *)ctx->pool->state);
}

/* Start the pool on the built-in SHA-256, whatever the current hash. */
static void lrng_irq_test_pool_start(struct lrng_irq_test_ctx *ctx)
{
	ctx->pool->cb = &lrng_builtin_cb;
	ctx->pool->hash = NULL;
	sha256_init(lrng_irq_test_sha(ctx));
}

/* A context of the size under test, every slot holding a distinct pattern. */
static struct lrng_irq_test_ctx *lrng_irq_test_ctx(struct kunit *test)
{
	struct lrng_irq_test_ctx *ctx;
	u32 i;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	ctx->nslots = *(const u32 *)test->param_value;
	ctx->model = kunit_kzalloc(test, ctx->nslots, GFP_KERNEL);
	ctx->slots = kunit_kzalloc(test, ctx->nslots, GFP_KERNEL);
	ctx->expect = kunit_kzalloc(test, ctx->nslots, GFP_KERNEL);
	ctx->pool = kunit_kzalloc(test, sizeof(*ctx->pool), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx->model);
	KUNIT_ASSERT_NOT_NULL(test, ctx->slots);
	KUNIT_ASSERT_NOT_NULL(test, ctx->expect);
	KUNIT_ASSERT_NOT_NULL(test, ctx->pool);

	raw_spin_lock_init(&ctx->lock);
	for (i = 0; i < ctx->nslots; i++)
		ctx->model[i] = i * 37 + 11;
	memcpy(ctx->slots, ctx->model, ctx->nslots);
	lrng_irq_test_pool_start(ctx);
	return ctx;
}

/* The helpers' view of the array, with or without compression. */
static struct lrng_irq_array lrng_irq_test_array(struct lrng_irq_test_ctx *ctx,
						 bool compress)
{
	return (struct lrng_irq_array) {
		.slots = ctx->slots,
		.pool = compress ? ctx->pool : NULL,
		.lock = &ctx->lock,
		.nslots = ctx->nslots,
	};
}

/* The array matches the model. */
static bool lrng_irq_test_matches(struct lrng_irq_test_ctx *ctx)
{
	return !memcmp(ctx->slots, ctx->model, ctx->nslots);
}

/* One slot at every position changes that slot only. */
static void lrng_irq_test_add_slot(struct kunit *test)
{
	struct lrng_irq_test_ctx *ctx = lrng_irq_test_ctx(test);
	struct lrng_irq_array a = lrng_irq_test_array(ctx, false);
	u32 pos, next;
	u8 old;

	for (pos = 0; pos < ctx->nslots; pos++) {
		old = ctx->model[pos];
		ctx->model[pos] = ~old;
		next = lrng_irq_array_add_slot(&a, pos, ~old);
		KUNIT_EXPECT_EQ(test, next, (pos + 1) % ctx->nslots);
		KUNIT_EXPECT_TRUE_MSG(test, lrng_irq_test_matches(ctx),
				      "slot %u", pos);
		KUNIT_EXPECT_EQ(test, ctx->slots[pos], (u8)~old);
	}
}

/*
 * A word at every position lands byte by byte, least significant first,
 * in four consecutive slots modulo the size, and changes nothing else.
 */
static void lrng_irq_test_add_u32(struct kunit *test)
{
	struct lrng_irq_test_ctx *ctx = lrng_irq_test_ctx(test);
	struct lrng_irq_array a = lrng_irq_test_array(ctx, false);
	u32 pos, next, word, i;

	for (pos = 0; pos < ctx->nslots; pos++) {
		word = 0xa1b2c3d4 ^ (pos * 0x01010101);
		for (i = 0; i < 4; i++)
			ctx->model[(pos + i) % ctx->nslots] = word >> (8 * i);
		next = lrng_irq_array_add_u32(&a, pos, word);
		KUNIT_EXPECT_EQ(test, next, (pos + 4) % ctx->nslots);
		KUNIT_EXPECT_TRUE_MSG(test, lrng_irq_test_matches(ctx),
				      "word at slot %u", pos);
	}
}

/* The word in the last three slots wraps its upper bytes to slot 0. */
static void lrng_irq_test_add_u32_wrap(struct kunit *test)
{
	struct lrng_irq_test_ctx *ctx = lrng_irq_test_ctx(test);
	struct lrng_irq_array a = lrng_irq_test_array(ctx, false);
	u32 n = ctx->nslots;

	KUNIT_EXPECT_EQ(test, lrng_irq_array_add_u32(&a, n - 1, 0x44332211),
			3);
	KUNIT_EXPECT_EQ(test, ctx->slots[n - 1], 0x11);
	KUNIT_EXPECT_EQ(test, ctx->slots[0], 0x22);
	KUNIT_EXPECT_EQ(test, ctx->slots[1], 0x33);
	KUNIT_EXPECT_EQ(test, ctx->slots[2], 0x44);
	KUNIT_EXPECT_EQ(test, ctx->slots[3], ctx->model[3]);
	KUNIT_EXPECT_EQ(test, ctx->slots[n - 2], ctx->model[n - 2]);

	KUNIT_EXPECT_EQ(test, lrng_irq_array_add_u32(&a, n - 2, 0x88776655),
			2);
	KUNIT_EXPECT_EQ(test, ctx->slots[n - 2], 0x55);
	KUNIT_EXPECT_EQ(test, ctx->slots[n - 1], 0x66);
	KUNIT_EXPECT_EQ(test, ctx->slots[0], 0x77);
	KUNIT_EXPECT_EQ(test, ctx->slots[1], 0x88);
	KUNIT_EXPECT_EQ(test, ctx->slots[2], 0x44);
}

/* The pool holds exactly the hash of @len bytes at @data, and nothing more. */
static void lrng_irq_test_expect_hash(struct kunit *test,
				      struct lrng_irq_test_ctx *ctx,
				      const u8 *data, u32 len)
{
	u8 got[SHA256_DIGEST_SIZE], want[SHA256_DIGEST_SIZE];

	KUNIT_EXPECT_EQ(test, lrng_irq_test_sha(ctx)->count, len);
	sha256_final(lrng_irq_test_sha(ctx), got);
	sha256(data, len, want);
	KUNIT_EXPECT_MEMEQ(test, got, want, sizeof(want));
	lrng_irq_test_pool_start(ctx);
}

/* The pool holds exactly the hash of the array @snapshot. */
static void lrng_irq_test_expect_pool(struct kunit *test,
				      struct lrng_irq_test_ctx *ctx,
				      const u8 *snapshot)
{
	lrng_irq_test_expect_hash(test, ctx, snapshot, ctx->nslots);
}

/*
 * With compression, the slot that leaves the whole array unhashed (here
 * the last one, from an empty start) hashes the array into the pool, and
 * none before it; the next slot overwrites slot 0 and is not hashed yet.
 */
static void lrng_irq_test_full_compress(struct kunit *test)
{
	struct lrng_irq_test_ctx *ctx = lrng_irq_test_ctx(test);
	struct lrng_irq_array a = lrng_irq_test_array(ctx, true);
	u32 pos = 0, i;

	for (i = 0; i < ctx->nslots - 1; i++)
		pos = lrng_irq_array_add_slot(&a, pos, i);
	KUNIT_EXPECT_EQ(test, lrng_irq_test_sha(ctx)->count, 0);
	KUNIT_EXPECT_EQ(test, a.unhashed, ctx->nslots - 1);
	pos = lrng_irq_array_add_slot(&a, pos, 0xee);
	KUNIT_EXPECT_EQ(test, pos, 0);
	KUNIT_EXPECT_EQ(test, a.unhashed, 0);
	for (i = 0; i < ctx->nslots - 1; i++)
		ctx->model[i] = i;
	ctx->model[ctx->nslots - 1] = 0xee;
	KUNIT_EXPECT_TRUE(test, lrng_irq_test_matches(ctx));
	lrng_irq_test_expect_pool(test, ctx, ctx->model);

	pos = lrng_irq_array_add_slot(&a, pos, 0x5a);
	KUNIT_EXPECT_EQ(test, ctx->slots[0], 0x5a);
	KUNIT_EXPECT_EQ(test, a.unhashed, 1);
	KUNIT_EXPECT_EQ(test, lrng_irq_test_sha(ctx)->count, 0);
}

/*
 * With compression, the byte of a word that leaves the whole array
 * unhashed is hashed with the slots before it, oldest first, and the
 * word's later bytes wait; here the word wraps around the end.
 */
static void lrng_irq_test_full_compress_u32(struct kunit *test)
{
	struct lrng_irq_test_ctx *ctx = lrng_irq_test_ctx(test);
	struct lrng_irq_array a = lrng_irq_test_array(ctx, true);
	u32 n = ctx->nslots, word = 0xd4c3b2a1, start = n - 2, j, i;

	for (j = 0; j < 4; j++) {
		/* Byte j of the word is the n-th unhashed slot. */
		a.unhashed = n - 1 - j;
		for (i = 0; i <= j; i++)
			ctx->model[(start + i) % n] = word >> (8 * i);
		for (i = 0; i < n; i++)
			ctx->expect[i] = ctx->model[(start + j + 1 + i) % n];
		KUNIT_EXPECT_EQ(test, lrng_irq_array_add_u32(&a, start, word),
				(start + 4) % n);
		lrng_irq_test_expect_pool(test, ctx, ctx->expect);
		for (i = j + 1; i < 4; i++)
			ctx->model[(start + i) % n] = word >> (8 * i);
		KUNIT_EXPECT_EQ_MSG(test, a.unhashed, 3 - j, "byte %u", j);
		KUNIT_EXPECT_TRUE(test, lrng_irq_test_matches(ctx));
	}
}

/*
 * With compression, every slot is hashed once, in the order written,
 * whether lrng_irq_array_compress() comes early (a quarter of the array
 * and one slot, wrapping around the end) or the array compresses itself
 * (a whole array waiting); a compression with nothing waiting hashes
 * nothing.
 */
static void lrng_irq_test_compress_stream(struct kunit *test)
{
	struct lrng_irq_test_ctx *ctx = lrng_irq_test_ctx(test);
	struct lrng_irq_array a = lrng_irq_test_array(ctx, true);
	u32 n = ctx->nslots, early = n / 4 + 1, total = early + n + 5;
	u32 starts[] = { 0, 1, n / 2 + 3, n - 1 };
	u32 pos, s, i;
	u8 *stream;

	stream = kunit_kzalloc(test, total, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, stream);
	for (s = 0; s < ARRAY_SIZE(starts); s++) {
		pos = starts[s];
		a.unhashed = 0;
		for (i = 0; i < total; i++)
			stream[i] = i * 7 + s;

		for (i = 0; i < early; i++)
			pos = lrng_irq_array_add_slot(&a, pos, stream[i]);
		lrng_irq_array_compress(&a, pos);
		KUNIT_EXPECT_EQ(test, a.unhashed, 0);
		KUNIT_EXPECT_EQ(test, lrng_irq_test_sha(ctx)->count, early);
		lrng_irq_array_compress(&a, pos);
		KUNIT_EXPECT_EQ(test, lrng_irq_test_sha(ctx)->count, early);

		for (; i < total; i++)
			pos = lrng_irq_array_add_slot(&a, pos, stream[i]);
		KUNIT_EXPECT_EQ(test, a.unhashed, 5);
		KUNIT_EXPECT_EQ(test, lrng_irq_test_sha(ctx)->count, early + n);
		lrng_irq_array_compress(&a, pos);
		KUNIT_EXPECT_EQ(test, pos, (starts[s] + total) % n);
		lrng_irq_test_expect_hash(test, ctx, stream, total);
	}
}

/*
 * Without compression, lrng_irq_array_compress() only forgets the count:
 * the slots stay as written (the array has no pool, so nothing else can
 * change).
 */
static void lrng_irq_test_compress_none(struct kunit *test)
{
	struct lrng_irq_test_ctx *ctx = lrng_irq_test_ctx(test);
	struct lrng_irq_array a = lrng_irq_test_array(ctx, false);
	u32 pos = 3, i;

	for (i = 0; i < ctx->nslots / 2; i++) {
		ctx->model[pos] = i;
		pos = lrng_irq_array_add_slot(&a, pos, i);
	}
	KUNIT_EXPECT_EQ(test, a.unhashed, ctx->nslots / 2);
	KUNIT_EXPECT_TRUE(test, lrng_irq_test_matches(ctx));
	lrng_irq_array_compress(&a, pos);
	KUNIT_EXPECT_EQ(test, a.unhashed, 0);
	KUNIT_EXPECT_TRUE_MSG(test, lrng_irq_test_matches(ctx),
			      "slots changed by the compression");
}

/*
 * Without compression, a full array keeps going: the newest slots
 * overwrite the oldest, and the rest stays as it was.
 */
static void lrng_irq_test_full_overwrite(struct kunit *test)
{
	struct lrng_irq_test_ctx *ctx = lrng_irq_test_ctx(test);
	struct lrng_irq_array a = lrng_irq_test_array(ctx, false);
	u32 pos = 0, i;

	for (i = 0; i < ctx->nslots + 5; i++)
		pos = lrng_irq_array_add_slot(&a, pos, i + 1);
	KUNIT_EXPECT_EQ(test, pos, 5);
	for (i = 0; i < ctx->nslots; i++)
		ctx->model[i] = (i < 5 ? ctx->nslots + i : i) + 1;
	KUNIT_EXPECT_TRUE(test, lrng_irq_test_matches(ctx));

	pos = lrng_irq_array_add_u32(&a, ctx->nslots - 2, 0x04030201);
	KUNIT_EXPECT_EQ(test, pos, 2);
	ctx->model[ctx->nslots - 2] = 1;
	ctx->model[ctx->nslots - 1] = 2;
	ctx->model[0] = 3;
	ctx->model[1] = 4;
	KUNIT_EXPECT_TRUE(test, lrng_irq_test_matches(ctx));
}

static struct kunit_case lrng_irq_array_test_cases[] = {
	KUNIT_CASE_PARAM(lrng_irq_test_add_slot,
			 lrng_irq_test_size_gen_params),
	KUNIT_CASE_PARAM(lrng_irq_test_add_u32,
			 lrng_irq_test_size_gen_params),
	KUNIT_CASE_PARAM(lrng_irq_test_add_u32_wrap,
			 lrng_irq_test_size_gen_params),
	KUNIT_CASE_PARAM(lrng_irq_test_full_compress,
			 lrng_irq_test_size_gen_params),
	KUNIT_CASE_PARAM(lrng_irq_test_full_compress_u32,
			 lrng_irq_test_size_gen_params),
	KUNIT_CASE_PARAM(lrng_irq_test_compress_stream,
			 lrng_irq_test_size_gen_params),
	KUNIT_CASE_PARAM(lrng_irq_test_compress_none,
			 lrng_irq_test_size_gen_params),
	KUNIT_CASE_PARAM(lrng_irq_test_full_overwrite,
			 lrng_irq_test_size_gen_params),
	{}
};

static struct kunit_suite lrng_irq_array_test_suite = {
	.name = "lrng_irq_array",
	.test_cases = lrng_irq_array_test_cases,
};

/* Interrupts to entropy rounds down: never more credit than earned. */
static void lrng_irq_test_irqs_to_entropy(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, lrng_irq_irqs_to_entropy(0, 256), 0);
	KUNIT_EXPECT_EQ(test, lrng_irq_irqs_to_entropy(1, 256), 1);
	KUNIT_EXPECT_EQ(test, lrng_irq_irqs_to_entropy(256, 256), 256);
	KUNIT_EXPECT_EQ(test, lrng_irq_irqs_to_entropy(255, 2560), 25);
	KUNIT_EXPECT_EQ(test, lrng_irq_irqs_to_entropy(2560, 2560), 256);
	KUNIT_EXPECT_EQ(test, lrng_irq_irqs_to_entropy(511, 512), 255);
	KUNIT_EXPECT_EQ(test, lrng_irq_irqs_to_entropy(1, U32_MAX), 0);
	KUNIT_EXPECT_EQ(test, lrng_irq_irqs_to_entropy(U32_MAX, U32_MAX), 256);
	/* No overflow: the product needs more than 32 bits. */
	KUNIT_EXPECT_EQ(test, lrng_irq_irqs_to_entropy(1U << 30, 1U << 30),
			256);
	KUNIT_EXPECT_EQ(test, lrng_irq_irqs_to_entropy(U32_MAX, 256), U32_MAX);
}

/* Entropy to interrupts rounds up: enough interrupts for the bits. */
static void lrng_irq_test_entropy_to_irqs(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, lrng_irq_entropy_to_irqs(0, 256), 0);
	KUNIT_EXPECT_EQ(test, lrng_irq_entropy_to_irqs(256, 256), 256);
	KUNIT_EXPECT_EQ(test, lrng_irq_entropy_to_irqs(1, 2560), 10);
	KUNIT_EXPECT_EQ(test, lrng_irq_entropy_to_irqs(256, 2560), 2560);
	KUNIT_EXPECT_EQ(test, lrng_irq_entropy_to_irqs(1, 257), 2);
	KUNIT_EXPECT_EQ(test, lrng_irq_entropy_to_irqs(256, U32_MAX), U32_MAX);
	KUNIT_EXPECT_EQ(test, lrng_irq_entropy_to_irqs(U32_MAX, U32_MAX),
			U32_MAX);
}

/* Round trips: the interrupts asked for give at least the bits, one less not. */
static void lrng_irq_test_round_trip(struct kunit *test)
{
	static const u32 rates[] = { 256, 300, 1000, 2560, 1000000 };
	u32 r, bits, irqs;

	for (r = 0; r < ARRAY_SIZE(rates); r++) {
		for (bits = 1; bits <= LRNG_DRNG_SECURITY_STRENGTH_BITS; bits++) {
			irqs = lrng_irq_entropy_to_irqs(bits, rates[r]);
			KUNIT_EXPECT_GE(test,
					lrng_irq_irqs_to_entropy(irqs, rates[r]),
					bits);
			KUNIT_EXPECT_LT(test,
					lrng_irq_irqs_to_entropy(irqs - 1,
								 rates[r]),
					bits);
		}
	}
}

/*
 * A CPU counts at most a digest's worth of interrupts and, without
 * compression, only as many as its array surely holds.
 */
static void lrng_irq_test_max_irqs(struct kunit *test)
{
	const u32 d = LRNG_DIGEST_BITS, d512 = SHA512_DIGEST_SIZE * 8;
	u32 i, n;

	for (i = 0; i < ARRAY_SIZE(lrng_irq_test_sizes); i++) {
		n = lrng_irq_test_sizes[i];
		KUNIT_EXPECT_EQ(test, lrng_irq_max_irqs(256, d, n, 4, true),
				256);
		KUNIT_EXPECT_EQ(test, lrng_irq_max_irqs(2560, d, n, 12, true),
				2560);
		KUNIT_EXPECT_EQ(test, lrng_irq_max_irqs(256, d, n, 4, false),
				min(256U, n / 4));
		KUNIT_EXPECT_EQ(test, lrng_irq_max_irqs(256, d, n, 1, false),
				min(256U, n));
		KUNIT_EXPECT_EQ(test, lrng_irq_max_irqs(2560, d, n, 12, false),
				n / 12);
		/* A larger digest holds more: SHA-512 carries 512 bits. */
		KUNIT_EXPECT_EQ(test, lrng_irq_max_irqs(256, d512, n, 4, true),
				512);
		KUNIT_EXPECT_EQ(test, lrng_irq_max_irqs(256, d512, n, 4, false),
				min(512U, n / 4));
	}
	n = lrng_irq_max_irqs(300, d, 8192, 4, true);
	KUNIT_EXPECT_EQ(test, lrng_irq_irqs_to_entropy(n, 300), d);
	n = lrng_irq_max_irqs(300, d512, 8192, 4, true);
	KUNIT_EXPECT_EQ(test, lrng_irq_irqs_to_entropy(n, 300), d512);
}

static struct kunit_case lrng_irq_entropy_test_cases[] = {
	KUNIT_CASE(lrng_irq_test_irqs_to_entropy),
	KUNIT_CASE(lrng_irq_test_entropy_to_irqs),
	KUNIT_CASE(lrng_irq_test_round_trip),
	KUNIT_CASE(lrng_irq_test_max_irqs),
	{}
};

static struct kunit_suite lrng_irq_entropy_test_suite = {
	.name = "lrng_irq_entropy",
	.test_cases = lrng_irq_entropy_test_cases,
};

kunit_test_suites(&lrng_irq_array_test_suite, &lrng_irq_entropy_test_suite);

MODULE_DESCRIPTION("KUnit tests of the LRNG interrupt collection array");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
