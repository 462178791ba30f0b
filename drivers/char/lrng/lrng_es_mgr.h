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
void lrng_es_draw_used(struct lrng_seed_buf *sb);
void lrng_es_reseed_sync(void);
void lrng_es_unseed(void);
void lrng_es_mgr_init_early(void);
void lrng_es_mgr_init(void);
void lrng_es_mgr_state(struct seq_file *m);
void lrng_es_switch_hash(void);

#endif /* _LRNG_ES_MGR_H */
