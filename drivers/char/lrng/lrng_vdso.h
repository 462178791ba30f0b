/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG side of the vDSO getrandom() contract
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The vDSO keeps a ChaCha20 state per user thread and re-keys it through
 * getrandom(2) whenever the kernel publishes a new generation.  The LRNG
 * publishes a new, never-zero generation after every seed of the DRNG that
 * serves getrandom(2), and sets is_ready when getrandom(2) no longer blocks.
 * The generation is published before is_ready, so the vDSO never sees
 * is_ready with the all-zero generation of a fresh state.  Unlike random.c
 * the LRNG can fall back to unseeded; is_ready is then cleared, so that
 * the vDSO passes every call to getrandom(2) with its caller's flags until
 * the LRNG is fully seeded again.
 */

#ifndef _LRNG_VDSO_H
#define _LRNG_VDSO_H

#include <linux/compiler.h>

#ifdef CONFIG_VDSO_GETRANDOM
#include <vdso/datapage.h>
#include <vdso/getrandom.h>
#include <vdso/vsyscall.h>

static inline void lrng_vdso_set_generation(unsigned long generation)
{
	/* Pairs with the smp_rmb() before the vDSO's re-keying syscall. */
	smp_store_release((unsigned long *)&__arch_get_k_vdso_rng_data()->generation,
			  generation);
}

static inline void lrng_vdso_set_ready(bool ready)
{
	/* After the generation: see the contract above. */
	smp_store_release(&__arch_get_k_vdso_rng_data()->is_ready, ready);
}
#else
static inline void lrng_vdso_set_generation(unsigned long generation) { }
static inline void lrng_vdso_set_ready(bool ready) { }
#endif

#endif /* _LRNG_VDSO_H */
