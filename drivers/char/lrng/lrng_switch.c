// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG switch of the DRNG and the conditioning hash at run time
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: Switching the DRNG and the conditioning hash
 *
 * With CONFIG_LRNG_SWITCH an extension replaces the DRNG that serves
 * getrandom(2), /dev/random and /dev/urandom, and the hash that conditions
 * the entropy pools, by handing its struct lrng_crypto_cb to
 * lrng_set_drng_cb() (include/linux/lrng.h): the SP800-90A DRBG
 * (lrng_drbg.c) or the kernel crypto API bridge (lrng_kcapi.c).  Built in,
 * an extension switches at boot (late_initcall); as a module, when it is
 * loaded, and removing it switches back to ChaCha20 and SHA-256.  Only one
 * extension is active at a time: loading a second one fails with EBUSY.
 *
 * A switch never leaves a caller without random numbers:
 *
 * - DRNG: the new DRNG is allocated and seeded from the DRNG serving now
 *   before it serves; it asks for a reseed from the entropy sources at its
 *   first output.  The swap happens under a mutex, so readers see the old
 *   or the new DRNG, never a half-switched one.
 * - The new DRNG may sleep, so it serves only user space, in process
 *   context, and takes every seed of the entropy source manager.  In-kernel
 *   callers (get_random_bytes(), get_random_u32() and the others, possibly
 *   in atomic context) keep the per-CPU ChaCha20 DRNGs, which the switched
 *   DRNG reseeds from its output at every seed (with the DRBG from boot,
 *   replaces: see "The DRBG from boot").
 * - Every generate call of the switched DRNG is of LRNG_DRNG_MAX_REQSIZE
 *   (4096) bytes, whatever the size of the reads: a smaller request is
 *   served from a buffer allocated with the DRNG, which later requests
 *   empty.  Each byte is handed out once and wiped from the buffer as it
 *   is; at every seed the rest is wiped, so that no output after a seed
 *   comes from the state before it.
 * - Hash: each entropy pool carries its state into the new hash (the
 *   digest of the old state is the first input of the new one) and keeps
 *   at most the smaller of the old and the new digest size of its entropy.
 *   The switch logs "conditioning hash A -> B: X of Y bits of collected
 *   entropy carried over".
 *
 * The DRNG is switched first, then the hash; when the hash switch fails
 * (no memory), the DRNG switch is undone, which cannot fail.
 */

/*
 * In the code: lrng_switch_drng() and lrng_switch_hash() are the two
 * steps; the new hash is published in lrng_hash.c and every entropy source
 * moves its pools to it (lrng_es_sources.c).  The switched DRNG serves under
 * lrng_drng_sw_lock (lrng_drng_get_sleep()) and is seeded by
 * lrng_switch_drng_seed().  A module extension calls lrng_set_drng_cb(NULL)
 * on removal.
 *
 * Locking: lrng_switch_lock serializes switches and guards
 * lrng_switch_current; it is taken before lrng_drng_sw_lock.
 *
 * Sections: 1. the switched DRNG (its state, its seeding and its output),
 * 2. the hash switch, 3. lrng_set_drng_cb().  The DRBG from boot is
 * lrng_drng_boot.c.
 */

#include <linux/err.h>
#include <linux/export.h>
#include <linux/lockdep.h>
#include <linux/lrng.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "lrng_drng_mgr.h"
#include "lrng_drng_pcpu.h"
#include "lrng_es_mgr.h"
#include "lrng_hash.h"
#include "lrng_switch.h"

static DEFINE_MUTEX(lrng_switch_lock);
/* The callbacks in use; guarded by lrng_switch_lock. */
static const struct lrng_crypto_cb *lrng_switch_current = &lrng_builtin_cb;

/******************************************************************
 * 1. The switched DRNG
 *
 * lrng_drng_switched() tells without a lock whether an extension's DRNG
 * serves user space; lrng_switch_drng_seed() seeds it and keys the
 * ChaCha20 DRNGs from it, lrng_switch_drng_get() reads it, and
 * lrng_switch_drng_state() names it in /proc/lrng_type.
 * lrng_switch_drng() installs or removes it.
 ******************************************************************/

/**
 * struct lrng_drng_sw - the DRNG an extension installed
 * @cb: its callbacks; NULL while the ChaCha20 DRNGs serve user space
 * @drng: its instance
 * @stage: LRNG_DRNG_MAX_REQSIZE bytes of one generate call, handed out in
 *	   the pieces that reads ask for (lrng_drng_sw_take()); allocated
 *	   with @drng
 * @staged: bytes at the end of @stage not handed out yet; each piece is
 *	    wiped when handed out, and the rest at every seed, so that no
 *	    output after a seed comes from the state before it
 *
 * Guarded by lrng_drng_sw_lock, a mutex: the extension's DRNG may sleep.
 * lrng_drng_sw_active tells without the lock whether @cb is set.
 */
struct lrng_drng_sw {
	const struct lrng_crypto_cb *cb;
	void *drng;
	u8 *stage;
	size_t staged;
};

static struct lrng_drng_sw lrng_drng_sw;
static DEFINE_MUTEX(lrng_drng_sw_lock);
static bool lrng_drng_sw_active;

/**
 * lrng_drng_switched() - whether a switched DRNG serves user space
 *
 * Return: true while an extension's DRNG (lrng_set_drng_cb()) serves.
 */
bool lrng_drng_switched(void)
{
	return READ_ONCE(lrng_drng_sw_active);
}

/* Fill @out from the switched DRNG; the caller holds lrng_drng_sw_lock. */
static int lrng_drng_sw_generate(u8 *out, u32 len)
{
	int ret;

	lockdep_assert_held(&lrng_drng_sw_lock);
	ret = lrng_drng_sw.cb->lrng_drng_generate_helper(lrng_drng_sw.drng,
							 out, len);
	if (ret >= 0 && ret != len)
		ret = -EIO;
	if (ret < 0) {
		lrng_drng_boot_failed("generate", ret);
		pr_warn_ratelimited("DRNG %s failed (%d): ChaCha20 serves instead\n",
				    lrng_drng_sw.cb->lrng_drng_name(), ret);
	}
	return ret < 0 ? ret : 0;
}

/*
 * Wipe what @stage still holds, its last @staged bytes (the ones handed
 * out were wiped then); the caller holds lrng_drng_sw_lock.
 */
static void lrng_drng_sw_unstage(void)
{
	struct lrng_drng_sw *sw = &lrng_drng_sw;

	lockdep_assert_held(&lrng_drng_sw_lock);
	if (!sw->staged)
		return;
	memzero_explicit(sw->stage + LRNG_DRNG_MAX_REQSIZE - sw->staged,
			 sw->staged);
	sw->staged = 0;
}

/**
 * lrng_switch_drng_seed() - seed the switched DRNG and draw a key from it
 * @seed: seed buffer from the entropy source manager
 * @len: length of @seed in bytes
 * @key: receives @keylen bytes of the switched DRNG's output after the seed,
 *	 for the ChaCha20 DRNGs
 * @keylen: length of @key in bytes
 *
 * The stage is wiped, so that no output after a seed comes from the state
 * before it.  Process context.
 *
 * Return: 0, or a negative errno when there is no switched DRNG or it
 * failed; the caller then seeds the ChaCha20 DRNGs with @seed instead, so
 * that no entropy is lost.
 */
int lrng_switch_drng_seed(const void *seed, size_t len, u8 *key,
			  size_t keylen)
{
	int ret = -ENODEV;

	might_sleep();
	mutex_lock(&lrng_drng_sw_lock);
	if (lrng_drng_sw.cb) {
		ret = lrng_drng_sw.cb->lrng_drng_seed_helper(lrng_drng_sw.drng,
							     seed, len);
		if (ret)
			lrng_drng_boot_failed("seed", ret);
		else
			ret = lrng_drng_sw_generate(key, keylen);
	}
	lrng_drng_sw_unstage();
	mutex_unlock(&lrng_drng_sw_lock);
	return ret;
}

/*
 * Up to @len bytes from the switched DRNG; the caller holds
 * lrng_drng_sw_lock.  Every generate call is of LRNG_DRNG_MAX_REQSIZE
 * bytes, whatever the size of the reads (a user-space read comes in
 * pieces of its stack block): straight into @out for a request that large,
 * else into @stage, which serves this and the next requests.  Each call
 * counts as one request towards the reseed.  Returns the bytes given, 0
 * when the DRNG failed.
 */
static size_t lrng_drng_sw_take(u8 *out, size_t len)
{
	struct lrng_drng_sw *sw = &lrng_drng_sw;
	u8 *from;

	lockdep_assert_held(&lrng_drng_sw_lock);
	if (!sw->staged) {
		from = len >= LRNG_DRNG_MAX_REQSIZE ? out : sw->stage;
		if (lrng_drng_sw_generate(from, LRNG_DRNG_MAX_REQSIZE)) {
			/* Whatever a failed call left is never handed out. */
			memzero_explicit(from, LRNG_DRNG_MAX_REQSIZE);
			return 0;
		}
		lrng_drng_count_generate();
		if (from == out)
			return LRNG_DRNG_MAX_REQSIZE;
		sw->staged = LRNG_DRNG_MAX_REQSIZE;
	}
	len = min(len, sw->staged);
	from = sw->stage + LRNG_DRNG_MAX_REQSIZE - sw->staged;
	memcpy(out, from, len);
	memzero_explicit(from, len);
	sw->staged -= len;
	return len;
}

/**
 * lrng_switch_drng_get() - fill a buffer from the switched DRNG
 * @out: output buffer
 * @len: length of @out in bytes
 *
 * Process context.
 *
 * Return: the bytes filled, from the start of @out: fewer than @len when
 * there is no switched DRNG (any more) or it failed.
 */
size_t lrng_switch_drng_get(u8 *out, size_t len)
{
	size_t done = 0, todo;

	mutex_lock(&lrng_drng_sw_lock);
	while (lrng_drng_sw.cb && done < len) {
		todo = lrng_drng_sw_take(out + done, len - done);
		if (!todo)
			break;
		done += todo;
	}
	mutex_unlock(&lrng_drng_sw_lock);
	return done;
}

/**
 * lrng_switch_drng_state() - the "DRNG name" line of /proc/lrng_type
 * @m: seq_file to write to
 */
void lrng_switch_drng_state(struct seq_file *m)
{
	mutex_lock(&lrng_drng_sw_lock);
	seq_printf(m, "DRNG name: %s\n", lrng_drng_sw.cb ?
		   lrng_drng_sw.cb->lrng_drng_name() : "ChaCha20");
	mutex_unlock(&lrng_drng_sw_lock);
}

/*
 * Make @cb's DRNG serve user space (the ChaCha20 DRNGs when @cb has no DRNG
 * callbacks).  The new DRNG is seeded from the DRNG serving now before it
 * serves, and asks for a reseed from the entropy sources at its first
 * output.  A switch that leaves the ChaCha20 DRNGs serving (a hash-only
 * extension) changes no DRNG state and asks for no reseed, which would
 * spend the entropy the hash switch is about to carry over.  Returns 0, or
 * a negative errno when the new DRNG cannot be allocated or seeded, in
 * which case the old one stays.
 */
static int lrng_switch_drng(const struct lrng_crypto_cb *cb)
{
	u8 seed[LRNG_DRNG_SECURITY_STRENGTH_BYTES * 2];
	const struct lrng_crypto_cb *old_cb;
	void *old, *new = NULL;
	u8 *old_stage, *stage = NULL;
	int ret;

	lockdep_assert_held(&lrng_switch_lock);
	/* lrng_drng_sw_active changes only under lrng_switch_lock. */
	if (!cb->lrng_drng_alloc && !lrng_drng_sw_active)
		return 0;
	if (cb->lrng_drng_alloc) {
		stage = kmalloc(LRNG_DRNG_MAX_REQSIZE, GFP_KERNEL);
		if (!stage)
			return -ENOMEM;
		new = cb->lrng_drng_alloc(LRNG_DRNG_SECURITY_STRENGTH_BYTES);
		if (IS_ERR(new)) {
			kfree(stage);
			return PTR_ERR(new);
		}
	}

	mutex_lock(&lrng_drng_sw_lock);
	if (new) {
		if (!lrng_drng_sw.cb || lrng_drng_sw_generate(seed, sizeof(seed)))
			lrng_drng_get(seed, sizeof(seed));
		ret = cb->lrng_drng_seed_helper(new, seed, sizeof(seed));
		memzero_explicit(seed, sizeof(seed));
		if (ret < 0) {
			mutex_unlock(&lrng_drng_sw_lock);
			cb->lrng_drng_dealloc(new);
			kfree(stage);
			return ret;
		}
	}
	old_cb = lrng_drng_sw.cb;
	old = lrng_drng_sw.drng;
	/* kfree_sensitive() below wipes the old stage. */
	old_stage = lrng_drng_sw.stage;
	lrng_drng_sw.staged = 0;
	lrng_drng_sw.cb = new ? cb : NULL;
	lrng_drng_sw.drng = new;
	lrng_drng_sw.stage = stage;
	WRITE_ONCE(lrng_drng_sw_active, !!new);
	mutex_unlock(&lrng_drng_sw_lock);

	kfree_sensitive(old_stage);
	if (old)
		old_cb->lrng_drng_dealloc(old);
	lrng_drng_force_reseed();
	return 0;
}

/******************************************************************
 * 2. The hash switch
 *
 * lrng_switch_hash() moves the conditioning hash (lrng_hash.c) and every
 * entropy source's pools to the new hash.
 ******************************************************************/

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

/******************************************************************
 * 3. lrng_set_drng_cb()
 *
 * Checks the callbacks and runs both switches, undoing the first when the
 * second fails.
 ******************************************************************/

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
 * incomplete callbacks; -EBUSY when another extension is active or the
 * DRBG from boot serves (lrng_drng_boot.c); the
 * error of the allocation or the first seed of the new DRNG or hash, in
 * which case nothing changed.
 */
int lrng_set_drng_cb(const struct lrng_crypto_cb *cb)
{
	const struct lrng_crypto_cb *old, *hash_cb;
	bool takeover = false;
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
	if (lrng_drng_boot_drbg()) {
		pr_warn("DRNG %s serves from boot: it stays\n",
			old->lrng_drng_name());
		ret = -EBUSY;
		goto out;
	}
	takeover = IS_ENABLED(CONFIG_LRNG_DRNG_BOOT_DRBG) && cb->lrng_drng_alloc;

	ret = lrng_switch_drng(cb);
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
	WARN_ON_ONCE(lrng_switch_drng(old));
out:
	mutex_unlock(&lrng_switch_lock);
	if (takeover)
		lrng_drng_boot_takeover(ret);
	return ret;
}
EXPORT_SYMBOL_GPL(lrng_set_drng_cb);
