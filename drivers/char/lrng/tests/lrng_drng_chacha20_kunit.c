// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the LRNG ChaCha20 DRNG
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * Known answers: the first output of an all-zero state is the ChaCha20 key
 * stream of the all-zero key after its first 32 bytes (RFC 8439 appendix
 * A.1, test vectors 1 and 2); every other vector was computed with an
 * independent implementation of the DRNG's rules (the first 32 bytes of the
 * key stream become the new key, the output follows them; the seed is XORed
 * into the key 32 bytes at a time, each chunk followed by a key update).
 */

#include <crypto/sha2.h>
#include <kunit/test.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/string.h>

#include "../lrng_definitions.h"
#include "../lrng_drng_chacha20.h"

/* RFC 8439 A.1 vectors 1 and 2 (key 0, nonce 0): bytes 32 to 95. */
static const u8 lrng_cc20_zero_first[64] = {
	0xda, 0x41, 0x59, 0x7c, 0x51, 0x57, 0x48, 0x8d,
	0x77, 0x24, 0xe0, 0x3f, 0xb8, 0xd8, 0x4a, 0x37,
	0x6a, 0x43, 0xb8, 0xf4, 0x15, 0x18, 0xa1, 0x1c,
	0xc3, 0x87, 0xb6, 0x69, 0xb2, 0xee, 0x65, 0x86,
	0x9f, 0x07, 0xe7, 0xbe, 0x55, 0x51, 0x38, 0x7a,
	0x98, 0xba, 0x97, 0x7c, 0x73, 0x2d, 0x08, 0x0d,
	0xcb, 0x0f, 0x29, 0xa0, 0x48, 0xe3, 0x65, 0x69,
	0x12, 0xc6, 0x53, 0x3e, 0x32, 0xee, 0x7a, 0xed,
};

/* Same state after the key update that followed the first output. */
static const u8 lrng_cc20_zero_second[64] = {
	0xff, 0x95, 0x6a, 0x43, 0xa7, 0xdc, 0x7a, 0xf1,
	0x64, 0x02, 0xf9, 0x04, 0xf4, 0x38, 0xb4, 0xda,
	0x05, 0x6a, 0x8e, 0xed, 0x92, 0x76, 0x92, 0x70,
	0x56, 0x09, 0x93, 0xa9, 0x05, 0x07, 0x51, 0xd9,
	0x11, 0x27, 0x84, 0xaa, 0x2d, 0xcc, 0xa3, 0xd5,
	0xc5, 0x17, 0x75, 0x25, 0x0c, 0x1a, 0xec, 0x6f,
	0x27, 0xe3, 0x36, 0x8f, 0x62, 0x4a, 0x42, 0x95,
	0x88, 0xaf, 0xc0, 0xe6, 0xec, 0x1c, 0x4a, 0x2a,
};

/* Seed 0x00..0x1f into a fresh state, then two 32-byte outputs. */
static const u8 lrng_cc20_seed_first[32] = {
	0x68, 0x82, 0xde, 0xff, 0xb7, 0xec, 0x6a, 0x53,
	0xc7, 0xe5, 0x82, 0xa7, 0xf9, 0x62, 0x7d, 0x57,
	0x6b, 0xd6, 0x94, 0xa4, 0xed, 0x5f, 0xe5, 0x47,
	0x91, 0x6b, 0xe8, 0xd5, 0xf7, 0x28, 0x4c, 0xeb,
};

static const u8 lrng_cc20_seed_second[32] = {
	0x84, 0x00, 0xb9, 0x8c, 0xfe, 0x0d, 0xa6, 0x66,
	0xe3, 0x0e, 0x14, 0xd6, 0xb8, 0x70, 0xba, 0x81,
	0xfc, 0x06, 0x01, 0x51, 0xde, 0xb2, 0x3e, 0x27,
	0x38, 0x18, 0xe7, 0x86, 0x60, 0x75, 0x99, 0x13,
};

/* Seed 0x00..0x27 (a partial second chunk), then 17 bytes. */
static const u8 lrng_cc20_seed40_out17[17] = {
	0xbb, 0xfa, 0xfa, 0x3e, 0xde, 0xc4, 0xa9, 0x59,
	0x41, 0x83, 0x45, 0x29, 0x69, 0xdb, 0x0a, 0xea,
	0xc1,
};

static void lrng_cc20_test_zero_key_kat(struct kunit *test)
{
	struct lrng_chacha20 cc20;
	u8 out[64];

	lrng_cc20_init(&cc20);
	lrng_cc20_generate(&cc20, out, sizeof(out));
	KUNIT_EXPECT_MEMEQ(test, out, lrng_cc20_zero_first, sizeof(out));
	lrng_cc20_generate(&cc20, out, sizeof(out));
	KUNIT_EXPECT_MEMEQ(test, out, lrng_cc20_zero_second, sizeof(out));
	lrng_cc20_zero(&cc20);
}

static void lrng_cc20_test_seed_kat(struct kunit *test)
{
	struct lrng_chacha20 cc20;
	u8 seed[40], out[32];
	unsigned int i;

	for (i = 0; i < sizeof(seed); i++)
		seed[i] = i;

	lrng_cc20_init(&cc20);
	lrng_cc20_seed(&cc20, seed, 32);
	lrng_cc20_generate(&cc20, out, sizeof(out));
	KUNIT_EXPECT_MEMEQ(test, out, lrng_cc20_seed_first, sizeof(out));
	lrng_cc20_generate(&cc20, out, sizeof(out));
	KUNIT_EXPECT_MEMEQ(test, out, lrng_cc20_seed_second, sizeof(out));

	lrng_cc20_init(&cc20);
	lrng_cc20_seed(&cc20, seed, sizeof(seed));
	lrng_cc20_generate(&cc20, out, sizeof(lrng_cc20_seed40_out17));
	KUNIT_EXPECT_MEMEQ(test, out, lrng_cc20_seed40_out17,
			   sizeof(lrng_cc20_seed40_out17));
	lrng_cc20_zero(&cc20);
}

/*
 * SHA-256 of the largest request from an all-zero state, and of the 100
 * bytes after it: whole blocks go through the SIMD code where there is one,
 * so this checks it against the reference.
 */
static const u8 lrng_cc20_zero_max_sha256[32] = {
	0x30, 0x7a, 0x30, 0x83, 0xe6, 0x5c, 0x34, 0x01,
	0xb0, 0xba, 0xeb, 0xaa, 0xd1, 0xa1, 0x7a, 0xd4,
	0xcd, 0xa0, 0xdc, 0x2a, 0xe3, 0x88, 0x4b, 0xc7,
	0xbc, 0x61, 0x0c, 0x1f, 0x8b, 0x32, 0x29, 0x76,
};

static const u8 lrng_cc20_zero_after_max_sha256[32] = {
	0x32, 0x4e, 0x1f, 0xcd, 0x57, 0xb0, 0xe6, 0x39,
	0x57, 0x24, 0x58, 0x4e, 0xc5, 0xd9, 0xdc, 0x77,
	0x77, 0x9f, 0x37, 0x49, 0x41, 0xc3, 0x74, 0x42,
	0xb6, 0xd7, 0xd4, 0x55, 0xdc, 0x55, 0x2e, 0x4a,
};

/* A generate call replaces the key: the same seed never repeats output. */
static void lrng_cc20_test_key_erasure(struct kunit *test)
{
	struct lrng_chacha20 a, b;
	u8 key_before[CHACHA_KEY_SIZE], first[32], second[32], other[32];
	u8 seed[32];

	memset(seed, 0x5a, sizeof(seed));
	lrng_cc20_init(&a);
	lrng_cc20_seed(&a, seed, sizeof(seed));
	b = a;

	memcpy(key_before, &a.state[4], sizeof(key_before));
	lrng_cc20_generate(&a, first, sizeof(first));
	KUNIT_EXPECT_MEMNEQ(test, &a.state[4], key_before, sizeof(key_before));
	lrng_cc20_generate(&a, second, sizeof(second));
	KUNIT_EXPECT_MEMNEQ(test, first, second, sizeof(first));

	/* The same seed gives the same first output, nothing more. */
	lrng_cc20_generate(&b, other, sizeof(other));
	KUNIT_EXPECT_MEMEQ(test, first, other, sizeof(first));
	lrng_cc20_zero(&a);
	lrng_cc20_zero(&b);
}

/* Seeding adds to the state: two different seeds diverge. */
static void lrng_cc20_test_seed_changes_output(struct kunit *test)
{
	struct lrng_chacha20 a, b;
	u8 seed[32], out_a[32], out_b[32];

	memset(seed, 0, sizeof(seed));
	lrng_cc20_init(&a);
	lrng_cc20_init(&b);
	lrng_cc20_seed(&a, seed, sizeof(seed));
	seed[31] = 1;
	lrng_cc20_seed(&b, seed, sizeof(seed));
	lrng_cc20_generate(&a, out_a, sizeof(out_a));
	lrng_cc20_generate(&b, out_b, sizeof(out_b));
	KUNIT_EXPECT_MEMNEQ(test, out_a, out_b, sizeof(out_a));
	lrng_cc20_zero(&a);
	lrng_cc20_zero(&b);
}

/* The largest request is served whole, and is not a repeated block. */
static void lrng_cc20_test_max_request(struct kunit *test)
{
	u8 digest[SHA256_DIGEST_SIZE];
	struct lrng_chacha20 cc20;
	unsigned int i;
	u8 *out;

	out = kunit_kzalloc(test, LRNG_DRNG_MAX_REQSIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, out);
	lrng_cc20_init(&cc20);
	lrng_cc20_generate(&cc20, out, LRNG_DRNG_MAX_REQSIZE);
	KUNIT_EXPECT_MEMEQ(test, out, lrng_cc20_zero_first,
			   sizeof(lrng_cc20_zero_first));
	for (i = CHACHA_BLOCK_SIZE; i < LRNG_DRNG_MAX_REQSIZE;
	     i += CHACHA_BLOCK_SIZE)
		KUNIT_EXPECT_MEMNEQ(test, out, out + i, CHACHA_BLOCK_SIZE);
	sha256(out, LRNG_DRNG_MAX_REQSIZE, digest);
	KUNIT_EXPECT_MEMEQ(test, digest, lrng_cc20_zero_max_sha256,
			   sizeof(digest));
	lrng_cc20_generate(&cc20, out, 100);
	sha256(out, 100, digest);
	KUNIT_EXPECT_MEMEQ(test, digest, lrng_cc20_zero_after_max_sha256,
			   sizeof(digest));
	lrng_cc20_zero(&cc20);
}

/* The whole key stream of a one-time key, as a stream of one piece. */
static void lrng_cc20_keystream(const u8 *key, u8 *out, size_t outlen)
{
	struct lrng_chacha20 once;

	lrng_cc20_key_once(&once, key);
	lrng_cc20_blocks(&once, out, outlen);
	lrng_cc20_zero(&once);
}

/*
 * The key stream of a one-time key is plain ChaCha20: for the zero key,
 * bytes 32 to 95 are RFC 8439 A.1's; a short request is the start of a
 * long one, and nothing is written past the end.
 */
static void lrng_cc20_test_keystream(struct kunit *test)
{
	static const u8 key[CHACHA_KEY_SIZE];
	u8 shorter[100], *out;

	out = kunit_kzalloc(test, LRNG_DRNG_MAX_REQSIZE + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, out);
	lrng_cc20_keystream(key, out, LRNG_DRNG_MAX_REQSIZE);
	KUNIT_EXPECT_MEMEQ(test, out + 32, lrng_cc20_zero_first,
			   sizeof(lrng_cc20_zero_first));
	lrng_cc20_keystream(key, shorter, sizeof(shorter));
	KUNIT_EXPECT_MEMEQ(test, shorter, out, sizeof(shorter));
	out[LRNG_DRNG_MAX_REQSIZE - 1] = 0x5a;
	lrng_cc20_keystream(key, out, LRNG_DRNG_MAX_REQSIZE - 1);
	KUNIT_EXPECT_EQ(test, out[LRNG_DRNG_MAX_REQSIZE - 1], 0x5a);
	KUNIT_EXPECT_MEMEQ(test, shorter, out, sizeof(shorter));
}

/*
 * A one-time state expanded in pieces gives its key stream once: 512-byte
 * pieces are the whole stream, and after a partial block the next piece
 * starts at the next block, so that no key stream byte is given twice.
 */
static void lrng_cc20_test_blocks(struct kunit *test)
{
	static const u8 key[CHACHA_KEY_SIZE] = { 1, 2, 3 };
	struct lrng_chacha20 once;
	u8 *whole, *pieces;
	size_t i;

	whole = kunit_kzalloc(test, LRNG_DRNG_MAX_REQSIZE, GFP_KERNEL);
	pieces = kunit_kzalloc(test, LRNG_DRNG_MAX_REQSIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, whole);
	KUNIT_ASSERT_NOT_NULL(test, pieces);
	lrng_cc20_keystream(key, whole, LRNG_DRNG_MAX_REQSIZE);

	lrng_cc20_key_once(&once, key);
	for (i = 0; i < LRNG_DRNG_MAX_REQSIZE; i += 512)
		lrng_cc20_blocks(&once, pieces + i, 512);
	KUNIT_EXPECT_MEMEQ(test, pieces, whole, LRNG_DRNG_MAX_REQSIZE);

	lrng_cc20_key_once(&once, key);
	lrng_cc20_blocks(&once, pieces, 100);
	lrng_cc20_blocks(&once, pieces + 100, 64);
	KUNIT_EXPECT_MEMEQ(test, pieces, whole, 100);
	KUNIT_EXPECT_MEMEQ(test, pieces + 100, whole + 128, 64);
	lrng_cc20_zero(&once);
}

/*
 * The SIMD library (CONFIG_LRNG_CHACHA20_SIMD) gives the generic block
 * function's key stream, whichever of the two the boot measurement chose:
 * RFC 8439 A.1's bytes for the zero key, then the same bytes and the same
 * block counter for a run of request sizes on one state each.
 */
static void lrng_cc20_test_simd(struct kunit *test)
{
	static const size_t sizes[] = { 64, 128, 192, 512, 64, 4096, 320 };
	static const u8 key[CHACHA_KEY_SIZE] = { 9, 8, 7 };
	struct lrng_chacha20 gen, simd;
	size_t i, total = 0;
	u8 *a, *b;

	if (!IS_ENABLED(CONFIG_LRNG_CHACHA20_SIMD))
		kunit_skip(test, "CONFIG_LRNG_CHACHA20_SIMD is off");

	a = kunit_kzalloc(test, LRNG_DRNG_MAX_REQSIZE, GFP_KERNEL);
	b = kunit_kzalloc(test, LRNG_DRNG_MAX_REQSIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);

	lrng_cc20_init(&simd);
	lrng_cc20_fill(&simd, b, LRNG_DRNG_MAX_REQSIZE, true);
	KUNIT_EXPECT_MEMEQ(test, b + 32, lrng_cc20_zero_first,
			   sizeof(lrng_cc20_zero_first));

	lrng_cc20_key_once(&gen, key);
	lrng_cc20_key_once(&simd, key);
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		lrng_cc20_fill(&gen, a, sizes[i], false);
		lrng_cc20_fill(&simd, b, sizes[i], true);
		KUNIT_EXPECT_MEMEQ_MSG(test, a, b, sizes[i], "request %zu", i);
		KUNIT_EXPECT_EQ(test, gen.state[12], simd.state[12]);
		total += sizes[i];
	}
	KUNIT_EXPECT_EQ(test, simd.state[12], total / CHACHA_BLOCK_SIZE);
	lrng_cc20_zero(&gen);
	lrng_cc20_zero(&simd);
}

/*
 * The SIMD library never runs with interrupts off, whatever the boot
 * measurement or lrng_drng_chacha20.simd chose, nor for a single block;
 * with interrupts on, large requests take what was chosen.
 */
static void lrng_cc20_test_simd_context(struct kunit *test)
{
	bool chosen = !strcmp(lrng_cc20_bulk_name(), "SIMD library");
	unsigned long flags;
	bool off;

	local_irq_save(flags);
	off = lrng_cc20_bulk_simd(LRNG_DRNG_MAX_REQSIZE);
	local_irq_restore(flags);
	KUNIT_EXPECT_FALSE_MSG(test, off, "SIMD with interrupts off (%s chosen)",
			       lrng_cc20_bulk_name());
	KUNIT_EXPECT_FALSE(test, lrng_cc20_bulk_simd(CHACHA_BLOCK_SIZE));
	KUNIT_EXPECT_EQ(test, chosen,
			lrng_cc20_bulk_simd(LRNG_DRNG_MAX_REQSIZE));
}

static struct kunit_case lrng_drng_chacha20_cases[] = {
	KUNIT_CASE(lrng_cc20_test_zero_key_kat),
	KUNIT_CASE(lrng_cc20_test_seed_kat),
	KUNIT_CASE(lrng_cc20_test_key_erasure),
	KUNIT_CASE(lrng_cc20_test_seed_changes_output),
	KUNIT_CASE(lrng_cc20_test_max_request),
	KUNIT_CASE(lrng_cc20_test_keystream),
	KUNIT_CASE(lrng_cc20_test_blocks),
	KUNIT_CASE(lrng_cc20_test_simd),
	KUNIT_CASE(lrng_cc20_test_simd_context),
	{}
};

static struct kunit_suite lrng_drng_chacha20_suite = {
	.name = "lrng_drng_chacha20",
	.test_cases = lrng_drng_chacha20_cases,
};

kunit_test_suite(lrng_drng_chacha20_suite);

MODULE_DESCRIPTION("KUnit tests of the LRNG ChaCha20 DRNG");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
