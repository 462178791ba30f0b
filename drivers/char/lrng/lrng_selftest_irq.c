// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG power-on self-test of the interrupt source's collection array
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * Run by lrng_selftest_run() (lrng_selftest.c): slots and words stored,
 * least significant byte first, one word wrapped around the end of the
 * array, and the continuous compression of a full array into its pool
 * (a struct lrng_hash_pool on the built-in SHA-256, as at boot), whose
 * digest must equal the SHA-256 of the array's bytes.
 */

#include <crypto/sha2.h>
#include <linux/array_size.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "lrng_es_irq_array.h"
#include "lrng_selftest.h"

enum {
	/* Slots of the array the test uses. */
	LRNG_SELFTEST_SLOTS = 32,
};

/**
 * lrng_selftest_array() - known answers of the collection array
 *
 * Return: 0 when they match, else LRNG_SELFTEST_ARRAY.
 */
unsigned int __init lrng_selftest_array(void)
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
	struct lrng_hash_pool pool = { };
	unsigned int fail = 0;
	u32 pos, i;

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
	 * Continuous compression: a full array is hashed into the pool, whose
	 * hash at boot is the built-in SHA-256 of lrng_hash.c.
	 */
	lrng_hash_pool_init(&pool);
	a.pool = &pool;
	for (i = 0, pos = 0; i < ARRAY_SIZE(slots) / 4; i++)
		pos = lrng_irq_array_add_u32(&a, pos, 0x01010101 * (i + 1));
	if (lrng_hash_pool_final_zero(&pool, digest) != SHA256_DIGEST_SIZE)
		fail = LRNG_SELFTEST_ARRAY;
	sha256(slots, sizeof(slots), expect);
	if (pos || memcmp(digest, expect, sizeof(expect)))
		fail = LRNG_SELFTEST_ARRAY;

	return fail;
}
