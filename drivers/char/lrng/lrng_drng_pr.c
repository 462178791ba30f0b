// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG AIS 20/31 NTG.1 mode: its switch
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: AIS 20/31 NTG.1
 *
 * With CONFIG_LRNG_AIS2031_NTG1_SEEDING_STRATEGY and the boot parameter
 * lrng_es_mgr.ntg1=1 (default off, read-only at run time), the LRNG
 * follows the seeding strategy of class NTG.1 of BSI's AIS 20/31 (2024).
 * Without the parameter, or without the option, nothing in this section
 * applies.
 *
 * Seeding strategy.  A seed makes the LRNG fully seeded only when, in
 * that seed, at least LRNG_NTG1_SOURCES (2) entropy sources each
 * delivered at least LRNG_NTG1_ES_BITS (240) bits, credited as the
 * entropy source manager credits them (after the SP800-90C oversampling
 * when it applies), besides the entropy a full seed needs anyway (256
 * bits, 384 with SP800-90C).  The manager decides it in one place, from
 * the per-source credits of the seed (lrng_es_seed_full()):
 *
 * - A seed with the entropy of a full seed that lacks two such sources
 *   takes the LRNG to minimally seeded only: getrandom(2) and /dev/random
 *   block until a seed meets the strategy.  A seed is drawn only when what
 *   the sources hold would meet it, so that seeds that cannot reach the
 *   next stage do not drain the sources.
 * - A reseed of a fully seeded LRNG that does not meet the strategy still
 *   goes into the DRNG, but is not a reseed of full strength: it does not
 *   restart the count of generate calls towards lrng_drng_mgr.max_wo_reseed,
 *   after which the LRNG falls back to unseeded and blocks until a seed
 *   meets the strategy again.
 * - On a NUMA machine a reseed that meets the strategy keys the nodes'
 *   DRNG instances from the initial one, which it just reseeded, instead of
 *   from draws of their own, which would find the sources drained.
 * - The Jitter RNG source keeps its pool full (not only until the LRNG is
 *   fully seeded), so that a full seed finds a second source there.
 * - /proc/lrng_type shows "NTG.1 compliant: true" while the LRNG is fully
 *   seeded (hence by a seed that met the strategy), else "false".
 */

/*
 * The parameter keeps the name upstream's LRNG gives it, lrng_es_mgr.ntg1,
 * which security policies cite, although it is defined here: this object
 * exists only with the option, so a kernel without it has no such
 * parameter (as lrng_es_irq_pool.c keeps the names of lrng_es_irq.c).
 */

#include <linux/cache.h>
#include <linux/compiler.h>
#include <linux/moduleparam.h>

#include "lrng_drng_pr.h"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "lrng_es_mgr."

/* Set on the command line only (0444), before the first seed. */
static bool lrng_ntg1 __read_mostly;
module_param_named(ntg1, lrng_ntg1, bool, 0444);
MODULE_PARM_DESC(ntg1, "AIS 20/31 NTG.1 seeding strategy");

/**
 * lrng_ntg1_enabled() - whether the AIS 20/31 NTG.1 mode is on
 *
 * Return: true when booted with lrng_es_mgr.ntg1=1.
 */
bool lrng_ntg1_enabled(void)
{
	return READ_ONCE(lrng_ntg1);
}
