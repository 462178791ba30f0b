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
 *    notify handler: the DRNG is reseeded when the call returns, three
 *    times in a row, and the vmfork notifiers (WireGuard's) run once per
 *    call, after the reseed.
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
 *  - lrng_vmfork_test_switched: the same from a hard interrupt while a
 *    switched DRNG serves (lrng_set_drng_cb(), a ChaCha20 DRNG of this
 *    test that records where it is called).  Its seed takes a mutex and
 *    its callbacks may sleep: the reseed in the interrupt must leave it
 *    alone, whatever the switch state when it looks
 *    (lrng_es_reseed_nosleep()), and the work item reseeds it.  The
 *    callbacks must run only where they may sleep, and the DRNG must have
 *    been seeded again before the notifier runs.  Skipped without
 *    CONFIG_LRNG_SWITCH or while an extension (the DRBG) is active.
 *
 * The reseed needs a fully seeded LRNG; the cases are skipped before.
 */

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/hrtimer.h>
#include <linux/irqflags.h>
#include <linux/lrng.h>
#include <linux/module.h>
#include <linux/notifier.h>
#include <linux/preempt.h>
#include <linux/random.h>
#include <linux/slab.h>

#include "../lrng_drng_chacha20.h"
#include "../lrng_drng_mgr.h"
#include "../lrng_ready.h"
#include "../lrng_switch.h"

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
 * struct lrng_vmfork_test_drng - the switched DRNG of lrng_vmfork_test_switched
 * @cc20: its state: the LRNG's own ChaCha20 DRNG, so that what it serves
 *	  meanwhile is sound
 * @seeds: number of seed calls
 * @atomic_calls: number of calls in a context that may not sleep
 *
 * The LRNG serializes the calls on an instance.
 */
struct lrng_vmfork_test_drng {
	struct lrng_chacha20 cc20;
	unsigned int seeds;
	unsigned int atomic_calls;
};

/*
 * The instance while it exists.  The case's notifier reads it; the case
 * unregisters the notifier before it switches back, which frees it.
 */
static struct lrng_vmfork_test_drng *lrng_vmfork_test_drng;

/**
 * struct lrng_vmfork_test_nb - a vmfork notifier that records its calls
 * @nb: the notifier
 * @calls: number of calls
 * @generation: DRNG generation at the last call
 * @atomic_calls: number of calls in a context that may not sleep
 * @atomic_in_task: in_task() at the last such call
 * @drng_seeds: seeds of the test's switched DRNG at the last call
 */
struct lrng_vmfork_test_nb {
	struct notifier_block nb;
	unsigned int calls;
	unsigned long generation;
	unsigned int atomic_calls;
	bool atomic_in_task;
	unsigned int drng_seeds;
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
	struct lrng_vmfork_test_drng *d = READ_ONCE(lrng_vmfork_test_drng);

	if (d)
		WRITE_ONCE(n->drng_seeds, READ_ONCE(d->seeds));
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

static const char *lrng_vmfork_test_drng_name(void)
{
	return "lrng_vmfork_kunit";
}

static const char *lrng_vmfork_test_hash_name(void)
{
	return "sha256";
}

static void *lrng_vmfork_test_drng_alloc(u32 sec_strength)
{
	struct lrng_vmfork_test_drng *d = kzalloc(sizeof(*d), GFP_KERNEL);

	if (!d)
		return ERR_PTR(-ENOMEM);
	lrng_cc20_init(&d->cc20);
	WRITE_ONCE(lrng_vmfork_test_drng, d);
	return d;
}

static void lrng_vmfork_test_drng_dealloc(void *drng)
{
	struct lrng_vmfork_test_drng *d = drng;

	WRITE_ONCE(lrng_vmfork_test_drng, NULL);
	kfree_sensitive(d);
}

static void lrng_vmfork_test_drng_check(struct lrng_vmfork_test_drng *d)
{
	if (!lrng_vmfork_test_may_sleep())
		WRITE_ONCE(d->atomic_calls, d->atomic_calls + 1);
}

static int lrng_vmfork_test_drng_seed(void *drng, const u8 *inbuf,
				      u32 inbuflen)
{
	struct lrng_vmfork_test_drng *d = drng;

	lrng_vmfork_test_drng_check(d);
	lrng_cc20_seed(&d->cc20, inbuf, inbuflen);
	WRITE_ONCE(d->seeds, d->seeds + 1);
	return 0;
}

static int lrng_vmfork_test_drng_generate(void *drng, u8 *outbuf,
					  u32 outbuflen)
{
	struct lrng_vmfork_test_drng *d = drng;

	lrng_vmfork_test_drng_check(d);
	lrng_cc20_generate(&d->cc20, outbuf, outbuflen);
	return outbuflen;
}

static const struct lrng_crypto_cb lrng_vmfork_test_cb = {
	.lrng_drng_name = lrng_vmfork_test_drng_name,
	.lrng_hash_name = lrng_vmfork_test_hash_name,
	.lrng_drng_alloc = lrng_vmfork_test_drng_alloc,
	.lrng_drng_dealloc = lrng_vmfork_test_drng_dealloc,
	.lrng_drng_seed_helper = lrng_vmfork_test_drng_seed,
	.lrng_drng_generate_helper = lrng_vmfork_test_drng_generate,
};

/* Back to the ChaCha20 DRNGs; frees the test's instance. */
static void lrng_vmfork_test_switch_back(void *unused)
{
	WARN_ON_ONCE(lrng_set_drng_cb(NULL));
}

/* Seeds the test's DRNG got, and its calls where it may not sleep. */
static void lrng_vmfork_test_drng_state(unsigned int *seeds,
					unsigned int *atomic_calls)
{
	struct lrng_vmfork_test_drng *d = READ_ONCE(lrng_vmfork_test_drng);

	*seeds = d ? READ_ONCE(d->seeds) : 0;
	*atomic_calls = d ? READ_ONCE(d->atomic_calls) : 0;
}

static void lrng_vmfork_test_switched(struct kunit *test)
{
	const enum hrtimer_mode hard = HRTIMER_MODE_REL_HARD;
	struct lrng_vmfork_test t = { };
	struct lrng_vmfork_test_nb *n;
	unsigned int seeds_before, seeds, atomic_calls, calls;
	unsigned int notified_seeds, notifier_atomic_calls;
	int ret;

	lrng_vmfork_test_need_seed(test);
	ret = lrng_set_drng_cb(&lrng_vmfork_test_cb);
	if (ret == -EOPNOTSUPP)
		kunit_skip(test, "no DRNG switch (CONFIG_LRNG_SWITCH)");
	if (ret == -EBUSY)
		kunit_skip(test, "another DRNG extension is active");
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = kunit_add_action_or_reset(test, lrng_vmfork_test_switch_back,
					NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_TRUE(test, lrng_drng_switched());
	/* Registered after the switch: unregistered before the switch back. */
	n = lrng_vmfork_test_register(test);
	lrng_vmfork_test_drng_state(&seeds_before, &atomic_calls);

	KUNIT_ASSERT_TRUE(test, lrng_vmfork_test_call(&t, hard));
	KUNIT_EXPECT_TRUE(test, t.hardirq);
	KUNIT_EXPECT_TRUE(test, t.switched);
	calls = lrng_vmfork_test_wait(n, t.before);
	lrng_vmfork_test_drng_state(&seeds, &atomic_calls);
	notified_seeds = READ_ONCE(n->drng_seeds);
	notifier_atomic_calls = READ_ONCE(n->atomic_calls);

	KUNIT_EXPECT_EQ_MSG(test, atomic_calls, 0U,
			    "switched DRNG called where it may not sleep");
	KUNIT_EXPECT_GT_MSG(test, seeds, seeds_before,
			    "switched DRNG not reseeded within %u ms",
			    (unsigned int)LRNG_VMFORK_TEST_WAIT_MS);
	KUNIT_EXPECT_GT_MSG(test, calls, 0U,
			    "vmfork notifier not run within %u ms",
			    (unsigned int)LRNG_VMFORK_TEST_WAIT_MS);
	KUNIT_EXPECT_GT_MSG(test, notified_seeds, seeds_before,
			    "vmfork notifier ran before the switched DRNG's reseed");
	KUNIT_EXPECT_EQ_MSG(test, notifier_atomic_calls, 0U,
			    "vmfork notifier ran where it may not sleep (in_task() %d)",
			    READ_ONCE(n->atomic_in_task));
}

static struct kunit_case lrng_vmfork_test_cases[] = {
	KUNIT_CASE(lrng_vmfork_test_task),
	KUNIT_CASE(lrng_vmfork_test_hardirq),
	KUNIT_CASE(lrng_vmfork_test_hardirq_notify),
	KUNIT_CASE(lrng_vmfork_test_softirq),
	KUNIT_CASE(lrng_vmfork_test_switched),
	{}
};

static struct kunit_suite lrng_vmfork_suite = {
	.name = "lrng_vmfork",
	.test_cases = lrng_vmfork_test_cases,
};

kunit_test_suite(lrng_vmfork_suite);

MODULE_DESCRIPTION("KUnit tests of the LRNG's VM fork reseed");
MODULE_LICENSE("GPL");
