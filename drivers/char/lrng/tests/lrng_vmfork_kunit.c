// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of add_vmfork_randomness()
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * A VM fork must reseed the DRNG itself, before the clones hand out more
 * output: a reseed that comes later for another reason (every
 * LRNG_DRNG_RESEED_MAX_TIME seconds, after LRNG_DRNG_RESEED_THRESH
 * generate calls) is not enough.  Every reseed advances the DRNG
 * generation, so the cases read it just before and just after the call:
 * in that window of microseconds nothing but the call itself reseeds, and
 * an add_vmfork_randomness() that does nothing, or leaves the reseed to
 * the next periodic one, fails.
 *
 *  - lrng_vmfork_test_task: process context, as the vmgenid driver's ACPI
 *    notify handler (the QEMU test machines' device): the DRNG is reseeded
 *    when the call returns, three times in a row, and the vmfork notifiers
 *    (WireGuard's) run once per call, after the reseed.
 *  - lrng_vmfork_test_hardirq: an hrtimer in hard interrupt mode, as the
 *    driver's interrupt handler when the ID comes through the device tree
 *    (drivers/virt/vmgenid.c).  There the reseed is done at once when no
 *    other seed operation runs, and by a work item otherwise
 *    (lrng_interface_vmfork.c).  Each of up to three calls must reseed
 *    within 1 s, and one of them at once, inside the interrupt: only a
 *    seed operation that runs at the moment of each of the three calls
 *    defers them all.  With a switched DRNG, which takes a mutex, the
 *    reseed is always deferred: one call, reseeded within 1 s, which a
 *    periodic reseed could pass too (at boot, when KUnit runs, no DRNG is
 *    switched: the extensions are modules, loaded later).  On a kernel
 *    with CONFIG_DEBUG_ATOMIC_SLEEP (the debug test kernel), a reseed that
 *    may sleep there is reported as "BUG: sleeping function called from
 *    invalid context", which fails the boot.
 *  - lrng_vmfork_test_hardirq_notify: a call from a hard interrupt with a
 *    vmfork notifier registered.  The notifier chain is a blocking one
 *    (WireGuard's notifier takes a mutex), so it must not run in the
 *    interrupt: the notifier runs within 1 s, only in a context that may
 *    sleep, and sees the reseed done.
 *  - lrng_vmfork_test_softirq: the same from a softirq (an hrtimer in soft
 *    interrupt mode): not a hard interrupt, but no more allowed to sleep.
 *
 * The reseed needs a fully seeded LRNG; the cases are skipped before.
 */

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/notifier.h>
#include <linux/preempt.h>
#include <linux/random.h>

#include "../lrng_drng_mgr.h"
#include "../lrng_es_mgr.h"

enum {
	LRNG_VMFORK_TEST_CALLS = 3,
	/* Poll interval and limit for a reseed by the work item */
	LRNG_VMFORK_TEST_POLL_MS = 20,
	LRNG_VMFORK_TEST_WAIT_MS = 1000,
};

static void lrng_vmfork_test_need_seed(struct kunit *test)
{
	if (!lrng_ready())
		kunit_skip(test, "the LRNG is not fully seeded yet: no reseed");
}

/**
 * struct lrng_vmfork_test_nb - a vmfork notifier that records its calls
 * @nb: the notifier
 * @calls: number of calls
 * @generation: DRNG generation at the last call
 * @atomic_calls: number of calls in a context that may not sleep
 * @atomic_in_task: in_task() at the last such call
 */
struct lrng_vmfork_test_nb {
	struct notifier_block nb;
	unsigned int calls;
	unsigned long generation;
	unsigned int atomic_calls;
	bool atomic_in_task;
};

/* Whether the caller may sleep, as far as this kernel's counters tell. */
static bool lrng_vmfork_test_may_sleep(void)
{
	if (!in_task() || irqs_disabled())
		return false;
	return !IS_ENABLED(CONFIG_PREEMPT_COUNT) || !preempt_count();
}

static int lrng_vmfork_test_notify(struct notifier_block *nb,
				   unsigned long action, void *data)
{
	struct lrng_vmfork_test_nb *n =
		container_of(nb, struct lrng_vmfork_test_nb, nb);

	if (!lrng_vmfork_test_may_sleep()) {
		WRITE_ONCE(n->atomic_in_task, in_task());
		WRITE_ONCE(n->atomic_calls, n->atomic_calls + 1);
	}
	WRITE_ONCE(n->generation, lrng_drng_generation());
	/* Pairs with lrng_vmfork_test_wait(): @generation before the count. */
	smp_store_release(&n->calls, n->calls + 1);
	return NOTIFY_DONE;
}

static void lrng_vmfork_test_unregister(void *nb)
{
	unregister_random_vmfork_notifier(nb);
}

/* A recording notifier on the vmfork chain until the case ends. */
static struct lrng_vmfork_test_nb *
lrng_vmfork_test_register(struct kunit *test)
{
	struct lrng_vmfork_test_nb *n;
	int ret;

	n = kunit_kzalloc(test, sizeof(*n), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, n);
	n->nb.notifier_call = lrng_vmfork_test_notify;
	KUNIT_ASSERT_EQ(test, register_random_vmfork_notifier(&n->nb), 0);
	ret = kunit_add_action_or_reset(test, lrng_vmfork_test_unregister,
					&n->nb);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return n;
}

static void lrng_vmfork_test_task(struct kunit *test)
{
	static const u8 id[16] = "lrng-kunit-task";
	struct lrng_vmfork_test_nb *n;
	unsigned long before, after;
	unsigned int i;

	lrng_vmfork_test_need_seed(test);
	n = lrng_vmfork_test_register(test);

	for (i = 0; i < LRNG_VMFORK_TEST_CALLS; i++) {
		before = lrng_drng_generation();
		add_vmfork_randomness(id, sizeof(id));
		after = lrng_drng_generation();
		KUNIT_EXPECT_NE_MSG(test, after, before,
				    "call %u: not reseeded when it returned", i);
		KUNIT_EXPECT_EQ_MSG(test, n->calls, i + 1,
				    "call %u: vmfork notifier calls", i);
		KUNIT_EXPECT_NE_MSG(test, n->generation, before,
				    "call %u: vmfork notifier ran before the reseed",
				    i);
	}
}

/**
 * struct lrng_vmfork_test - one call from a hard interrupt
 * @timer: the hrtimer that makes the call
 * @done: completed by the timer function
 * @before: DRNG generation just before the call
 * @after: DRNG generation just after the call
 * @hardirq: the call was made in hard interrupt context
 * @softirq: the call was made in a softirq
 * @switched: a switched DRNG served at the call
 */
struct lrng_vmfork_test {
	struct hrtimer timer;
	struct completion done;
	unsigned long before;
	unsigned long after;
	bool hardirq;
	bool softirq;
	bool switched;
};

static enum hrtimer_restart lrng_vmfork_test_fire(struct hrtimer *timer)
{
	struct lrng_vmfork_test *t =
		container_of(timer, struct lrng_vmfork_test, timer);
	static const u8 id[16] = "lrng-kunit-fork";

	t->hardirq = in_hardirq();
	t->softirq = in_serving_softirq();
	t->switched = lrng_drng_switched();
	t->before = lrng_drng_generation();
	add_vmfork_randomness(id, sizeof(id));
	t->after = lrng_drng_generation();
	complete(&t->done);
	return HRTIMER_NORESTART;
}

/*
 * Make one call from an hrtimer in @mode (HRTIMER_MODE_REL_HARD: a hard
 * interrupt, HRTIMER_MODE_REL_SOFT: a softirq); false when it never fired.
 */
static bool lrng_vmfork_test_call(struct lrng_vmfork_test *t,
				  enum hrtimer_mode mode)
{
	unsigned long fired;

	init_completion(&t->done);
	hrtimer_init_on_stack(&t->timer, CLOCK_MONOTONIC, mode);
	t->timer.function = lrng_vmfork_test_fire;
	hrtimer_start(&t->timer, ns_to_ktime(100 * NSEC_PER_USEC), mode);
	fired = wait_for_completion_timeout(&t->done, 5 * HZ);
	hrtimer_cancel(&t->timer);
	destroy_hrtimer_on_stack(&t->timer);
	return fired;
}

static void lrng_vmfork_test_hardirq(struct kunit *test)
{
	const enum hrtimer_mode hard = HRTIMER_MODE_REL_HARD;
	struct lrng_vmfork_test t = { };
	unsigned int i, ms;

	lrng_vmfork_test_need_seed(test);
	for (i = 0; i < LRNG_VMFORK_TEST_CALLS; i++) {
		KUNIT_ASSERT_TRUE(test, lrng_vmfork_test_call(&t, hard));
		KUNIT_EXPECT_TRUE(test, t.hardirq);
		if (t.after != t.before)
			return;
		/* Deferred to the work item: soon. */
		for (ms = 0; ms < LRNG_VMFORK_TEST_WAIT_MS &&
		     lrng_drng_generation() == t.before;
		     ms += LRNG_VMFORK_TEST_POLL_MS)
			msleep(LRNG_VMFORK_TEST_POLL_MS);
		KUNIT_EXPECT_NE_MSG(test, lrng_drng_generation(), t.before,
				    "call %u: not reseeded within %u ms", i,
				    (unsigned int)LRNG_VMFORK_TEST_WAIT_MS);
		if (t.switched)
			return;
	}
	KUNIT_FAIL(test, "no reseed inside the interrupt in %u calls", i);
}

/*
 * Wait up to LRNG_VMFORK_TEST_WAIT_MS for a notifier call that saw another
 * generation than @before (a call from before the VM fork would not);
 * returns the number of calls.
 */
static unsigned int lrng_vmfork_test_wait(struct lrng_vmfork_test_nb *n,
					  unsigned long before)
{
	unsigned int ms, calls;

	for (ms = 0; ; ms += LRNG_VMFORK_TEST_POLL_MS) {
		/* Pairs with lrng_vmfork_test_notify(): count, then @generation. */
		calls = smp_load_acquire(&n->calls);
		if ((calls && READ_ONCE(n->generation) != before) ||
		    ms >= LRNG_VMFORK_TEST_WAIT_MS)
			return calls;
		msleep(LRNG_VMFORK_TEST_POLL_MS);
	}
}

/*
 * One call from an hrtimer in @mode with a notifier registered: the DRNG
 * is reseeded and the notifier runs within LRNG_VMFORK_TEST_WAIT_MS, and it
 * runs only where it may sleep, after the reseed.
 */
static void lrng_vmfork_test_notify_from(struct kunit *test,
					 enum hrtimer_mode mode)
{
	struct lrng_vmfork_test t = { };
	struct lrng_vmfork_test_nb *n;
	unsigned long generation;
	unsigned int calls, atomic_calls;

	lrng_vmfork_test_need_seed(test);
	n = lrng_vmfork_test_register(test);
	KUNIT_ASSERT_TRUE(test, lrng_vmfork_test_call(&t, mode));
	if (mode == HRTIMER_MODE_REL_HARD)
		KUNIT_EXPECT_TRUE(test, t.hardirq);
	else
		KUNIT_EXPECT_TRUE(test, t.softirq && !t.hardirq);

	calls = lrng_vmfork_test_wait(n, t.before);
	generation = READ_ONCE(n->generation);
	atomic_calls = READ_ONCE(n->atomic_calls);

	KUNIT_EXPECT_NE_MSG(test, lrng_drng_generation(), t.before,
			    "not reseeded within %u ms",
			    (unsigned int)LRNG_VMFORK_TEST_WAIT_MS);
	KUNIT_EXPECT_GT_MSG(test, calls, 0U,
			    "vmfork notifier not run within %u ms",
			    (unsigned int)LRNG_VMFORK_TEST_WAIT_MS);
	KUNIT_EXPECT_NE_MSG(test, generation, t.before,
			    "vmfork notifier ran before the reseed");
	KUNIT_EXPECT_EQ_MSG(test, atomic_calls, 0U,
			    "vmfork notifier ran where it may not sleep (in_task() %d)",
			    READ_ONCE(n->atomic_in_task));
}

static void lrng_vmfork_test_hardirq_notify(struct kunit *test)
{
	lrng_vmfork_test_notify_from(test, HRTIMER_MODE_REL_HARD);
}

static void lrng_vmfork_test_softirq(struct kunit *test)
{
	lrng_vmfork_test_notify_from(test, HRTIMER_MODE_REL_SOFT);
}

static struct kunit_case lrng_vmfork_test_cases[] = {
	KUNIT_CASE(lrng_vmfork_test_task),
	KUNIT_CASE(lrng_vmfork_test_hardirq),
	KUNIT_CASE(lrng_vmfork_test_hardirq_notify),
	KUNIT_CASE(lrng_vmfork_test_softirq),
	{}
};

static struct kunit_suite lrng_vmfork_suite = {
	.name = "lrng_vmfork",
	.test_cases = lrng_vmfork_test_cases,
};

kunit_test_suite(lrng_vmfork_suite);

MODULE_DESCRIPTION("KUnit tests of the LRNG's VM fork reseed");
MODULE_LICENSE("GPL");
