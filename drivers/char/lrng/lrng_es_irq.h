/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG interrupt entropy source
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_ES_IRQ_H
#define _LRNG_ES_IRQ_H

#include <linux/types.h>

#include "lrng_es_aux.h"
#include "lrng_es_mgr.h"

#if IS_ENABLED(CONFIG_LRNG_IRQ)

extern const struct lrng_es_cb lrng_es_irq;

/* The source's entry in the manager's table. */
#define LRNG_ES_IRQ_CB (&lrng_es_irq)

void lrng_irq_init(void);
void lrng_irq_add_stamp(u32 stamp, int irq, unsigned long ret_ip);
void lrng_irq_mix_u32(u32 word);
void lrng_irq_reset_cpu(unsigned int cpu);

#else /* CONFIG_LRNG_IRQ */

#define LRNG_ES_IRQ_CB NULL

static inline void lrng_irq_init(void)
{
}

static inline void lrng_irq_add_stamp(u32 stamp, int irq,
				      unsigned long ret_ip)
{
}

/* Without the interrupt source, uncredited words go to the aux pool. */
static inline void lrng_irq_mix_u32(u32 word)
{
	lrng_aux_insert(&word, sizeof(word), 0);
}

static inline void lrng_irq_reset_cpu(unsigned int cpu)
{
}

#endif /* CONFIG_LRNG_IRQ */

#endif /* _LRNG_ES_IRQ_H */
