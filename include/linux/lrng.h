/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Linux Random Number Generator (LRNG): interface for kernel code
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * Kernel code asks for random numbers through <linux/random.h>, which the
 * LRNG serves as random.c does.  This header holds what is specific to the
 * LRNG: the callbacks with which an extension (the SP800-90A DRBG, the
 * kernel crypto API bridge) replaces the DRNG that serves user space and the
 * hash that conditions the entropy pools.
 */

#ifndef _LINUX_LRNG_H
#define _LINUX_LRNG_H

#include <crypto/hash.h>
#include <linux/errno.h>
#include <linux/types.h>

/* Security strength of the LRNG's DRNGs in bits. */
#define LRNG_SECURITY_STRENGTH_BITS	256

/**
 * struct lrng_crypto_cb - a DRNG and a conditioning hash for the LRNG
 * @lrng_drng_name: name of the DRNG, shown in /proc/lrng_type
 * @lrng_hash_name: name of the hash, shown in /proc/lrng_type
 * @lrng_drng_alloc: allocate a DRNG instance of at least @sec_strength
 *		     bytes of security strength; returns the instance or an
 *		     ERR_PTR().  NULL for all four DRNG callbacks keeps the
 *		     LRNG's built-in ChaCha20 DRNG.
 * @lrng_drng_dealloc: free an instance
 * @lrng_drng_seed_helper: seed (or reseed) @drng with @inbuflen bytes;
 *			   returns 0 or a negative errno; may sleep
 * @lrng_drng_generate_helper: fill @outbuf with @outbuflen bytes (at most
 *			       4096 per call); returns the bytes generated
 *			       or a negative errno; may sleep
 * @lrng_hash_alloc: allocate the hash; returns its instance (NULL is valid)
 *		     or an ERR_PTR().  NULL for all hash callbacks keeps the
 *		     LRNG's built-in SHA-256.
 * @lrng_hash_dealloc: free the instance
 * @lrng_hash_digestsize: digest size in bytes, at most HASH_MAX_DIGESTSIZE
 * @lrng_hash_init: start a hash in @shash, whose room for the hash state is
 *		    HASH_MAX_DESCSIZE bytes; returns 0 or a negative errno
 * @lrng_hash_update: hash @inbuflen bytes of @inbuf
 * @lrng_hash_final: write the digest to @digest
 * @lrng_hash_desc_zero: wipe the state in @shash
 *
 * The hash callbacks are called in any context, including hard-IRQ context
 * with a raw spinlock held: they must not sleep.  The DRNG callbacks are
 * called in process context only; the LRNG serializes calls on an instance.
 */
struct lrng_crypto_cb {
	const char *(*lrng_drng_name)(void);
	const char *(*lrng_hash_name)(void);
	void *(*lrng_drng_alloc)(u32 sec_strength);
	void (*lrng_drng_dealloc)(void *drng);
	int (*lrng_drng_seed_helper)(void *drng, const u8 *inbuf, u32 inbuflen);
	int (*lrng_drng_generate_helper)(void *drng, u8 *outbuf, u32 outbuflen);
	void *(*lrng_hash_alloc)(void);
	void (*lrng_hash_dealloc)(void *hash);
	u32 (*lrng_hash_digestsize)(void *hash);
	int (*lrng_hash_init)(struct shash_desc *shash, void *hash);
	int (*lrng_hash_update)(struct shash_desc *shash, const u8 *inbuf,
				u32 inbuflen);
	int (*lrng_hash_final)(struct shash_desc *shash, u8 *digest);
	void (*lrng_hash_desc_zero)(struct shash_desc *shash);
};

#if IS_ENABLED(CONFIG_LRNG_SWITCH)
int lrng_set_drng_cb(const struct lrng_crypto_cb *cb);
#else
static inline int lrng_set_drng_cb(const struct lrng_crypto_cb *cb)
{
	return -EOPNOTSUPP;
}
#endif

/* lrng_kcapi_common.c: callbacks for the kernel crypto API extensions */
#if IS_ENABLED(CONFIG_LRNG_KCAPI_COMMON)
void *lrng_kcapi_hash_alloc(const char *name);
void lrng_kcapi_hash_dealloc(void *hash);
u32 lrng_kcapi_hash_digestsize(void *hash);
int lrng_kcapi_hash_init(struct shash_desc *shash, void *hash);
int lrng_kcapi_hash_update(struct shash_desc *shash, const u8 *inbuf,
			   u32 inbuflen);
int lrng_kcapi_hash_final(struct shash_desc *shash, u8 *digest);
void lrng_kcapi_hash_desc_zero(struct shash_desc *shash);
void lrng_kcapi_rng_dealloc(void *drng);
int lrng_kcapi_rng_seed(void *drng, const u8 *inbuf, u32 inbuflen);
int lrng_kcapi_rng_generate(void *drng, u8 *outbuf, u32 outbuflen);

/*
 * The hash callbacks of a struct lrng_crypto_cb that conditions with a
 * crypto API shash; @alloc is the extension's lrng_hash_alloc, which names
 * the hash (it calls lrng_kcapi_hash_alloc()).
 */
#define LRNG_KCAPI_HASH_CB(alloc)					\
	.lrng_hash_alloc = alloc,					\
	.lrng_hash_dealloc = lrng_kcapi_hash_dealloc,			\
	.lrng_hash_digestsize = lrng_kcapi_hash_digestsize,		\
	.lrng_hash_init = lrng_kcapi_hash_init,				\
	.lrng_hash_update = lrng_kcapi_hash_update,			\
	.lrng_hash_final = lrng_kcapi_hash_final,			\
	.lrng_hash_desc_zero = lrng_kcapi_hash_desc_zero
#endif

#endif /* _LINUX_LRNG_H */
