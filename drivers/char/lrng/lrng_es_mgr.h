/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG entropy source manager: one table of sources feeding the DRNGs
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_ES_MGR_H
#define _LRNG_ES_MGR_H

#include <linux/seq_file.h>
#include <linux/compiler.h>
#include <linux/types.h>

#include "lrng_definitions.h"

/*
 * The entropy sources, in the order of their slots in the seed buffer.  A
 * source whose Kconfig option is off keeps its index; its table entry is
 * NULL and the manager skips it.
 */
enum lrng_es_index {
	LRNG_ES_AUX,
	LRNG_ES_CPU,
	LRNG_ES_IRQ,
	LRNG_ES_JENT,
	LRNG_ES_SCHED,
	LRNG_ES_MAX
};

/**
 * struct lrng_es_cb - what every entropy source provides to the manager
 * @name: name shown in /proc/lrng_type ("<name> ES properties:")
 * @curr_entropy: entropy in bits the source could deliver now
 * @get_ent: fill @slot (LRNG_MAX_DIGESTSIZE bytes) with data for
 *	     @requested_bits and return the entropy in bits credited to it;
 *	     callable in atomic context
 * @state: write the source's own lines of /proc/lrng_type
 * @switch_hash: move the source's pools to the current conditioning hash
 *		 and cap their entropy at the old digest size (lrng_hash.c);
 *		 NULL for a source without a pool
 */
struct lrng_es_cb {
	const char *name;
	u32 (*curr_entropy)(void);
	u32 (*get_ent)(u8 *slot, u32 requested_bits);
	void (*state)(struct seq_file *m);
	void (*switch_hash)(void);
};

/**
 * struct lrng_seed_buf - one seed for the DRNG, one slot per source
 * @slot: data of each source, indexed like the source table
 * @bits: entropy in bits credited to each slot
 * @now: time stamp of the seed, never credited
 */
struct lrng_seed_buf {
	u8 slot[LRNG_ES_MAX][LRNG_MAX_DIGESTSIZE];
	u32 bits[LRNG_ES_MAX];
	u64 now;
};

/**
 * lrng_ntg1_seed_met() - whether a seed meets the AIS 20/31 NTG.1 strategy
 * @es_bits: the entropy in bits credited to each source's slot of the seed,
 *	     after the oversampling (struct lrng_seed_buf.bits), or what each
 *	     source would credit to a seed drawn now
 *
 * Pure, so that KUnit tests it on its own.
 *
 * Return: true when at least LRNG_NTG1_SOURCES sources carry at least
 * LRNG_NTG1_ES_BITS each.
 */
static inline bool lrng_ntg1_seed_met(const u32 es_bits[LRNG_ES_MAX])
{
	int i, n = 0;

	for (i = 0; i < LRNG_ES_MAX; i++)
		n += es_bits[i] >= LRNG_NTG1_ES_BITS;
	return n >= LRNG_NTG1_SOURCES;
}

/**
 * lrng_es_seed_full() - whether a seed makes the LRNG fully seeded
 * @bits: the entropy of the seed: the sum of @es_bits, capped at what was
 *	  asked for
 * @es_bits: the entropy of each source's slot, as for lrng_ntg1_seed_met()
 * @full_bits: the entropy a seed needs to make the LRNG fully seeded
 * @ntg1: the AIS 20/31 NTG.1 strategy applies
 *
 * The one decision of "fully seeded" (the entropy source manager applies
 * it to every seed and, to decide whether to draw one, to what the sources
 * hold): @full_bits and, with @ntg1, LRNG_NTG1_SOURCES sources of
 * LRNG_NTG1_ES_BITS each.  A seed that fails it takes the LRNG at most to
 * minimally seeded.  Pure, so that KUnit tests it.
 *
 * Return: true when the seed makes the LRNG fully seeded.
 */
static inline bool lrng_es_seed_full(u32 bits,
				     const u32 es_bits[LRNG_ES_MAX],
				     u32 full_bits, bool ntg1)
{
	return bits >= full_bits && (!ntg1 || lrng_ntg1_seed_met(es_bits));
}

/**
 * lrng_es_reseed_full() - whether a reseed counts as one of full strength
 * @bits: the entropy of the reseed's seed
 * @es_bits: the entropy of each source's slot, as for lrng_ntg1_seed_met()
 * @ntg1: the AIS 20/31 NTG.1 strategy applies
 *
 * Only a reseed of full strength restarts a DRNG instance's count of
 * generate calls towards the fallback to unseeded (lrng_drng_mgr.c): a
 * reseed with less still goes into the instance, but does not count as
 * one.  Pure, so that KUnit tests it.
 *
 * Return: true with LRNG_DRNG_SECURITY_STRENGTH_BITS and, with @ntg1, two
 * sources of LRNG_NTG1_ES_BITS each.
 */
static inline bool lrng_es_reseed_full(u32 bits,
				       const u32 es_bits[LRNG_ES_MAX],
				       bool ntg1)
{
	return bits >= LRNG_DRNG_SECURITY_STRENGTH_BITS &&
	       (!ntg1 || lrng_ntg1_seed_met(es_bits));
}

u32 lrng_es_avail_entropy(void);
u32 lrng_es_collected_entropy(void);
u32 lrng_entropy_level(void);
void lrng_es_add_entropy(void);
void lrng_es_add_entropy_sync(void);
void lrng_es_request_seed(void);
bool lrng_sp80090c_compliant(void);
int lrng_es_reseed(bool force);
int lrng_es_reseed_nosleep(void);
void lrng_es_reseed_due(bool can_sleep);
int lrng_es_draw(struct lrng_seed_buf *sb, bool force, bool *full);
bool lrng_es_pr_avail(void);
int lrng_es_draw_pr(struct lrng_seed_buf *sb, bool *met);
void lrng_es_draw_used(struct lrng_seed_buf *sb);
void lrng_es_reseed_sync(void);
void lrng_es_unseed(void);
void lrng_es_mgr_init_early(void);
void lrng_es_mgr_init(void);
void lrng_es_mgr_state(struct seq_file *m);
void lrng_es_switch_hash(void);

#endif /* _LRNG_ES_MGR_H */
