/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG auxiliary entropy pool: user and device input
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_ES_AUX_H
#define _LRNG_ES_AUX_H

#include <linux/types.h>

#include "lrng_es_mgr.h"

extern const struct lrng_es_cb lrng_es_aux;

void lrng_aux_insert(const void *buf, size_t len, u32 entropy_bits);
void lrng_aux_insert_sync(const void *buf, size_t len, u32 entropy_bits);
void lrng_aux_credit(u32 entropy_bits);

#endif /* _LRNG_ES_AUX_H */
