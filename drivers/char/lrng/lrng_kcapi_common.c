// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG callbacks for the kernel crypto API, shared by the extensions
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The callbacks of struct lrng_crypto_cb that the extensions (lrng_drbg.c,
 * lrng_kcapi.c) have in common:
 *
 *  - hash: any synchronous hash of the kernel crypto API (crypto_shash).
 *    The hash instance is the transform; the state lives in the pool's
 *    struct shash_desc.  shash operations do not sleep, so the pools may
 *    use them in any context.
 *  - DRNG: any crypto_rng.  The instance is the transform; a seed of the
 *    LRNG goes to crypto_rng_reset(), output comes from
 *    crypto_rng_get_bytes().  Called in process context only.
 */

#include <crypto/hash.h>
#include <crypto/rng.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/lrng.h>

/**
 * lrng_kcapi_hash_alloc() - allocate a hash of the kernel crypto API
 * @name: its crypto API name, e.g. "sha512"
 *
 * Return: the transform or an ERR_PTR().
 */
void *lrng_kcapi_hash_alloc(const char *name)
{
	struct crypto_shash *tfm;

	tfm = crypto_alloc_shash(name, 0, 0);
	if (IS_ERR(tfm)) {
		pr_err("hash %s not available (%ld)\n", name, PTR_ERR(tfm));
		return ERR_CAST(tfm);
	}
	return tfm;
}
EXPORT_SYMBOL_GPL(lrng_kcapi_hash_alloc);

/**
 * lrng_kcapi_hash_dealloc() - free a hash from lrng_kcapi_hash_alloc()
 * @hash: the transform
 */
void lrng_kcapi_hash_dealloc(void *hash)
{
	crypto_free_shash(hash);
}
EXPORT_SYMBOL_GPL(lrng_kcapi_hash_dealloc);

/**
 * lrng_kcapi_hash_digestsize() - digest size of a hash
 * @hash: the transform
 *
 * Return: the size in bytes.
 */
u32 lrng_kcapi_hash_digestsize(void *hash)
{
	return crypto_shash_digestsize(hash);
}
EXPORT_SYMBOL_GPL(lrng_kcapi_hash_digestsize);

/**
 * lrng_kcapi_hash_init() - start a hash
 * @shash: the descriptor, with room for HASH_MAX_DESCSIZE bytes of state
 * @hash: the transform
 *
 * Return: 0 or a negative errno.
 */
int lrng_kcapi_hash_init(struct shash_desc *shash, void *hash)
{
	shash->tfm = hash;
	return crypto_shash_init(shash);
}
EXPORT_SYMBOL_GPL(lrng_kcapi_hash_init);

/**
 * lrng_kcapi_hash_update() - hash data
 * @shash: the descriptor
 * @inbuf: the data
 * @inbuflen: its length in bytes
 *
 * Return: 0 or a negative errno.
 */
int lrng_kcapi_hash_update(struct shash_desc *shash, const u8 *inbuf,
			   u32 inbuflen)
{
	return crypto_shash_update(shash, inbuf, inbuflen);
}
EXPORT_SYMBOL_GPL(lrng_kcapi_hash_update);

/**
 * lrng_kcapi_hash_final() - write the digest
 * @shash: the descriptor
 * @digest: room for the digest
 *
 * Return: 0 or a negative errno.
 */
int lrng_kcapi_hash_final(struct shash_desc *shash, u8 *digest)
{
	return crypto_shash_final(shash, digest);
}
EXPORT_SYMBOL_GPL(lrng_kcapi_hash_final);

/**
 * lrng_kcapi_hash_desc_zero() - wipe the state of a hash
 * @shash: the descriptor
 */
void lrng_kcapi_hash_desc_zero(struct shash_desc *shash)
{
	shash_desc_zero(shash);
}
EXPORT_SYMBOL_GPL(lrng_kcapi_hash_desc_zero);

/**
 * lrng_kcapi_rng_dealloc() - free a crypto_rng
 * @drng: the transform
 */
void lrng_kcapi_rng_dealloc(void *drng)
{
	crypto_free_rng(drng);
}
EXPORT_SYMBOL_GPL(lrng_kcapi_rng_dealloc);

/**
 * lrng_kcapi_rng_seed() - seed a crypto_rng
 * @drng: the transform
 * @inbuf: the seed
 * @inbuflen: its length in bytes
 *
 * Return: 0 or a negative errno.
 */
int lrng_kcapi_rng_seed(void *drng, const u8 *inbuf, u32 inbuflen)
{
	return crypto_rng_reset(drng, inbuf, inbuflen);
}
EXPORT_SYMBOL_GPL(lrng_kcapi_rng_seed);

/**
 * lrng_kcapi_rng_generate() - output of a crypto_rng
 * @drng: the transform
 * @outbuf: the output buffer
 * @outbuflen: its length in bytes
 *
 * Return: @outbuflen or a negative errno.
 */
int lrng_kcapi_rng_generate(void *drng, u8 *outbuf, u32 outbuflen)
{
	int ret = crypto_rng_get_bytes(drng, outbuf, outbuflen);

	return ret ? ret : outbuflen;
}
EXPORT_SYMBOL_GPL(lrng_kcapi_rng_generate);
