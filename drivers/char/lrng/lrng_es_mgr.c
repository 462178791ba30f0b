// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG entropy source manager
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: Entropy source manager
 *
 * The manager keeps one table of entropy sources, in this order: auxiliary
 * pool, CPU, interrupts, Jitter RNG; a source whose Kconfig option is off
 * keeps its place and is skipped.  It turns their output into seeds for
 * the DRNG::
 *
 *   source 0 (aux) ---\
 *   source 1 (CPU) ----+--> seed buffer ----------> DRNG
 *   ...             --/     one slot per source      |
 *                                                    v
 *                                           back into the aux pool
 *
 * Every seed asks each source for LRNG_DRNG_SECURITY_STRENGTH_BITS (256);
 * each source fills its own 64-byte slot of the seed buffer and reports the
 * entropy it credits to that slot.  The entropy of a seed is the sum of
 * what the sources credit, capped at what was asked for.  No source
 * dominates: each fills only its own slot, with at most the requested
 * amount, and all slots go into every seed.  After use, the seed buffer is
 * hashed into the auxiliary pool, uncredited, for backtracking resistance.
 *
 * Seeding stages during boot: the sources are read as soon as together they
 * hold enough entropy to reach the next stage (LRNG_INIT_ENTROPY_BITS,
 * LRNG_MIN_SEED_ENTROPY_BITS, LRNG_FULL_SEED_ENTROPY_BITS).  A stage is
 * reached when a single seed carried its amount; stages in between may be
 * skipped.  Reaching the last one makes the LRNG ready (lrng_ready.c).
 *
 * Once fully seeded, the DRNG manager asks for reseeds; a reseed happens
 * only when the sources hold LRNG_MIN_SEED_ENTROPY_BITS (128), unless
 * forced (RNDRESEEDCRNG, VM fork, resume).
 *
 * SP800-90C (CONFIG_LRNG_OVERSAMPLE_ENTROPY_SOURCES, booted with fips=1,
 * and only when the conditioning hash's digest can carry the larger
 * request): every source is asked for LRNG_OVERSAMPLE_ES_BITS (64) more
 * than it is credited for, the first full seed needs
 * LRNG_SEED_INIT_ADD_BITS (128) more than the security strength, and a
 * reseed needs the full security strength (SP800-90A section 9.2).
 *
 * AIS 20/31 NTG.1 (CONFIG_LRNG_AIS2031_NTG1_SEEDING_STRATEGY, booted with
 * lrng_es_mgr.ntg1=1): a seed makes the LRNG fully seeded, and a reseed
 * counts as full strength, only when two sources each delivered
 * LRNG_NTG1_ES_BITS (240) into it; see "AIS 20/31 NTG.1" for the rest.
 *
 * NUMA: at every reseed of a fully seeded LRNG, the DRNG instance of each
 * further node is reseeded from its own draw of the sources; the seed that
 * ends a fallback to unseeded, and with NTG.1 every reseed that meets it,
 * seeds them from the initial instance.  The seed's generation is
 * published after that.
 *
 * Requests for a seed come from any context (a source that was credited, a
 * DRNG generate call); they are deferred through an irq_work to a work item
 * on system_unbound_wq.  Before workqueues exist, random_init_early() and
 * random_init() seed synchronously, and so do forced reseeds and the
 * credits of user space (RNDADDENTROPY, RNDADDTOENTCNT) and hardware RNGs
 * while the LRNG is not fully seeded: as with random.c, getrandom(2) no
 * longer blocks once such an ioctl that made the LRNG fully seeded has
 * returned.  Only one seed operation runs at a time.
 */

/*
 * In the code: the table is of struct lrng_es_cb, the seed buffer is
 * struct lrng_seed_buf and goes to lrng_drng_seed(); lrng_sp80090c_compliant()
 * tells whether the SP800-90C rules apply, lrng_es_seed_full()
 * (lrng_es_mgr.h) whether a seed makes it fully seeded; lrng_numa.c draws
 * the nodes' seeds with lrng_es_draw() before lrng_drng_publish(),
 * lrng_drng_pr.c the prediction-resistant DRNG's with lrng_es_draw_pr();
 * the synchronous credits go through lrng_es_add_entropy_sync();
 * lrng_es_state.seeding admits one seed operation.  This file decides when
 * to seed and keeps the seeding state; the table, the seeding policy, the
 * drawing of seeds, /proc/lrng_type and the hash switch are in
 * lrng_es_sources.c (lrng_es_sources.h).
 *
 * Sections: 1. the entropy level, 2. seed requests, 3. seed operations,
 * 4. initialisation.
 */

#include <linux/atomic.h>
#include <linux/irq_work.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/workqueue.h>

#include "lrng_drng_mgr.h"
#include "lrng_drng_pr.h"
#include "lrng_es_cpu.h"
#include "lrng_es_mgr.h"
#include "lrng_es_sources.h"
#include "lrng_numa.h"
#include "lrng_ready.h"
#include "lrng_switch.h"

/**
 * struct lrng_es_state - seeding state of the LRNG besides its stage
 *			   (lrng_ready.c)
 * @seeded_bits: entropy of the seeds so far while not fully seeded; written
 *		 only by the holder of @seeding
 * @seeding: 1 while a seed operation runs; taken with a cmpxchg, never waited
 *	     for
 * @async: workqueues exist, seeds may be deferred
 * @pending: a seed was requested before @async was set
 */
struct lrng_es_state {
	u32 seeded_bits;
	atomic_t seeding;
	bool async;
	bool pending;
};

static struct lrng_es_state lrng_es_state = {
	.seeding = ATOMIC_INIT(0),
};

/******************************************************************
 * 1. Entropy level
 *
 * lrng_entropy_level(), from the entropy of the seeds so far and what the
 * sources hold (lrng_es_sources.c).
 ******************************************************************/

/**
 * lrng_entropy_level() - the value of entropy_avail and RNDGETENTCNT
 *
 * As with random.c, the value grows from 0 to 256 until the LRNG is fully
 * seeded and stays at 256 while it is.
 *
 * Return: entropy in bits, 0 to LRNG_DRNG_SECURITY_STRENGTH_BITS.
 */
u32 lrng_entropy_level(void)
{
	if (lrng_ready())
		return LRNG_DRNG_SECURITY_STRENGTH_BITS;
	return min_t(u32, READ_ONCE(lrng_es_state.seeded_bits) +
			  lrng_es_avail_entropy(),
		     LRNG_DRNG_SECURITY_STRENGTH_BITS - 1);
}

/******************************************************************
 * 2. Seed requests
 *
 * lrng_es_request_seed(), lrng_es_add_entropy() and
 * lrng_es_add_entropy_sync(): from any context, deferred to a work item.
 ******************************************************************/

static void lrng_es_seed_workfn(struct work_struct *work)
{
	lrng_es_reseed(false);
}

static DECLARE_WORK(lrng_es_seed_work, lrng_es_seed_workfn);

/* Runs in hard-IRQ context, where queueing work cannot deadlock. */
static void lrng_es_irq_workfn(struct irq_work *work)
{
	queue_work(system_unbound_wq, &lrng_es_seed_work);
}

static DEFINE_IRQ_WORK(lrng_es_irq_work, lrng_es_irq_workfn);

/**
 * lrng_es_request_seed() - ask for a seed operation soon
 *
 * Callable in any context, including with scheduler locks held.
 */
void lrng_es_request_seed(void)
{
	if (likely(READ_ONCE(lrng_es_state.async)))
		irq_work_queue(&lrng_es_irq_work);
	else
		WRITE_ONCE(lrng_es_state.pending, true);
}

/**
 * lrng_es_add_entropy() - a source was credited with entropy
 *
 * While the LRNG is not fully seeded, asks for a seed when the sources
 * together reach the next seeding stage; wakes the readers waiting for
 * prediction-resistant output.  Callable in any context.
 */
void lrng_es_add_entropy(void)
{
	enum lrng_seed_stage stage = lrng_seed_stage();
	u32 es_bits[LRNG_ES_MAX];

	lrng_drng_pr_wake();
	if (likely(stage == LRNG_FULLY_SEEDED))
		return;
	if (lrng_es_stage(lrng_es_avail(es_bits), es_bits) > stage)
		lrng_es_request_seed();
}

/*
 * Seed in process context, waiting while another seed operation runs (it
 * may have drawn before the caller's event); without @force only until
 * the LRNG is fully seeded, with it always once.
 */
static void lrng_es_reseed_wait(bool force)
{
	might_sleep();
	while ((force || lrng_seed_stage() != LRNG_FULLY_SEEDED) &&
	       lrng_es_reseed(force) == -EBUSY)
		schedule_timeout_uninterruptible(1);
}

/**
 * lrng_es_add_entropy_sync() - a source was credited, in process context
 *
 * As lrng_es_add_entropy(), but the seed is done before the call returns,
 * as random.c's credit_init_bits() reseeds in its caller: once
 * RNDADDENTROPY, RNDADDTOENTCNT or a hardware RNG's credit returns, the
 * stage the credit reaches is reached (getrandom(2) no longer blocks when
 * it was the last).  A seed operation that runs already may have drawn
 * before the credit: wait for it to end, then try again.  Nothing to do
 * once fully seeded, as in random.c.
 */
void lrng_es_add_entropy_sync(void)
{
	lrng_drng_pr_wake_sync();
	lrng_es_reseed_wait(false);
}

/******************************************************************
 * 3. Seed operations
 *
 * lrng_es_reseed() and lrng_es_reseed_nosleep() under the seeding flag,
 * with lrng_es_draw() for the NUMA nodes (lrng_numa.c);
 * lrng_es_draw_pr() for the prediction-resistant DRNG (lrng_drng_pr.c);
 * lrng_es_reseed_sync(), lrng_es_unseed().  The seeds are drawn with
 * lrng_es_fill() and lrng_es_draw() of lrng_es_sources.c.
 ******************************************************************/

/**
 * lrng_es_draw_pr() - a seed for the prediction-resistant DRNG
 * @sb: the seed buffer to fill; after use, hand it to lrng_es_draw_used()
 * @met: set to whether the seed meets the NTG.1 strategy
 *
 * A seed operation of its own, under the seeding flag, so that no other
 * draws between the check and the draw: the sources are drawn only when
 * they hold what the strategy needs (lrng_es_pr_avail()), each asked for
 * the security strength plus the oversampling, as for a reseed.  The DRNG
 * instances are not touched.  Callable in any context but NMI.
 *
 * Return: 0 when drawn, -EBUSY when another seed operation runs, -EAGAIN
 * when the sources hold too little; nothing is drawn on an error.
 */
int lrng_es_draw_pr(struct lrng_seed_buf *sb, bool *met)
{
	int ret = -EAGAIN;

	if (atomic_cmpxchg_acquire(&lrng_es_state.seeding, 0, 1))
		return -EBUSY;
	if (lrng_es_pr_avail()) {
		lrng_es_fill(sb, LRNG_DRNG_SECURITY_STRENGTH_BITS);
		*met = lrng_ntg1_seed_met(sb->bits);
		ret = 0;
	}
	atomic_set_release(&lrng_es_state.seeding, 0);
	return ret;
}

/*
 * Seed the DRNG from the entropy sources (lrng_es_reseed()).  With
 * @nosleep, never the switched DRNG, which takes a mutex: -EBUSY when one
 * serves, before any entropy is drawn; a switch that comes after that test
 * makes lrng_drng_seed_nosleep() say so.
 */
static int __lrng_es_reseed(bool force, bool nosleep)
{
	struct lrng_seed_buf sb;
	enum lrng_seed_stage stage, next;
	u32 es_bits[LRNG_ES_MAX];
	u32 avail, bits;
	bool full, ntg1 = lrng_ntg1_enabled();
	int ret = 0;

	if (atomic_cmpxchg_acquire(&lrng_es_state.seeding, 0, 1))
		return -EBUSY;
	if (nosleep && lrng_drng_switched()) {
		atomic_set_release(&lrng_es_state.seeding, 0);
		return -EBUSY;
	}

	stage = lrng_seed_stage();
	avail = lrng_es_avail(es_bits);
	if (!force &&
	    ((stage == LRNG_FULLY_SEEDED && avail < lrng_es_reseed_min_bits()) ||
	     (stage != LRNG_FULLY_SEEDED &&
	      lrng_es_stage(avail, es_bits) <= stage))) {
		/* Or every generate call would ask again (force_reseed). */
		lrng_drng_reseed_skipped();
		atomic_set_release(&lrng_es_state.seeding, 0);
		return -EAGAIN;
	}

	bits = lrng_es_fill(&sb, stage == LRNG_FULLY_SEEDED ?
				 LRNG_DRNG_SECURITY_STRENGTH_BITS :
				 lrng_es_full_seed_bits());
	next = lrng_es_stage(bits, sb.bits);
	full = next == LRNG_FULLY_SEEDED ||
	       (stage == LRNG_FULLY_SEEDED &&
		lrng_es_reseed_full(bits, sb.bits, ntg1));
	if (nosleep)
		ret = lrng_drng_seed_nosleep(&sb, sizeof(sb), full);
	else
		lrng_drng_seed(&sb, sizeof(sb), full);
	lrng_es_draw_used(&sb);
	/*
	 * A fallback ended: the nodes' states are from before it.  With NTG.1
	 * a reseed that meets it keys them too: draws of their own would find
	 * the sources drained and never meet it.
	 */
	if (stage == LRNG_FULLY_SEEDED ? ntg1 && full :
					 next == LRNG_FULLY_SEEDED)
		lrng_numa_rekey_nodes();
	else if (stage == LRNG_FULLY_SEEDED)
		lrng_numa_seed_nodes(force);
	/* After the nodes: see lrng_drng_publish(). */
	lrng_drng_publish();

	if (stage != LRNG_FULLY_SEEDED) {
		WRITE_ONCE(lrng_es_state.seeded_bits,
			   min_t(u32, lrng_es_state.seeded_bits + bits,
				 LRNG_DRNG_SECURITY_STRENGTH_BITS));
		if (next > stage) {
			lrng_ready_stage_set(next);
			pr_info("LRNG %s with %u bits of entropy\n",
				lrng_seed_stage_name(next), bits);
		}
	}
	atomic_set_release(&lrng_es_state.seeding, 0);

	if (stage != LRNG_FULLY_SEEDED && next == LRNG_FULLY_SEEDED)
		lrng_ready_transition();
	/* Until the NUMA nodes have their instances: a no-op after that. */
	if (full && READ_ONCE(lrng_es_state.async))
		lrng_numa_alloc();
	return ret;
}

/**
 * lrng_es_reseed() - seed the DRNG from the entropy sources
 * @force: seed even when the sources hold too little entropy for the next
 *	   stage or, once fully seeded, for a reseed
 *
 * Callable in any context but NMI while the ChaCha20 DRNGs serve; in
 * process context only while a switched DRNG does (lrng_drng_seed()).
 *
 * Return: 0 when the DRNG was seeded, -EBUSY when another seed operation
 * runs, -EAGAIN when the sources hold too little entropy.
 */
int lrng_es_reseed(bool force)
{
	return __lrng_es_reseed(force, false);
}

/**
 * lrng_es_reseed_nosleep() - forced reseed that never sleeps
 *
 * For events in atomic context (a VM fork reported by an interrupt): it
 * never waits, neither for a seed operation that runs nor for the mutex
 * of a switched DRNG, and leaves those cases to the caller, which must
 * then reseed in process context (lrng_es_reseed_sync()).  Callable in
 * any context but NMI.
 *
 * Return: 0 when the DRNG was seeded, -EBUSY when another seed operation
 * runs or a switched DRNG serves, which was not seeded (the ChaCha20 DRNGs
 * may have been).
 */
int lrng_es_reseed_nosleep(void)
{
	return __lrng_es_reseed(true, true);
}

/**
 * lrng_es_reseed_due() - seed before output, because a reseed is due
 * @can_sleep: the caller is in process context and holds no lock
 *
 * Called before a generate call of a DRNG due for a reseed.  The seed is
 * done before the call returns, so that the output comes from the new
 * state, except where the context cannot wait: without @can_sleep, a
 * switched DRNG, whose seed takes a mutex, and a seed operation that runs
 * already leave the seed to the work item, and the output comes from the
 * state before it.  Too little entropy skips the reseed until the next
 * threshold, as every reseed does.  Callable in any context but NMI.
 */
void lrng_es_reseed_due(bool can_sleep)
{
	if (__lrng_es_reseed(false, !can_sleep) == -EBUSY)
		lrng_es_request_seed();
}

/**
 * lrng_es_reseed_sync() - forced reseed after an event, in process context
 *
 * The caller (RNDRESEEDCRNG, a VM fork, a resume) wants a seed drawn after
 * its event.  A seed operation that runs already may have drawn before it:
 * wait for that one to end, then seed.
 */
void lrng_es_reseed_sync(void)
{
	lrng_es_reseed_wait(true);
}

/* For printk_deferred(), which takes the level and prefix in the format. */
static const char lrng_es_unseed_msg[] = KERN_WARNING
	"random: LRNG not reseeded for too long: unseeded until the entropy sources reseed it\n";

/**
 * lrng_es_unseed() - fall back to unseeded after too long without reseed
 */
void lrng_es_unseed(void)
{
	if (!lrng_ready())
		return;
	WRITE_ONCE(lrng_es_state.seeded_bits, 0);
	lrng_ready_lost();
	/* From a generate call: any context, scheduler locks held too. */
	printk_deferred(lrng_es_unseed_msg);
	lrng_es_request_seed();
}

/******************************************************************
 * 4. Initialisation
 *
 * lrng_es_mgr_init_early(), lrng_es_mgr_init().
 ******************************************************************/

/**
 * lrng_es_mgr_init_early() - first seed, from random_init_early()
 *
 * Interrupts are off and there are no workqueues yet: seed synchronously
 * with whatever the sources hold, so that every output from now on comes
 * from a seeded DRNG.
 */
void __init lrng_es_mgr_init_early(void)
{
	lrng_cpu_init_early();
	lrng_es_reseed(true);
}

/**
 * lrng_es_mgr_init() - allow deferred seeding once workqueues exist
 */
void lrng_es_mgr_init(void)
{
	WRITE_ONCE(lrng_es_state.async, true);
	if (READ_ONCE(lrng_es_state.pending))
		lrng_es_request_seed();
	if (lrng_ready())
		lrng_numa_alloc();
}
