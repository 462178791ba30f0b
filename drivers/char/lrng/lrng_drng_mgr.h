/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG DRNG manager: the DRNG instances and their seeding
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_DRNG_MGR_H
#define _LRNG_DRNG_MGR_H

#include <linux/atomic.h>
#include <linux/jiffies.h>
#include <linux/lrng.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#include "lrng_definitions.h"
#include "lrng_drng_chacha20.h"
#include "lrng_es_mgr.h"
#include "lrng_ready.h"

void lrng_drng_count_generate(void);

extern unsigned long lrng_drng_init_generation;

/**
 * lrng_drng_generation() - the generation of the DRNG's current seed
 *
 * Inline: every get_random_uN() reads it.  The acquire pairs with the
 * release in lrng_drng_publish(): a CPU that sees a generation sees the
 * instances' states and generations of that seed, the NUMA nodes' too, so
 * that it never refills from an older state and tags it as new.
 *
 * Return: a value that changes at every seed and is never ULONG_MAX.
 */
static inline unsigned long lrng_drng_generation(void)
{
	/* Pairs with the release in lrng_drng_publish(). */
	return smp_load_acquire(&lrng_drng_init_generation);
}

void lrng_drng_seed(const void *seed, size_t len, bool full);
int lrng_drng_seed_nosleep(const void *seed, size_t len, bool full);
void lrng_drng_publish(void);
void lrng_drng_reseed_skipped(void);
void lrng_drng_force_reseed(void);
bool lrng_drng_was_seeded(void);
void lrng_drng_mgr_init(void);
void lrng_drng_mgr_state(struct seq_file *m);
u32 lrng_drng_reseed_max_time(void);

/* The operations on one instance, for the NUMA nodes' (lrng_numa.c). */
struct lrng_drng;
struct lrng_drng *lrng_drng_node_alloc(int node);
void lrng_drng_node_free(struct lrng_drng *drng);
struct lrng_drng *lrng_drng_init_instance(void);
void lrng_drng_inst_seed(struct lrng_drng *drng, const void *seed, size_t len,
			 bool full);
void lrng_drng_inst_rekey(struct lrng_drng *drng);
void lrng_drng_inst_skipped(struct lrng_drng *drng);
void lrng_drng_inst_force_reseed(struct lrng_drng *drng);
void lrng_drng_inst_state(struct seq_file *m, int node, struct lrng_drng *drng);

/*
 * The DRNG instances, for the per-CPU output (lrng_drng_pcpu.c), which
 * reads them on every generate call: defined in lrng_drng_mgr.c.
 */
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
 * @drbg_keyed: @cc20 is a key of the DRBG that serves from boot, or of an
 *		instance keyed so, and nothing else: every seed since
 *		replaced the state (CONFIG_LRNG_DRNG_BOOT_DRBG); guarded by
 *		@lock
 * @served: generate calls up to the last reseed or skipped reseed
 *
 * The two 64-bit counters are atomic64_t, written under @lock and read
 * without it: a plain u64 could tear on 32-bit kernels.
 */
struct lrng_drng {
	struct lrng_chacha20 cc20;
	spinlock_t lock; /* guards the DRNG state, see @lock above */
	unsigned long generation;
	unsigned long last_seeded;
	atomic_t requests;
	atomic64_t calls_wo_full_seed;
	bool seeded;
	bool force_reseed;
	bool drbg_keyed;
	atomic64_t served;
};

/* The initial instance; it serves the first NUMA node. */
extern struct lrng_drng lrng_drng_init;
/* The boot and module parameters of the reseed, read without lock. */
extern u32 lrng_max_wo_reseed;
extern u32 lrng_reseed_max_time;

/* Generate calls since the last reseed or skipped reseed. */
static inline u64 lrng_drng_calls(struct lrng_drng *drng)
{
	int left = atomic_read(&drng->requests);

	return left >= LRNG_DRNG_RESEED_THRESH ? 0 :
	       (s64)LRNG_DRNG_RESEED_THRESH - left;
}

/*
 * Whether @drng is due for a reseed before its next generate call: more
 * than LRNG_DRNG_RESEED_THRESH calls or the reseed interval since its last
 * seed, or user data was injected.
 */
static __always_inline bool lrng_drng_reseed_due(struct lrng_drng *drng)
{
	return atomic_read(&drng->requests) <= 0 ||
	       READ_ONCE(drng->force_reseed) ||
	       time_after(jiffies, READ_ONCE(drng->last_seeded) +
				   lrng_reseed_max_time * HZ);
}

/*
 * Before a generate call of @drng: seed first when a reseed is due, as far
 * as the context allows (lrng_es_reseed_due()).  @can_sleep: the caller is
 * in process context and holds no lock.
 */
static __always_inline void lrng_drng_reseed_if_due(struct lrng_drng *drng,
						    bool can_sleep)
{
	if (unlikely(lrng_drng_reseed_due(drng)))
		lrng_es_reseed_due(can_sleep);
}

/*
 * After generate calls: count @calls calls of @drng, and fall back when a
 * reseed of full strength is overdue.  The calls without a full reseed are
 * derived from the reseed counter, which is the only datum written: at
 * most once per LRNG_DRNG_PCPU_BATCH calls of a CPU.  A reseed the count
 * makes due is done before the next generate call
 * (lrng_drng_reseed_if_due()) or by the reseed interval's work item.
 */
static __always_inline void lrng_drng_count_calls(struct lrng_drng *drng,
						  u32 calls)
{
	if (!calls)
		return;
	atomic_sub(calls, &drng->requests);
	/* Only a fully seeded LRNG falls back (lrng_ready.c has the state). */
	if (atomic64_read(&drng->calls_wo_full_seed) + lrng_drng_calls(drng) >
	    READ_ONCE(lrng_max_wo_reseed) && lrng_ready())
		lrng_es_unseed();
}

#endif /* _LRNG_DRNG_MGR_H */
