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
 * @pool: hash that every slot is compressed into, oldest first, before it
 *	  is overwritten (continuous compression), or NULL when the newest
 *	  slots simply overwrite the oldest
 * @lock: guards @pool: the helpers take it, with interrupts off, around
 *	  each hash of slots into @pool
 * @nslots: size in slots, a power of two from LRNG_IRQ_MIN_SLOTS to
 *	    LRNG_IRQ_MAX_SLOTS
 * @unhashed: the slots written since the last compression, at most
 *	      @nslots; they end just before the next position
 *
 * Only one writer stores slots and compresses them, with interrupts off;
 * the helpers take no lock for that, and only the writer touches
 * @unhashed.  Readers may hash @slots at any time under @lock.
 */
struct lrng_irq_array {
	u8 *slots;
	struct lrng_hash_pool *pool;
	raw_spinlock_t *lock;
	u32 nslots;
	u32 unhashed;
};

void lrng_irq_array_compress(struct lrng_irq_array *a, u32 pos);

/**
 * lrng_irq_array_add_slot() - store one slot
 * @a: the array
 * @pos: the slot to write, below @a->nslots
 * @val: the value
 *
 * Inline: it runs for every interrupt (lrng_es_irq.c).  When @a->nslots
 * slots are unhashed, so that the next one would overwrite one of them,
 * they are compressed at once.
 *
 * Return: the position of the next slot.
 */
static inline u32 lrng_irq_array_add_slot(struct lrng_irq_array *a, u32 pos,
					  u8 val)
{
	u32 next = (pos + 1) & (a->nslots - 1);

	a->slots[pos] = val;
	if (unlikely(++a->unhashed == a->nslots))
		lrng_irq_array_compress(a, next);
	return next;
}

u32 lrng_irq_array_add_u32(struct lrng_irq_array *a, u32 pos, u32 word);

u32 lrng_irq_irqs_to_entropy(u32 irqs, u32 rate);
u32 lrng_irq_entropy_to_irqs(u32 bits, u32 rate);
u32 lrng_irq_max_irqs(u32 rate, u32 digest_bits, u32 nslots, u32 slots_per_irq,
		      bool compress);

#endif /* _LRNG_ES_IRQ_ARRAY_H */
