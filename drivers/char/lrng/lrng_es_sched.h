/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG scheduler entropy source
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The scheduler's call, add_sched_randomness(), is declared in
 * <linux/random.h> (sched.patch); what the rest of the LRNG calls is here.
 */

#ifndef _LRNG_ES_SCHED_H
#define _LRNG_ES_SCHED_H

#include "lrng_es_mgr.h"

#if IS_ENABLED(CONFIG_LRNG_SCHED)

extern const struct lrng_es_cb lrng_es_sched;

/* The source's entry in the manager's table. */
#define LRNG_ES_SCHED_CB (&lrng_es_sched)

void lrng_sched_init(void);
void lrng_sched_reset_cpu(unsigned int cpu);

#else /* CONFIG_LRNG_SCHED */

#define LRNG_ES_SCHED_CB NULL

static inline void lrng_sched_init(void)
{
}

static inline void lrng_sched_reset_cpu(unsigned int cpu)
{
}

#endif /* CONFIG_LRNG_SCHED */

#endif /* _LRNG_ES_SCHED_H */
