/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG CPU entropy source: RDSEED and its kin
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_ES_CPU_H
#define _LRNG_ES_CPU_H

#include "lrng_es_mgr.h"

extern const struct lrng_es_cb lrng_es_cpu;

void lrng_cpu_init_early(void);

#endif /* _LRNG_ES_CPU_H */
