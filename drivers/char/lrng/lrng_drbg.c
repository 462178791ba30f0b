// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG extension: the SP800-90A DRBG of the kernel crypto API
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * For a distribution that must ship a FIPS-validated DRBG: switches the DRNG
 * that serves getrandom(2) and the devices to one of the kernel's SP800-90A
 * DRBGs without prediction resistance, and the conditioning hash to SHA-512,
 * whose 512-bit digest lets the entropy pools carry the oversampled seeds of
 * SP800-90C (lrng_es_mgr.c).  Built in, it switches at late_initcall; as a
 * module, when loaded, and back to ChaCha20 and SHA-256 when removed.  With
 * CONFIG_LRNG_DRNG_BOOT_DRBG it is built in, takes over at
 * device_initcall_sync and stays ("The DRBG from boot", lrng_drng_boot.c).
 *
 * drbg_type= selects the DRBG: 0 CTR DRBG with AES-256, 1 HMAC DRBG with
 * SHA-512 (default), 2 Hash DRBG with SHA-512.
 *
 * Seeding: every seed of the entropy source manager goes to the DRBG's
 * reseed (crypto_rng_reset()), where the DRBG mixes it with the entropy it
 * draws itself (get_random_bytes(), that is the LRNG's ChaCha20 DRNG, and
 * in FIPS mode the Jitter RNG), so the seed is never weaker than the LRNG's
 * own.
 */

#include <crypto/rng.h>
#include <linux/err.h>
#include <linux/lrng.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include "lrng_param_alias.h"
#include "lrng_switch.h"

static const char *const lrng_drbg_names[] = {
	"drbg_nopr_ctr_aes256",
	"drbg_nopr_hmac_sha512",
	"drbg_nopr_sha512",
};

static unsigned int lrng_drbg_type = 1;
lrng_module_param_named("lrng_drng_drbg.", lrng_drbg_type,
			drbg_type, lrng_drbg_type, uint, 0444);
MODULE_PARM_DESC(drbg_type,
		 "SP800-90A DRBG: 0 CTR DRBG (AES-256), 1 HMAC DRBG (SHA-512), 2 Hash DRBG (SHA-512)");

static const char *lrng_drbg_name(void)
{
	return lrng_drbg_names[lrng_drbg_type];
}

static const char *lrng_drbg_hash_name(void)
{
	return "sha512";
}

static void *lrng_drbg_alloc(u32 sec_strength)
{
	struct crypto_rng *rng;

	/* Every DRBG offered has a security strength of 256 bits. */
	if (sec_strength > 32)
		return ERR_PTR(-EINVAL);
	rng = crypto_alloc_rng(lrng_drbg_name(), 0, 0);
	if (IS_ERR(rng))
		pr_err("DRBG %s not available (%ld)\n", lrng_drbg_name(),
		       PTR_ERR(rng));
	return rng;
}

static void *lrng_drbg_hash_alloc(void)
{
	return lrng_kcapi_hash_alloc(lrng_drbg_hash_name());
}

static const struct lrng_crypto_cb lrng_drbg_cb = {
	.lrng_drng_name = lrng_drbg_name,
	.lrng_hash_name = lrng_drbg_hash_name,
	.lrng_drng_alloc = lrng_drbg_alloc,
	.lrng_drng_dealloc = lrng_kcapi_rng_dealloc,
	.lrng_drng_seed_helper = lrng_kcapi_rng_seed,
	.lrng_drng_generate_helper = lrng_kcapi_rng_generate,
	LRNG_KCAPI_HASH_CB(lrng_drbg_hash_alloc),
};

static int __init lrng_drbg_init(void)
{
	if (lrng_drbg_type >= ARRAY_SIZE(lrng_drbg_names)) {
		pr_err("drbg_type=%u: use 0 (CTR), 1 (HMAC) or 2 (Hash)\n",
		       lrng_drbg_type);
		lrng_drng_boot_failed("drbg_type", -EINVAL);
		return -EINVAL;
	}
	return lrng_set_drng_cb(&lrng_drbg_cb);
}

static void __exit lrng_drbg_exit(void)
{
	lrng_set_drng_cb(NULL);
}

lrng_drbg_initcall(lrng_drbg_init);
module_exit(lrng_drbg_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("LRNG extension: SP800-90A DRBG and SHA-512 conditioning");
