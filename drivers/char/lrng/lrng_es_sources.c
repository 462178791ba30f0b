// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG entropy source manager: the table of sources and the seeds drawn
 * from them
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The side of the entropy source manager (lrng_es_mgr.c, which describes
 * the design) that talks to the sources: it keeps their table, weighs what
 * they hold against what a seed must carry (the seeding policy), fills a
 * seed buffer from them and passes /proc/lrng_type and a hash switch on to
 * each.  lrng_es_mgr.c decides when to seed and holds the seeding state;
 * it calls the functions of lrng_es_sources.h.  Nothing here has state of
 * its own: the table is read-only.
 *
 * Sections: 1. seeding policy and entropy levels, 2. drawing seeds,
 * 3. /proc and the hash switch.
 */

#include <linux/fips.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/timex.h>

#include "lrng_drng_pr.h"
#include "lrng_es_aux.h"
#include "lrng_es_cpu.h"
#include "lrng_es_irq.h"
#include "lrng_es_jent.h"
#include "lrng_es_mgr.h"
#include "lrng_es_sched.h"
#include "lrng_es_sources.h"
#include "lrng_hash.h"
#include "lrng_ready.h"

static const struct lrng_es_cb *const lrng_es[LRNG_ES_MAX] = {
	[LRNG_ES_AUX] = &lrng_es_aux,
	[LRNG_ES_CPU] = &lrng_es_cpu,
	[LRNG_ES_IRQ] = LRNG_ES_IRQ_CB,
	[LRNG_ES_JENT] = LRNG_ES_JENT_CB,
	[LRNG_ES_SCHED] = LRNG_ES_SCHED_CB,
};

/******************************************************************
 * 1. Seeding policy and entropy levels
 *
 * lrng_sp80090c_compliant(), the thresholds, lrng_es_stage(),
 * lrng_es_avail(), lrng_es_avail_entropy(), lrng_es_collected_entropy();
 * whether a seed makes the LRNG fully seeded is lrng_es_seed_full() of
 * lrng_es_mgr.h, the entropy level lrng_entropy_level() of lrng_es_mgr.c.
 ******************************************************************/

/**
 * lrng_sp80090c_compliant() - whether seeding follows SP800-90C
 *
 * Return: true with CONFIG_LRNG_OVERSAMPLE_ENTROPY_SOURCES in FIPS mode when
 * the conditioning digest is large enough for the oversampled first seed.
 */
bool lrng_sp80090c_compliant(void)
{
	u32 digest_bits = lrng_hash_digestsize() * 8;

	return IS_ENABLED(CONFIG_LRNG_OVERSAMPLE_ENTROPY_SOURCES) &&
	       fips_enabled && digest_bits >= LRNG_DRNG_SECURITY_STRENGTH_BITS +
					      LRNG_SEED_INIT_ADD_BITS;
}

/**
 * lrng_es_full_seed_bits() - entropy of a full seed
 *
 * Return: the entropy in bits a seed must carry to make the LRNG fully
 * seeded.
 */
u32 lrng_es_full_seed_bits(void)
{
	return LRNG_FULL_SEED_ENTROPY_BITS +
	       (lrng_sp80090c_compliant() ? LRNG_SEED_INIT_ADD_BITS : 0);
}

/**
 * lrng_es_reseed_min_bits() - entropy a reseed must carry
 *
 * Return: the entropy in bits a reseed of a fully seeded LRNG must carry.
 */
u32 lrng_es_reseed_min_bits(void)
{
	return lrng_sp80090c_compliant() ? LRNG_DRNG_SECURITY_STRENGTH_BITS :
					   LRNG_MIN_SEED_ENTROPY_BITS;
}

/* Entropy every source is asked for beyond what it is credited for. */
static u32 lrng_es_oversample_bits(void)
{
	return lrng_sp80090c_compliant() ? LRNG_OVERSAMPLE_ES_BITS : 0;
}

/**
 * lrng_es_stage() - the stage a seed takes the LRNG to
 * @bits: the entropy of the seed
 * @es_bits: the entropy of each source's slot, as for lrng_ntg1_seed_met()
 *
 * Return: the seeding stage.
 */
enum lrng_seed_stage lrng_es_stage(u32 bits, const u32 es_bits[LRNG_ES_MAX])
{
	if (lrng_es_seed_full(bits, es_bits, lrng_es_full_seed_bits(),
			      lrng_ntg1_enabled()))
		return LRNG_FULLY_SEEDED;
	if (bits >= LRNG_MIN_SEED_ENTROPY_BITS)
		return LRNG_MIN_SEEDED;
	if (bits >= LRNG_INIT_ENTROPY_BITS)
		return LRNG_INIT_SEEDED;
	return LRNG_UNSEEDED;
}

/* What the sources hold, each less @osr bits (not below 0): each, summed. */
static u32 lrng_es_sum(u32 osr, u32 es_bits[LRNG_ES_MAX])
{
	u32 bits = 0, cur;
	int i;

	for (i = 0; i < LRNG_ES_MAX; i++) {
		es_bits[i] = 0;
		if (!lrng_es[i])
			continue;
		cur = lrng_es[i]->curr_entropy();
		es_bits[i] = cur > osr ? cur - osr : 0;
		bits += es_bits[i];
	}
	return bits;
}

/**
 * lrng_es_avail() - what a seed drawn now would carry
 * @es_bits: set to what each source would credit to it
 *
 * Return: the entropy in bits in all, capped at the entropy of a full seed.
 */
u32 lrng_es_avail(u32 es_bits[LRNG_ES_MAX])
{
	return min_t(u32, lrng_es_sum(lrng_es_oversample_bits(), es_bits),
		     lrng_es_full_seed_bits());
}

/**
 * lrng_es_avail_entropy() - entropy a seed drawn now would carry
 *
 * Each source less the oversampling, as lrng_es_fill() credits it: with
 * SP800-90C a source is credited what it gives minus
 * LRNG_OVERSAMPLE_ES_BITS, so the raw sum would start seeds that reach no
 * stage and only drain the sources.
 *
 * Return: the sum in bits, capped at the entropy of a full seed.
 */
u32 lrng_es_avail_entropy(void)
{
	u32 es_bits[LRNG_ES_MAX];

	return lrng_es_avail(es_bits);
}

/**
 * lrng_es_collected_entropy() - entropy all sources hold, uncapped
 *
 * Return: the sum in bits, without the oversampling taken off.
 */
u32 lrng_es_collected_entropy(void)
{
	u32 es_bits[LRNG_ES_MAX];

	return lrng_es_sum(0, es_bits);
}

/******************************************************************
 * 2. Drawing seeds
 *
 * lrng_es_fill() for the seed operations of lrng_es_mgr.c; lrng_es_draw()
 * for the NUMA nodes (lrng_numa.c); lrng_es_pr_avail() for the
 * prediction-resistant DRNG (lrng_drng_pr.c); lrng_es_draw_used() after
 * every seed.
 ******************************************************************/

/**
 * lrng_es_fill() - fill the seed buffer from every source
 * @sb: the seed buffer
 * @want: the entropy in bits to ask each source for, besides the
 *	  oversampling
 *
 * For a seed operation of lrng_es_mgr.c, under its seeding flag.
 *
 * Return: the credited entropy in bits, at most @want.
 */
u32 lrng_es_fill(struct lrng_seed_buf *sb, u32 want)
{
	u32 osr = lrng_es_oversample_bits(), bits = 0, got;
	int i;

	memset(sb, 0, sizeof(*sb));
	for (i = 0; i < LRNG_ES_MAX; i++) {
		if (!lrng_es[i])
			continue;
		got = lrng_es[i]->get_ent(sb->slot[i], want + osr);
		sb->bits[i] = got > osr ? got - osr : 0;
		bits += sb->bits[i];
	}
	sb->now = random_get_entropy();
	return min_t(u32, bits, want);
}

/**
 * lrng_es_draw() - a seed for a NUMA node's DRNG instance
 * @sb: the seed buffer to fill
 * @force: draw even when the sources hold too little entropy for a reseed
 * @full: set to whether the seed carries entropy of full strength
 *
 * Called by lrng_numa_seed_nodes() within a reseed (the caller of
 * lrng_es_reseed() or lrng_es_reseed_nosleep() holds the seeding flag).
 * Once the seed is in the instance, the caller hands @sb to
 * lrng_es_draw_used().
 *
 * Return: 0, or -EAGAIN, with nothing drawn, when the sources hold too
 * little entropy for a reseed.
 */
int lrng_es_draw(struct lrng_seed_buf *sb, bool force, bool *full)
{
	u32 bits;

	if (!force && lrng_es_avail_entropy() < lrng_es_reseed_min_bits())
		return -EAGAIN;
	bits = lrng_es_fill(sb, LRNG_DRNG_SECURITY_STRENGTH_BITS);
	*full = lrng_es_reseed_full(bits, sb->bits, lrng_ntg1_enabled());
	return 0;
}

/**
 * lrng_es_pr_avail() - whether the sources hold a prediction-resistant seed
 *
 * Return: true when what each source holds, less the oversampling, meets
 * the NTG.1 strategy (lrng_ntg1_seed_met()).
 */
bool lrng_es_pr_avail(void)
{
	u32 es_bits[LRNG_ES_MAX];

	lrng_es_avail(es_bits);
	return lrng_ntg1_seed_met(es_bits);
}

/**
 * lrng_es_draw_used() - a seed went into a DRNG instance
 * @sb: the seed buffer, wiped here
 */
void lrng_es_draw_used(struct lrng_seed_buf *sb)
{
	/* Backtracking resistance: the used seed stirs the aux pool. */
	lrng_aux_insert(sb, sizeof(*sb), 0);
	memzero_explicit(sb, sizeof(*sb));
}

/******************************************************************
 * 3. /proc and the hash switch
 *
 * lrng_es_mgr_state(), lrng_es_switch_hash().
 ******************************************************************/

/**
 * lrng_es_mgr_state() - the entropy source lines of /proc/lrng_type
 * @m: seq_file to write to
 */
void lrng_es_mgr_state(struct seq_file *m)
{
	enum lrng_seed_stage stage = lrng_seed_stage();
	int i;

	seq_printf(m, "LRNG minimally seeded: %s\n",
		   stage >= LRNG_MIN_SEEDED ? "true" : "false");
	seq_printf(m, "LRNG fully seeded: %s\n",
		   stage == LRNG_FULLY_SEEDED ? "true" : "false");
	seq_printf(m, "Seeding stage: %s\n", lrng_seed_stage_name(stage));
	seq_printf(m, "SP800-90C compliant: %s\n",
		   lrng_sp80090c_compliant() ? "true" : "false");
	/* Only with the strategy on: the default output stays as it was. */
	if (lrng_ntg1_enabled())
		seq_printf(m, "NTG.1 compliant: %s\n",
			   stage == LRNG_FULLY_SEEDED ? "true" : "false");
	seq_printf(m, "Entropy for full seed in bits: %u\n",
		   lrng_es_full_seed_bits());
	seq_printf(m, "Entropy for reseed in bits: %u\n",
		   lrng_es_reseed_min_bits());
	seq_printf(m, "Entropy source oversampling in bits: %u\n",
		   lrng_es_oversample_bits());
	seq_printf(m, "Entropy level in bits: %u\n", lrng_entropy_level());
	for (i = 0; i < LRNG_ES_MAX; i++) {
		if (!lrng_es[i])
			continue;
		seq_printf(m, "%s ES properties:\n", lrng_es[i]->name);
		lrng_es[i]->state(m);
	}
}

/**
 * lrng_es_switch_hash() - move every source to the current conditioning hash
 *
 * Called by the hash switch (lrng_switch.c) after it published the new
 * hash.
 */
void lrng_es_switch_hash(void)
{
	int i;

	for (i = 0; i < LRNG_ES_MAX; i++)
		if (lrng_es[i] && lrng_es[i]->switch_hash)
			lrng_es[i]->switch_hash();
}
