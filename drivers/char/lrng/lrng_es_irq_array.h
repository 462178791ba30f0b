/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG interrupt collection array and its entropy accounting
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_ES_IRQ_ARRAY_H
#define _LRNG_ES_IRQ_ARRAY_H

#include <linux/compiler.h>
#include <linux/spinlock_types.h>
#include <linux/types.h>

#include "lrng_hash.h"

enum {
	/* Bits of a time stamp kept once its GCD is known. */
	LRNG_IRQ_SLOT_BITS = 8,
	LRNG_IRQ_SLOT_MASK = (1 << LRNG_IRQ_SLOT_BITS) - 1,
	/* A whole 32-bit word takes this many consecutive slots. */
	LRNG_IRQ_SLOTS_PER_U32 = 32 / LRNG_IRQ_SLOT_BITS,
	/* Collection sizes in slots that Kconfig offers. */
	LRNG_IRQ_MIN_SLOTS = 32,
	LRNG_IRQ_MAX_SLOTS = 8192,
};

/**
 * struct lrng_irq_array - a collection array as seen by its helpers
 * @slots: @nslots slots, one byte each
 * @pool: hash that the whole array is compressed into each time its last
 *	  slot was written (continuous compression), or NULL when the newest
 *	  slots simply overwrite the oldest
 * @lock: guards @pool: the helpers take it, with interrupts off, around
 *	  the hash of a full array into @pool
 * @nslots: size in slots, a power of two from LRNG_IRQ_MIN_SLOTS to
 *	    LRNG_IRQ_MAX_SLOTS
 *
 * Only one writer stores slots, with interrupts off; the helpers take no
 * lock for that.  Readers may hash @slots at any time under @lock.
 */
struct lrng_irq_array {
	u8 *slots;
	struct lrng_hash_pool *pool;
	raw_spinlock_t *lock;
	u32 nslots;
};

void lrng_irq_array_full(const struct lrng_irq_array *a);

/**
 * lrng_irq_array_add_slot() - store one slot
 * @a: the array
 * @pos: the slot to write, below @a->nslots
 * @val: the value
 *
 * Inline: it runs for every interrupt (lrng_es_irq.c).
 *
 * Return: the position of the next slot.
 */
static inline u32 lrng_irq_array_add_slot(const struct lrng_irq_array *a,
					  u32 pos, u8 val)
{
	a->slots[pos] = val;
	if (unlikely(pos == a->nslots - 1))
		lrng_irq_array_full(a);
	return (pos + 1) & (a->nslots - 1);
}

u32 lrng_irq_array_add_u32(const struct lrng_irq_array *a, u32 pos,
			   u32 word);

u32 lrng_irq_irqs_to_entropy(u32 irqs, u32 rate);
u32 lrng_irq_entropy_to_irqs(u32 bits, u32 rate);
u32 lrng_irq_max_irqs(u32 rate, u32 nslots, u32 slots_per_irq, bool compress);

#endif /* _LRNG_ES_IRQ_ARRAY_H */
