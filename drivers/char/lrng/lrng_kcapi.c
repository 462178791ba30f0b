// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG extension: any RNG and hash of the kernel crypto API
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * Switches the DRNG that serves getrandom(2) and the devices to the
 * crypto_rng named by drng_name= and the conditioning hash to the
 * crypto_shash named by hash_name= (default "sha512").  An empty drng_name=
 * (the default) keeps the ChaCha20 DRNG and switches only the hash.  Built
 * in, it switches at boot; as a module, when loaded, and back to ChaCha20
 * and SHA-256 when removed.
 *
 * The RNG is seeded with crypto_rng_reset() at every seed of the entropy
 * source manager; an RNG that needs a longer seed than the 64 bytes it gets
 * at the switch is refused (crypto_rng_seedsize()).
 */

#include <crypto/rng.h>
#include <linux/err.h>
#include <linux/lrng.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

#include "lrng_param_alias.h"

static char lrng_kcapi_drng[CRYPTO_MAX_ALG_NAME];
lrng_module_param_string("lrng_drng_kcapi.", drng_name,
			 drng_name, lrng_kcapi_drng, sizeof(lrng_kcapi_drng),
			 0444);
MODULE_PARM_DESC(drng_name,
		 "crypto_rng serving user space; empty keeps ChaCha20");

static char lrng_kcapi_hash[CRYPTO_MAX_ALG_NAME] = "sha512";
lrng_module_param_string("lrng_hash_kcapi.", lrng_hash_name,
			 hash_name, lrng_kcapi_hash, sizeof(lrng_kcapi_hash),
			 0444);
MODULE_PARM_DESC(hash_name, "crypto_shash conditioning the entropy pools");

/* Smallest seed the LRNG hands to a DRNG: the one at the switch. */
enum { LRNG_KCAPI_MAX_SEEDSIZE = 2 * LRNG_SECURITY_STRENGTH_BITS / 8 };

static const char *lrng_kcapi_drng_name(void)
{
	return lrng_kcapi_drng[0] ? lrng_kcapi_drng : "ChaCha20";
}

static const char *lrng_kcapi_hash_name(void)
{
	return lrng_kcapi_hash;
}

static void *lrng_kcapi_drng_alloc(u32 sec_strength)
{
	struct crypto_rng *rng;

	rng = crypto_alloc_rng(lrng_kcapi_drng, 0, 0);
	if (IS_ERR(rng)) {
		pr_err("RNG %s not available (%ld)\n", lrng_kcapi_drng,
		       PTR_ERR(rng));
		return rng;
	}
	if (crypto_rng_seedsize(rng) > LRNG_KCAPI_MAX_SEEDSIZE) {
		pr_err("RNG %s needs a seed of %u bytes: too large\n",
		       lrng_kcapi_drng, crypto_rng_seedsize(rng));
		crypto_free_rng(rng);
		return ERR_PTR(-EINVAL);
	}
	return rng;
}

static void *lrng_kcapi_hash_alloc_named(void)
{
	return lrng_kcapi_hash_alloc(lrng_kcapi_hash);
}

static struct lrng_crypto_cb lrng_kcapi_cb = {
	.lrng_drng_name = lrng_kcapi_drng_name,
	.lrng_hash_name = lrng_kcapi_hash_name,
	LRNG_KCAPI_HASH_CB(lrng_kcapi_hash_alloc_named),
};

static int __init lrng_kcapi_init(void)
{
	if (lrng_kcapi_drng[0]) {
		lrng_kcapi_cb.lrng_drng_alloc = lrng_kcapi_drng_alloc;
		lrng_kcapi_cb.lrng_drng_dealloc = lrng_kcapi_rng_dealloc;
		lrng_kcapi_cb.lrng_drng_seed_helper = lrng_kcapi_rng_seed;
		lrng_kcapi_cb.lrng_drng_generate_helper =
			lrng_kcapi_rng_generate;
	}
	return lrng_set_drng_cb(&lrng_kcapi_cb);
}

static void __exit lrng_kcapi_exit(void)
{
	lrng_set_drng_cb(NULL);
}

late_initcall(lrng_kcapi_init);
module_exit(lrng_kcapi_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("LRNG extension: kernel crypto API RNG and hash");
