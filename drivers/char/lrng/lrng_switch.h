/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG switch of the DRNG and the conditioning hash: the switched DRNG
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_SWITCH_H
#define _LRNG_SWITCH_H

#include <linux/errno.h>
#include <linux/seq_file.h>
#include <linux/types.h>

#if IS_ENABLED(CONFIG_LRNG_SWITCH)
bool lrng_drng_switched(void);
int lrng_switch_drng_seed(const void *seed, size_t len, u8 *key,
			  size_t keylen);
size_t lrng_switch_drng_get(u8 *out, size_t len);
void lrng_switch_drng_state(struct seq_file *m);
#else
static inline bool lrng_drng_switched(void)
{
	return false;
}

static inline int lrng_switch_drng_seed(const void *seed, size_t len,
					u8 *key, size_t keylen)
{
	return -ENODEV;
}

static inline size_t lrng_switch_drng_get(u8 *out, size_t len)
{
	return 0;
}

static inline void lrng_switch_drng_state(struct seq_file *m)
{
	seq_puts(m, "DRNG name: ChaCha20\n");
}
#endif

#endif /* _LRNG_SWITCH_H */
