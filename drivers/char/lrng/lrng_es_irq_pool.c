// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG interrupt entropy source: configuration and reading the pools
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The side of the interrupt entropy source (lrng_es_irq.c, which describes
 * the design) that runs off the hard-IRQ path: lrng_irq_init() configures
 * the source from random_init(); the callbacks of struct lrng_es_cb read
 * every CPU's pool for a seed, move the pools at a hash switch and write
 * the source's lines of /proc/lrng_type; lrng_irq_reset_cpu() empties a
 * CPU's array before it comes online.  Each of them takes a CPU's raw
 * spinlock (struct lrng_irq_pcpu, lrng_es_irq_pool.h) to touch its pool.
 * lrng_irq_rate_state() writes the /proc lines the scheduler source
 * (lrng_es_sched.c) shares with this one.
 *
 * Sections: 1. configuration, 2. reading the pools (struct lrng_es_cb),
 * 3. CPU hotplug.
 */

#include <linux/init.h>
#include <linux/kcsan-checks.h>
#include <linux/kstrtox.h>
#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/timex.h>

#include "lrng_definitions.h"
#include "lrng_es_irq.h"
#include "lrng_es_irq_array.h"
#include "lrng_es_irq_pool.h"
#include "lrng_gcd.h"
#include "lrng_hash.h"
#include "lrng_health.h"
#include "lrng_param_alias.h"

/* The parameters keep the names they had in lrng_es_irq.c. */
#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "lrng_es_irq."

enum {
	/* Interrupts per credited one without a high-resolution timer. */
	LRNG_IRQ_OVERSAMPLING_FACTOR = 10,
	/* Slots of the register word and the extra word without one. */
	LRNG_IRQ_EXTRA_SLOTS = 2 * LRNG_IRQ_SLOTS_PER_U32,
	/* Entropy between two seeding checks of one CPU before full seeding. */
	LRNG_IRQ_NOTIFY_BITS = 16,
};

/******************************************************************
 * 1. Configuration
 *
 * lrng_irq_init() fixes the rate, detects the high-resolution timer and
 * decides continuous compression, from random_init(), before interrupts
 * are enabled.
 ******************************************************************/

struct lrng_irq_config lrng_irq_cfg __read_mostly = {
	.rate = U32_MAX,
	.compress = IS_ENABLED(CONFIG_LRNG_CONTINUOUS_COMPRESSION),
};

/* Interrupts for 256 bits; never below CONFIG_LRNG_IRQ_ENTROPY_RATE. */
static u32 lrng_irq_entropy_param = CONFIG_LRNG_IRQ_ENTROPY_RATE;
module_param_named(irq_entropy, lrng_irq_entropy_param, uint, 0444);
MODULE_PARM_DESC(irq_entropy,
		 "Interrupts credited with 256 bits of entropy (boot only, at least the Kconfig value)");

static int __init lrng_irq_parse_compression(char *arg)
{
	bool on;

	if (kstrtobool(arg, &on))
		return -EINVAL;
	if (!IS_ENABLED(CONFIG_LRNG_SWITCHABLE_CONTINUOUS_COMPRESSION)) {
		pr_warn("lrng_irq.continuous_compression= ignored: fixed at build time\n");
		return 0;
	}
	lrng_irq_cfg.compress = on;
	return 0;
}
early_param("lrng_irq.continuous_compression", lrng_irq_parse_compression);
lrng_early_param_alias("lrng_es_irq.lrng_irq_continuous_compression",
		       lrng_irq_parse_compression);

/* Most slots one interrupt takes in the array. */
static u32 lrng_irq_slots_per_irq(void)
{
	return LRNG_IRQ_SLOTS_PER_U32 +
	       (lrng_irq_cfg.highres ? 0 : LRNG_IRQ_EXTRA_SLOTS);
}

/*
 * The cap on each CPU's count for a pool hash of @digest_bits.  Counts are
 * compared as differences of two u32 (struct lrng_irq_pcpu).
 */
static u32 lrng_irq_cap(u32 digest_bits)
{
	return min_t(u32, S32_MAX,
		     lrng_irq_max_irqs(lrng_irq_cfg.rate, digest_bits,
				       LRNG_IRQ_NSLOTS, lrng_irq_slots_per_irq(),
				       lrng_irq_cfg.compress));
}

/**
 * lrng_irq_init() - configure the interrupt entropy source
 *
 * Called from random_init(), with timekeeping running and interrupts still
 * off.  Without a high-resolution timer the rate is oversampled.  Without
 * continuous compression, when one CPU's array could not hold
 * LRNG_DRNG_SECURITY_STRENGTH_BITS, compression is forced on: otherwise the
 * LRNG could never be fully seeded from interrupts on one CPU.
 */
void __init lrng_irq_init(void)
{
	struct lrng_irq_config *cfg = &lrng_irq_cfg;
	u64 rate = max_t(u32, lrng_irq_entropy_param,
			 CONFIG_LRNG_IRQ_ENTROPY_RATE);
	u32 max, notify;

	cfg->highres = (random_get_entropy() & LRNG_IRQ_SLOT_MASK) ||
		       (random_get_entropy() & LRNG_IRQ_SLOT_MASK);
	if (!cfg->highres) {
		rate = min_t(u64, rate * LRNG_IRQ_OVERSAMPLING_FACTOR, U32_MAX);
		pr_warn("no high-resolution timer: interrupts oversampled by %u\n",
			LRNG_IRQ_OVERSAMPLING_FACTOR);
	}
	cfg->rate = rate;
	lrng_health_init(LRNG_HEALTH_IRQ, rate);

	max = lrng_irq_max_irqs(cfg->rate, lrng_hash_digestsize() * 8,
				LRNG_IRQ_NSLOTS, lrng_irq_slots_per_irq(),
				false);
	if (!cfg->compress && lrng_irq_irqs_to_entropy(max, cfg->rate) <
			      LRNG_DRNG_SECURITY_STRENGTH_BITS) {
		cfg->compress = true;
		pr_warn("interrupt collection array too small without compression: continuous compression on\n");
	}
	/* Counts are compared as differences of two u32 (struct lrng_irq_pcpu). */
	lrng_irq_views_init();
	cfg->max_irqs = lrng_irq_cap(lrng_hash_digestsize() * 8);
	notify = lrng_irq_entropy_to_irqs(LRNG_IRQ_NOTIFY_BITS, cfg->rate);
	cfg->notify_mask = roundup_pow_of_two(notify) - 1;
}

/******************************************************************
 * 2. Reading the pools: the callbacks of struct lrng_es_cb
 ******************************************************************/

/*
 * Hash @p's array into its pool, hand out the pool's digest and restart the
 * pool from it (lrng_hash_pool_read()); returns the digest size.  The CPU may
 * store slots while the array is hashed: a race by design ("Locking").
 */
static u32 lrng_irq_pool_read(struct lrng_irq_pcpu *p,
			      u8 digest[HASH_MAX_DIGESTSIZE])
{
	lockdep_assert_held(&p->lock);
	kcsan_disable_current();
	lrng_hash_pool_update(&p->pool, p->array, sizeof(p->array));
	kcsan_enable_current();
	return lrng_hash_pool_read(&p->pool, digest);
}

static u32 lrng_irq_curr_entropy(void)
{
	u64 irqs = 0;
	u32 bits;
	int cpu;

	for_each_possible_cpu(cpu) {
		struct lrng_irq_pcpu *p = per_cpu_ptr(&lrng_irq_pcpu, cpu);
		s32 avail = lrng_irq_avail(READ_ONCE(p->irqs),
					   READ_ONCE(p->taken));

		irqs += max(avail, 0);
	}
	irqs = min_t(u64, irqs, U32_MAX);
	bits = min_t(u32, lrng_irq_irqs_to_entropy(irqs, lrng_irq_cfg.rate),
		     lrng_hash_digestsize() * 8);
	return lrng_health_credit(LRNG_HEALTH_IRQ, bits);
}

/*
 * One hash over the digests of all used pools goes into the slot.  The
 * interrupts are taken from the pools in CPU order until the request is
 * met; the rest stay counted on their CPU.
 */
static u32 lrng_irq_get_ent(u8 *slot, u32 requested_bits)
{
	u32 rate = lrng_irq_cfg.rate;
	u32 requested = lrng_irq_entropy_to_irqs(requested_bits, rate);
	struct lrng_hash_pool all = { };
	u8 digest[HASH_MAX_DIGESTSIZE];
	u32 collected = 0, take, size;
	unsigned long flags;
	int cpu;

	rcu_read_lock();
	lrng_hash_pool_init(&all);
	for_each_possible_cpu(cpu) {
		struct lrng_irq_pcpu *p = per_cpu_ptr(&lrng_irq_pcpu, cpu);

		if (!READ_ONCE(p->used))
			continue;
		raw_spin_lock_irqsave(&p->lock, flags);
		/* The count first: its slots are in the array hashed next. */
		take = min(lrng_irq_avail_locked(p), requested - collected);
		size = lrng_irq_pool_read(p, digest);
		WRITE_ONCE(p->taken, p->taken + take);
		raw_spin_unlock_irqrestore(&p->lock, flags);

		collected += take;
		lrng_hash_pool_update(&all, digest, size);
	}
	size = lrng_hash_pool_final_zero(&all, slot);
	rcu_read_unlock();
	memzero_explicit(digest, sizeof(digest));

	return lrng_health_credit(LRNG_HEALTH_IRQ,
				  min3(lrng_irq_irqs_to_entropy(collected, rate),
				       requested_bits, size * 8));
}

/*
 * Carry every pool into the current hash; a pool keeps at most the
 * interrupts the smaller of its old and new digest can hold, and counts up
 * to the new digest afterwards.  While the pools move, the cap is the
 * smaller of the two, so that no CPU counts beyond what its pool carries
 * whether or not it has moved yet.
 */
static void lrng_irq_switch_hash(void)
{
	u32 max, irqs, avail, cap = lrng_irq_cap(lrng_hash_digestsize() * 8);
	unsigned long flags;
	int cpu;

	WRITE_ONCE(lrng_irq_cfg.max_irqs,
		   min(READ_ONCE(lrng_irq_cfg.max_irqs), cap));
	/*
	 * Interrupt handlers run with preemption off: after this grace period
	 * every count uses the lower cap.
	 */
	synchronize_rcu();
	for_each_possible_cpu(cpu) {
		struct lrng_irq_pcpu *p = per_cpu_ptr(&lrng_irq_pcpu, cpu);

		raw_spin_lock_irqsave(&p->lock, flags);
		max = lrng_hash_pool_switch(&p->pool);
		if (max != U32_MAX) {
			irqs = lrng_irq_entropy_to_irqs(max, lrng_irq_cfg.rate);
			avail = lrng_irq_avail_locked(p);
			if (avail > irqs)
				WRITE_ONCE(p->taken, p->taken + avail - irqs);
		}
		raw_spin_unlock_irqrestore(&p->lock, flags);
	}
	WRITE_ONCE(lrng_irq_cfg.max_irqs, cap);
}

/**
 * lrng_irq_rate_state() - the rate lines of a time stamp source
 * @m: seq_file of /proc/lrng_type
 * @events: what the source counts ("Interrupts", "Context switches")
 * @gcd: the GCD of its time stamps, 0 while unknown
 * @rate: events credited with LRNG_DRNG_SECURITY_STRENGTH_BITS, 0 for none
 * @avail: the entropy in bits the source could credit to a seed now
 * @h: its health tests (LRNG_HEALTH_IRQ, ...)
 *
 * The lines both the interrupt and the scheduler source show, in the
 * format the DOC block of lrng_proc.c describes, then the health lines.
 */
void lrng_irq_rate_state(struct seq_file *m, const char *events, u32 gcd,
			 u32 rate, u32 avail, struct lrng_health *h)
{
	u32 bits = 0;

	/* Bits credited to 256 events. */
	if (rate)
		bits = min_t(u32, LRNG_DRNG_SECURITY_STRENGTH_BITS,
			     lrng_irq_irqs_to_entropy(LRNG_DRNG_SECURITY_STRENGTH_BITS,
						      rate));
	seq_printf(m, " Time stamp GCD: %u\n", gcd);
	seq_printf(m, " %s for %u bits: %u\n", events,
		   LRNG_DRNG_SECURITY_STRENGTH_BITS, rate);
	seq_printf(m, " Entropy rate: %u\n", bits);
	seq_printf(m, " Available entropy: %u\n", avail);
	lrng_health_state(h, m);
}

static void lrng_irq_state(struct seq_file *m)
{
	const struct lrng_irq_config *cfg = &lrng_irq_cfg;

	lrng_hash_state(m, " Hash for operating entropy pool");
	seq_printf(m, " per-CPU interrupt collection size: %u\n",
		   LRNG_IRQ_NSLOTS);
	seq_printf(m, " High-resolution timer: %s\n",
		   cfg->highres ? "true" : "false");
	seq_printf(m, " Continuous compression: %s\n",
		   cfg->compress ? "true" : "false");
	lrng_irq_rate_state(m, "Interrupts", lrng_gcd_get(&lrng_irq_gcd),
			    cfg->rate, lrng_irq_curr_entropy(),
			    LRNG_HEALTH_IRQ);
}

const struct lrng_es_cb lrng_es_irq = {
	.name = "IRQ",
	.curr_entropy = lrng_irq_curr_entropy,
	.get_ent = lrng_irq_get_ent,
	.state = lrng_irq_state,
	.switch_hash = lrng_irq_switch_hash,
};

/******************************************************************
 * 3. CPU hotplug
 ******************************************************************/

/**
 * lrng_irq_reset_cpu() - a CPU is about to come online
 * @cpu: the CPU, not running yet
 *
 * Its collection array starts empty.  What the array held is hashed into
 * the CPU's pool first, so that the pool and its count, which stayed
 * readable while the CPU was offline, lose nothing.
 */
void lrng_irq_reset_cpu(unsigned int cpu)
{
	struct lrng_irq_pcpu *p = per_cpu_ptr(&lrng_irq_pcpu, cpu);
	unsigned long flags;

	raw_spin_lock_irqsave(&p->lock, flags);
	if (p->used) {
		lrng_hash_pool_update(&p->pool, p->array, sizeof(p->array));
		memset(p->array, 0, sizeof(p->array));
	}
	/* Untested samples of the CPU's last batch are not credited. */
	p->untested = 0;
	p->view.unhashed = 0;
	p->fast = false;
	p->pos = 0;
	raw_spin_unlock_irqrestore(&p->lock, flags);
}
