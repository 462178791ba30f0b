// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG DRNG manager
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: DRNG manager
 *
 * The DRNG manager owns the DRNG instance that all random numbers derive
 * from: getrandom(2), /dev/random, /dev/urandom, get_random_bytes() and the
 * get_random_u8() .. get_random_u64() batches (one instance per NUMA node on
 * a NUMA machine).  The instance is the ChaCha20 DRNG, usable from any
 * context.  It counts generate calls, tracks the time of the last seed,
 * asks the entropy source manager for reseeds and publishes a new
 * generation at every seed.
 *
 * With the DRBG from boot (CONFIG_LRNG_DRNG_BOOT_DRBG, lrng_drng_boot.c)
 * the instance takes no seed but 32 bytes of the DRBG's output, which
 * replace its state at every seed once the DRBG serves.
 *
 * Output does not come from the instance directly: every CPU has its own
 * ChaCha20 DRNG, keyed from the instance whenever the instance's generation
 * moved, so that a seeded system takes no global lock to produce random
 * numbers.
 *
 * Seeding: every seed advances the instance's generation; once the seed
 * operation has reseeded the NUMA nodes' instances too, the manager
 * publishes it, which invalidates the per-CPU batches and makes the vDSO
 * re-key.
 *
 * Reseeding: every generate call (at most 4096 bytes) first checks whether
 * a reseed is due: more than LRNG_DRNG_RESEED_MAX_TIME (600) seconds or
 * LRNG_DRNG_RESEED_THRESH (2^20) generate calls since the last seed, or
 * data injected by writing to /dev/random or /dev/urandom or with
 * RNDADDENTROPY.  If so, it has the entropy source manager seed before it
 * generates where the context allows, as random.c reseeds a key that is
 * too old before using it; elsewhere the seed is queued and the call is
 * served from the current state.  A delayed work item also reseeds
 * LRNG_DRNG_RESEED_MAX_TIME seconds after the last seed on a system that
 * asks for no random numbers, so that the vDSO generation keeps moving.  A
 * reseed that finds less than 128 bits in the sources is skipped: the
 * counters restart, of every NUMA node's instance too, and the DRNG goes
 * on with its state.  RNDRESEEDCRNG, a VM fork, resume from suspend
 * (without autosleep) and restore from hibernation force a reseed with
 * whatever the sources hold, after waiting for a seed operation that
 * already runs.  A VM fork reported from a hard interrupt (the device-tree
 * vmgenid driver) reseeds at once only when that needs no waiting (no
 * other seed operation runs, no switched DRNG); otherwise a work item
 * reseeds right after.
 *
 * Fallback: a reseed with at least 128 bits counts as full strength.  After
 * lrng_drng_mgr.max_wo_reseed (default LRNG_DRNG_MAX_WITHOUT_RESEED, 2^30)
 * generate calls without a full-strength reseed, the LRNG falls back to
 * unseeded: getrandom(2) and /dev/random block again until the sources
 * fully seed it, which is logged as "crng fully seeded again".  Every NUMA
 * node's instance then counts as not fully seeded too, and the seed that
 * ends the fallback seeds them from the initial instance.
 */

/*
 * In the code: a switched DRNG's state lives in lrng_switch.c, which then
 * serves user space (lrng_drng_get_sleep()) and takes every seed
 * (lrng_drng_seed()).  The per-CPU DRNGs are in lrng_drng_pcpu.c; the
 * instance (struct lrng_drng) and its reseed check, which every generate
 * call runs, are in lrng_drng_mgr.h for it (lrng_es_reseed_due() says which
 * contexts only queue the seed).  lrng_numa.c owns the nodes' instances
 * and their lifecycle, with the operations on one instance from here
 * (lrng_drng_node_alloc(), lrng_drng_inst_*()); lrng_drng_publish()
 * publishes a generation; lrng_ready.c records the fallback.
 *
 * Sections: 1. the instances and their reseed bookkeeping, 2. seeding,
 * 3. one instance, for the NUMA nodes, 4. initialisation and
 * /proc/lrng_type.
 */

#include <linux/jiffies.h>
#include <linux/moduleparam.h>
#include <linux/nodemask.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include "lrng_definitions.h"
#include "lrng_drng_chacha20.h"
#include "lrng_drng_mgr.h"
#include "lrng_drng_pcpu.h"
#include "lrng_es_mgr.h"
#include "lrng_hash.h"
#include "lrng_numa.h"
#include "lrng_ready.h"
#include "lrng_switch.h"
#include "lrng_vdso.h"

/******************************************************************
 * 1. The instances and their reseed bookkeeping
 *
 * The initial instance, the reseed parameters and the delayed work that
 * reseeds an idle system; lrng_drng_seed_cc20() seeds one instance under
 * its lock.
 ******************************************************************/

struct lrng_drng lrng_drng_init = {
	.lock = __SPIN_LOCK_UNLOCKED(lrng_drng_init.lock),
	.requests = ATOMIC_INIT(LRNG_DRNG_RESEED_THRESH),
};

/*
 * The initial DRNG's @generation, published for lrng_drng_generation()
 * (inline, lrng_drng_mgr.h), which every get_random_uN() reads: written
 * by lrng_drng_publish() once a seed operation seeded every instance;
 * read without lock.
 */
unsigned long lrng_drng_init_generation __read_mostly;

u32 lrng_max_wo_reseed = LRNG_DRNG_MAX_WITHOUT_RESEED;
module_param_named(max_wo_reseed, lrng_max_wo_reseed, uint,
		   IS_ENABLED(CONFIG_LRNG_RUNTIME_MAX_WO_RESEED_CONFIG) ?
		   0644 : 0444);
MODULE_PARM_DESC(max_wo_reseed,
		 "Generate calls without reseed of full strength before falling back to unseeded");
u32 lrng_reseed_max_time = LRNG_DRNG_RESEED_MAX_TIME;

/* Set once workqueues exist; before, nothing is scheduled. */
static bool lrng_drng_wq_ready __read_mostly;

static void lrng_drng_reseed_workfn(struct work_struct *work)
{
	lrng_es_reseed(false);
}

static DECLARE_DELAYED_WORK(lrng_drng_reseed_work, lrng_drng_reseed_workfn);

static void lrng_drng_schedule_reseed(void)
{
	if (READ_ONCE(lrng_drng_wq_ready))
		mod_delayed_work(system_unbound_wq, &lrng_drng_reseed_work,
				 lrng_reseed_max_time * HZ);
}

/**
 * lrng_drng_reseed_max_time() - seconds after which a reseed is due
 *
 * Return: the reseed interval in seconds.
 */
u32 lrng_drng_reseed_max_time(void)
{
	return READ_ONCE(lrng_reseed_max_time);
}

/* Start counting towards the next reseed; @full: this one was full. */
static void lrng_drng_reset_counters(struct lrng_drng *drng, bool full)
{
	u64 since = lrng_drng_calls(drng);

	atomic64_add(since, &drng->served);
	if (full)
		atomic64_set(&drng->calls_wo_full_seed, 0);
	else
		atomic64_add(since, &drng->calls_wo_full_seed);
	atomic_set(&drng->requests, LRNG_DRNG_RESEED_THRESH);
	WRITE_ONCE(drng->last_seeded, jiffies);
	WRITE_ONCE(drng->force_reseed, false);
}

/*
 * Seed a ChaCha20 DRNG instance and advance its generation, which makes the
 * per-CPU DRNGs keyed from it rekey; lrng_drng_publish() tells the batches
 * and the vDSO.  @drbg_key: @seed is output of the DRBG that serves from
 * boot, or of an instance keyed only from it; the seed then replaces the
 * state instead of being mixed into it, so that the state derives from
 * the DRBG alone (see "The DRBG from boot" in lrng_drng_boot.c).
 */
static void lrng_drng_seed_cc20(struct lrng_drng *drng, const void *seed,
				size_t len, bool full, bool drbg_key)
{
	unsigned long flags, generation;

	spin_lock_irqsave(&drng->lock, flags);
	if (!drng->seeded || drbg_key)
		lrng_cc20_init(&drng->cc20);
	lrng_cc20_seed(&drng->cc20, seed, len);
	drng->drbg_keyed = drbg_key;
	/* Read without the lock: lrng_drng_was_seeded(). */
	WRITE_ONCE(drng->seeded, true);
	lrng_drng_reset_counters(drng, full);

	generation = drng->generation + 1;
	if (generation == ULONG_MAX)
		generation++;
	WRITE_ONCE(drng->generation, generation);
	spin_unlock_irqrestore(&drng->lock, flags);
}

/******************************************************************
 * 2. Seeding
 *
 * lrng_drng_seed(), lrng_drng_seed_nosleep() and lrng_drng_publish() for
 * the entropy source manager; lrng_drng_reseed_skipped(),
 * lrng_drng_force_reseed(), lrng_drng_count_generate() for the reseed
 * counters.
 ******************************************************************/

/**
 * lrng_drng_publish() - publish the generation of the last seed
 *
 * Called by the entropy source manager when a seed operation has seeded
 * every instance it seeds, the NUMA nodes' too: only then may the per-CPU
 * batches refill and the vDSO re-key.  Published earlier, a CPU of another
 * node could refill its batch from its node's instance before that was
 * reseeded, tag the old output with the new generation and keep it past
 * the reseed (after a VM fork: the same bytes in every clone).  Callers
 * hold the manager's seeding flag, so publications are serialized.
 */
void lrng_drng_publish(void)
{
	unsigned long generation = READ_ONCE(lrng_drng_init.generation);

	/* Pairs with the acquire in lrng_drng_generation(). */
	smp_store_release(&lrng_drng_init_generation, generation);
	/* The vDSO's invalid generation is 0, ours ULONG_MAX: shift by one. */
	lrng_vdso_set_generation(generation + 1);
}

/**
 * lrng_drng_seed() - seed the DRNGs and advance the generation
 * @seed: seed buffer from the entropy source manager
 * @len: length of @seed in bytes
 * @full: the seed carries entropy of full strength
 *
 * Callable in any context while the ChaCha20 DRNGs serve; in process
 * context only while a switched DRNG does, which takes the seed and then
 * seeds the ChaCha20 DRNGs from its output.  When it fails, the ChaCha20
 * DRNGs take the seed instead, so that no entropy is lost.
 */
void lrng_drng_seed(const void *seed, size_t len, bool full)
{
	u8 key[LRNG_DRNG_SECURITY_STRENGTH_BYTES];

	if (lrng_drng_switched() &&
	    !lrng_switch_drng_seed(seed, len, key, sizeof(key))) {
		lrng_drng_seed_cc20(&lrng_drng_init, key, sizeof(key), full,
				    lrng_drng_boot_drbg());
		memzero_explicit(key, sizeof(key));
	} else {
		lrng_drng_seed_cc20(&lrng_drng_init, seed, len, full, false);
	}
	lrng_drng_schedule_reseed();
}

/**
 * lrng_drng_seed_nosleep() - seed the ChaCha20 DRNGs, in any context
 * @seed: seed buffer from the entropy source manager
 * @len: length of @seed in bytes
 * @full: the seed carries entropy of full strength
 *
 * As lrng_drng_seed(), but never the switched DRNG, whose seed takes a
 * mutex: this takes only spinlocks, so that it cannot sleep whatever
 * happens to the switched DRNG meanwhile.  While the DRBG from boot serves,
 * the ChaCha20 DRNGs take no seed but its output: then nothing is seeded.
 *
 * Return: 0, or -EBUSY when a switched DRNG serves, which did not get the
 * seed (the ChaCha20 DRNGs did, so that no entropy is lost, unless the
 * DRBG from boot serves): the caller must reseed in process context for
 * it.
 */
int lrng_drng_seed_nosleep(const void *seed, size_t len, bool full)
{
	if (lrng_drng_boot_drbg())
		return -EBUSY;
	lrng_drng_seed_cc20(&lrng_drng_init, seed, len, full, false);
	lrng_drng_schedule_reseed();
	return lrng_drng_switched() ? -EBUSY : 0;
}

/**
 * lrng_drng_reseed_skipped() - a seed found too little entropy
 *
 * The DRNG instances, the NUMA nodes' too, go on with their state and ask
 * again when the next threshold is reached (before full seeding the
 * sources' credits ask), not at every generate call.
 */
void lrng_drng_reseed_skipped(void)
{
	lrng_drng_inst_skipped(&lrng_drng_init);
	lrng_numa_skipped();
	lrng_drng_schedule_reseed();
}

/**
 * lrng_drng_force_reseed() - reseed before the next output
 *
 * Called when user data was injected.
 */
void lrng_drng_force_reseed(void)
{
	lrng_drng_inst_force_reseed(&lrng_drng_init);
	lrng_numa_force_reseed();
}

/**
 * lrng_drng_was_seeded() - whether the DRNG ever received a seed
 *
 * Return: true once the first seed went in.
 */
bool lrng_drng_was_seeded(void)
{
	return READ_ONCE(lrng_drng_init.seeded);
}

/**
 * lrng_drng_count_generate() - count a generate call of the switched DRNG
 *
 * The switched DRNG takes its seeds with the initial instance
 * (lrng_drng_seed()), so its generate calls count towards that instance's
 * reseed and fallback.  Called by lrng_switch.c, in process context.
 */
void lrng_drng_count_generate(void)
{
	lrng_drng_count_calls(&lrng_drng_init, 1);
}

/******************************************************************
 * 3. One instance, for the NUMA nodes
 *
 * lrng_drng_node_alloc(), lrng_drng_node_free() and lrng_drng_inst_*():
 * the operations lrng_numa.c runs on each node's instance.
 ******************************************************************/

/*
 * Key for another instance: 32 bytes of the initial instance's key stream.
 * Returns whether the initial instance was keyed only from the DRBG from
 * boot, so that the key is DRBG output at one remove.
 */
static bool lrng_drng_init_key(u8 key[LRNG_DRNG_SECURITY_STRENGTH_BYTES])
{
	unsigned long flags;
	bool drbg_keyed;

	spin_lock_irqsave(&lrng_drng_init.lock, flags);
	lrng_cc20_generate(&lrng_drng_init.cc20, key,
			   LRNG_DRNG_SECURITY_STRENGTH_BYTES);
	drbg_keyed = lrng_drng_init.drbg_keyed;
	spin_unlock_irqrestore(&lrng_drng_init.lock, flags);
	return drbg_keyed;
}

/**
 * lrng_drng_node_alloc() - a DRNG instance for a NUMA node
 * @node: the node, whose memory holds the instance
 *
 * The instance is keyed from the initial instance, so that it can serve at
 * once, and asks for a reseed from the entropy sources at its first use.
 * Process context.
 *
 * Return: the instance, or NULL without memory.
 */
struct lrng_drng *lrng_drng_node_alloc(int node)
{
	u8 key[LRNG_DRNG_SECURITY_STRENGTH_BYTES];
	struct lrng_drng *drng;

	drng = kzalloc_node(sizeof(*drng), GFP_KERNEL, node);
	if (!drng)
		return NULL;
	spin_lock_init(&drng->lock);
	atomic_set(&drng->requests, LRNG_DRNG_RESEED_THRESH);

	drng->drbg_keyed = lrng_drng_init_key(key);
	lrng_cc20_init(&drng->cc20);
	lrng_cc20_seed(&drng->cc20, key, sizeof(key));
	memzero_explicit(key, sizeof(key));
	drng->seeded = true;
	drng->generation = 1;
	drng->last_seeded = jiffies;
	drng->force_reseed = true;
	return drng;
}

/**
 * lrng_drng_node_free() - free an instance of lrng_drng_node_alloc()
 * @drng: the instance, never used
 */
void lrng_drng_node_free(struct lrng_drng *drng)
{
	lrng_cc20_zero(&drng->cc20);
	kfree(drng);
}

/**
 * lrng_drng_init_instance() - the initial DRNG instance
 *
 * Return: the instance that serves the first NUMA node.
 */
struct lrng_drng *lrng_drng_init_instance(void)
{
	return &lrng_drng_init;
}

/**
 * lrng_drng_inst_seed() - seed a NUMA node's DRNG instance
 * @drng: the instance, of lrng_drng_node_alloc()
 * @seed: seed buffer from the entropy source manager
 * @len: length of @seed in bytes
 * @full: the seed carries entropy of full strength
 */
void lrng_drng_inst_seed(struct lrng_drng *drng, const void *seed, size_t len,
			 bool full)
{
	lrng_drng_seed_cc20(drng, seed, len, full, false);
}

/**
 * lrng_drng_inst_rekey() - seed a NUMA node's instance from the initial one
 * @drng: the instance, of lrng_drng_node_alloc()
 *
 * A seed of full strength: 32 bytes of the initial instance's key stream,
 * as at the allocation.  While the initial instance is keyed only from the
 * DRBG from boot, the key replaces the instance's state.
 */
void lrng_drng_inst_rekey(struct lrng_drng *drng)
{
	u8 key[LRNG_DRNG_SECURITY_STRENGTH_BYTES];
	bool drbg_key;

	drbg_key = lrng_drng_init_key(key);
	lrng_drng_seed_cc20(drng, key, sizeof(key), true, drbg_key);
	memzero_explicit(key, sizeof(key));
}

/**
 * lrng_drng_inst_skipped() - an instance's reseed found too little entropy
 * @drng: the instance
 *
 * The instance goes on with its state and asks again when the next
 * threshold is reached, not at every generate call.
 */
void lrng_drng_inst_skipped(struct lrng_drng *drng)
{
	unsigned long flags;

	spin_lock_irqsave(&drng->lock, flags);
	lrng_drng_reset_counters(drng, false);
	spin_unlock_irqrestore(&drng->lock, flags);
}

/**
 * lrng_drng_inst_force_reseed() - make an instance reseed before its output
 * @drng: the instance
 */
void lrng_drng_inst_force_reseed(struct lrng_drng *drng)
{
	WRITE_ONCE(drng->force_reseed, true);
}

/**
 * lrng_drng_inst_state() - the /proc/lrng_type line of an instance
 * @m: seq_file to write to
 * @node: the NUMA node it serves
 * @drng: the instance
 */
void lrng_drng_inst_state(struct seq_file *m, int node, struct lrng_drng *drng)
{
	seq_printf(m, "DRNG instance of NUMA node %d: generation %lu, generate calls %llu\n",
		   node, READ_ONCE(drng->generation),
		   atomic64_read(&drng->served) + lrng_drng_calls(drng) +
		   lrng_drng_pcpu_pending(drng));
}

/******************************************************************
 * 4. Initialisation and /proc/lrng_type
 *
 * lrng_drng_mgr_init(), lrng_drng_mgr_state().
 ******************************************************************/

/**
 * lrng_drng_mgr_init() - start the periodic reseed once workqueues exist
 */
void lrng_drng_mgr_init(void)
{
	WRITE_ONCE(lrng_drng_wq_ready, true);
	lrng_drng_schedule_reseed();
}

/**
 * lrng_drng_mgr_state() - the DRNG lines of /proc/lrng_type
 * @m: seq_file to write to
 */
void lrng_drng_mgr_state(struct seq_file *m)
{
	lrng_switch_drng_state(m);
	seq_printf(m, "DRNG for in-kernel callers: %s\n",
		   lrng_drng_boot_drbg() ? "ChaCha20 keyed from the DRBG" :
					   "ChaCha20");
	seq_printf(m, "ChaCha20 bulk output: %s\n", lrng_cc20_bulk_name());
	seq_printf(m, "LRNG security strength in bits: %d\n",
		   LRNG_DRNG_SECURITY_STRENGTH_BITS);
	/* Until the NUMA nodes have their own, one instance serves them all. */
	if (!lrng_numa_state(m)) {
		seq_puts(m, "Number of DRNG instances: 1\n");
		lrng_drng_inst_state(m, first_online_node, &lrng_drng_init);
	}
	seq_printf(m, "DRNG generation: %lu\n", lrng_drng_generation());
	seq_printf(m, "Reseed interval in seconds: %u\n",
		   lrng_drng_reseed_max_time());
}
