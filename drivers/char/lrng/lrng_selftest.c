// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG power-on self-tests
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: Power-on self-tests
 *
 * random_init_early() runs these known-answer tests before the first seed,
 * and root can run them again at any time:
 *
 * - ChaCha20 DRNG: the first output of the all-zero state (RFC 8439
 *   appendix A.1, test vector 1, bytes 32 to 63) and the first output
 *   after seeding a fresh state with the bytes 0x00..0x1f;
 * - SHA-256, the conditioning hash: "abc" in one call and the two-block
 *   message of FIPS 180-2 appendix B.2 in two calls;
 * - with CONFIG_LRNG_IRQ, the interrupt source's collection array
 *   (lrng_selftest_irq.c): a slot, a word stored least significant byte
 *   first and one wrapped around the end, and continuous compression,
 *   early and of a whole array.  The test has an array, a lock and a pool
 *   of its own, never the interrupt source's, and hashes with the
 *   built-in SHA-256 whatever the current conditioning hash.
 *
 * The result is /sys/module/lrng_selftest/parameters/selftest_status
 * (0644): 0 when every test of the last run passed, else the bits of the
 * tests that failed (1 ChaCha20, 2 SHA-256, 4 array).  Writing 1 to it
 * runs the tests again, for a lab that asks for self-tests on demand
 * (FIPS 140-3).  The write returns once the new status is in place, and
 * succeeds whether the tests passed or not: their result is the status.
 * Besides the file's mode (root only) it needs CAP_SYS_ADMIN, else it
 * fails with EPERM; anything but "1" (a trailing newline allowed) fails
 * with EINVAL; neither error changes anything.  On the kernel command
 * line "1" is accepted and ignored, with a notice: the tests have not run
 * then, and run at boot anyway (an error there would make the kernel drop
 * the arguments it passes to init).
 *
 * After a failed run, "random: LRNG power-on self-tests failed" is logged
 * and the LRNG hands out no random numbers to user space: every read of
 * getrandom(2), /dev/random and /dev/urandom fails with EIO, a long read
 * under way ends early with a short count, and the vDSO's getrandom()
 * passes every call to getrandom(2).  In FIPS mode the kernel
 * panics instead.  The in-kernel API (get_random_bytes() ...) cannot
 * report an error and goes on serving.  A run that passes lets user space
 * read again: the status and the service always agree.
 */

/*
 * The bits are LRNG_SELFTEST_*; LRNG_SELFTEST_NOT_RUN stands until the
 * boot-time run.
 *
 * Locking: lrng_selftest_lock serializes the runs, so that the status is
 * the result of the last run to finish and the log says the same.  A run
 * computes the whole status in a local and stores it with one
 * WRITE_ONCE() of the word; lrng_selftest_passed() and the status file
 * read it without the lock: they see the status of the previous run or of
 * the new one, never a part of a run.
 */

#include <crypto/sha2.h>
#include <linux/cache.h>
#include <linux/capability.h>
#include <linux/fips.h>
#include <linux/lockdep.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/panic.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "lrng_drng_chacha20.h"
#include "lrng_ready.h"
#include "lrng_selftest.h"

static DEFINE_MUTEX(lrng_selftest_lock);
/* Written under lrng_selftest_lock, read without it: see "Locking" above. */
static unsigned int lrng_selftest_status __read_mostly = LRNG_SELFTEST_NOT_RUN;

static unsigned int lrng_selftest_chacha20(void)
{
	static const u8 zero_first[32] = {
		0xda, 0x41, 0x59, 0x7c, 0x51, 0x57, 0x48, 0x8d,
		0x77, 0x24, 0xe0, 0x3f, 0xb8, 0xd8, 0x4a, 0x37,
		0x6a, 0x43, 0xb8, 0xf4, 0x15, 0x18, 0xa1, 0x1c,
		0xc3, 0x87, 0xb6, 0x69, 0xb2, 0xee, 0x65, 0x86,
	};
	static const u8 seeded_first[32] = {
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
	/* Test kernels only: a wrong seed, see lrng_selftest_inject.c. */
	seed[0] ^= lrng_selftest_corruption();
	lrng_cc20_init(&cc20);
	lrng_cc20_seed(&cc20, seed, sizeof(seed));
	lrng_cc20_generate(&cc20, out, sizeof(out));
	if (memcmp(out, seeded_first, sizeof(out)))
		fail = LRNG_SELFTEST_CHACHA20;

	lrng_cc20_zero(&cc20);
	return fail;
}

static unsigned int lrng_selftest_hash(void)
{
	static const u8 abc_digest[SHA256_DIGEST_SIZE] = {
		0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea,
		0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
		0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c,
		0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
	};
	static const u8 two_block_digest[SHA256_DIGEST_SIZE] = {
		0x24, 0x8d, 0x6a, 0x61, 0xd2, 0x06, 0x38, 0xb8,
		0xe5, 0xc0, 0x26, 0x93, 0x0c, 0x3e, 0x60, 0x39,
		0xa3, 0x3c, 0xe4, 0x59, 0x64, 0xff, 0x21, 0x67,
		0xf6, 0xec, 0xed, 0xd4, 0x19, 0xdb, 0x06, 0xc1,
	};
	static const char two_block[] =
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

/* Runs every test and publishes the status; lrng_selftest_lock held. */
static void _lrng_selftest_run(void)
{
	unsigned int status;

	lockdep_assert_held(&lrng_selftest_lock);
	status = lrng_selftest_chacha20() | lrng_selftest_hash() |
		 lrng_selftest_array();
	WRITE_ONCE(lrng_selftest_status, status);
	lrng_ready_vdso_block(status != 0);
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
 * lrng_selftest_run() - run the power-on self-tests at boot
 *
 * Called by random_init_early(), before the DRNG is seeded, on the boot
 * CPU before the scheduler runs; the runs root asks for take the same lock
 * in lrng_selftest_status_set().
 */
void __init lrng_selftest_run(void)
{
	mutex_lock(&lrng_selftest_lock);
	_lrng_selftest_run();
	mutex_unlock(&lrng_selftest_lock);
}

/*
 * A write to the status file.  CAP_SYS_ADMIN is checked on top of the
 * file's mode, so that a process that runs as root without the capability
 * cannot stop user space's random numbers.  The check is made at write
 * time, as AppArmor's parameters make theirs (security/apparmor/lsm.c):
 * a kernel_param's set operation gets no file to check the opener's
 * credentials with.  Whoever opened the file, a write only runs the
 * tests, which change nothing when they pass.
 */
static int lrng_selftest_status_set(const char *val,
				    const struct kernel_param *kp)
{
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	if (!sysfs_streq(val, "1"))
		return -EINVAL;
	mutex_lock(&lrng_selftest_lock);
	if (lrng_selftest_status == LRNG_SELFTEST_NOT_RUN)
		pr_notice("selftest_status=1 on the command line ignored: the power-on self-tests run at boot\n");
	else
		_lrng_selftest_run();
	mutex_unlock(&lrng_selftest_lock);
	return 0;
}

static int lrng_selftest_status_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%u\n", READ_ONCE(lrng_selftest_status));
}

static const struct kernel_param_ops lrng_selftest_status_ops = {
	.set = lrng_selftest_status_set,
	.get = lrng_selftest_status_get,
};
module_param_cb(selftest_status, &lrng_selftest_status_ops, NULL, 0644);
MODULE_PARM_DESC(selftest_status,
		 "0 when the last run of the power-on self-tests passed, else the bits of the failed ones (1 ChaCha20, 2 SHA-256, 4 array, 0x80000000 not run); write 1 to run them again");

/**
 * lrng_selftest_passed() - whether the power-on self-tests passed
 *
 * Return: true once they ran and every test of the last run passed.
 */
bool lrng_selftest_passed(void)
{
	return !READ_ONCE(lrng_selftest_status);
}
