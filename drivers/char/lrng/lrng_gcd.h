/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG time stamp GCD: the common factor of the first interrupt time stamps
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_GCD_H
#define _LRNG_GCD_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/types.h>

enum {
	/* Time stamps analysed for their greatest common divisor. */
	LRNG_GCD_WINDOW = 100,
	/* Largest GCD applied; a larger one means a coarse or broken timer. */
	LRNG_GCD_MAX = 1000,
};

/**
 * struct lrng_gcd - collection of time stamps and the GCD found in them
 * @history: the first LRNG_GCD_WINDOW stamps; entry i is written only by
 *	     the caller that drew i from @next, and wiped after the analysis
 * @next: index of the next free entry of @history; values at and beyond
 *	  LRNG_GCD_WINDOW mean the window is complete
 * @gcd: the GCD in use, 0 while it is unknown; written with
 *	 smp_store_release(), read with smp_load_acquire()
 *
 * No lock: any CPU may add stamps concurrently, also in hard-IRQ context.
 */
struct lrng_gcd {
	u32 history[LRNG_GCD_WINDOW];
	atomic_t next;
	u32 gcd;
};

#define LRNG_GCD_INIT { .next = ATOMIC_INIT(0), .gcd = 0 }

u32 lrng_gcd_analyze(const u32 *history, size_t nelem);
u32 lrng_gcd_limit(u32 gcd);
bool lrng_gcd_add(struct lrng_gcd *g, u32 stamp);
void lrng_gcd_restart(struct lrng_gcd *g);

/**
 * lrng_gcd_get() - the GCD to divide time stamps by
 * @g: the GCD state
 *
 * Return: the GCD, 1 to LRNG_GCD_MAX, or 0 while it is unknown.
 */
static inline u32 lrng_gcd_get(const struct lrng_gcd *g)
{
	/* Pairs with smp_store_release() in lrng_gcd_add(). */
	return smp_load_acquire(&g->gcd);
}

#endif /* _LRNG_GCD_H */
