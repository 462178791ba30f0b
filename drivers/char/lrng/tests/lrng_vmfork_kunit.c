// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit test of add_vmfork_randomness() in hard interrupt context
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The vmgenid driver calls add_vmfork_randomness() from its hard interrupt
 * handler when the VM generation ID comes through the device tree
 * (drivers/virt/vmgenid.c); the QEMU test machines have the ACPI device,
 * whose notify handler runs in a work item.  So the case calls it from an
 * hrtimer in hard interrupt mode, as that handler would, and checks that
 * the DRNG was reseeded: at once or through the work item that a reseed
 * which cannot be done without waiting goes to (lrng_interface_vmfork.c).
 * On a kernel with CONFIG_DEBUG_ATOMIC_SLEEP (the debug test kernel), a
 * reseed that may sleep there is reported as "BUG: sleeping function
 * called from invalid context", which fails the boot.
 *
 * The reseed needs a fully seeded LRNG; the case is skipped before.
 */

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/random.h>

#include "../lrng_drng_mgr.h"
#include "../lrng_es_mgr.h"

struct lrng_vmfork_test {
	struct hrtimer timer;
	struct completion done;
	bool hardirq;
};

static enum hrtimer_restart lrng_vmfork_test_fire(struct hrtimer *timer)
{
	struct lrng_vmfork_test *t =
		container_of(timer, struct lrng_vmfork_test, timer);
	static const u8 id[16] = "lrng-kunit-fork";

	t->hardirq = in_hardirq();
	add_vmfork_randomness(id, sizeof(id));
	complete(&t->done);
	return HRTIMER_NORESTART;
}

static void lrng_vmfork_test_hardirq(struct kunit *test)
{
	struct lrng_vmfork_test t = { };
	unsigned long before, fired;
	int i;

	if (!lrng_ready())
		kunit_skip(test, "the LRNG is not fully seeded yet: no reseed");
	before = lrng_drng_generation();
	init_completion(&t.done);
	hrtimer_init_on_stack(&t.timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	t.timer.function = lrng_vmfork_test_fire;
	hrtimer_start(&t.timer, ns_to_ktime(100 * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_HARD);
	fired = wait_for_completion_timeout(&t.done, 5 * HZ);
	hrtimer_cancel(&t.timer);
	destroy_hrtimer_on_stack(&t.timer);
	KUNIT_ASSERT_TRUE(test, fired);
	KUNIT_EXPECT_TRUE(test, t.hardirq);

	/* At once, or soon from the work item. */
	for (i = 0; i < 50 && lrng_drng_generation() == before; i++)
		msleep(20);
	KUNIT_EXPECT_NE(test, before, lrng_drng_generation());
}

static struct kunit_case lrng_vmfork_test_cases[] = {
	KUNIT_CASE(lrng_vmfork_test_hardirq),
	{}
};

static struct kunit_suite lrng_vmfork_suite = {
	.name = "lrng_vmfork",
	.test_cases = lrng_vmfork_test_cases,
};

kunit_test_suite(lrng_vmfork_suite);

MODULE_DESCRIPTION("KUnit test of the LRNG's VM fork reseed from a hard interrupt");
MODULE_LICENSE("GPL");
