// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG DRNG manager
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The DRNG manager owns the DRNG instance that serves every random number:
 * getrandom(2), /dev/random, /dev/urandom, get_random_bytes() and the
 * get_random_u8() .. get_random_u64() batches.  The instance is the ChaCha20
 * DRNG of lrng_drng_chacha20.c, usable from any context.
 *
 * Switched DRNG: an extension (the SP800-90A DRBG, the kernel crypto API)
 * may install its own DRNG with lrng_set_drng_cb().  Its state lives in
 * lrng_switch.c: it then serves getrandom(2) and the devices
 * (lrng_drng_get_sleep()) and takes every seed (lrng_drng_seed()); the
 * ChaCha20 DRNGs keep serving in-kernel callers, who may be in atomic
 * context, and are seeded from the switched DRNG's output.
 *
 * Output: every CPU has its own ChaCha20 DRNG, keyed from the instance
 * whenever the instance's generation moved, so that a seeded system takes
 * no global lock to produce random numbers.
 *
 * Seeding: the entropy source manager hands a seed buffer to
 * lrng_drng_seed().  Every seed advances the instance's generation; once
 * the seed operation has reseeded the NUMA nodes' instances too, the
 * manager publishes it (lrng_drng_publish()), which invalidates the per-CPU
 * batches and makes the vDSO re-key.
 *
 * Reseeding: every generate call checks whether a reseed is due (more than
 * LRNG_DRNG_RESEED_THRESH calls or LRNG_DRNG_RESEED_MAX_TIME seconds since
 * the last seed, or injected user data).  It never seeds itself: it asks the
 * entropy source manager to seed, which happens in process context.  A
 * delayed work item also reseeds after LRNG_DRNG_RESEED_MAX_TIME seconds on
 * a system that asks for no random numbers, so that the vDSO generation
 * keeps moving.
 *
 * NUMA: once the LRNG is fully seeded, every other node gets a DRNG
 * instance of its own, in its own memory; lrng_numa.c owns them and their
 * lifecycle, with the operations on one instance from here
 * (lrng_drng_node_alloc(), lrng_drng_inst_*()).  The initial instance
 * serves the first node.  A CPU's per-CPU DRNG is keyed from its node's
 * instance.
 *
 * Fallback: after LRNG_DRNG_MAX_WITHOUT_RESEED generate calls without a
 * reseed of full strength the LRNG falls back to unseeded (lrng_ready.c) and
 * the blocking interfaces block again until the sources reseed it.
 */

#include <linux/irqflags.h>
#include <linux/jiffies.h>
/* Before local_lock.h, which uses preempt_disable() without including it. */
#include <linux/preempt.h>
#include <linux/local_lock.h>
#include <linux/moduleparam.h>
#include <linux/nodemask.h>
#include <linux/slab.h>
#include <linux/topology.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include "lrng_definitions.h"
#include "lrng_drng_chacha20.h"
#include "lrng_drng_mgr.h"
#include "lrng_es_mgr.h"
#include "lrng_hash.h"
#include "lrng_numa.h"
#include "lrng_ready.h"
#include "lrng_switch.h"
#include "lrng_vdso.h"

/**
 * struct lrng_drng - one DRNG instance and its reseed bookkeeping
 * @cc20: the ChaCha20 DRNG state
 * @lock: guards @cc20, @seeded and the writes to @generation and
 *	  @last_seeded; taken in any context, held only around one generate
 *	  or seed operation
 * @generation: advanced at every seed, never ULONG_MAX
 * @last_seeded: jiffies of the last seed
 * @requests: generate calls left before a reseed is due
 * @calls_wo_full_seed: generate calls without a reseed of full strength,
 *		       up to the last reseed or skipped reseed (the calls
 *		       since then are counted by @requests)
 * @seeded: @cc20 was seeded at least once
 * @force_reseed: reseed before the next output (user data was injected)
 * @served: generate calls up to the last reseed or skipped reseed; written
 *	    under @lock
 */
struct lrng_drng {
	struct lrng_chacha20 cc20;
	spinlock_t lock; /* guards the DRNG state, see @lock above */
	unsigned long generation;
	unsigned long last_seeded;
	atomic_t requests;
	u64 calls_wo_full_seed;
	bool seeded;
	bool force_reseed;
	u64 served;
};

static struct lrng_drng lrng_drng_init = {
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

static u32 lrng_max_wo_reseed = LRNG_DRNG_MAX_WITHOUT_RESEED;
module_param_named(max_wo_reseed, lrng_max_wo_reseed, uint,
		   IS_ENABLED(CONFIG_LRNG_RUNTIME_MAX_WO_RESEED_CONFIG) ?
		   0644 : 0444);
MODULE_PARM_DESC(max_wo_reseed,
		 "Generate calls without reseed of full strength before falling back to unseeded");
static u32 lrng_reseed_max_time = LRNG_DRNG_RESEED_MAX_TIME;

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

/* Generate calls since the last reseed or skipped reseed. */
static u64 lrng_drng_calls(struct lrng_drng *drng)
{
	int left = atomic_read(&drng->requests);

	return left >= LRNG_DRNG_RESEED_THRESH ? 0 :
	       (s64)LRNG_DRNG_RESEED_THRESH - left;
}

/* Start counting towards the next reseed; @full: this one was full. */
static void lrng_drng_reset_counters(struct lrng_drng *drng, bool full)
{
	u64 since = lrng_drng_calls(drng);
	u64 calls = full ? 0 : READ_ONCE(drng->calls_wo_full_seed) + since;

	WRITE_ONCE(drng->served, drng->served + since);
	WRITE_ONCE(drng->calls_wo_full_seed, calls);
	atomic_set(&drng->requests, LRNG_DRNG_RESEED_THRESH);
	WRITE_ONCE(drng->last_seeded, jiffies);
	WRITE_ONCE(drng->force_reseed, false);
}

/*
 * Seed a ChaCha20 DRNG instance and advance its generation, which makes the
 * per-CPU DRNGs keyed from it rekey; lrng_drng_publish() tells the batches
 * and the vDSO.
 */
static void lrng_drng_seed_cc20(struct lrng_drng *drng, const void *seed,
				size_t len, bool full)
{
	unsigned long flags, generation;

	spin_lock_irqsave(&drng->lock, flags);
	if (!drng->seeded)
		lrng_cc20_init(&drng->cc20);
	lrng_cc20_seed(&drng->cc20, seed, len);
	drng->seeded = true;
	lrng_drng_reset_counters(drng, full);

	generation = drng->generation + 1;
	if (generation == ULONG_MAX)
		generation++;
	WRITE_ONCE(drng->generation, generation);
	spin_unlock_irqrestore(&drng->lock, flags);
}

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

	WRITE_ONCE(lrng_drng_init_generation, generation);
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
		lrng_drng_seed_cc20(&lrng_drng_init, key, sizeof(key), full);
		memzero_explicit(key, sizeof(key));
	} else {
		lrng_drng_seed_cc20(&lrng_drng_init, seed, len, full);
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
 * happens to the switched DRNG meanwhile.
 *
 * Return: 0, or -EBUSY when a switched DRNG serves, which did not get the
 * seed (the ChaCha20 DRNGs did, so that no entropy is lost): the caller
 * must reseed in process context for it.
 */
int lrng_drng_seed_nosleep(const void *seed, size_t len, bool full)
{
	lrng_drng_seed_cc20(&lrng_drng_init, seed, len, full);
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

/*
 * Count @calls generate calls of @drng (0: none to count now), ask for a
 * reseed when one is due, and fall back when it is overdue.  The calls
 * without a full reseed are derived from the reseed counter, which is the
 * only datum written: at most once per LRNG_DRNG_PCPU_BATCH calls of a CPU.
 */
static __always_inline void lrng_drng_check_reseed(struct lrng_drng *drng,
						   u32 calls)
{
	bool due = calls && atomic_sub_return(calls, &drng->requests) <= 0;

	if (due || READ_ONCE(drng->force_reseed) ||
	    time_after(jiffies, READ_ONCE(drng->last_seeded) +
				lrng_reseed_max_time * HZ))
		lrng_es_request_seed();

	/* Only a fully seeded LRNG falls back (lrng_ready.c has the state). */
	if (calls &&
	    READ_ONCE(drng->calls_wo_full_seed) + lrng_drng_calls(drng) >
	    READ_ONCE(lrng_max_wo_reseed) && lrng_ready())
		lrng_es_unseed();
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
	lrng_drng_check_reseed(&lrng_drng_init, 1);
}

/**
 * struct lrng_drng_pcpu - per-CPU ChaCha20 DRNG keyed from the DRNG instance
 * @cc20: the per-CPU DRNG state
 * @drng: the DRNG instance @cc20 was keyed from (its node's)
 * @generation: generation of @drng when @cc20 was keyed from it;
 *		ULONG_MAX when never keyed
 * @calls: generate calls served for @drng and not yet counted in its
 *	   reseed counter (lrng_drng.requests); fewer than
 *	   LRNG_DRNG_PCPU_BATCH
 * @lock: guards the structure on this CPU; taken before lrng_drng.lock
 */
struct lrng_drng_pcpu {
	struct lrng_chacha20 cc20;
	struct lrng_drng *drng;
	unsigned long generation;
	u32 calls;
	local_lock_t lock;
};

/*
 * Requests up to LRNG_DRNG_PCPU_DIRECT bytes come straight from the per-CPU
 * DRNG, with interrupts off for at most five ChaCha20 blocks; larger ones
 * are a stream (struct lrng_drng_stream): one block for a one-time key per
 * LRNG_DRNG_MAX_REQSIZE bytes, expanded with interrupts on.  A CPU adds
 * its generate calls to the shared reseed counter in batches of
 * LRNG_DRNG_PCPU_BATCH, so that the CPUs do not write one cache
 * line at every call; the counter therefore lags by fewer than
 * LRNG_DRNG_PCPU_BATCH calls per CPU (/proc/lrng_type adds them in).
 */
enum {
	LRNG_DRNG_PCPU_DIRECT = 256,
	LRNG_DRNG_PCPU_BATCH = 64,
};

static DEFINE_PER_CPU(struct lrng_drng_pcpu, lrng_drng_pcpu) = {
	.generation = ULONG_MAX,
	.lock = INIT_LOCAL_LOCK(lrng_drng_pcpu.lock),
};

/*
 * Produce @len bytes (at most LRNG_DRNG_PCPU_DIRECT) for one generate call.
 *
 * Every CPU has its own ChaCha20 DRNG, keyed with 32 bytes of the DRNG
 * instance whenever the instance's generation moved (a reseed), so that
 * output takes no global lock on a seeded system.
 */
static __always_inline void lrng_drng_pcpu_generate(struct lrng_drng *drng,
						    u8 *out, size_t len)
{
	struct lrng_drng *counted = drng;
	struct lrng_drng_pcpu *pcpu;
	unsigned long flags, generation;
	u8 key[CHACHA_KEY_SIZE];
	u32 calls = 0;

	local_lock_irqsave(&lrng_drng_pcpu.lock, flags);
	pcpu = raw_cpu_ptr(&lrng_drng_pcpu);
	generation = READ_ONCE(drng->generation);
	if (unlikely(pcpu->generation != generation || pcpu->drng != drng)) {
		/* Calls counted for another instance go to that one. */
		if (pcpu->drng != drng && pcpu->drng) {
			counted = pcpu->drng;
			calls = pcpu->calls;
			WRITE_ONCE(pcpu->calls, 0);
		}
		spin_lock(&drng->lock);
		lrng_cc20_generate(&drng->cc20, key, sizeof(key));
		pcpu->generation = drng->generation;
		WRITE_ONCE(pcpu->drng, drng);
		spin_unlock(&drng->lock);
		lrng_cc20_init(&pcpu->cc20);
		lrng_cc20_seed(&pcpu->cc20, key, sizeof(key));
		memzero_explicit(key, sizeof(key));
	}
	if (pcpu->calls + 1 >= LRNG_DRNG_PCPU_BATCH) {
		calls = pcpu->calls + 1;
		WRITE_ONCE(pcpu->calls, 0);
	} else {
		WRITE_ONCE(pcpu->calls, pcpu->calls + 1);
	}
	lrng_cc20_generate(&pcpu->cc20, out, len);
	local_unlock_irqrestore(&lrng_drng_pcpu.lock, flags);

	lrng_drng_check_reseed(counted, calls);
	if (counted != drng)
		lrng_drng_check_reseed(drng, 0);
}

/* Generate calls of @drng a CPU served and did not count yet. */
static u64 lrng_drng_pcpu_pending(struct lrng_drng *drng)
{
	struct lrng_drng_pcpu *pcpu;
	u64 calls = 0;
	int cpu;

	for_each_possible_cpu(cpu) {
		pcpu = per_cpu_ptr(&lrng_drng_pcpu, cpu);
		if (READ_ONCE(pcpu->drng) == drng)
			calls += READ_ONCE(pcpu->calls);
	}
	return calls;
}

/**
 * lrng_drng_reset_cpu() - make a CPU rekey its DRNG before its next use
 * @cpu: the CPU coming online
 */
void lrng_drng_reset_cpu(unsigned int cpu)
{
	per_cpu_ptr(&lrng_drng_pcpu, cpu)->generation = ULONG_MAX;
}

/* At most LRNG_DRNG_PCPU_DIRECT bytes straight from this CPU's DRNG. */
static void lrng_drng_direct(u8 *out, size_t len)
{
	struct lrng_drng *drng;

	/* Only before random_init_early(): seed with whatever there is. */
	if (unlikely(!READ_ONCE(lrng_drng_init.seeded)))
		lrng_es_reseed(true);

	/* This CPU's node; a migration after this only costs a rekey. */
	drng = lrng_numa_drng(numa_node_id()) ?: &lrng_drng_init;
	lrng_drng_pcpu_generate(drng, out, len);
}

/*
 * The next @len bytes of @st from the ChaCha20 DRNGs: every
 * LRNG_DRNG_MAX_REQSIZE bytes are one generate call, a one-time key from
 * this CPU's DRNG expanded with no lock held, in the caller's chunks.  A
 * call that would start with at most LRNG_DRNG_PCPU_DIRECT bytes takes them
 * straight from this CPU's DRNG instead.
 */
static void lrng_drng_stream_fill(struct lrng_drng_stream *st, u8 *out,
				  size_t len)
{
	u8 key[CHACHA_KEY_SIZE];
	size_t todo;

	while (len) {
		/* A small call's whole output: one block, no one-time key. */
		if (!st->left && len <= LRNG_DRNG_PCPU_DIRECT) {
			lrng_drng_direct(out, len);
			return;
		}
		if (!st->left) {
			lrng_drng_direct(key, sizeof(key));
			lrng_cc20_key_once(&st->once, key);
			memzero_explicit(key, sizeof(key));
			st->left = LRNG_DRNG_MAX_REQSIZE;
			st->keyed = true;
		}
		todo = min(len, st->left);
		lrng_cc20_blocks(&st->once, out, todo);
		/* A partial block's rest is skipped, never given out. */
		st->left -= min(st->left, round_up(todo, CHACHA_BLOCK_SIZE));
		out += todo;
		len -= todo;
	}
}

/**
 * lrng_drng_get() - fill a buffer from the DRNG
 * @buf: output buffer
 * @len: length of @buf in bytes
 *
 * Callable in any context but NMI.  Never blocks; whether the output is
 * backed by a full seed is the caller's question (lrng_ready()).  Each
 * generate call covers at most LRNG_DRNG_MAX_REQSIZE bytes; no lock is held
 * while a large request is expanded (a stream on the stack).
 */
void lrng_drng_get(void *buf, size_t len)
{
	struct lrng_drng_stream st;

	if (!len)
		return;
	if (len <= LRNG_DRNG_PCPU_DIRECT) {
		lrng_drng_direct(buf, len);
		return;
	}
	st.left = 0;
	st.keyed = false;
	lrng_drng_stream_fill(&st, buf, len);
	lrng_drng_stream_end(&st);
}

/**
 * lrng_drng_get_sleep() - fill a buffer for user space
 * @buf: output buffer
 * @len: length of @buf in bytes
 *
 * Process context.  The switched DRNG serves when there is one, the
 * ChaCha20 DRNGs otherwise (or for what the switched DRNG failed to fill).
 */
void lrng_drng_get_sleep(void *buf, size_t len)
{
	size_t done = 0;

	if (lrng_drng_switched())
		done = lrng_switch_drng_get(buf, len);
	/* What the switched DRNG failed to give is ChaCha20's. */
	lrng_drng_get((u8 *)buf + done, len - done);
}

/**
 * lrng_drng_stream_get() - the next bytes of a user-space read
 * @st: the read's stream, with @left 0 and @keyed false before its first call
 * @buf: output buffer
 * @len: length of @buf in bytes
 *
 * Process context.  The switched DRNG serves when there is one
 * (lrng_drng_get_sleep()); the ChaCha20 DRNGs otherwise, as for
 * lrng_drng_get(), so that a read needs no buffer for a whole generate
 * call.
 */
void lrng_drng_stream_get(struct lrng_drng_stream *st, void *buf, size_t len)
{
	if (lrng_drng_switched())
		lrng_drng_get_sleep(buf, len);
	else
		lrng_drng_stream_fill(st, buf, len);
}

/* Key for another instance: 32 bytes of the initial instance's key stream. */
static void lrng_drng_init_key(u8 key[LRNG_DRNG_SECURITY_STRENGTH_BYTES])
{
	unsigned long flags;

	spin_lock_irqsave(&lrng_drng_init.lock, flags);
	lrng_cc20_generate(&lrng_drng_init.cc20, key,
			   LRNG_DRNG_SECURITY_STRENGTH_BYTES);
	spin_unlock_irqrestore(&lrng_drng_init.lock, flags);
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

	lrng_drng_init_key(key);
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
	lrng_drng_seed_cc20(drng, seed, len, full);
}

/**
 * lrng_drng_inst_rekey() - seed a NUMA node's instance from the initial one
 * @drng: the instance, of lrng_drng_node_alloc()
 *
 * A seed of full strength: 32 bytes of the initial instance's key stream,
 * as at the allocation.
 */
void lrng_drng_inst_rekey(struct lrng_drng *drng)
{
	u8 key[LRNG_DRNG_SECURITY_STRENGTH_BYTES];

	lrng_drng_init_key(key);
	lrng_drng_seed_cc20(drng, key, sizeof(key), true);
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
		   READ_ONCE(drng->served) + lrng_drng_calls(drng) +
		   lrng_drng_pcpu_pending(drng));
}

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
	seq_puts(m, "DRNG for in-kernel callers: ChaCha20\n");
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
