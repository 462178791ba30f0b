/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG side of the vDSO getrandom() contract
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: vDSO getrandom
 *
 * The vDSO keeps a ChaCha20 state per user thread and re-keys it through
 * getrandom(2) whenever the kernel publishes a new generation.  With
 * CONFIG_VDSO_GETRANDOM the LRNG keeps the contract of random.c:
 *
 * - Every seed of the DRNG that serves getrandom(2), including the boot
 *   stages, the periodic reseed, RNDRESEEDCRNG, a VM fork and resume,
 *   publishes a new generation with release ordering, after the new state
 *   is in place (on a NUMA machine, after every node's instance was
 *   reseeded too).  The published value is the DRNG generation plus one
 *   and is never 0.
 * - is_ready is set when the LRNG becomes fully seeded, after that seed
 *   published its generation, so the vDSO never sees is_ready with the
 *   all-zero generation of a fresh state.  random.c never clears it; the
 *   LRNG can fall back to unseeded, and then clears it until it is fully
 *   seeded again, and clears it when a run of its power-on self-tests
 *   fails, so that no vDSO state keyed before goes on serving.
 * - In the AIS 20/31 NTG.1 mode (lrng_es_mgr.ntg1=1) is_ready stays clear:
 *   the vDSO serves GRND_RANDOM from its own state like any other call,
 *   which would bypass the prediction-resistant DRNG, so it passes every
 *   call to getrandom(2) instead.
 *
 * User threads therefore use the vDSO fast path while getrandom(2) does
 * not block and re-key through getrandom(2) after every reseed.  After a
 * fallback to unseeded the vDSO passes every call to getrandom(2) with its
 * caller's flags: GRND_NONBLOCK fails with EAGAIN, GRND_INSECURE returns
 * bytes, other calls block, as the system call does; a call never blocks
 * because of the vDSO's own re-key.
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
