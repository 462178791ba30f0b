// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG time stamp GCD
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * Some timers advance in steps larger than one, so the least significant
 * bits of their stamps never change.  The interrupt entropy source divides
 * every stamp by the greatest common divisor (GCD) of the first
 * LRNG_GCD_WINDOW stamps before it keeps the stamp's lowest 8 bits, so that
 * those bits are the ones that vary.
 *
 * The GCD is computed once over the window, and again after a restart (when
 * the source's entropy is reset).  A GCD of 0 (all stamps 0) becomes 1; a
 * GCD above LRNG_GCD_MAX is capped there, with a warning, because a timer
 * that coarse leaves little to divide out.
 */

#include <linux/export.h>
#include <linux/gcd.h>
#include <linux/minmax.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <kunit/visibility.h>

#include "lrng_gcd.h"

/**
 * lrng_gcd_analyze() - greatest common divisor of a set of time stamps
 * @history: the stamps
 * @nelem: number of stamps in @history
 *
 * Return: the GCD of all stamps; 0 when all of them are 0 or @nelem is 0.
 * Stamps of 0 do not change the result.
 */
u32 lrng_gcd_analyze(const u32 *history, size_t nelem)
{
	u32 running = 0;
	size_t i;

	for (i = 0; i < nelem; i++)
		running = gcd(history[i], running);
	return running;
}
EXPORT_SYMBOL_IF_KUNIT(lrng_gcd_analyze);

/**
 * lrng_gcd_limit() - the divisor to apply for an analysed GCD
 * @gcd: result of lrng_gcd_analyze()
 *
 * Return: 1 for a GCD of 0, LRNG_GCD_MAX for any larger than that, else
 * @gcd.
 */
u32 lrng_gcd_limit(u32 gcd)
{
	return clamp_t(u32, gcd, 1, LRNG_GCD_MAX);
}
EXPORT_SYMBOL_IF_KUNIT(lrng_gcd_limit);

/**
 * lrng_gcd_add() - add a time stamp to the GCD window
 * @g: the GCD state
 * @stamp: the time stamp
 *
 * Call only while lrng_gcd_get() returns 0.  The caller that fills the last
 * entry of the window analyses it, wipes it and publishes the GCD.  A caller
 * that drew an index but is still storing its stamp during the analysis is
 * missed; its entry counts as 0, which leaves the GCD unchanged.  Callable
 * in any context but NMI.
 *
 * Return: true when this call published the GCD.
 */
bool lrng_gcd_add(struct lrng_gcd *g, u32 stamp)
{
	u32 idx = atomic_inc_return_relaxed(&g->next) - 1;
	u32 found;

	if (idx >= LRNG_GCD_WINDOW)
		return false;
	WRITE_ONCE(g->history[idx], stamp);
	if (idx != LRNG_GCD_WINDOW - 1)
		return false;

	found = lrng_gcd_analyze(g->history, LRNG_GCD_WINDOW);
	memzero_explicit(g->history, sizeof(g->history));
	if (found > LRNG_GCD_MAX)
		pr_warn("time stamp GCD %u is larger than expected, using %u\n",
			found, LRNG_GCD_MAX);
	/* Pairs with smp_load_acquire() in lrng_gcd_get(). */
	smp_store_release(&g->gcd, lrng_gcd_limit(found));
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(lrng_gcd_add);

/**
 * lrng_gcd_restart() - forget the GCD and collect a new window
 * @g: the GCD state
 */
void lrng_gcd_restart(struct lrng_gcd *g)
{
	/* Stamps added before the restart took effect are discarded. */
	smp_store_release(&g->gcd, 0);
	atomic_set(&g->next, 0);
}
EXPORT_SYMBOL_IF_KUNIT(lrng_gcd_restart);
