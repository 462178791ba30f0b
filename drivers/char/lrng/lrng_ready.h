/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG readiness: waiting for and announcing the fully seeded state
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_READY_H
#define _LRNG_READY_H

#include <asm/barrier.h>
#include <linux/compiler.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/types.h>

/**
 * enum lrng_seed_stage - how far the LRNG got in seeding its DRNGs
 * @LRNG_UNSEEDED: no seed with LRNG_INIT_ENTROPY_BITS yet
 * @LRNG_INIT_SEEDED: seeded with at least LRNG_INIT_ENTROPY_BITS
 * @LRNG_MIN_SEEDED: seeded with at least LRNG_MIN_SEED_ENTROPY_BITS
 * @LRNG_FULLY_SEEDED: seeded with LRNG_FULL_SEED_ENTROPY_BITS; getrandom(2)
 *		       and /dev/random no longer block
 */
enum lrng_seed_stage {
	LRNG_UNSEEDED,
	LRNG_INIT_SEEDED,
	LRNG_MIN_SEEDED,
	LRNG_FULLY_SEEDED,
};

/*
 * The current seeding stage, the one record of whether the LRNG is fully
 * seeded: written only by lrng_ready.c (lrng_ready_stage_set(), called by
 * the holder of the entropy source manager's seeding flag, and
 * lrng_ready_lost()) with release, read anywhere.  Exposed for the
 * inline readers below, which the interrupt path calls for every
 * interrupt.
 */
extern enum lrng_seed_stage lrng_ready_stage;

/**
 * lrng_seed_stage() - the current seeding stage
 *
 * For decisions on seeding, which order nothing else: output decides with
 * lrng_ready().
 *
 * Return: the stage.
 */
static inline enum lrng_seed_stage lrng_seed_stage(void)
{
	return READ_ONCE(lrng_ready_stage);
}

/**
 * lrng_ready() - whether the LRNG is fully seeded
 *
 * The acquire pairs with the release in lrng_ready_stage_set(): a CPU that
 * sees the LRNG fully seeded also sees the seed in the DRNG instances and
 * its published generation.
 *
 * Return: true when getrandom(2) without GRND_INSECURE no longer blocks.
 */
static inline bool lrng_ready(void)
{
	/* Pairs with the release in lrng_ready_stage_set(). */
	return smp_load_acquire(&lrng_ready_stage) == LRNG_FULLY_SEEDED;
}

const char *lrng_seed_stage_name(enum lrng_seed_stage stage);
void lrng_ready_stage_set(enum lrng_seed_stage stage);
void lrng_ready_transition(void);
void lrng_ready_lost(void);
void lrng_ready_vdso_block(bool block);
int lrng_ready_wait(void);
__poll_t lrng_ready_poll(struct file *file, poll_table *wait);
int lrng_ready_fasync(int fd, struct file *filp, int on);
void lrng_ready_warn_unseeded_read(size_t len);

#endif /* _LRNG_READY_H */
