// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG interrupt entropy source
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: Interrupt entropy source
 *
 * The LRNG's internal entropy source: the time at which each interrupt
 * arrives.  The source defines add_interrupt_randomness() itself, so that
 * an interrupt costs one call; it runs in hard-IRQ context::
 *
 *   time stamp --/GCD--> 8 bits --> this CPU's collection array
 *                                        | full
 *                                        v
 *                 this CPU's pool (conditioning hash state)
 *                                        | read for a seed
 *                                        v
 *          one hash over the digests of all CPUs' pools --> seed buffer slot
 *
 * Time stamps: random_get_entropy(), divided by the greatest common divisor
 * of the first LRNG_GCD_WINDOW (100) stamps from any CPU (lrng_gcd.c),
 * because some timers advance in steps larger than one; a GCD above 1000
 * is capped at 1000 with a warning.  Only the 8 least significant bits of
 * the quotient are kept, one slot of the array per interrupt.  Until the
 * GCD is known, and whenever the LRNG is not fully seeded, the full 32-bit
 * stamp is kept instead (four slots).
 *
 * Collection array: each CPU has CONFIG_LRNG_COLLECTION_SIZE 8-bit slots
 * (default 1024).  With continuous compression
 * (CONFIG_LRNG_CONTINUOUS_COMPRESSION, default y; switchable at boot with
 * lrng_irq.continuous_compression= when
 * CONFIG_LRNG_SWITCHABLE_CONTINUOUS_COMPRESSION is set) every slot is
 * hashed into this CPU's pool once, in the order written, so no collected
 * data is lost.  An interrupt does not hash: once LRNG_IRQ_BATCH slots (a
 * quarter of the array) wait, it queues this CPU's irq_work, which hashes
 * them as soon as interrupts are on again, as random.c defers its mixing to
 * a timer.  Only when a whole array's worth waits, because interrupts
 * stayed off that long, does the interrupt that would overwrite one hash
 * them itself.  Without compression the newest slots overwrite the oldest
 * and hashing happens only when a seed is read; when such an array could
 * not hold 256 bits, compression is turned on at boot with a warning.
 *
 * Entropy: CONFIG_LRNG_IRQ_ENTROPY_RATE interrupts give 256 bits (1 bit per
 * interrupt at the default and minimum of 256).  The boot parameter
 * lrng_es_irq.irq_entropy raises that number; 4294967295 keeps the data but
 * credits practically nothing.  Each CPU counts its interrupts, capped at
 * what its pool can hold: the digest size and, without compression, the
 * interrupts whose data is still in the array.  Without a high-resolution
 * timer (the low 8 bits of two stamps read at boot are both 0), the number
 * of interrupts is multiplied by LRNG_IRQ_OVERSAMPLING_FACTOR (10) with a
 * warning, and each interrupt also stores a word of its saved registers and
 * a word made of jiffies, the IRQ number and the interrupted address; those
 * words are not credited beyond the one interrupt they come with.
 *
 * Health tests and taps: every stamp's 8-bit sample goes through the
 * SP800-90B health tests (lrng_health.c), which may withhold or drop the
 * credit, and is offered to the debugfs raw entropy taps (lrng_testing.c);
 * an interrupt a tap took is never credited.  Both compile to nothing
 * when their options are off.
 *
 * Batches: once the LRNG is fully seeded, with a known GCD, a
 * high-resolution timer, no tap collecting and this CPU's health tests in
 * state ok, an interrupt only stores its slot.  Every LRNG_IRQ_BATCH
 * samples the interrupt queues this CPU's irq_work, which tests and counts
 * them in one call and hashes them: random.c likewise mixes and credits its
 * interrupts in a timer, after 1024 of them or a second.  Only when a whole
 * array of samples waits, because interrupts stayed off that long, does the
 * interrupt test them itself, before any is overwritten.  Every other way
 * into the array tests them first, so that the tests see the samples in
 * order.  Untested samples are not credited: readers and /proc see up to
 * LRNG_IRQ_BATCH - 1 interrupts per CPU later, and a CPU that goes offline
 * loses their credit, not their data.  Before full seeding, every
 * interrupt is tested and counted as it comes.
 *
 * A CPU checks the conditions of this fast path on every interrupt that
 * takes the full path and at every batch, not on each interrupt: a change
 * (a tap starting to read, a health test failure, the LRNG losing its full
 * seed) takes effect on a CPU at its next batch at the latest.  Until then
 * the samples are stored as before; they are still tested, one by one
 * from the first that comes after a health test failure, and never
 * credited when a tap has taken them, since no tap sees them.
 *
 * Reading: every pool that ever received data, including the pools of
 * offline CPUs, is read: its array is hashed into it, its digest goes into
 * one hash over all pools, and the pool restarts from that digest (it
 * keeps its state).  The interrupts are taken from the CPUs in order until
 * the request is met; the rest stay counted on their CPU.  The hash is the
 * conditioning hash (SHA-256 unless an extension switched it); at a hash
 * switch each pool carries its state into the new hash, its count is
 * capped at the smaller of the old and new digest size, and the cap on
 * every CPU's count becomes the new digest size.
 *
 * Seeding stages: while the LRNG is not fully seeded, a CPU whose count
 * grows by LRNG_IRQ_NOTIFY_BITS (16 bits) worth of interrupts asks the
 * entropy source manager for a seed, which happens once all sources
 * together reach the next stage.  In the AIS 20/31 NTG.1 mode it tells the
 * manager after full seeding too, for the readers waiting for
 * prediction-resistant output.
 *
 * Other inputs: add_input_randomness() (repeated values ignored) and
 * add_disk_randomness() mix a word into this CPU's array (or, without
 * compression, straight into its pool, so that they never overwrite
 * credited stamps), with no credit: the interrupt of the event already
 * recorded its time, and disk timings on solid state storage are too
 * regular to credit.  Without CONFIG_LRNG_IRQ interrupts are neither mixed
 * in nor credited, and these words go to the auxiliary pool.
 */

/*
 * Implementation: lrng_irq_record_batch() is the fast path of "Batches"
 * above, lrng_irq_test_run() the irq_work's test of a batch, and
 * lrng_irq_pcpu.fast the CPU's answer to the fast path's conditions.
 * lrng_irq_mix_u32() mixes the words of the other inputs.  The entropy
 * source manager stirs each used seed into the aux pool for backtracking
 * resistance.
 *
 * Locking: each CPU's data (struct lrng_irq_pcpu) has one writer of its
 * array and count, the CPU itself with interrupts off, which takes no lock
 * for an interrupt: it stores the slot, then publishes its count with a
 * release store.  Readers on any CPU (seeding, hash switch, hotplug) take
 * the CPU's raw spinlock, which guards the pool and the count of the
 * interrupts readers took; a CPU's available interrupts are the ones it
 * counted minus the ones taken, so that neither side ever rewrites the
 * other's word.  The CPU takes the lock itself only to hash into its pool:
 * its waiting slots (in its irq_work, or in an interrupt that found a whole
 * array waiting) or, without compression, a mixed word.  The irq_work runs
 * on the CPU with interrupts off, so it is the writer too.  A reader loads
 * the count (acquire) before it hashes the array, so every slot it credits
 * is in what it hashes; slots stored meanwhile are hashed as they are, as
 * extra data.  (Without compression such a slot may replace a counted
 * one: a newer sample of the same credit takes its place.)  The lock is raw
 * because hard-IRQ code cannot sleep on PREEMPT_RT.  No code holds two of
 * these locks, or any other lock inside one.  The GCD state is lockless
 * (lrng_gcd.h); the configuration is written only before interrupts are
 * enabled.
 *
 * Files: this one collects (the per-CPU collection, the hard-IRQ path);
 * lrng_es_irq_pool.c configures the source (lrng_irq_init()) and reads
 * the pools (struct lrng_es_cb, CPU hotplug); lrng_es_irq_pool.h holds the
 * state both share.
 */

#include <linux/cache.h>
#include <linux/init.h>
#include <linux/irq_work.h>
#include <linux/irqflags.h>
#include <linux/jiffies.h>
#include <linux/minmax.h>
#include <linux/percpu.h>
#include <linux/random.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/timex.h>
#include <linux/wordpart.h>
#include <asm/irq_regs.h>
#include <asm/ptrace.h>

#include "lrng_definitions.h"
#include "lrng_drng_pr.h"
#include "lrng_es_irq.h"
#include "lrng_es_irq_array.h"
#include "lrng_es_irq_pool.h"
#include "lrng_es_mgr.h"
#include "lrng_gcd.h"
#include "lrng_hash.h"
#include "lrng_health.h"
#include "lrng_ready.h"
#include "lrng_testing.h"

enum {
	/* Waiting slots for which an interrupt queues the irq_work. */
	LRNG_IRQ_BATCH = LRNG_IRQ_NSLOTS / 4,
};

/******************************************************************
 * Per-CPU collection
 *
 * add_interrupt_randomness() runs in hard-IRQ context for every interrupt;
 * lrng_irq_mix_u32() in any context but NMI, with interrupts off.  Both
 * write only this CPU's struct lrng_irq_pcpu, taking its lock only to hash
 * into its pool, and the lockless GCD state.
 ******************************************************************/

DEFINE_PER_CPU(struct lrng_irq_pcpu, lrng_irq_pcpu) = {
	.lock = __RAW_SPIN_LOCK_UNLOCKED(lrng_irq_pcpu.lock),
};

struct lrng_gcd lrng_irq_gcd = LRNG_GCD_INIT;

static void lrng_irq_batch_work(struct irq_work *work);

/**
 * lrng_irq_views_init() - set up every CPU's view of its array
 *
 * Called by lrng_irq_init() once compression is decided, before interrupts
 * are enabled.
 */
void __init lrng_irq_views_init(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct lrng_irq_pcpu *p = per_cpu_ptr(&lrng_irq_pcpu, cpu);

		p->view = (struct lrng_irq_array) {
			.slots = p->array,
			.pool = lrng_irq_cfg.compress ? &p->pool : NULL,
			.lock = &p->lock,
			.nslots = LRNG_IRQ_NSLOTS,
		};
		/* Hard: on PREEMPT_RT too no interrupt may store meanwhile. */
		p->work = IRQ_WORK_INIT_HARD(lrng_irq_batch_work);
	}
}

/* This CPU recorded data: its pool is read from now on. */
static void lrng_irq_mark_used(struct lrng_irq_pcpu *p)
{
	if (unlikely(!p->used))
		WRITE_ONCE(p->used, true);
}

/* Without a high-resolution timer: one word of the interrupted registers. */
static void lrng_irq_add_regs(struct lrng_irq_pcpu *p,
			      const struct pt_regs *regs)
{
	const u32 *words = (const u32 *)regs;
	u32 idx = p->reg_idx++ % (sizeof(*regs) / sizeof(u32));

	p->pos = lrng_irq_array_add_u32(&p->view, p->pos, words[idx]);
}

/*
 * Without a high-resolution timer: jiffies, the IRQ number and the
 * interrupted address in one word.  XOR loses no credit: none is given to
 * this word.
 */
static void lrng_irq_add_extra(struct lrng_irq_pcpu *p, int irq,
			       unsigned long ip)
{
	u32 word = (u32)jiffies ^ (u32)irq ^ lower_32_bits(ip) ^
		   upper_32_bits(ip);

	p->pos = lrng_irq_array_add_u32(&p->view, p->pos, word);
}

/*
 * Count @n interrupts on @p, whose slots are stored, up to the cap; returns
 * whether to check the seeding stage: the count reached a multiple of
 * notify_mask + 1 or the cap.
 */
static bool lrng_irq_count(struct lrng_irq_pcpu *p, u32 n)
{
	u32 irqs = p->irqs, max = READ_ONCE(lrng_irq_cfg.max_irqs);
	u32 mask = lrng_irq_cfg.notify_mask;
	s32 avail = lrng_irq_avail(irqs, READ_ONCE(p->taken));
	u32 add;

	if (!n || avail >= (s32)max)
		return false;
	add = min_t(s64, n, (s64)max - avail);
	/* Pairs with smp_load_acquire() in lrng_irq_avail_locked(). */
	smp_store_release(&p->irqs, irqs + add);
	return ((u32)avail & ~mask) != ((u32)(avail + add) & ~mask) ||
	       avail + add == (s32)max;
}

/* A health test failed: drop what @p counted and no reader took. */
static void lrng_irq_drop(struct lrng_irq_pcpu *p)
{
	WRITE_ONCE(p->irqs, READ_ONCE(p->taken));
}

/*
 * Apply the health tests' verdict on one sample of @p: drop @p's count on
 * a failure, count the interrupt when credited and not @tapped.  Returns
 * whether to check the seeding stage.
 */
static bool lrng_irq_verdict(struct lrng_irq_pcpu *p,
			     enum lrng_health_verdict verdict, bool tapped)
{
	if (unlikely(verdict == LRNG_HEALTH_DISCARD))
		lrng_irq_drop(p);
	return verdict == LRNG_HEALTH_CREDIT && !tapped && lrng_irq_count(p, 1);
}

/* The stamp divided by its GCD, with no division for the common GCD of 1. */
static __always_inline u32 lrng_irq_scale(u32 stamp, u32 gcd)
{
	/*
	 * The compiler would otherwise divide by 1 rather than branch, and a
	 * division costs far more than a predicted branch.
	 */
	if (gcd > 1) {
		OPTIMIZER_HIDE_VAR(stamp);
		stamp /= gcd;
	}
	return stamp;
}

/*
 * Test and count the samples @p stored untested (see "Batches" above), with
 * interrupts off on @p's CPU, before anything else stores into its array.
 * The tests read the samples in the array, in at most two pieces when the
 * samples wrap around its end.  From the first sample that fails a test, the
 * samples take the per-sample path, as in lrng_irq_record().
 */
static noinline void lrng_irq_test_run(struct lrng_irq_pcpu *p)
{
	u32 n = p->untested, first = (p->pos - n) & (LRNG_IRQ_NSLOTS - 1);
	u32 len = min_t(u32, n, LRNG_IRQ_NSLOTS - first), i, passed;
	bool notify;

	p->untested = 0;
	passed = lrng_health_irq_run(p->array + first, len);
	if (passed == len && len < n)
		passed += lrng_health_irq_run(p->array, n - len);
	notify = lrng_irq_count(p, passed);
	for (i = passed; i < n; i++) {
		u8 sample = p->array[(first + i) & (LRNG_IRQ_NSLOTS - 1)];

		notify |= lrng_irq_verdict(p, lrng_health_irq(sample), false);
	}
	lrng_irq_mark_used(p);

	if (notify && (!lrng_ready() || lrng_ntg1_enabled()))
		lrng_es_add_entropy();
}

/* Whether this CPU's interrupts may take the fast path ("Batches" above). */
static bool lrng_irq_fast_ok(void)
{
	return lrng_gcd_get(&lrng_irq_gcd) && lrng_ready() &&
	       lrng_irq_cfg.highres && !lrng_testing_active() &&
	       lrng_health_irq_ok();
}

/*
 * The irq_work of a CPU, on that CPU with interrupts off, so that nothing
 * else stores into its array meanwhile: test and count the waiting
 * samples, hash the waiting slots, and check the fast path's conditions.
 */
static void lrng_irq_batch_work(struct irq_work *work)
{
	struct lrng_irq_pcpu *p = container_of(work, struct lrng_irq_pcpu,
					       work);

	if (p->untested)
		lrng_irq_test_run(p);
	lrng_irq_array_compress(&p->view, p->pos);
	p->fast = lrng_irq_fast_ok();
}

/* The slow paths: queue the irq_work once a batch's worth of slots waits. */
static void lrng_irq_hash_due(struct lrng_irq_pcpu *p)
{
	if (p->view.unhashed >= LRNG_IRQ_BATCH)
		irq_work_queue(&p->work);
}

/*
 * The untested samples of @p reached a multiple of LRNG_IRQ_BATCH: check
 * the fast path's conditions and queue the irq_work, or, when a whole
 * array of samples waits because interrupts stayed off that long, test
 * them now, before the next store overwrites the oldest.
 */
static noinline void lrng_irq_batch_due(struct lrng_irq_pcpu *p)
{
	p->fast = lrng_irq_fast_ok();
	if (p->untested >= LRNG_IRQ_NSLOTS)
		lrng_irq_test_run(p);
	else
		irq_work_queue(&p->work);
}

/*
 * The fast path of an interrupt (see "Batches" above): store the slot,
 * and have the batch tested, counted and hashed once it is complete.
 * Returns false, having done nothing, when the interrupt must take
 * lrng_irq_record() instead.
 */
static __always_inline bool lrng_irq_record_batch(u32 stamp)
{
	struct lrng_irq_pcpu *p;

	lockdep_assert_irqs_disabled();
	p = this_cpu_ptr(&lrng_irq_pcpu);
	if (unlikely(!p->fast))
		return false;
	p->pos = lrng_irq_array_add_slot(&p->view, p->pos,
					 lrng_irq_scale(stamp,
							lrng_gcd_get(&lrng_irq_gcd)) &
					 LRNG_IRQ_SLOT_MASK);
	if (unlikely(!(++p->untested & (LRNG_IRQ_BATCH - 1))))
		lrng_irq_batch_due(p);
	return true;
}

/*
 * Record an interrupt with its time stamp: the body of lrng_irq_add_stamp()
 * and of add_interrupt_randomness()'s slow path (lrng_irq_record_full()),
 * inline in both.  The stamp's sample goes through the health tests
 * (lrng_health.c) and is offered to the raw entropy taps (lrng_testing.c);
 * it is credited only when the tests let it and no tap took it.  A run of
 * untested samples is tested first.  Interrupts are off, so none are saved
 * and restored here.  No lock is taken unless a whole array waits for
 * compression (see "Locking" above).
 */
static __always_inline void lrng_irq_record(u32 stamp, int irq,
					    unsigned long ret_ip)
{
	const struct lrng_irq_config *cfg = &lrng_irq_cfg;
	enum lrng_health_verdict verdict;
	struct lrng_irq_pcpu *p;
	struct pt_regs *regs;
	bool narrow, notify, tapped, ready;
	u32 gcd, slot, scaled;

	lockdep_assert_irqs_disabled();
	tapped = lrng_testing_irq(stamp, irq, ret_ip);
	gcd = lrng_gcd_get(&lrng_irq_gcd);
	if (!gcd)
		lrng_gcd_add(&lrng_irq_gcd, stamp);
	ready = lrng_ready();
	narrow = gcd && ready;
	scaled = lrng_irq_scale(stamp, gcd);

	p = this_cpu_ptr(&lrng_irq_pcpu);
	if (unlikely(p->untested))
		lrng_irq_test_run(p);
	verdict = lrng_health_irq(scaled & LRNG_IRQ_SLOT_MASK);
	if (!cfg->highres) {
		regs = get_irq_regs();
		if (regs) {
			lrng_irq_add_regs(p, regs);
			ret_ip = instruction_pointer(regs);
		}
	}
	slot = p->pos;
	if (narrow)
		p->pos = lrng_irq_array_add_slot(&p->view, slot,
						 scaled & LRNG_IRQ_SLOT_MASK);
	else
		p->pos = lrng_irq_array_add_u32(&p->view, slot, stamp);
	tapped |= lrng_testing_array(p->array[slot]);
	if (!cfg->highres)
		lrng_irq_add_extra(p, irq, ret_ip);
	notify = lrng_irq_verdict(p, verdict, tapped);
	lrng_irq_mark_used(p);
	lrng_irq_hash_due(p);
	p->fast = lrng_irq_fast_ok();

	if (notify && (!ready || lrng_ntg1_enabled()))
		lrng_es_add_entropy();
}

/**
 * lrng_irq_add_stamp() - record an interrupt with a given time stamp
 * @stamp: the time stamp
 * @irq: its number
 * @ret_ip: return address of the caller, used when the interrupt has no
 *	    saved registers
 *
 * For the test-only stuck-noise injection (lrng_testing.c), which calls it
 * with interrupts off.
 */
void lrng_irq_add_stamp(u32 stamp, int irq, unsigned long ret_ip)
{
	lrng_irq_record(stamp, irq, ret_ip);
}

/*
 * An interrupt off the fast path, out of line so that the fast path saves
 * no registers; the interrupt performance tap times it.
 */
static noinline void lrng_irq_record_full(u32 stamp, int irq,
					  unsigned long ret_ip)
{
	lrng_irq_record(stamp, irq, ret_ip);
	lrng_testing_irq_perf(stamp);
}

/**
 * add_interrupt_randomness() - record an interrupt
 * @irq: its number
 *
 * Called by the interrupt core in hard-IRQ context for every interrupt, as
 * with random.c.  A fully seeded LRNG takes the fast path (see "Batches"
 * above).  It is defined here rather than in lrng_interface_kernel.c so
 * that the fast path is one function: it runs for every interrupt, where
 * a call into another file would be a measurable part of its cost.
 */
void add_interrupt_randomness(int irq)
{
	u32 stamp = random_get_entropy();

	if (likely(lrng_irq_record_batch(stamp)))
		return;
	lrng_irq_record_full(stamp, irq, _RET_IP_);
}
EXPORT_SYMBOL_GPL(add_interrupt_randomness);

/**
 * lrng_irq_mix_u32() - mix a word into this CPU's pool without credit
 * @word: the data
 *
 * With continuous compression the word goes into the collection array like
 * a 32-bit stamp; without, it is hashed into the pool at once, so that it
 * never overwrites a credited stamp.  Callable in any context but NMI.
 */
void lrng_irq_mix_u32(u32 word)
{
	struct lrng_irq_pcpu *p;
	unsigned long flags;

	local_irq_save(flags);
	p = this_cpu_ptr(&lrng_irq_pcpu);
	/* The word must not come between untested samples. */
	if (p->untested)
		lrng_irq_test_run(p);
	if (p->view.pool) {
		p->pos = lrng_irq_array_add_u32(&p->view, p->pos, word);
		lrng_irq_hash_due(p);
	} else {
		raw_spin_lock(&p->lock);
		lrng_hash_pool_update(&p->pool, &word, sizeof(word));
		raw_spin_unlock(&p->lock);
	}
	lrng_irq_mark_used(p);
	local_irq_restore(flags);
}
