// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG Jitter RNG entropy source
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: Jitter RNG entropy source
 *
 * The CPU execution time jitter RNG of crypto/jitterentropy.c, reached
 * through the kernel crypto API as "jitterentropy_rng" (built with
 * CONFIG_LRNG_JENT, which needs CONFIG_CRYPTO_JITTERENTROPY=y).  It is an
 * SP800-90B noise source with its own health tests, and it delivers on
 * request, which makes it the source that seeds a machine with few
 * interrupts.
 *
 * Entropy rate: CONFIG_LRNG_JENT_ENTROPY_RATE bits per 256 bits of data
 * (default 16, deliberately low: the jitter of a virtual machine depends
 * on its host and is not assessed), changeable with the parameter
 * lrng_es_jent.jitterrng (at run time with CONFIG_LRNG_RUNTIME_ES_CONFIG);
 * values above 256 count as 256, and 0 keeps the data but credits nothing.
 *
 * The Jitter RNG takes a mutex and needs several milliseconds, so it is
 * never called from the seeding path, which may run in atomic context.  A
 * work item on system_long_wq draws blocks of
 * LRNG_DRNG_SECURITY_STRENGTH_BITS (256) and hashes them into the source's
 * SHA-256 pool, crediting each block at the rate above, capped at the
 * digest size; a seed takes the pool's digest and its credit.  After a
 * seed the work item draws one new block, so a seed of a fully seeded
 * LRNG finds one block (16 bits at the default rate), and a seed that
 * finds no new block gets nothing from this source.  While the LRNG is not
 * yet fully seeded the work item keeps drawing until the pool holds 256
 * bits, so that a machine without a trusted CPU source and with few
 * interrupts still becomes fully seeded soon after boot instead of
 * blocking its readers; in the AIS 20/31 NTG.1 mode it does so after
 * every seed too.  The source starts at late_initcall, when the
 * crypto API has registered the Jitter RNG; if it cannot be allocated (its
 * own start-up health test failed, or CONFIG_CRYPTO_JITTERENTROPY is off),
 * the source stays off and says so in the log.
 */

/**
 * DOC: Jitter RNG raw noise
 *
 * The Jitter RNG's raw noise comes from the kernel's own test interface of
 * crypto/jitterentropy.c (CONFIG_CRYPTO_JITTERENTROPY_TESTINTERFACE,
 * selected by CONFIG_LRNG_RAW_JENT_ENTROPY; without it that option needs
 * CONFIG_CRYPTO_FIPS and CONFIG_EXPERT, which also raise the Jitter RNG's
 * default oversampling rate).  While it records, storing each stamp is
 * part of the intervals measured; nothing else changes.  The file
 * /sys/kernel/debug/jitterentropy_testing/jent_raw_hires (root, 0400, one
 * reader) returns the low 32 bits of every time stamp of any Jitter RNG
 * instance, as host-order words in runs of 256.  A read blocks until the
 * Jitter RNG runs, once per seed of a fully seeded LRNG (getrawentropy -j
 * forces seeds with RNDRESEEDCRNG); the boot parameter
 * jitterentropy_testing.boot_raw_hires_test=1 keeps the stamps of its
 * start-up test for the first read.  This tap withholds no credit.
 */

#include <crypto/rng.h>
#include <crypto/sha2.h>
#include <linux/init.h>
#include <linux/moduleparam.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "lrng_drng_pr.h"
#include "lrng_es_jent.h"
#include "lrng_hash.h"
#include "lrng_param_alias.h"
#include "lrng_ready.h"

static u32 lrng_jent_rate = CONFIG_LRNG_JENT_ENTROPY_RATE;
lrng_module_param_named("lrng_es_jent.", jent_entropy,
			jitterrng, lrng_jent_rate, uint,
			IS_ENABLED(CONFIG_LRNG_RUNTIME_ES_CONFIG) ? 0644 : 0444);
MODULE_PARM_DESC(jitterrng,
		 "Entropy in bits credited per 256 bits of Jitter RNG data");

/**
 * struct lrng_jent - the Jitter RNG and the pool of its output
 * @rng: the crypto API Jitter RNG; set once at init, NULL when unusable
 * @pool: hash state over the blocks drawn since the last seed
 * @bits: entropy credited to @pool, at most its digest size; written under
 *	  @lock with WRITE_ONCE(), read without it by lrng_jent_curr_entropy()
 * @has_data: @pool holds blocks not yet used by a seed
 * @lock: guards @pool, @bits and @has_data; taken in any context
 * @refill: draws blocks in process context
 */
struct lrng_jent {
	struct crypto_rng *rng;
	struct lrng_hash_pool pool;
	u32 bits;
	bool has_data;
	spinlock_t lock; /* guards @pool, @bits and @has_data */
	struct work_struct refill;
};

static void lrng_jent_refill_workfn(struct work_struct *work);

static struct lrng_jent lrng_jent = {
	.lock = __SPIN_LOCK_UNLOCKED(lrng_jent.lock),
	.refill = __WORK_INITIALIZER(lrng_jent.refill, lrng_jent_refill_workfn),
};

static u32 lrng_jent_rate_now(void)
{
	return min_t(u32, READ_ONCE(lrng_jent_rate),
		     LRNG_DRNG_SECURITY_STRENGTH_BITS);
}

static void lrng_jent_refill_workfn(struct work_struct *work)
{
	u8 block[LRNG_DRNG_SECURITY_STRENGTH_BYTES];
	u32 rate = lrng_jent_rate_now();
	unsigned long flags;
	u32 max;
	bool more;
	int ret;

	ret = crypto_rng_get_bytes(lrng_jent.rng, block, sizeof(block));
	if (ret) {
		/* What it wrote before it failed stays secret too. */
		memzero_explicit(block, sizeof(block));
		pr_warn_ratelimited("Jitter RNG failed (%d): no data for this seed\n",
				    ret);
		return;
	}

	spin_lock_irqsave(&lrng_jent.lock, flags);
	lrng_hash_pool_update(&lrng_jent.pool, block, sizeof(block));
	max = lrng_hash_pool_digest_bits(&lrng_jent.pool);
	WRITE_ONCE(lrng_jent.bits, min(lrng_jent.bits + rate, max));
	lrng_jent.has_data = true;
	more = rate && lrng_jent.bits < max;
	spin_unlock_irqrestore(&lrng_jent.lock, flags);
	memzero_explicit(block, sizeof(block));

	lrng_es_add_entropy();
	/*
	 * Until fully seeded, keep collecting instead of leaving readers
	 * blocked; with NTG.1 always: every full seed and every
	 * prediction-resistant block needs 240 bits from a second source.
	 */
	if (more && (!lrng_ready() || lrng_ntg1_enabled()))
		queue_work(system_long_wq, &lrng_jent.refill);
}

static u32 lrng_jent_curr_entropy(void)
{
	return READ_ONCE(lrng_jent.bits);
}

static u32 lrng_jent_get_ent(u8 *slot, u32 requested_bits)
{
	u8 digest[HASH_MAX_DIGESTSIZE];
	unsigned long flags;
	u32 bits = 0, size = 0;
	bool used;

	if (!READ_ONCE(lrng_jent.rng))
		return 0;

	spin_lock_irqsave(&lrng_jent.lock, flags);
	used = lrng_jent.has_data;
	if (used) {
		size = lrng_hash_pool_final(&lrng_jent.pool, digest);
		bits = min3(lrng_jent.bits, requested_bits, size * 8);
		WRITE_ONCE(lrng_jent.bits, 0);
		lrng_jent.has_data = false;
	}
	spin_unlock_irqrestore(&lrng_jent.lock, flags);

	queue_work(system_long_wq, &lrng_jent.refill);
	if (!used)
		return 0;
	memcpy(slot, digest, min_t(u32, size, DIV_ROUND_UP(requested_bits, 8)));
	memzero_explicit(digest, sizeof(digest));
	return bits;
}

/* Carry the pool into the current hash, keeping what both digests hold. */
static void lrng_jent_switch_hash(void)
{
	unsigned long flags;
	u32 max;

	spin_lock_irqsave(&lrng_jent.lock, flags);
	max = lrng_hash_pool_switch(&lrng_jent.pool);
	WRITE_ONCE(lrng_jent.bits, min(lrng_jent.bits, max));
	spin_unlock_irqrestore(&lrng_jent.lock, flags);
}

static void lrng_jent_state(struct seq_file *m)
{
	seq_printf(m, " Available: %s\n", READ_ONCE(lrng_jent.rng) ? "true" : "false");
	seq_printf(m, " Entropy rate: %u\n", lrng_jent_rate_now());
	seq_printf(m, " Available entropy: %u\n", lrng_jent_curr_entropy());
}

const struct lrng_es_cb lrng_es_jent = {
	.name = "JitterRNG",
	.curr_entropy = lrng_jent_curr_entropy,
	.get_ent = lrng_jent_get_ent,
	.state = lrng_jent_state,
	.switch_hash = lrng_jent_switch_hash,
};

static int __init lrng_jent_init(void)
{
	struct crypto_rng *rng;

	rng = crypto_alloc_rng("jitterentropy_rng", 0, 0);
	if (IS_ERR(rng)) {
		pr_info("Jitter RNG unusable on this machine (%ld): entropy source off\n",
			PTR_ERR(rng));
		return 0;
	}
	WRITE_ONCE(lrng_jent.rng, rng);
	queue_work(system_long_wq, &lrng_jent.refill);
	pr_info("Jitter RNG entropy source on, %u bits per 256 bits\n",
		lrng_jent_rate_now());
	return 0;
}
late_initcall(lrng_jent_init);
