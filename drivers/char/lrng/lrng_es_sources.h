/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG entropy source manager: what its two files share
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * lrng_es_sources.c keeps the table of sources, the seeding policy and the
 * drawing of seeds; lrng_es_mgr.c decides when to seed, with the functions
 * below.  What the rest of the LRNG calls is in lrng_es_mgr.h.
 */

#ifndef _LRNG_ES_SOURCES_H
#define _LRNG_ES_SOURCES_H

#include <linux/types.h>

#include "lrng_es_mgr.h"
#include "lrng_ready.h"

u32 lrng_es_full_seed_bits(void);
u32 lrng_es_reseed_min_bits(void);
enum lrng_seed_stage lrng_es_stage(u32 bits, const u32 es_bits[LRNG_ES_MAX]);
u32 lrng_es_avail(u32 es_bits[LRNG_ES_MAX]);
u32 lrng_es_fill(struct lrng_seed_buf *sb, u32 want);

#endif /* _LRNG_ES_SOURCES_H */
