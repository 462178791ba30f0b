// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG power-on self-tests
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: Power-on self-tests
 *
 * random_init_early() runs these known-answer tests before the first seed:
 *
 * - ChaCha20 DRNG: the first output of the all-zero state (RFC 8439
 *   appendix A.1, test vector 1, bytes 32 to 63) and the first output
 *   after seeding a fresh state with the bytes 0x00..0x1f;
 * - SHA-256, the conditioning hash: "abc" in one call and the two-block
 *   message of FIPS 180-2 appendix B.2 in two calls;
 * - with CONFIG_LRNG_IRQ, the interrupt source's collection array
 *   (lrng_selftest_irq.c): a slot, a word stored least significant byte
 *   first and one wrapped around the end, and continuous compression,
 *   early and of a whole array.
 *
 * The result is /sys/module/lrng_selftest/parameters/selftest_status
 * (0444): 0 when every test passed, else the bits of the tests that failed
 * (1 ChaCha20, 2 SHA-256, 4 array).  After a failure, "random: LRNG
 * power-on self-tests failed" is logged and the LRNG hands out no random
 * numbers to user space: every read of getrandom(2), /dev/random and
 * /dev/urandom fails with EIO, rather than return possibly bad ones.  In
 * FIPS mode the kernel panics instead.  The in-kernel API
 * (get_random_bytes() ...) cannot report an error and goes on serving.
 */

/*
 * The bits are LRNG_SELFTEST_*; LRNG_SELFTEST_NOT_RUN stands until the
 * tests ran.
 *
 * The status is written once, in random_init_early(), and read without lock.
 */

#include <crypto/sha2.h>
#include <linux/cache.h>
#include <linux/fips.h>
#include <linux/moduleparam.h>
#include <linux/panic.h>
#include <linux/string.h>

#include "lrng_drng_chacha20.h"
#include "lrng_selftest.h"

static unsigned int lrng_selftest_status __read_mostly = LRNG_SELFTEST_NOT_RUN;
module_param_named(selftest_status, lrng_selftest_status, uint, 0444);
MODULE_PARM_DESC(selftest_status,
		 "0 when the power-on self-tests passed, else the bits of the failed ones (1 ChaCha20, 2 SHA-256, 4 array, 0x80000000 not run)");

static unsigned int __init lrng_selftest_chacha20(void)
{
	static const u8 zero_first[32] __initconst = {
		0xda, 0x41, 0x59, 0x7c, 0x51, 0x57, 0x48, 0x8d,
		0x77, 0x24, 0xe0, 0x3f, 0xb8, 0xd8, 0x4a, 0x37,
		0x6a, 0x43, 0xb8, 0xf4, 0x15, 0x18, 0xa1, 0x1c,
		0xc3, 0x87, 0xb6, 0x69, 0xb2, 0xee, 0x65, 0x86,
	};
	static const u8 seeded_first[32] __initconst = {
		0x68, 0x82, 0xde, 0xff, 0xb7, 0xec, 0x6a, 0x53,
		0xc7, 0xe5, 0x82, 0xa7, 0xf9, 0x62, 0x7d, 0x57,
		0x6b, 0xd6, 0x94, 0xa4, 0xed, 0x5f, 0xe5, 0x47,
		0x91, 0x6b, 0xe8, 0xd5, 0xf7, 0x28, 0x4c, 0xeb,
	};
	struct lrng_chacha20 cc20;
	u8 seed[32], out[32];
	unsigned int i, fail = 0;

	lrng_cc20_init(&cc20);
	lrng_cc20_generate(&cc20, out, sizeof(out));
	if (memcmp(out, zero_first, sizeof(out)))
		fail = LRNG_SELFTEST_CHACHA20;

	for (i = 0; i < sizeof(seed); i++)
		seed[i] = i;
	lrng_cc20_init(&cc20);
	lrng_cc20_seed(&cc20, seed, sizeof(seed));
	lrng_cc20_generate(&cc20, out, sizeof(out));
	if (memcmp(out, seeded_first, sizeof(out)))
		fail = LRNG_SELFTEST_CHACHA20;

	lrng_cc20_zero(&cc20);
	return fail;
}

static unsigned int __init lrng_selftest_hash(void)
{
	static const u8 abc_digest[SHA256_DIGEST_SIZE] __initconst = {
		0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea,
		0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
		0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c,
		0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
	};
	static const u8 two_block_digest[SHA256_DIGEST_SIZE] __initconst = {
		0x24, 0x8d, 0x6a, 0x61, 0xd2, 0x06, 0x38, 0xb8,
		0xe5, 0xc0, 0x26, 0x93, 0x0c, 0x3e, 0x60, 0x39,
		0xa3, 0x3c, 0xe4, 0x59, 0x64, 0xff, 0x21, 0x67,
		0xf6, 0xec, 0xed, 0xd4, 0x19, 0xdb, 0x06, 0xc1,
	};
	static const char two_block[] __initconst =
		"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	struct sha256_state sctx;
	u8 digest[SHA256_DIGEST_SIZE];
	unsigned int fail = 0;

	sha256_init(&sctx);
	sha256_update(&sctx, (const u8 *)"abc", 3);
	sha256_final(&sctx, digest);
	if (memcmp(digest, abc_digest, sizeof(digest)))
		fail = LRNG_SELFTEST_HASH;

	sha256_init(&sctx);
	sha256_update(&sctx, (const u8 *)two_block, 13);
	sha256_update(&sctx, (const u8 *)two_block + 13,
		      sizeof(two_block) - 1 - 13);
	sha256_final(&sctx, digest);
	if (memcmp(digest, two_block_digest, sizeof(digest)))
		fail = LRNG_SELFTEST_HASH;

	return fail;
}

/**
 * lrng_selftest_run() - run the power-on self-tests
 *
 * Called once by random_init_early(), before the DRNG is seeded.
 */
void __init lrng_selftest_run(void)
{
	unsigned int status;

	status = lrng_selftest_chacha20() | lrng_selftest_hash() |
		 lrng_selftest_array();
	WRITE_ONCE(lrng_selftest_status, status);
	if (!status) {
		pr_info("LRNG power-on self-tests passed\n");
		return;
	}
	pr_err("LRNG power-on self-tests failed (0x%x): no random numbers for user space\n",
	       status);
	if (fips_enabled)
		panic("LRNG: power-on self-tests failed in FIPS mode\n");
}

/**
 * lrng_selftest_passed() - whether the power-on self-tests passed
 *
 * Return: true once they ran and all passed.
 */
bool lrng_selftest_passed(void)
{
	return !READ_ONCE(lrng_selftest_status);
}
