/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG NUMA support: one DRNG instance per node
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_NUMA_H
#define _LRNG_NUMA_H

#include <linux/seq_file.h>
#include <linux/types.h>

struct lrng_drng;

#if IS_ENABLED(CONFIG_NUMA)
struct lrng_drng *lrng_numa_drng(int node);
void lrng_numa_alloc(void);
void lrng_numa_seed_nodes(bool force);
void lrng_numa_rekey_nodes(void);
void lrng_numa_skipped(void);
void lrng_numa_force_reseed(void);
bool lrng_numa_state(struct seq_file *m);
#else
static inline struct lrng_drng *lrng_numa_drng(int node)
{
	return NULL;
}

static inline void lrng_numa_alloc(void)
{
}

static inline void lrng_numa_seed_nodes(bool force)
{
}

static inline void lrng_numa_rekey_nodes(void)
{
}

static inline void lrng_numa_skipped(void)
{
}

static inline void lrng_numa_force_reseed(void)
{
}

static inline bool lrng_numa_state(struct seq_file *m)
{
	return false;
}
#endif

#endif /* _LRNG_NUMA_H */
