/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG Jitter RNG entropy source
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_ES_JENT_H
#define _LRNG_ES_JENT_H

#include "lrng_es_mgr.h"

#if IS_ENABLED(CONFIG_LRNG_JENT)

extern const struct lrng_es_cb lrng_es_jent;

/* The source's entry in the manager's table. */
#define LRNG_ES_JENT_CB (&lrng_es_jent)

#else /* CONFIG_LRNG_JENT */

#define LRNG_ES_JENT_CB NULL

#endif /* CONFIG_LRNG_JENT */

#endif /* _LRNG_ES_JENT_H */
