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
 *	lrng_irq_array_add_u32(), lrng_irq_array_full()
 * Entropy accounting:
 *	lrng_irq_irqs_to_entropy(), lrng_irq_entropy_to_irqs(),
 *	lrng_irq_max_irqs()
 *
 * The array is a ring of 8-bit slots, one byte each, so that it is hashed
 * as it is.  A position counts slots from 0 to nslots - 1 and wraps.  A
 * 32-bit word takes four consecutive slots, its least significant byte
 * first; when it starts in one of the last three slots its upper bytes
 * wrap around to the first ones.  Writing the last slot fills the array:
 * with continuous compression the whole array is then hashed into the
 * pool, before any slot is overwritten; without, the next slots overwrite
 * the oldest.
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
 * lrng_irq_array_full() - the last slot of the array was written
 * @a: the array
 *
 * With continuous compression the whole array is hashed into @a->pool,
 * under @a->lock; its slots may then be overwritten without loss.  Without,
 * nothing happens and the newest slots overwrite the oldest.  The lock is
 * taken as it is: the interrupt source's writer runs with interrupts off.
 */
void lrng_irq_array_full(const struct lrng_irq_array *a)
{
	if (!a->pool)
		return;
	raw_spin_lock(a->lock);
	lrng_hash_pool_update(a->pool, a->slots, a->nslots);
	raw_spin_unlock(a->lock);
}
EXPORT_SYMBOL_IF_KUNIT(lrng_irq_array_full);

/**
 * lrng_irq_array_add_u32() - store a 32-bit word in four consecutive slots
 * @a: the array
 * @pos: the slot for the least significant byte, below @a->nslots
 * @word: the word
 *
 * Slot @pos + i (modulo the array size) receives byte i of @word.  When
 * the word reaches past the end of the array, the array is full after its
 * lower bytes were stored and before its upper bytes wrap to slot 0.
 *
 * Return: the position of the next slot.
 */
u32 lrng_irq_array_add_u32(const struct lrng_irq_array *a, u32 pos, u32 word)
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
 * @nslots: size of the collection array in slots
 * @slots_per_irq: most slots one interrupt takes in the array, at least 1
 * @compress: continuous compression is on
 *
 * The pool never holds more entropy than its digest (SP800-90B section
 * 3.1.5.1.1).  Without compression, only the interrupts whose data is
 * still in the array count: @nslots / @slots_per_irq interrupts always are,
 * whatever mix of 8-bit and 32-bit stamps they stored.
 *
 * Return: the cap on the per-CPU interrupt count.
 */
u32 lrng_irq_max_irqs(u32 rate, u32 nslots, u32 slots_per_irq, bool compress)
{
	u32 max = lrng_irq_entropy_to_irqs(LRNG_DIGEST_BITS, rate);

	if (!compress)
		max = min(max, nslots / slots_per_irq);
	return max;
}
EXPORT_SYMBOL_IF_KUNIT(lrng_irq_max_irqs);
