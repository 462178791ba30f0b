// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG power-on self-tests: failure injection for test kernels
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * With CONFIG_LRNG_TEST_SELFTEST_FAIL, root writing 1 to
 * /sys/module/lrng_selftest/parameters/corrupt_next (mode 0200) makes the
 * next run of the power-on self-tests flip a bit of the seed of the
 * ChaCha20 known-answer test: the test itself then finds the DRNG's output
 * wrong, and the run fails with every effect a real failure has
 * (lrng_selftest.c), which a test can observe on a booted kernel.  On the
 * kernel command line it makes the boot-time run fail.  Anything but "1"
 * fails with EINVAL.  Such a kernel lets root stop user space's random
 * numbers at will: test kernels only.
 */

#include <linux/atomic.h>
#include <linux/moduleparam.h>
#include <linux/sysfs.h>

#include "lrng_selftest.h"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "lrng_selftest."

/* Set by a write, taken by the next run; atomic, so no lock. */
static atomic_t lrng_selftest_corrupt = ATOMIC_INIT(0);

static int lrng_selftest_corrupt_set(const char *val,
				     const struct kernel_param *kp)
{
	if (!sysfs_streq(val, "1"))
		return -EINVAL;
	atomic_set(&lrng_selftest_corrupt, 1);
	return 0;
}

static const struct kernel_param_ops lrng_selftest_corrupt_ops = {
	.set = lrng_selftest_corrupt_set,
};
module_param_cb(corrupt_next, &lrng_selftest_corrupt_ops, NULL, 0200);
MODULE_PARM_DESC(corrupt_next,
		 "Testing only: write 1 to make the next run of the power-on self-tests fail its ChaCha20 known-answer test");

/**
 * lrng_selftest_corruption() - the bits to flip in this run's ChaCha20 seed
 *
 * Called once per run by the ChaCha20 known-answer test.
 *
 * Return: 1 for the first run after a write of 1 to corrupt_next, else 0.
 */
u8 lrng_selftest_corruption(void)
{
	return atomic_xchg(&lrng_selftest_corrupt, 0);
}
