// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG per-CPU batch: get_random_u8() .. get_random_u64() and short
 * get_random_bytes() calls
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: Per-CPU batch
 *
 * get_random_u8() .. get_random_u64() and __get_random_u32_below() take
 * bytes from a per-CPU batch of LRNG_BATCH_BYTES (224), one for all sizes,
 * that is refilled from the DRNG when it is used up or when the DRNG's
 * generation changed (a reseed), so no IPI is ever needed.  224 bytes are
 * four ChaCha20 blocks with no key stream thrown away (random.c keeps four
 * 96-byte batches, one per size).  get_random_bytes() calls of up to
 * LRNG_BATCH_SHORT_MAX (64) bytes, which serve short reads of user space
 * too, take their bytes from the same batch, running on into the next fill
 * when the rest is too short: 64 bytes cost 8/7 of a ChaCha20 block instead
 * of two.  Bytes are wiped as they are handed out and a reseed drops the
 * rest, so the batch only ever holds output not given yet, as the vDSO's
 * batch in user memory does.  Until the LRNG is fully seeded these calls
 * bypass the batch, as random.c does, and reads from a switched DRNG never
 * go through it.  All of them may be called in any context but NMI, from
 * random_init_early() on.
 */

/*
 * In the code: lrng_batch_take() hands out the bytes.  The batch is
 * inlined into each of these functions, so it lives in their file.
 */

#include <crypto/chacha.h>
#include <linux/export.h>
#include <linux/irqflags.h>
/* Before local_lock.h, which uses preempt_disable() without including it. */
#include <linux/preempt.h>
#include <linux/local_lock.h>
#include <linux/percpu.h>
#include <linux/random.h>

#include "lrng_batch.h"
#include "lrng_drng_mgr.h"
#include "lrng_drng_pcpu.h"
#include "lrng_ready.h"
#include "lrng_testing.h"

/*
 * Four ChaCha20 blocks of the per-CPU DRNG, less the new key that the
 * first block gives (see "Per-CPU batch" above).
 */
enum {
	LRNG_BATCH_BYTES = CHACHA_BLOCK_SIZE - CHACHA_KEY_SIZE +
			   3 * CHACHA_BLOCK_SIZE,
};

/**
 * struct lrng_batch - per-CPU bytes for get_random_u8() .. get_random_u64()
 *		       and short get_random_bytes() calls and reads
 * @data: random bytes, each handed out once and then wiped
 * @lock: guards the whole structure on this CPU
 * @generation: DRNG generation @data was drawn from
 * @pos: offset of the next unused byte; UINT_MAX when never filled
 * @origin: what @data came from, for the origin counters
 */
struct lrng_batch {
	u8 data[LRNG_BATCH_BYTES];
	local_lock_t lock;
	unsigned long generation;
	unsigned int pos;
	enum lrng_drng_origin origin;
};

static DEFINE_PER_CPU(struct lrng_batch, lrng_batch) = {
	.lock = INIT_LOCAL_LOCK(lrng_batch.lock),
	.pos = UINT_MAX,
};

/**
 * lrng_batch_reset_cpu() - make a CPU's batch refill before its next use
 * @cpu: the CPU coming online
 */
void lrng_batch_reset_cpu(unsigned int cpu)
{
	per_cpu_ptr(&lrng_batch, cpu)->pos = UINT_MAX;
}

/*
 * Hand out @len bytes of this CPU's batch, the first at a multiple of
 * @align, for the output path @path (the origin counters of a test kernel,
 * lrng_testing.h).  Inlined into every caller with a constant @align:
 *
 *  - get_random_uN() asks for @len == @align, a power of two up to 8: the
 *    value never spans a refill, and with @len a constant too the copy and
 *    the wipe are single moves, not library calls.
 *  - get_random_bytes() asks for up to LRNG_BATCH_SHORT_MAX bytes with
 *    @align 1: it takes what is left of the batch and, when that is not
 *    enough, the start of the next fill.  224 bytes, four ChaCha20 blocks,
 *    serve three and a half 64-byte requests, where one on its own costs
 *    two blocks (random.c's too).
 *
 * The bytes are wiped as they are handed out, and a reseed drops the rest
 * (see above).  Interrupts are off for one refill at most.
 */
static __always_inline void lrng_batch_take(void *buf, size_t len,
					    unsigned int align,
					    enum lrng_drng_path path)
{
	struct lrng_batch *batch;
	unsigned long flags, generation;
	unsigned int pos, todo;
	u8 *out = buf;
	bool stale;

	if (!lrng_ready()) {
		lrng_testing_drng_count(path, lrng_drng_get(out, len), len);
		return;
	}

	local_lock_irqsave(&lrng_batch.lock, flags);
	batch = raw_cpu_ptr(&lrng_batch);
	generation = lrng_drng_generation();
	pos = batch->pos;
	if (align > 1 && likely(pos <= sizeof(batch->data)))
		pos = round_up(pos, align);
	stale = batch->generation != generation;
	while (len) {
		if (unlikely(pos > sizeof(batch->data) - align || stale)) {
			batch->origin = lrng_drng_get(batch->data,
						      sizeof(batch->data));
			batch->generation = generation;
			stale = false;
			pos = 0;
		}
		/* Up to @align bytes fit after the check above. */
		if (len <= align)
			todo = len;
		else
			todo = min_t(size_t, len, sizeof(batch->data) - pos);
		memcpy(out, batch->data + pos, todo);
		memset(batch->data + pos, 0, todo);
		lrng_testing_drng_count(path, batch->origin, todo);
		pos += todo;
		out += todo;
		len -= todo;
	}
	batch->pos = pos;
	local_unlock_irqrestore(&lrng_batch.lock, flags);
}

/**
 * get_random_bytes() - fill a buffer with random bytes
 * @buf: the buffer
 * @len: its length in bytes
 *
 * The bytes come from this CPU's ChaCha20 DRNG, those of a request of up
 * to LRNG_BATCH_SHORT_MAX bytes through this CPU's batch.
 * Any context but NMI.  Callers that need the bytes backed by a full seed
 * call wait_for_random_bytes() first, once.
 */
void get_random_bytes(void *buf, size_t len)
{
	if (len <= LRNG_BATCH_SHORT_MAX)
		lrng_batch_take(buf, len, 1, LRNG_PATH_BYTES);
	else
		lrng_testing_drng_count(LRNG_PATH_BYTES,
					lrng_drng_get(buf, len), len);
}
EXPORT_SYMBOL(get_random_bytes);

/**
 * get_random_u8() - a uniformly distributed random byte
 *
 * Return: the random value.
 */
u8 get_random_u8(void)
{
	u8 ret;

	lrng_batch_take(&ret, sizeof(ret), sizeof(ret), LRNG_PATH_UN);
	return ret;
}
EXPORT_SYMBOL(get_random_u8);

/**
 * get_random_u16() - a uniformly distributed random u16
 *
 * Return: the random value.
 */
u16 get_random_u16(void)
{
	u16 ret;

	lrng_batch_take(&ret, sizeof(ret), sizeof(ret), LRNG_PATH_UN);
	return ret;
}
EXPORT_SYMBOL(get_random_u16);

/**
 * get_random_u32() - a uniformly distributed random u32
 *
 * Return: the random value.
 */
u32 get_random_u32(void)
{
	u32 ret;

	lrng_batch_take(&ret, sizeof(ret), sizeof(ret), LRNG_PATH_UN);
	return ret;
}
EXPORT_SYMBOL(get_random_u32);

/**
 * get_random_u64() - a uniformly distributed random u64
 *
 * Return: the random value.
 */
u64 get_random_u64(void)
{
	u64 ret;

	lrng_batch_take(&ret, sizeof(ret), sizeof(ret), LRNG_PATH_UN);
	return ret;
}
EXPORT_SYMBOL(get_random_u64);

/**
 * __get_random_u32_below() - a uniformly distributed value in [0, @ceil)
 * @ceil: the exclusive upper bound; 0 stands for 2^32
 *
 * Multiplies a random u32 by @ceil and keeps the upper half, rejecting the
 * few products whose lower half would bias the result.
 *
 * Return: the random value.
 */
u32 __get_random_u32_below(u32 ceil)
{
	u32 threshold;
	u64 product;

	if (unlikely(!ceil))
		return get_random_u32();

	product = (u64)get_random_u32() * ceil;
	if (unlikely((u32)product < ceil)) {
		/* 2^32 mod ceil values of the lower half are biased. */
		threshold = -ceil % ceil;
		while ((u32)product < threshold)
			product = (u64)get_random_u32() * ceil;
	}
	return product >> 32;
}
EXPORT_SYMBOL(__get_random_u32_below);
