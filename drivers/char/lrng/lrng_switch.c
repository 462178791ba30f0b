// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG switch of the DRNG and the conditioning hash at run time
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * An extension hands its struct lrng_crypto_cb to lrng_set_drng_cb(): the
 * SP800-90A DRBG (lrng_drbg.c) or the kernel crypto API bridge
 * (lrng_kcapi.c), built in (switching at boot) or as a module (switching
 * when loaded, and back to the built-in ChaCha20 and SHA-256 when it calls
 * lrng_set_drng_cb(NULL) on removal).  Only one extension is active at a
 * time: a second one is refused until the first is gone.
 *
 * A switch does two steps, each of which leaves the LRNG serving:
 *
 *  1. DRNG (lrng_drng_switch()): the new DRNG is allocated and seeded from
 *     the DRNG serving now; then, under the DRNG manager's mutex, it takes
 *     over getrandom(2) and the devices.  Readers wait for the mutex, never
 *     see a half-switched instance, and in-kernel callers in atomic context
 *     keep the ChaCha20 DRNGs throughout.
 *  2. Hash (lrng_switch_hash()): the new hash is published (lrng_hash.c)
 *     and every entropy source moves its pools to it (lrng_es_mgr.c),
 *     keeping their state and at most the smaller of the old and the new
 *     digest size of their entropy.
 *
 * When step 2 fails (no memory), step 1 is undone, which cannot fail.
 *
 * Locking: lrng_switch_lock serializes switches and guards
 * lrng_switch_current.
 */

#include <linux/err.h>
#include <linux/export.h>
#include <linux/lockdep.h>
#include <linux/lrng.h>
#include <linux/mutex.h>

#include "lrng_drng_mgr.h"
#include "lrng_es_mgr.h"
#include "lrng_hash.h"

static DEFINE_MUTEX(lrng_switch_lock);
/* The callbacks in use; guarded by lrng_switch_lock. */
static const struct lrng_crypto_cb *lrng_switch_current = &lrng_builtin_cb;

/* All DRNG callbacks or none, all hash callbacks or none, both names. */
static bool lrng_switch_cb_valid(const struct lrng_crypto_cb *cb)
{
	bool drng = cb->lrng_drng_alloc && cb->lrng_drng_dealloc &&
		    cb->lrng_drng_seed_helper && cb->lrng_drng_generate_helper;
	bool no_drng = !cb->lrng_drng_alloc && !cb->lrng_drng_dealloc &&
		       !cb->lrng_drng_seed_helper &&
		       !cb->lrng_drng_generate_helper;
	bool hash = cb->lrng_hash_alloc && cb->lrng_hash_dealloc &&
		    cb->lrng_hash_digestsize && cb->lrng_hash_init &&
		    cb->lrng_hash_update && cb->lrng_hash_final &&
		    cb->lrng_hash_desc_zero;
	bool no_hash = !cb->lrng_hash_alloc && !cb->lrng_hash_dealloc;

	if (cb == &lrng_builtin_cb)
		return true;
	return cb->lrng_drng_name && cb->lrng_hash_name &&
	       (drng || no_drng) && (hash || no_hash);
}

/*
 * Make @cb's hash the conditioning hash: publish it, move every source's
 * pools to it, then free the old one.  Returns 0, or a negative errno when
 * the new hash cannot be allocated, in which case the old one stays.
 */
static int lrng_switch_hash(const struct lrng_crypto_cb *cb)
{
	struct lrng_hash_inst *old, *new;
	u32 before;

	lockdep_assert_held(&lrng_switch_lock);
	new = lrng_hash_inst_alloc(cb);
	if (IS_ERR(new))
		return PTR_ERR(new);

	before = lrng_es_collected_entropy();
	old = lrng_hash_publish(new);
	lrng_es_switch_hash();
	pr_info("conditioning hash %s -> %s: %u of %u bits of collected entropy carried over\n",
		lrng_hash_inst_name(old), lrng_hash_inst_name(new),
		lrng_es_collected_entropy(), before);
	lrng_hash_inst_retire(old);
	return 0;
}

/**
 * lrng_set_drng_cb() - switch the DRNG and the conditioning hash
 * @cb: the extension's callbacks; NULL for the built-in ChaCha20 DRNG and
 *	SHA-256.  Without DRNG callbacks the ChaCha20 DRNG stays; without
 *	hash callbacks SHA-256 does.
 *
 * Process context.  Returns when the switch is complete: after a switch
 * back to the built-in callbacks nothing refers to the old ones any more,
 * so a module may call this from its exit function and go.
 *
 * Return: 0 on success (also when @cb is already in use); -EINVAL for
 * incomplete callbacks; -EBUSY when another extension is active; the
 * error of the allocation or the first seed of the new DRNG or hash, in
 * which case nothing changed.
 */
int lrng_set_drng_cb(const struct lrng_crypto_cb *cb)
{
	const struct lrng_crypto_cb *old, *hash_cb;
	int ret = 0;

	if (!cb)
		cb = &lrng_builtin_cb;
	if (!lrng_switch_cb_valid(cb))
		return -EINVAL;

	mutex_lock(&lrng_switch_lock);
	old = lrng_switch_current;
	if (cb == old)
		goto out;
	if (old != &lrng_builtin_cb && cb != &lrng_builtin_cb) {
		pr_warn("DRNG %s active: remove it before switching to %s\n",
			old->lrng_drng_name(), cb->lrng_drng_name());
		ret = -EBUSY;
		goto out;
	}

	ret = lrng_drng_switch(cb);
	if (ret) {
		pr_warn("DRNG %s not usable (%d): %s stays\n",
			cb->lrng_drng_name(), ret, old->lrng_drng_name());
		goto out;
	}
	hash_cb = cb->lrng_hash_alloc ? cb : &lrng_builtin_cb;
	ret = lrng_switch_hash(hash_cb);
	if (ret) {
		pr_warn("hash %s not usable (%d): DRNG %s stays\n",
			cb->lrng_hash_name(), ret, old->lrng_drng_name());
		goto undo_drng;
	}
	lrng_switch_current = cb;
	pr_info("DRNG %s, conditioning hash %s; %s\n", cb->lrng_drng_name(),
		hash_cb->lrng_hash_name(),
		lrng_sp80090c_compliant() ?
		"SP800-90C seeding with oversampled entropy sources" :
		"seeding without SP800-90C oversampling");
	goto out;

undo_drng:
	WARN_ON_ONCE(lrng_drng_switch(old));
out:
	mutex_unlock(&lrng_switch_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(lrng_set_drng_cb);
