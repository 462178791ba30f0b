// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG interrupt collection array and its entropy accounting
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The pure logic of the interrupt entropy source, kept apart so that KUnit
 * can run it for every collection size:
 *
 * Collection array:
 *	lrng_irq_array_add_slot() (inline, lrng_es_irq_array.h),
 *	lrng_irq_array_add_u32(), lrng_irq_array_compress()
 * Entropy accounting:
 *	lrng_irq_irqs_to_entropy(), lrng_irq_entropy_to_irqs(),
 *	lrng_irq_max_irqs()
 *
 * The array is a ring of 8-bit slots, one byte each, so that it is hashed
 * as it is.  A position counts slots from 0 to nslots - 1 and wraps.  A
 * 32-bit word takes four consecutive slots, its least significant byte
 * first; when it starts in one of the last three slots its upper bytes
 * wrap around to the first ones.  With continuous compression every slot
 * is hashed into the pool once, in the order written, before it is
 * overwritten: the writer compresses the slots written since the last
 * compression whenever it likes (lrng_es_irq.c defers it out of the
 * interrupt), and at the latest when all slots of the array are such
 * slots.  Without, the newest slots overwrite the oldest.
 *
 * Entropy is counted in interrupts: a rate of R interrupts gives
 * LRNG_DRNG_SECURITY_STRENGTH_BITS (256) bits.
 */

#include <linux/export.h>
#include <linux/math.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/spinlock.h>
#include <kunit/visibility.h>

#include "lrng_definitions.h"
#include "lrng_es_irq_array.h"

/**
 * lrng_irq_array_compress() - hash the slots written since the last time
 * @a: the array
 * @pos: the position of the next slot
 *
 * With continuous compression the @a->unhashed slots before @pos are
 * hashed into @a->pool, oldest first and in two pieces when they wrap
 * around the end of the array, under @a->lock; they may then be
 * overwritten without loss.  Without, they are only forgotten: the newest
 * slots overwrite the oldest.  Called by the array's writer, with
 * interrupts off, so the lock is taken as it is; the power-on self-test's
 * array, whose lock no interrupt takes, is also written with interrupts
 * on.
 */
void lrng_irq_array_compress(struct lrng_irq_array *a, u32 pos)
{
	u32 n = a->unhashed, first = (pos - n) & (a->nslots - 1);
	u32 len = min(n, a->nslots - first);

	a->unhashed = 0;
	if (!a->pool || !n)
		return;
	raw_spin_lock(a->lock);
	lrng_hash_pool_update(a->pool, a->slots + first, len);
	if (len < n)
		lrng_hash_pool_update(a->pool, a->slots, n - len);
	raw_spin_unlock(a->lock);
}
EXPORT_SYMBOL_IF_KUNIT(lrng_irq_array_compress);

/**
 * lrng_irq_array_add_u32() - store a 32-bit word in four consecutive slots
 * @a: the array
 * @pos: the slot for the least significant byte, below @a->nslots
 * @word: the word
 *
 * Slot @pos + i (modulo the array size) receives byte i of @word.  The
 * bytes are four slots to the compression, which may come between two of
 * them (lrng_irq_array_add_slot()).
 *
 * Return: the position of the next slot.
 */
u32 lrng_irq_array_add_u32(struct lrng_irq_array *a, u32 pos, u32 word)
{
	u32 i;

	for (i = 0; i < LRNG_IRQ_SLOTS_PER_U32; i++)
		pos = lrng_irq_array_add_slot(a, pos, word >> (8 * i));
	return pos;
}
EXPORT_SYMBOL_IF_KUNIT(lrng_irq_array_add_u32);

/**
 * lrng_irq_irqs_to_entropy() - entropy of a number of interrupts
 * @irqs: number of interrupts
 * @rate: interrupts that give LRNG_DRNG_SECURITY_STRENGTH_BITS, at least 1
 *
 * Return: the entropy in bits, rounded down.
 */
u32 lrng_irq_irqs_to_entropy(u32 irqs, u32 rate)
{
	u64 bits = div_u64((u64)irqs * LRNG_DRNG_SECURITY_STRENGTH_BITS, rate);

	return min_t(u64, bits, U32_MAX);
}
EXPORT_SYMBOL_IF_KUNIT(lrng_irq_irqs_to_entropy);

/**
 * lrng_irq_entropy_to_irqs() - interrupts needed for an amount of entropy
 * @bits: entropy in bits
 * @rate: interrupts that give LRNG_DRNG_SECURITY_STRENGTH_BITS
 *
 * Return: the number of interrupts, rounded up and capped at U32_MAX.
 */
u32 lrng_irq_entropy_to_irqs(u32 bits, u32 rate)
{
	u64 irqs = DIV_ROUND_UP_ULL((u64)bits * rate,
				    LRNG_DRNG_SECURITY_STRENGTH_BITS);

	return min_t(u64, irqs, U32_MAX);
}
EXPORT_SYMBOL_IF_KUNIT(lrng_irq_entropy_to_irqs);

/**
 * lrng_irq_max_irqs() - most interrupts one CPU's pool may count
 * @rate: interrupts that give LRNG_DRNG_SECURITY_STRENGTH_BITS
 * @digest_bits: digest size of the pool's hash in bits
 * @nslots: size of the collection array in slots
 * @slots_per_irq: most slots one interrupt takes in the array, at least 1
 * @compress: continuous compression is on
 *
 * The pool never holds more entropy than its digest (SP800-90B section
 * 3.1.5.1.1), and may hold all of it: with SHA-512 one CPU alone can carry
 * an oversampled SP800-90C seed.  Without compression, only the interrupts
 * whose data is still in the array count: @nslots / @slots_per_irq
 * interrupts always are, whatever mix of 8-bit and 32-bit stamps they
 * stored.
 *
 * Return: the cap on the per-CPU interrupt count.
 */
u32 lrng_irq_max_irqs(u32 rate, u32 digest_bits, u32 nslots, u32 slots_per_irq,
		      bool compress)
{
	u32 max = lrng_irq_entropy_to_irqs(digest_bits, rate);

	if (!compress)
		max = min(max, nslots / slots_per_irq);
	return max;
}
EXPORT_SYMBOL_IF_KUNIT(lrng_irq_max_irqs);
