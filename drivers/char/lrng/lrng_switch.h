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

/**
 * lrng_drng_boot_drbg() - whether the DRBG from boot serves
 *
 * With CONFIG_LRNG_DRNG_BOOT_DRBG, once the DRBG took over: the ChaCha20
 * DRNGs then take no seed but its output, which replaces their state.
 *
 * Return: true while the DRBG from boot serves.
 */
static inline bool lrng_drng_boot_drbg(void)
{
	return IS_ENABLED(CONFIG_LRNG_DRNG_BOOT_DRBG) && lrng_drng_switched();
}

/*
 * The initcall of the built-in DRBG extension (lrng_drbg.c): the DRBG from
 * boot takes over at the first level at which the DRBG, its self-tests and
 * the Jitter RNG it needs in FIPS mode are all registered (see "The DRBG
 * from boot" in lrng_drng_boot.c); the run-time extension switches at
 * late_initcall.  As a module, both are module_init().
 */
#if IS_ENABLED(CONFIG_LRNG_DRNG_BOOT_DRBG)
void lrng_drng_boot_failed(const char *what, int err);
void lrng_drng_boot_takeover(int ret);
#define lrng_drbg_initcall(fn)	device_initcall_sync(fn)
#else
static inline void lrng_drng_boot_failed(const char *what, int err)
{
}

static inline void lrng_drng_boot_takeover(int ret)
{
}

#define lrng_drbg_initcall(fn)	late_initcall(fn)
#endif

#endif /* _LRNG_SWITCH_H */
