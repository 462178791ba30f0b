/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG DRNG manager: the DRNG instances, their seeding and their output
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_DRNG_MGR_H
#define _LRNG_DRNG_MGR_H

#include <linux/lrng.h>
#include <linux/seq_file.h>
#include <linux/types.h>

#include "lrng_drng_chacha20.h"

/**
 * struct lrng_drng_stream - the output of one read or large request
 * @once: one-time ChaCha20 state keyed from this CPU's DRNG
 * @left: bytes @once may still give: the rest of one generate call of
 *	  LRNG_DRNG_MAX_REQSIZE bytes; 0 before the first key
 * @keyed: @once holds a key, to be wiped by lrng_drng_stream_end()
 *
 * On the reader's stack and owned by it: no lock.  Starts with @left 0 and
 * @keyed false (@once need not be initialised), ends with
 * lrng_drng_stream_end().
 */
struct lrng_drng_stream {
	struct lrng_chacha20 once;
	size_t left;
	bool keyed;
};

void lrng_drng_get(void *buf, size_t len);
void lrng_drng_get_sleep(void *buf, size_t len);
void lrng_drng_stream_get(struct lrng_drng_stream *st, void *buf, size_t len);
void lrng_drng_count_generate(void);

/**
 * lrng_drng_stream_end() - wipe a read's stream
 * @st: the stream
 *
 * A stream that never took a key (a small read) holds nothing to wipe.
 * Inline: every read ends with it.
 */
static inline void lrng_drng_stream_end(struct lrng_drng_stream *st)
{
	if (st->keyed)
		lrng_cc20_zero(&st->once);
	st->left = 0;
	st->keyed = false;
}

void lrng_drng_reset_cpu(unsigned int cpu);

extern unsigned long lrng_drng_init_generation;

/**
 * lrng_drng_generation() - the generation of the DRNG's current seed
 *
 * Inline: every get_random_uN() reads it.
 *
 * Return: a value that changes at every seed and is never ULONG_MAX.
 */
static inline unsigned long lrng_drng_generation(void)
{
	return READ_ONCE(lrng_drng_init_generation);
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

#endif /* _LRNG_DRNG_MGR_H */
