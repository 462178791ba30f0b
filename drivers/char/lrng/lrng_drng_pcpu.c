// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG per-CPU output
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * Every CPU has its own ChaCha20 DRNG (struct lrng_drng_pcpu), keyed from
 * its NUMA node's DRNG instance (lrng_drng_mgr.c) whenever the instance's
 * generation moved, so that a seeded system takes no global lock to
 * produce random numbers.  lrng_drng_get() serves any context but NMI;
 * larger requests and user-space reads are streams of one-time keys
 * (struct lrng_drng_stream), expanded with interrupts on.  Reads of user
 * space go to the switched DRNG instead while one serves (lrng_switch.c).
 *
 * Before a generate call, an instance due for a reseed is reseeded first
 * where the context allows (lrng_drng_reseed_if_due(), lrng_drng_mgr.h);
 * after it, the call is counted towards the next reseed
 * (lrng_drng_count_calls()).
 *
 * Locking: each CPU's structure is guarded by its local lock, taken before
 * the instance's spinlock.
 */

#include <linux/irqflags.h>
/* Before local_lock.h, which uses preempt_disable() without including it. */
#include <linux/preempt.h>
#include <linux/local_lock.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/topology.h>

#include "lrng_definitions.h"
#include "lrng_drng_chacha20.h"
#include "lrng_drng_mgr.h"
#include "lrng_drng_pcpu.h"
#include "lrng_es_mgr.h"
#include "lrng_numa.h"
#include "lrng_switch.h"

/**
 * struct lrng_drng_pcpu - per-CPU ChaCha20 DRNG keyed from the DRNG instance
 * @cc20: the per-CPU DRNG state
 * @drng: the DRNG instance @cc20 was keyed from (its node's)
 * @generation: generation of @drng when @cc20 was keyed from it;
 *		ULONG_MAX when never keyed
 * @calls: generate calls served for @drng and not yet counted in its
 *	   reseed counter (lrng_drng.requests); fewer than
 *	   LRNG_DRNG_PCPU_BATCH
 * @lock: guards the structure on this CPU; taken before lrng_drng.lock
 */
struct lrng_drng_pcpu {
	struct lrng_chacha20 cc20;
	struct lrng_drng *drng;
	unsigned long generation;
	u32 calls;
	local_lock_t lock;
};

/*
 * Requests up to LRNG_DRNG_PCPU_DIRECT bytes come straight from the per-CPU
 * DRNG, with interrupts off for at most five ChaCha20 blocks; larger ones
 * are a stream (struct lrng_drng_stream): one block for a one-time key per
 * LRNG_DRNG_MAX_REQSIZE bytes, expanded with interrupts on.  A CPU adds
 * its generate calls to the shared reseed counter in batches of
 * LRNG_DRNG_PCPU_BATCH, so that the CPUs do not write one cache
 * line at every call; the counter therefore lags by fewer than
 * LRNG_DRNG_PCPU_BATCH calls per CPU (/proc/lrng_type adds them in).
 */
enum {
	LRNG_DRNG_PCPU_DIRECT = 256,
	LRNG_DRNG_PCPU_BATCH = 64,
};

static DEFINE_PER_CPU(struct lrng_drng_pcpu, lrng_drng_pcpu) = {
	.generation = ULONG_MAX,
	.lock = INIT_LOCAL_LOCK(lrng_drng_pcpu.lock),
};

/*
 * Produce @len bytes (at most LRNG_DRNG_PCPU_DIRECT) for one generate call.
 *
 * Every CPU has its own ChaCha20 DRNG, keyed with 32 bytes of the DRNG
 * instance whenever the instance's generation moved (a reseed), so that
 * output takes no global lock on a seeded system.
 */
static __always_inline void lrng_drng_pcpu_generate(struct lrng_drng *drng,
						    u8 *out, size_t len)
{
	struct lrng_drng *counted = drng;
	struct lrng_drng_pcpu *pcpu;
	unsigned long flags, generation;
	u8 key[CHACHA_KEY_SIZE];
	u32 calls = 0;

	local_lock_irqsave(&lrng_drng_pcpu.lock, flags);
	pcpu = raw_cpu_ptr(&lrng_drng_pcpu);
	generation = READ_ONCE(drng->generation);
	if (unlikely(pcpu->generation != generation || pcpu->drng != drng)) {
		/* Calls counted for another instance go to that one. */
		if (pcpu->drng != drng && pcpu->drng) {
			counted = pcpu->drng;
			calls = pcpu->calls;
			WRITE_ONCE(pcpu->calls, 0);
		}
		spin_lock(&drng->lock);
		lrng_cc20_generate(&drng->cc20, key, sizeof(key));
		pcpu->generation = drng->generation;
		WRITE_ONCE(pcpu->drng, drng);
		spin_unlock(&drng->lock);
		lrng_cc20_init(&pcpu->cc20);
		lrng_cc20_seed(&pcpu->cc20, key, sizeof(key));
		memzero_explicit(key, sizeof(key));
	}
	if (pcpu->calls + 1 >= LRNG_DRNG_PCPU_BATCH) {
		calls = pcpu->calls + 1;
		WRITE_ONCE(pcpu->calls, 0);
	} else {
		WRITE_ONCE(pcpu->calls, pcpu->calls + 1);
	}
	lrng_cc20_generate(&pcpu->cc20, out, len);
	local_unlock_irqrestore(&lrng_drng_pcpu.lock, flags);

	lrng_drng_count_calls(counted, calls);
}

/**
 * lrng_drng_pcpu_pending() - generate calls the CPUs did not count yet
 * @drng: the instance they served
 *
 * Return: the calls of @drng that the CPUs hold back in their batches of
 * LRNG_DRNG_PCPU_BATCH, for /proc/lrng_type.
 */
u64 lrng_drng_pcpu_pending(struct lrng_drng *drng)
{
	struct lrng_drng_pcpu *pcpu;
	u64 calls = 0;
	int cpu;

	for_each_possible_cpu(cpu) {
		pcpu = per_cpu_ptr(&lrng_drng_pcpu, cpu);
		if (READ_ONCE(pcpu->drng) == drng)
			calls += READ_ONCE(pcpu->calls);
	}
	return calls;
}

/**
 * lrng_drng_reset_cpu() - make a CPU rekey its DRNG before its next use
 * @cpu: the CPU coming online
 */
void lrng_drng_reset_cpu(unsigned int cpu)
{
	per_cpu_ptr(&lrng_drng_pcpu, cpu)->generation = ULONG_MAX;
}

/* At most LRNG_DRNG_PCPU_DIRECT bytes straight from this CPU's DRNG. */
static void lrng_drng_direct(u8 *out, size_t len)
{
	struct lrng_drng *drng;

	/* Only before random_init_early(): seed with whatever there is. */
	if (unlikely(!READ_ONCE(lrng_drng_init.seeded)))
		lrng_es_reseed(true);

	/* This CPU's node; a migration after this only costs a rekey. */
	drng = lrng_numa_drng(numa_node_id()) ?: &lrng_drng_init;
	lrng_drng_reseed_if_due(drng, false);
	lrng_drng_pcpu_generate(drng, out, len);
}

/*
 * The next @len bytes of @st from the ChaCha20 DRNGs: every
 * LRNG_DRNG_MAX_REQSIZE bytes are one generate call, a one-time key from
 * this CPU's DRNG expanded with no lock held, in the caller's chunks.  A
 * call that would start with at most LRNG_DRNG_PCPU_DIRECT bytes takes them
 * straight from this CPU's DRNG instead.
 */
static void lrng_drng_stream_fill(struct lrng_drng_stream *st, u8 *out,
				  size_t len)
{
	u8 key[CHACHA_KEY_SIZE];
	size_t todo;

	while (len) {
		/* A small call's whole output: one block, no one-time key. */
		if (!st->left && len <= LRNG_DRNG_PCPU_DIRECT) {
			lrng_drng_direct(out, len);
			return;
		}
		if (!st->left) {
			lrng_drng_direct(key, sizeof(key));
			lrng_cc20_key_once(&st->once, key);
			memzero_explicit(key, sizeof(key));
			st->left = LRNG_DRNG_MAX_REQSIZE;
			st->keyed = true;
		}
		todo = min(len, st->left);
		lrng_cc20_blocks(&st->once, out, todo);
		/* A partial block's rest is skipped, never given out. */
		st->left -= min(st->left, round_up(todo, CHACHA_BLOCK_SIZE));
		out += todo;
		len -= todo;
	}
}

/**
 * lrng_drng_get() - fill a buffer from the DRNG
 * @buf: output buffer
 * @len: length of @buf in bytes
 *
 * Callable in any context but NMI.  Never blocks; whether the output is
 * backed by a full seed is the caller's question (lrng_ready()).  Each
 * generate call covers at most LRNG_DRNG_MAX_REQSIZE bytes; no lock is held
 * while a large request is expanded (a stream on the stack).
 */
void lrng_drng_get(void *buf, size_t len)
{
	struct lrng_drng_stream st;

	if (!len)
		return;
	if (len <= LRNG_DRNG_PCPU_DIRECT) {
		lrng_drng_direct(buf, len);
		return;
	}
	st.left = 0;
	st.keyed = false;
	lrng_drng_stream_fill(&st, buf, len);
	lrng_drng_stream_end(&st);
}

/**
 * lrng_drng_get_sleep() - fill a buffer for user space
 * @buf: output buffer
 * @len: length of @buf in bytes
 *
 * Process context.  The switched DRNG serves when there is one, the
 * ChaCha20 DRNGs otherwise (or for what the switched DRNG failed to fill).
 */
void lrng_drng_get_sleep(void *buf, size_t len)
{
	size_t done = 0;

	if (lrng_drng_switched()) {
		/* Its seed takes a mutex: only here can it come first. */
		lrng_drng_reseed_if_due(&lrng_drng_init, true);
		done = lrng_switch_drng_get(buf, len);
	}
	/* What the switched DRNG failed to give is ChaCha20's. */
	lrng_drng_get((u8 *)buf + done, len - done);
}

/**
 * lrng_drng_stream_get() - the next bytes of a user-space read
 * @st: the read's stream, with @left 0 and @keyed false before its first call
 * @buf: output buffer
 * @len: length of @buf in bytes
 *
 * Process context.  The switched DRNG serves when there is one
 * (lrng_drng_get_sleep()); the ChaCha20 DRNGs otherwise, as for
 * lrng_drng_get(), so that a read needs no buffer for a whole generate
 * call.
 */
void lrng_drng_stream_get(struct lrng_drng_stream *st, void *buf, size_t len)
{
	if (lrng_drng_switched())
		lrng_drng_get_sleep(buf, len);
	else
		lrng_drng_stream_fill(st, buf, len);
}
