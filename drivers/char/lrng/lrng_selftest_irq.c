// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG power-on self-test of the interrupt source's collection array
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * Run by lrng_selftest_run() (lrng_selftest.c): slots and words stored,
 * least significant byte first, one word wrapped around the end of the
 * array, and the continuous compression into its pool (a struct
 * lrng_hash_pool on the built-in SHA-256), early and of a whole array,
 * whose digest must equal the SHA-256 of all bytes written.  Why it may
 * run at any time: "Power-on self-tests" in lrng_selftest.c.
 */

#include <crypto/sha2.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "lrng_es_irq_array.h"
#include "lrng_selftest.h"

enum {
	/* Slots of the array the test uses. */
	LRNG_SELFTEST_SLOTS = 32,
	/* Words written with compression: 3 early, then a whole array. */
	LRNG_SELFTEST_WORDS = 3 + LRNG_SELFTEST_SLOTS / 4,
};

/**
 * lrng_selftest_array() - known answers of the collection array
 *
 * Return: 0 when they match, else LRNG_SELFTEST_ARRAY.
 */
unsigned int lrng_selftest_array(void)
{
	static const u8 stored[] = { 0x07, 0x08, 0xb2, 0xc3, 0xd4 };
	u8 slots[LRNG_SELFTEST_SLOTS] = { 0 };
	raw_spinlock_t lock;
	struct lrng_irq_array a = {
		.slots = slots,
		.lock = &lock,
		.nslots = LRNG_SELFTEST_SLOTS,
	};
	u8 digest[HASH_MAX_DIGESTSIZE], expect[SHA256_DIGEST_SIZE];
	u8 written[4 * LRNG_SELFTEST_WORDS];
	struct lrng_hash_pool pool = { };
	unsigned int fail = 0;
	u32 pos, word, i;

	raw_spin_lock_init(&lock);
	/* One slot, a word after it, a word wrapped to slot 0. */
	pos = lrng_irq_array_add_slot(&a, 0, 0xa1);
	pos = lrng_irq_array_add_u32(&a, pos, 0xd4c3b2b1);
	if (pos != 5 || slots[0] != 0xa1 || slots[1] != 0xb1)
		fail = LRNG_SELFTEST_ARRAY;
	pos = lrng_irq_array_add_u32(&a, 30, 0x08070605);
	if (pos != 2 || slots[30] != 0x05 || slots[31] != 0x06 ||
	    memcmp(slots, stored, sizeof(stored)))
		fail = LRNG_SELFTEST_ARRAY;

	/*
	 * Continuous compression, into a pool on the built-in SHA-256: every
	 * slot is hashed once, in the order written, whether compressed
	 * early (as the interrupt source's irq_work does, after 3 words) or
	 * when the whole array waits (at the last byte of the 11th word).
	 */
	lrng_hash_pool_init_builtin(&pool);
	a.pool = &pool;
	a.unhashed = 0;
	for (i = 0, pos = 0; i < LRNG_SELFTEST_WORDS; i++) {
		word = 0x01010101 * (i + 1);
		put_unaligned_le32(word, written + 4 * i);
		pos = lrng_irq_array_add_u32(&a, pos, word);
		if (i == 2)
			lrng_irq_array_compress(&a, pos);
	}
	if (lrng_hash_pool_final_zero(&pool, digest) != SHA256_DIGEST_SIZE)
		fail = LRNG_SELFTEST_ARRAY;
	sha256(written, sizeof(written), expect);
	if (pos != sizeof(written) % LRNG_SELFTEST_SLOTS || a.unhashed ||
	    memcmp(digest, expect, sizeof(expect)))
		fail = LRNG_SELFTEST_ARRAY;

	return fail;
}
