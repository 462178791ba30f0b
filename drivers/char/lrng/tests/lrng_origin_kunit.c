// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of what the in-kernel output comes from
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * lrng_drng_get(), behind get_random_bytes() and the per-CPU batch, tells
 * what served a request (enum lrng_drng_origin).  The in-kernel paths are
 * served by the per-CPU ChaCha20 DRNGs, never by a switched DRNG itself:
 * keyed only from the DRBG while the DRBG from boot serves
 * (CONFIG_LRNG_DRNG_BOOT_DRBG, lrng_drng_boot.c), else holding seed
 * material of the entropy sources.
 *
 *  - lrng_origin_test_task: a direct request (up to 256 bytes) and a
 *    stream (512 bytes) in process context;
 *  - lrng_origin_test_irqs_off: the same with interrupts off, as an
 *    in-kernel caller under a spinlock;
 *  - lrng_origin_test_after_reseed: the same after a forced reseed, which
 *    must key the ChaCha20 DRNGs the same way again.
 */

#include <kunit/test.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/string.h>

#include "../lrng_drng_pcpu.h"
#include "../lrng_es_mgr.h"
#include "../lrng_switch.h"

enum {
	/* One direct request of the per-CPU DRNG and one stream. */
	LRNG_ORIGIN_TEST_DIRECT = 16,
	LRNG_ORIGIN_TEST_STREAM = 512,
};

/* What the in-kernel output must come from in this kernel. */
static enum lrng_drng_origin lrng_origin_test_expected(void)
{
	return lrng_drng_boot_drbg() ? LRNG_ORIGIN_CC20_DRBG :
				       LRNG_ORIGIN_CHACHA20;
}

/* Both request sizes; @irqs_off: with interrupts off. */
static void lrng_origin_test_requests(struct kunit *test, bool irqs_off)
{
	enum lrng_drng_origin direct, stream;
	unsigned long flags = 0;
	u8 *buf;

	buf = kunit_kzalloc(test, LRNG_ORIGIN_TEST_STREAM, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	if (irqs_off)
		local_irq_save(flags);
	direct = lrng_drng_get(buf, LRNG_ORIGIN_TEST_DIRECT);
	stream = lrng_drng_get(buf, LRNG_ORIGIN_TEST_STREAM);
	if (irqs_off)
		local_irq_restore(flags);
	memzero_explicit(buf, LRNG_ORIGIN_TEST_STREAM);
	KUNIT_EXPECT_EQ(test, direct, lrng_origin_test_expected());
	KUNIT_EXPECT_EQ(test, stream, lrng_origin_test_expected());
	KUNIT_EXPECT_EQ(test, lrng_drng_get(buf, 0), LRNG_ORIGIN_NR);
}

static void lrng_origin_test_task(struct kunit *test)
{
	lrng_origin_test_requests(test, false);
}

static void lrng_origin_test_irqs_off(struct kunit *test)
{
	lrng_origin_test_requests(test, true);
}

static void lrng_origin_test_after_reseed(struct kunit *test)
{
	lrng_es_reseed_sync();
	lrng_origin_test_requests(test, false);
}

static struct kunit_case lrng_origin_test_cases[] = {
	KUNIT_CASE(lrng_origin_test_task),
	KUNIT_CASE(lrng_origin_test_irqs_off),
	KUNIT_CASE(lrng_origin_test_after_reseed),
	{}
};

static struct kunit_suite lrng_origin_suite = {
	.name = "lrng_drng_origin",
	.test_cases = lrng_origin_test_cases,
};

kunit_test_suite(lrng_origin_suite);

MODULE_DESCRIPTION("KUnit tests of what the LRNG's in-kernel output comes from");
MODULE_LICENSE("GPL");
