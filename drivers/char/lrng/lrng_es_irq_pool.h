/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG interrupt entropy source: the state its two files share
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * lrng_es_irq.c collects the interrupts into the per-CPU state defined
 * there (the hard-IRQ path); lrng_es_irq_pool.c configures the source and
 * reads the pools.  The locking rules are in lrng_es_irq.c ("Locking").
 */

#ifndef _LRNG_ES_IRQ_POOL_H
#define _LRNG_ES_IRQ_POOL_H

#include <linux/irq_work.h>
#include <linux/lockdep.h>
#include <linux/minmax.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#include "lrng_es_irq_array.h"
#include "lrng_gcd.h"
#include "lrng_hash.h"

enum {
	/* Slots of each CPU's collection array. */
	LRNG_IRQ_NSLOTS = CONFIG_LRNG_COLLECTION_SIZE,
};

/* The slot arithmetic needs a power of two. */
static_assert(!(CONFIG_LRNG_COLLECTION_SIZE &
		(CONFIG_LRNG_COLLECTION_SIZE - 1)));
static_assert(LRNG_IRQ_MIN_SLOTS <= CONFIG_LRNG_COLLECTION_SIZE);
static_assert(CONFIG_LRNG_COLLECTION_SIZE <= LRNG_IRQ_MAX_SLOTS);

/**
 * struct lrng_irq_config - how the source runs
 * @rate: interrupts credited with LRNG_DRNG_SECURITY_STRENGTH_BITS;
 *	  U32_MAX (no credit) until lrng_irq_init()
 * @max_irqs: cap on each CPU's interrupt count, from the current digest
 *	      size; 0 until lrng_irq_init(), changed at a hash switch
 * @notify_mask: before full seeding, a CPU whose count becomes a multiple
 *		 of @notify_mask + 1 calls lrng_es_add_entropy()
 * @highres: random_get_entropy() is a high-resolution timer
 * @compress: continuous compression is on
 *
 * Written only by the boot parameter and lrng_irq_init(), before interrupts
 * are enabled, and @max_irqs by lrng_irq_switch_hash(); read without lock.
 */
struct lrng_irq_config {
	u32 rate;
	u32 max_irqs;
	u32 notify_mask;
	bool highres;
	bool compress;
};

/* Defined in lrng_es_irq_pool.c, under the rules above. */
extern struct lrng_irq_config lrng_irq_cfg;

/**
 * struct lrng_irq_pcpu - one CPU's part of the interrupt source
 * @lock: guards @pool and @taken; taken with interrupts off, by readers
 *	  and hotplug on any CPU, and by this CPU only to hash into @pool
 * @pool: hash state holding the compressed arrays since the last read,
 *	  and the digest of that read; started at the first data
 * @pos: the next slot of @array to write; this CPU only
 * @irqs: interrupts this CPU credited since boot, modulo 2^32; written only
 *	  by this CPU (release store after the slot), read anywhere
 * @taken: interrupts readers took since boot, modulo 2^32; written under
 *	   @lock, read by this CPU without it.  @irqs - @taken, as s32, is
 *	   the CPU's available count, at most lrng_irq_cfg.max_irqs; it is
 *	   negative for a while when a reader took interrupts that a health
 *	   test failure dropped at the same time
 * @untested: slots before @pos whose samples are neither tested nor
 *	      counted yet, at most LRNG_IRQ_NSLOTS ("Batches" in lrng_es_irq.c); this
 *	      CPU only
 * @reg_idx: the next word of struct pt_regs to take without a
 *	     high-resolution timer; this CPU only
 * @used: data was recorded on this CPU since boot; unused pools are not
 *	  read.  Set once by this CPU
 * @fast: this CPU's interrupts take the fast path ("Batches" in lrng_es_irq.c);
 *	  this CPU only
 * @view: the helpers' view of @array, @pool and @lock (lrng_es_irq_array.h);
 *	  set by lrng_irq_init() before interrupts are enabled; after that
 *	  only its count of slots waiting for compression changes, written
 *	  by this CPU only
 * @work: tests, counts and hashes the waiting slots on this CPU, in
 *	  hard-IRQ context (lrng_irq_batch_work()); queued by this CPU only
 * @array: the collection array, LRNG_IRQ_NSLOTS slots; stored by this CPU
 *	   without lock, hashed by readers under @lock
 */
struct lrng_irq_pcpu {
	raw_spinlock_t lock; /* guards @pool and @taken, see above */
	struct lrng_hash_pool pool;
	u32 pos;
	u32 irqs;
	u32 taken;
	u32 untested;
	u32 reg_idx;
	bool used;
	bool fast;
	struct lrng_irq_array view;
	struct irq_work work;
	u8 array[LRNG_IRQ_NSLOTS];
};

/* Defined in lrng_es_irq.c. */
DECLARE_PER_CPU(struct lrng_irq_pcpu, lrng_irq_pcpu);
/* The GCD of the time stamps, lockless (lrng_gcd.h); lrng_es_irq.c. */
extern struct lrng_gcd lrng_irq_gcd;

/* The available count of @irqs and @taken (struct lrng_irq_pcpu). */
static inline s32 lrng_irq_avail(u32 irqs, u32 taken)
{
	return (s32)(irqs - taken);
}

/*
 * A reader's view of @p's available count, under @p->lock.  The acquire
 * load pairs with the release store in lrng_irq_count(): the slots of the
 * interrupts counted are visible to the hash of the array that follows.
 */
static inline u32 lrng_irq_avail_locked(struct lrng_irq_pcpu *p)
{
	s32 avail;

	lockdep_assert_held(&p->lock);
	/* Pairs with smp_store_release() in lrng_irq_count(). */
	avail = lrng_irq_avail(smp_load_acquire(&p->irqs), p->taken);
	return max(avail, 0);
}

struct lrng_health;
struct seq_file;

void lrng_irq_views_init(void);
void lrng_irq_rate_state(struct seq_file *m, const char *events, u32 gcd,
			 u32 rate, u32 avail, struct lrng_health *h);

#endif /* _LRNG_ES_IRQ_POOL_H */
