// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG AIS 20/31 NTG.1 mode: its switch and prediction-resistant output
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: AIS 20/31 NTG.1
 *
 * With CONFIG_LRNG_AIS2031_NTG1_SEEDING_STRATEGY and the boot parameter
 * lrng_es_mgr.ntg1=1 (default off, read-only at run time), the LRNG
 * follows the seeding strategy of class NTG.1 of BSI's AIS 20/31 (2024)
 * and serves prediction-resistant output.  Without the parameter, or
 * without the option, nothing in this section applies.
 *
 * Seeding strategy.  A seed makes the LRNG fully seeded only when, in
 * that seed, at least LRNG_NTG1_SOURCES (2) entropy sources each
 * delivered at least LRNG_NTG1_ES_BITS (240) bits, credited as the
 * entropy source manager credits them (after the SP800-90C oversampling
 * when it applies), besides the entropy a full seed needs anyway (256
 * bits, 384 with SP800-90C).  The manager decides it in one place, from
 * the per-source credits of the seed (lrng_es_seed_full()):
 *
 * - A seed with the entropy of a full seed that lacks two such sources
 *   takes the LRNG to minimally seeded only: getrandom(2) and /dev/random
 *   block until a seed meets the strategy.  A seed is drawn only when what
 *   the sources hold would meet it, so that seeds that cannot reach the
 *   next stage do not drain the sources.
 * - A reseed of a fully seeded LRNG that does not meet the strategy still
 *   goes into the DRNG, but is not a reseed of full strength: it does not
 *   restart the count of generate calls towards lrng_drng_mgr.max_wo_reseed,
 *   after which the LRNG falls back to unseeded and blocks until a seed
 *   meets the strategy again.
 * - On a NUMA machine a reseed that meets the strategy keys the nodes'
 *   DRNG instances from the initial one, which it just reseeded, instead of
 *   from draws of their own, which would find the sources drained.
 * - The Jitter RNG source keeps its pool full (not only until the LRNG is
 *   fully seeded), and the interrupt source reports its credits after full
 *   seeding too, so that its entropy wakes the waiting readers below.
 * - /proc/lrng_type shows "NTG.1 compliant: true" while the LRNG is fully
 *   seeded (hence by a seed that met the strategy), else "false".
 *
 * Prediction resistance.  getrandom(2) with GRND_RANDOM, and reads of
 * /dev/random opened with O_SYNC (or read with RWF_SYNC), come from a
 * DRNG of their own, a ChaCha20 DRNG that serves nothing else (never the
 * DRNG instances or the per-CPU DRNGs, whose state is not reseeded per
 * request; also while an extension's DRNG serves other reads).  Before
 * each block of at most LRNG_DRNG_SECURITY_STRENGTH_BYTES (32) bytes it is
 * reseeded with a seed of its own that meets the strategy: a draw of every
 * entropy source, each asked for the security strength (plus the
 * oversampling), made under the manager's seeding flag so that no other
 * seed operation draws between the check and the draw
 * (lrng_es_draw_pr()).  The block is then generated with fast key erasure
 * (the next key comes from the same ChaCha20 block).  A seed serves one
 * block only: its credit is taken from the sources, and after use it is
 * hashed into the auxiliary pool uncredited, as every seed is.  A draw
 * that falls short of the strategy (a source delivered less than it
 * reported) still goes into this DRNG's state, but gives no output.  The
 * vDSO's getrandom() cannot tell GRND_RANDOM apart: in this mode it
 * passes every call to getrandom(2) (see "vDSO getrandom").
 *
 * Reads.  Such a read returns its full count, as any read of getrandom(2)
 * or /dev/random does, unless a signal arrives: between two blocks a
 * pending signal ends it with the bytes so far; a signal while nothing
 * was copied gives -ERESTARTSYS (EINTR, or a restart under SA_RESTART), as
 * getrandom(2) gives while it waits for seeding.  A reader first waits for
 * the LRNG to be fully seeded, as any reader does; then, before each
 * block, it sleeps (interruptibly) until the sources hold a seed that
 * meets the strategy.  Credits to the auxiliary pool and the Jitter RNG
 * and interrupt sources wake it (at once for the credits of user space
 * and hardware RNGs, made in process context; else through an irq_work,
 * so that a source may credit in any context); it also looks again every
 * second, for sources that credit without a wake-up.  A reader yields the
 * CPU after every block (cond_resched()).  With GRND_NONBLOCK (or O_NONBLOCK, RWF_NOWAIT)
 * it never waits for entropy: it gets EAGAIN when the sources cannot
 * serve the next block and nothing was copied yet, else the count so far.
 * EFAULT comes only when nothing was copied, EIO after a failed self-test,
 * as for every read; a read of 0 bytes returns at once.  The throughput
 * is that of the sources: each block takes 240 bits from each of two of
 * them.  Other reads (getrandom(2) without GRND_RANDOM, /dev/urandom,
 * /dev/random without O_SYNC, get_random_bytes()) are served as without
 * the mode; only the DRNG instances' reseeds compete with these reads for
 * the sources' entropy.
 *
 * Locking.  The readers serialise on the DRNG's mutex, which guards its
 * state and is held for one draw and one block, never while waiting; a
 * blocking reader waits for it interruptibly.  The lock order is: the
 * mutex, then the manager's seeding flag (only tried, never waited for:
 * when another seed operation holds it, the reader sleeps a tick and
 * tries again), then the sources' locks; no code takes the mutex under
 * another lock.  The wait queue's lock is taken only by the waits and the
 * irq_work.
 */

/*
 * The parameter keeps the name upstream's LRNG gives it, lrng_es_mgr.ntg1,
 * which security policies cite, although it is defined here: this object
 * exists only with the option, so a kernel without it has no such
 * parameter (as lrng_es_irq_pool.c keeps the names of lrng_es_irq.c).
 */

#include <linux/cache.h>
#include <linux/compiler.h>
#include <linux/irq_work.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/string.h>
#include <linux/wait.h>

#include "lrng_definitions.h"
#include "lrng_drng_chacha20.h"
#include "lrng_drng_pr.h"
#include "lrng_es_mgr.h"
#include "lrng_ready.h"
#include "lrng_selftest.h"

/******************************************************************
 * 1. The mode
 ******************************************************************/

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "lrng_es_mgr."

/* Set on the command line only (0444), before the first seed. */
static bool lrng_ntg1 __read_mostly;
module_param_named(ntg1, lrng_ntg1, bool, 0444);
MODULE_PARM_DESC(ntg1,
		 "AIS 20/31 NTG.1 seeding strategy, prediction-resistant GRND_RANDOM and O_SYNC /dev/random");

/**
 * lrng_ntg1_enabled() - whether the AIS 20/31 NTG.1 mode is on
 *
 * Return: true when booted with lrng_es_mgr.ntg1=1.
 */
bool lrng_ntg1_enabled(void)
{
	return READ_ONCE(lrng_ntg1);
}

/******************************************************************
 * 2. The prediction-resistant DRNG and its wake-ups
 ******************************************************************/

/**
 * struct lrng_drng_pr - the prediction-resistant DRNG
 * @lock: serialises its readers and guards @cc20 and @keyed; taken in
 *	  process context, held for one draw and one block, before the
 *	  seeding flag and the sources' locks and never under a lock
 * @cc20: the ChaCha20 DRNG, reseeded before every block
 * @keyed: @cc20 holds its constants (lrng_cc20_init() ran)
 */
struct lrng_drng_pr {
	struct mutex lock; /* guards @cc20 and @keyed, see above */
	struct lrng_chacha20 cc20;
	bool keyed;
};

static struct lrng_drng_pr lrng_drng_pr = {
	.lock = __MUTEX_INITIALIZER(lrng_drng_pr.lock),
};

/* Readers waiting for the sources; the wait queue has its own lock. */
static DECLARE_WAIT_QUEUE_HEAD(lrng_drng_pr_wait);

static void lrng_drng_pr_wake_workfn(struct irq_work *work)
{
	wake_up_interruptible(&lrng_drng_pr_wait);
}

/* A source may credit with scheduler locks held: wake from an irq_work. */
static DEFINE_IRQ_WORK(lrng_drng_pr_wake_work, lrng_drng_pr_wake_workfn);

/**
 * lrng_drng_pr_wake() - wake the readers waiting for the sources
 *
 * Called by the entropy source manager whenever a source was credited
 * (lrng_es_add_entropy(), lrng_es_add_entropy_sync()), in any context but
 * NMI.  The credit is visible before the barrier of wq_has_sleeper(),
 * which pairs with the one of the waiter's prepare_to_wait(): a reader
 * either sees it or is woken.
 */
void lrng_drng_pr_wake(void)
{
	if (lrng_ntg1_enabled() && wq_has_sleeper(&lrng_drng_pr_wait))
		irq_work_queue(&lrng_drng_pr_wake_work);
}

/**
 * lrng_drng_pr_wake_sync() - wake the readers, in process context
 *
 * As lrng_drng_pr_wake(), for the credits made in process context with no
 * lock held (lrng_es_add_entropy_sync()): the readers are woken at once,
 * not when the irq_work runs, which on some architectures waits for the
 * next timer tick.
 */
void lrng_drng_pr_wake_sync(void)
{
	might_sleep();
	if (lrng_ntg1_enabled() && wq_has_sleeper(&lrng_drng_pr_wait))
		wake_up_interruptible(&lrng_drng_pr_wait);
}

/******************************************************************
 * 3. Prediction-resistant reads
 ******************************************************************/

/* Whether a reader may draw: fully seeded, and the sources hold a seed. */
static bool lrng_drng_pr_can_draw(void)
{
	return lrng_ready() && lrng_es_pr_avail();
}

/*
 * Wait until the sources hold a seed that meets the strategy.  Returns 0,
 * -EAGAIN for @nonblock, or -ERESTARTSYS on a signal.
 */
static int lrng_drng_pr_wait_entropy(bool nonblock)
{
	long ret;

	while (!lrng_drng_pr_can_draw()) {
		if (nonblock)
			return -EAGAIN;
		if (!lrng_ready())
			ret = lrng_ready_wait();
		else
			/* Again after a second: a source may credit unheard. */
			ret = wait_event_interruptible_timeout(lrng_drng_pr_wait,
							       lrng_drng_pr_can_draw(),
							       HZ);
		if (ret < 0)
			return ret;
	}
	return 0;
}

/* Reseed the DRNG with @sb, which is wiped; called with its mutex held. */
static void lrng_drng_pr_seed(struct lrng_seed_buf *sb)
{
	lockdep_assert_held(&lrng_drng_pr.lock);
	if (!lrng_drng_pr.keyed) {
		lrng_cc20_init(&lrng_drng_pr.cc20);
		lrng_drng_pr.keyed = true;
	}
	lrng_cc20_seed(&lrng_drng_pr.cc20, (const u8 *)sb, sizeof(*sb));
	lrng_es_draw_used(sb);
}

/*
 * One block of @len bytes (at most the security strength) into @out, from
 * the DRNG reseeded just before it with a seed that met the strategy.
 * Returns 0, -EAGAIN for @nonblock when the sources cannot serve it now,
 * or -ERESTARTSYS on a signal.
 */
static int lrng_drng_pr_block(u8 *out, size_t len, bool nonblock)
{
	struct lrng_seed_buf sb;
	bool met = false;
	int ret;

	for (;;) {
		ret = lrng_drng_pr_wait_entropy(nonblock);
		if (ret)
			return ret;
		/* Held for one draw and one block: no EINTR without waiting. */
		if (nonblock)
			mutex_lock(&lrng_drng_pr.lock);
		else if (mutex_lock_interruptible(&lrng_drng_pr.lock))
			return -ERESTARTSYS;
		ret = lrng_es_draw_pr(&sb, &met);
		if (!ret) {
			lrng_drng_pr_seed(&sb);
			if (met)
				lrng_cc20_generate(&lrng_drng_pr.cc20, out, len);
		}
		mutex_unlock(&lrng_drng_pr.lock);
		if (!ret && met)
			return 0;
		if (nonblock)
			return -EAGAIN;
		/* Another seed operation or reader came first: let it end. */
		schedule_timeout_interruptible(1);
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
}

/**
 * lrng_drng_pr_read() - prediction-resistant output for user space
 * @iter: the reader's buffer
 * @nonblock: never wait for entropy (GRND_NONBLOCK, O_NONBLOCK, RWF_NOWAIT)
 *
 * Called by getrandom(2) with GRND_RANDOM and by /dev/random's read with
 * O_SYNC while the NTG.1 mode is on, after the LRNG was fully seeded, in
 * process context.  See "AIS 20/31 NTG.1" for the rules.
 *
 * Return: the bytes copied; with none, -EAGAIN (@nonblock and no seed
 * now), -ERESTARTSYS (a signal), -EFAULT or -EIO (failed self-tests).
 */
ssize_t lrng_drng_pr_read(struct iov_iter *iter, bool nonblock)
{
	u8 block[LRNG_DRNG_SECURITY_STRENGTH_BYTES];
	size_t todo, copied;
	ssize_t total = 0;
	int ret = 0;

	/* As every read: EIO after failed self-tests, whatever the length. */
	if (unlikely(!lrng_selftest_passed()))
		return -EIO;
	while (iov_iter_count(iter)) {
		if (total && signal_pending(current))
			break;
		/* A failed self-test run ends a long read too. */
		if (unlikely(!lrng_selftest_passed())) {
			ret = -EIO;
			break;
		}
		todo = min_t(size_t, iov_iter_count(iter), sizeof(block));
		ret = lrng_drng_pr_block(block, todo, nonblock);
		if (ret)
			break;
		copied = copy_to_iter(block, todo, iter);
		total += copied;
		if (copied != todo) {
			ret = -EFAULT;
			break;
		}
		cond_resched();
	}

	memzero_explicit(block, sizeof(block));
	return total ? total : ret;
}
