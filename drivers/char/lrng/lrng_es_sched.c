// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG scheduler entropy source
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: Scheduler entropy source
 *
 * With CONFIG_LRNG_SCHED the time of every context switch is an entropy
 * source of its own: on an idle machine, and in a VM whose devices raise
 * few interrupts, the scheduler still switches tasks all the time.  The
 * scheduler calls add_sched_randomness() in __schedule() once it picked a
 * next task other than the current one, with the runqueue locked and
 * interrupts off::
 *
 *   context switch --> time stamp --> this CPU's buffer (32 stamps)
 *                                         | full: irq_work
 *                                         v
 *       GCD, health tests, taps --> credit; this CPU's pool (hash state)
 *                                         | read for a seed
 *                                         v
 *          one hash over the digests of all CPUs' pools --> seed buffer slot
 *
 * The switch itself only stores random_get_entropy() in this CPU's buffer
 * and, every LRNG_SCHED_BATCH (32) switches, queues this CPU's irq_work: no
 * lock, no wakeup, nothing that sleeps, since the runqueue lock is held.
 * When the buffer is full because the irq_work has not run yet, a switch
 * is not recorded.  The irq_work, on the same CPU in hard-IRQ context,
 * treats the stamps as the interrupt source treats its own: each stamp is
 * divided by the greatest common divisor of the source's first stamps
 * (lrng_gcd.c, a GCD of its own) and the 8 least significant bits of the
 * quotient are the sample that the SP800-90B health tests see
 * (lrng_health.c, with the source's own cut-offs and verdict) and the
 * credit is for.  The full stamps are hashed into this CPU's pool.  Stamps
 * taken before the GCD is known, that a health test withholds, or that a
 * raw entropy tap took (lrng_testing.c) are hashed but not credited.
 *
 * Entropy: CONFIG_LRNG_SCHED_ENTROPY_RATE context switches give 256 bits
 * (default 8192, 1/32 bit per switch); 0 keeps the source's data but
 * credits nothing.  The boot parameter lrng_es_sched.sched_entropy raises
 * that number, or with 0 stops the credit; it never lowers it, and refuses
 * values from 1 to 255, which would credit more than one bit per switch.
 * The default is low for two reasons.  The time of a switch follows from
 * what the tasks do, which an observer may know or steer.  And many
 * switches follow an interrupt: the timer tick and device interrupts wake
 * tasks, so the switch's time stamp is correlated with the interrupt's,
 * which the interrupt source already credits; a high rate would count
 * that entropy twice.  Without a high-resolution timer the source credits
 * nothing.  Each CPU counts at most what its pool's digest can hold.
 *
 * Reading, the hash switch and the seeding stages work as for the
 * interrupt source: every used pool is read into one hash, the switches
 * are taken from the CPUs in order until the request is met, and before
 * full seeding a CPU whose count grows by LRNG_SCHED_NOTIFY_BITS (16 bits)
 * worth of switches asks the entropy source manager for a seed.
 */

/*
 * Locking: each CPU's struct lrng_sched_pcpu has its buffer written by the
 * CPU alone with interrupts off (the context switch and the irq_work, which
 * cannot interrupt each other), without a lock.  Its raw spinlock guards
 * the pool and the available count: the irq_work takes it to hash and
 * count, readers on any CPU (seeding, hash switch, hotplug) to take the
 * count and read the pool.  No code holds it with another lock, and the
 * context switch never takes it.  The GCD state is lockless (lrng_gcd.h);
 * the configuration is written only before interrupts are enabled, the
 * cap also by the hash switch.
 *
 * Sections: the state, 1. configuration, 2. the context switch and the
 * irq_work, 3. CPU hotplug, 4. reading the pools (struct lrng_es_cb).
 */

#include <linux/init.h>
#include <linux/irq_work.h>
#include <linux/kstrtox.h>
#include <linux/lockdep.h>
#include <linux/minmax.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/random.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/timex.h>

#include "lrng_definitions.h"
#include "lrng_drng_pr.h"
#include "lrng_es_irq_array.h"
#include "lrng_es_irq_pool.h"
#include "lrng_es_mgr.h"
#include "lrng_es_sched.h"
#include "lrng_gcd.h"
#include "lrng_hash.h"
#include "lrng_health.h"
#include "lrng_ready.h"
#include "lrng_testing.h"

enum {
	/* Stamps after which a CPU queues its irq_work. */
	LRNG_SCHED_BATCH = 32,
	/* Room for the switches until the irq_work runs. */
	LRNG_SCHED_NSTAMPS = 2 * LRNG_SCHED_BATCH,
	/* Fewest switches for 256 bits: one bit per switch. */
	LRNG_SCHED_MIN_RATE = LRNG_DRNG_SECURITY_STRENGTH_BITS,
	/* Entropy between two seeding checks of one CPU before full seeding. */
	LRNG_SCHED_NOTIFY_BITS = 16,
};

/******************************************************************
 * The source's state
 ******************************************************************/

/**
 * struct lrng_sched_config - how the source runs
 * @rate: context switches credited with LRNG_DRNG_SECURITY_STRENGTH_BITS,
 *	  0 when the source is not credited
 * @max: cap on each CPU's available count, from the current digest size
 * @on: lrng_sched_init() ran: the context switches are recorded
 *
 * Written by lrng_sched_init() before interrupts are enabled, @max also by
 * lrng_sched_switch_hash(); read without lock.
 */
struct lrng_sched_config {
	u32 rate;
	u32 max;
	bool on;
};

static struct lrng_sched_config lrng_sched_cfg __read_mostly;

/**
 * struct lrng_sched_pcpu - one CPU's part of the scheduler source
 * @lock: guards @pool and @avail; taken with interrupts off
 * @pool: hash state of the stamps since the last read, and the digest of
 *	  that read; started at the first data
 * @avail: context switches credited and not taken by a reader, at most
 *	   lrng_sched_cfg.max
 * @n: stamps waiting in @stamps; this CPU only, interrupts off
 * @used: stamps were hashed into @pool since boot; set once, by this CPU
 *	  or by hotplug while it is not running
 * @work: tests, counts and hashes the waiting stamps, on this CPU in
 *	  hard-IRQ context; queued by this CPU only
 * @stamps: the waiting stamps, oldest first; this CPU only
 */
struct lrng_sched_pcpu {
	raw_spinlock_t lock; /* guards @pool and @avail, see above */
	struct lrng_hash_pool pool;
	u32 avail;
	u32 n;
	bool used;
	struct irq_work work;
	u32 stamps[LRNG_SCHED_NSTAMPS];
};

static DEFINE_PER_CPU(struct lrng_sched_pcpu, lrng_sched_pcpu) = {
	.lock = __RAW_SPIN_LOCK_UNLOCKED(lrng_sched_pcpu.lock),
};

static struct lrng_gcd lrng_sched_gcd = LRNG_GCD_INIT;

/******************************************************************
 * 1. Configuration
 ******************************************************************/

/* Switches for 256 bits; 0 for no credit (see the DOC block above). */
static u32 lrng_sched_param = CONFIG_LRNG_SCHED_ENTROPY_RATE;

static int lrng_sched_param_set(const char *val, const struct kernel_param *kp)
{
	u32 rate;
	int ret;

	ret = kstrtou32(val, 0, &rate);
	if (ret)
		return ret;
	if (rate && rate < LRNG_SCHED_MIN_RATE)
		return -EINVAL;
	*(u32 *)kp->arg = rate;
	return 0;
}

static const struct kernel_param_ops lrng_sched_param_ops = {
	.set = lrng_sched_param_set,
	.get = param_get_uint,
};
module_param_cb(sched_entropy, &lrng_sched_param_ops, &lrng_sched_param,
		0444);
MODULE_PARM_DESC(sched_entropy,
		 "Context switches credited with 256 bits of entropy, 0 for none (boot only, at least the Kconfig value)");

/* The cap on each CPU's count for a pool hash of @digest_bits. */
static u32 lrng_sched_cap(u32 digest_bits)
{
	if (!lrng_sched_cfg.rate)
		return 0;
	return lrng_irq_entropy_to_irqs(digest_bits, lrng_sched_cfg.rate);
}

static void lrng_sched_work(struct irq_work *work);

/*
 * The rate from the Kconfig value and the boot parameter: 0 when either is
 * 0, else the larger; a Kconfig value below one bit per switch counts as
 * LRNG_SCHED_MIN_RATE.
 */
static u32 __init lrng_sched_rate(void)
{
	u32 built = CONFIG_LRNG_SCHED_ENTROPY_RATE;

	if (!built || !lrng_sched_param)
		return 0;
	return max3(built, lrng_sched_param, (u32)LRNG_SCHED_MIN_RATE);
}

/**
 * lrng_sched_init() - configure the scheduler entropy source
 *
 * Called from random_init() after lrng_irq_init(), which found whether
 * random_get_entropy() is a high-resolution timer, with interrupts still
 * off.  The context switches are recorded from here on.
 */
void __init lrng_sched_init(void)
{
	struct lrng_sched_config *cfg = &lrng_sched_cfg;
	int cpu;

	cfg->rate = lrng_sched_rate();
	if (cfg->rate && !lrng_irq_cfg.highres) {
		cfg->rate = 0;
		pr_warn("no high-resolution timer: context switches not credited\n");
	}
	lrng_health_init(LRNG_HEALTH_SCHED, cfg->rate ?: U32_MAX);
	cfg->max = lrng_sched_cap(lrng_hash_digestsize() * 8);
	for_each_possible_cpu(cpu)
		per_cpu_ptr(&lrng_sched_pcpu, cpu)->work =
			IRQ_WORK_INIT_HARD(lrng_sched_work);
	WRITE_ONCE(cfg->on, true);
}

/******************************************************************
 * 2. The context switch and the irq_work
 ******************************************************************/

/*
 * The credit of one stamp: whether the health tests and the taps let it
 * be credited, or LRNG_HEALTH_DISCARD.  Before the GCD is known the stamp
 * only helps find it.
 */
static enum lrng_health_verdict lrng_sched_verdict(u32 stamp)
{
	bool tapped = lrng_testing_sched(stamp);
	enum lrng_health_verdict verdict;
	u32 gcd = lrng_gcd_get(&lrng_sched_gcd);

	if (!gcd) {
		lrng_gcd_add(&lrng_sched_gcd, stamp);
		return LRNG_HEALTH_NO_CREDIT;
	}
	/* The compiler would divide by 1 rather than branch. */
	if (gcd > 1)
		stamp /= gcd;
	verdict = lrng_health_next(LRNG_HEALTH_SCHED, stamp & LRNG_IRQ_SLOT_MASK);
	if (verdict == LRNG_HEALTH_CREDIT && tapped)
		return LRNG_HEALTH_NO_CREDIT;
	return verdict;
}

/*
 * Hash @p's waiting stamps into its pool and count the credited ones, or
 * drop its count when a health test failed; with interrupts off, on @p's
 * CPU or while it is not running.  Returns whether to check the seeding
 * stage: the count passed a multiple of LRNG_SCHED_NOTIFY_BITS or reached
 * the cap.
 */
static bool lrng_sched_hash_count(struct lrng_sched_pcpu *p, u32 credited,
				  bool drop)
{
	u32 rate = lrng_sched_cfg.rate, max, before, after;

	raw_spin_lock(&p->lock);
	if (p->n) {
		lrng_hash_pool_update(&p->pool, p->stamps, p->n * sizeof(u32));
		/* Before the count is visible: a reader skips unused pools. */
		if (unlikely(!p->used))
			WRITE_ONCE(p->used, true);
	}
	max = READ_ONCE(lrng_sched_cfg.max);
	before = drop ? 0 : p->avail;
	after = min_t(u64, (u64)before + credited, max);
	WRITE_ONCE(p->avail, after);
	raw_spin_unlock(&p->lock);

	p->n = 0;
	if (!rate || after == before)
		return false;
	return after == max ||
	       lrng_irq_irqs_to_entropy(before, rate) / LRNG_SCHED_NOTIFY_BITS !=
	       lrng_irq_irqs_to_entropy(after, rate) / LRNG_SCHED_NOTIFY_BITS;
}

/*
 * The irq_work of a CPU, on that CPU with interrupts off, so that no
 * context switch stores meanwhile: test, hash and count the waiting
 * stamps.  The tests see every stamp in order; the credit of a batch with
 * a failure starts after the failing stamp.
 */
static void lrng_sched_work(struct irq_work *work)
{
	struct lrng_sched_pcpu *p = container_of(work, struct lrng_sched_pcpu,
						 work);
	u32 i, credited = 0;
	bool drop = false;

	for (i = 0; i < p->n; i++) {
		switch (lrng_sched_verdict(p->stamps[i])) {
		case LRNG_HEALTH_CREDIT:
			credited++;
			break;
		case LRNG_HEALTH_DISCARD:
			credited = 0;
			drop = true;
			break;
		default:
			break;
		}
	}
	if (!lrng_sched_cfg.rate)
		credited = 0;
	if (lrng_sched_hash_count(p, credited, drop) &&
	    (!lrng_ready() || lrng_ntg1_enabled()))
		lrng_es_add_entropy();
}

/**
 * add_sched_randomness() - record a context switch
 *
 * Called by __schedule() (sched.patch) at every switch to another task,
 * with the runqueue locked and interrupts off: it stores the time stamp in
 * this CPU's buffer and queues the CPU's irq_work once a batch waits.
 * irq_work_queue() takes no lock and wakes no task.
 */
void add_sched_randomness(void)
{
	struct lrng_sched_pcpu *p;
	u32 n;

	lockdep_assert_irqs_disabled();
	if (unlikely(!READ_ONCE(lrng_sched_cfg.on)))
		return;
	p = this_cpu_ptr(&lrng_sched_pcpu);
	n = p->n;
	if (unlikely(n >= LRNG_SCHED_NSTAMPS))
		return;
	p->stamps[n++] = random_get_entropy();
	p->n = n;
	if (unlikely(n == LRNG_SCHED_BATCH))
		irq_work_queue(&p->work);
}

/******************************************************************
 * 3. CPU hotplug
 ******************************************************************/

/**
 * lrng_sched_reset_cpu() - a CPU is about to come online
 * @cpu: the CPU, not running yet
 *
 * Stamps it left waiting when it went offline are hashed into its pool,
 * uncredited, so that its buffer starts empty.
 */
void lrng_sched_reset_cpu(unsigned int cpu)
{
	unsigned long flags;

	/* With interrupts off, as the CPU's irq_work would do it. */
	local_irq_save(flags);
	lrng_sched_hash_count(per_cpu_ptr(&lrng_sched_pcpu, cpu), 0, false);
	local_irq_restore(flags);
}

/******************************************************************
 * 4. Reading the pools: the callbacks of struct lrng_es_cb
 ******************************************************************/

/* The entropy of @n switches, at most one digest, gated by the tests. */
static u32 lrng_sched_bits(u64 n, u32 digest_bits)
{
	u32 rate = lrng_sched_cfg.rate;

	if (!rate)
		return 0;
	n = min_t(u64, n, U32_MAX);
	return lrng_health_credit(LRNG_HEALTH_SCHED,
				  min(lrng_irq_irqs_to_entropy(n, rate),
				      digest_bits));
}

static u32 lrng_sched_curr_entropy(void)
{
	u64 n = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		n += READ_ONCE(per_cpu_ptr(&lrng_sched_pcpu, cpu)->avail);
	return lrng_sched_bits(n, lrng_hash_digestsize() * 8);
}

/*
 * Take up to @want switches of @p and put its pool's digest into @all
 * (lrng_hash_pool_read() chains the pool).  Returns the switches taken.
 */
static u32 lrng_sched_pool_take(struct lrng_sched_pcpu *p, u32 want,
				struct lrng_hash_pool *all)
{
	u8 digest[HASH_MAX_DIGESTSIZE];
	unsigned long flags;
	u32 take, size;

	raw_spin_lock_irqsave(&p->lock, flags);
	take = min(p->avail, want);
	WRITE_ONCE(p->avail, p->avail - take);
	size = lrng_hash_pool_read(&p->pool, digest);
	raw_spin_unlock_irqrestore(&p->lock, flags);

	lrng_hash_pool_update(all, digest, size);
	memzero_explicit(digest, sizeof(digest));
	return take;
}

static u32 lrng_sched_get_ent(u8 *slot, u32 requested_bits)
{
	u32 rate = lrng_sched_cfg.rate, want = 0, got = 0, size;
	struct lrng_hash_pool all = { };
	int cpu;

	if (rate)
		want = lrng_irq_entropy_to_irqs(requested_bits, rate);
	rcu_read_lock();
	lrng_hash_pool_init(&all);
	for_each_possible_cpu(cpu) {
		struct lrng_sched_pcpu *p = per_cpu_ptr(&lrng_sched_pcpu, cpu);

		if (READ_ONCE(p->used))
			got += lrng_sched_pool_take(p, want - got, &all);
	}
	size = lrng_hash_pool_final_zero(&all, slot);
	rcu_read_unlock();
	return min(lrng_sched_bits(got, size * 8), requested_bits);
}

/*
 * Carry every pool into the current hash, capping its count at what the
 * smaller of its old and new digest holds.  The CPUs count under their
 * lock and read the cap there: with the smaller cap set first, no CPU
 * counts beyond what its pool carries, moved or not.
 */
static void lrng_sched_switch_hash(void)
{
	u32 cap = lrng_sched_cap(lrng_hash_digestsize() * 8), bits;
	unsigned long flags;
	int cpu;

	WRITE_ONCE(lrng_sched_cfg.max, min(lrng_sched_cfg.max, cap));
	for_each_possible_cpu(cpu) {
		struct lrng_sched_pcpu *p = per_cpu_ptr(&lrng_sched_pcpu, cpu);

		raw_spin_lock_irqsave(&p->lock, flags);
		bits = lrng_hash_pool_switch(&p->pool);
		if (bits != U32_MAX)
			WRITE_ONCE(p->avail, min(p->avail, lrng_sched_cap(bits)));
		raw_spin_unlock_irqrestore(&p->lock, flags);
	}
	WRITE_ONCE(lrng_sched_cfg.max, cap);
}

static void lrng_sched_state(struct seq_file *m)
{
	lrng_hash_state(m, " Hash for operating entropy pool");
	lrng_irq_rate_state(m, "Context switches",
			    lrng_gcd_get(&lrng_sched_gcd), lrng_sched_cfg.rate,
			    lrng_sched_curr_entropy(), LRNG_HEALTH_SCHED);
}

const struct lrng_es_cb lrng_es_sched = {
	.name = "Scheduler",
	.curr_entropy = lrng_sched_curr_entropy,
	.get_ent = lrng_sched_get_ent,
	.state = lrng_sched_state,
	.switch_hash = lrng_sched_switch_hash,
};
