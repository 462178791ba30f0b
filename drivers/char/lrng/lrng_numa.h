/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG NUMA support: one DRNG instance per node
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_NUMA_H
#define _LRNG_NUMA_H

struct lrng_drng;

#if IS_ENABLED(CONFIG_NUMA)
struct lrng_drng *lrng_numa_drng(int node);
void lrng_numa_alloc(void);
#else
static inline struct lrng_drng *lrng_numa_drng(int node)
{
	return NULL;
}

static inline void lrng_numa_alloc(void)
{
}
#endif

#endif /* _LRNG_NUMA_H */
