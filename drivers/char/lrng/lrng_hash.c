// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG conditioning hash
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * Every entropy pool of the LRNG is the state of a running hash (struct
 * lrng_hash_pool): data is hashed in as it arrives, and a seed takes the
 * digest.  The hash is SHA-256 from lib/crypto, usable in any context from
 * the first instruction of start_kernel(), until an extension replaces it
 * with lrng_set_drng_cb() (lrng_switch.c): for example SHA-512 from the
 * kernel crypto API (lrng_kcapi_common.c), whose larger digest lets the pools
 * carry the oversampled seeds of SP800-90C.
 *
 * The current hash is lrng_hash_current, an RCU-protected pointer to the
 * callbacks and their instance.  A pool takes it whenever it starts a hash,
 * under the lock that guards the pool.  Code that hashes for a moment, with
 * a pool on its stack, holds rcu_read_lock() from start to digest; a
 * known-answer test, which must see SHA-256, starts its pool on the
 * built-in hash instead (lrng_hash_pool_init_builtin()) and needs no RCU.
 *
 * Switching, run by lrng_switch.c: allocate the new instance
 * (lrng_hash_inst_alloc()), publish it (lrng_hash_publish()), let every
 * entropy source convert its pools (lrng_hash_pool_switch(): the digest of
 * a pool under the old hash is the first input of its new state, and the
 * source caps the pool's entropy at the smaller of the old and the new
 * digest size), then wait for an RCU grace period and free the old instance
 * (lrng_hash_inst_retire()).  A pool that starts a hash while the switch
 * runs already takes the new one, so no pool is left on the old.
 *
 * Sections: 1. the built-in SHA-256, 2. entropy pools, 3. the current
 * hash, 4. switching.
 */

#include <kunit/visibility.h>
#include <linux/err.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "lrng_definitions.h"
#include "lrng_hash.h"

/******************************************************************
 * 1. The built-in SHA-256
 *
 * lrng_builtin_cb: SHA-256 from lib/crypto and the name of the ChaCha20
 * DRNG.
 ******************************************************************/

/**
 * struct lrng_hash_inst - a conditioning hash in use
 * @cb: its callbacks
 * @hash: its instance, from @cb->lrng_hash_alloc()
 */
struct lrng_hash_inst {
	const struct lrng_crypto_cb *cb;
	void *hash;
};

static const char *lrng_cc20_name(void)
{
	return "ChaCha20";
}

static const char *lrng_sha256_name(void)
{
	return "SHA-256";
}

static u32 lrng_sha256_digestsize(void *hash)
{
	return SHA256_DIGEST_SIZE;
}

static int lrng_sha256_init(struct shash_desc *shash, void *hash)
{
	sha256_init(shash_desc_ctx(shash));
	return 0;
}

static int lrng_sha256_update(struct shash_desc *shash, const u8 *inbuf,
			      u32 inbuflen)
{
	sha256_update(shash_desc_ctx(shash), inbuf, inbuflen);
	return 0;
}

static int lrng_sha256_final(struct shash_desc *shash, u8 *digest)
{
	sha256_final(shash_desc_ctx(shash), digest);
	return 0;
}

static void lrng_sha256_desc_zero(struct shash_desc *shash)
{
	memzero_explicit(shash_desc_ctx(shash), sizeof(struct sha256_state));
}

/*
 * The LRNG's own callbacks: the per-CPU ChaCha20 DRNGs of lrng_drng_mgr.c
 * (no DRNG callbacks: the manager runs them itself, in any context) and
 * SHA-256 from lib/crypto.
 */
const struct lrng_crypto_cb lrng_builtin_cb = {
	.lrng_drng_name = lrng_cc20_name,
	.lrng_hash_name = lrng_sha256_name,
	.lrng_hash_digestsize = lrng_sha256_digestsize,
	.lrng_hash_init = lrng_sha256_init,
	.lrng_hash_update = lrng_sha256_update,
	.lrng_hash_final = lrng_sha256_final,
	.lrng_hash_desc_zero = lrng_sha256_desc_zero,
};
EXPORT_SYMBOL_IF_KUNIT(lrng_builtin_cb);

static struct lrng_hash_inst lrng_hash_builtin = {
	.cb = &lrng_builtin_cb,
};

/* Written only by lrng_hash_publish(); read under RCU. */
static struct lrng_hash_inst __rcu *lrng_hash_current =
	RCU_INITIALIZER(&lrng_hash_builtin);

/******************************************************************
 * 2. Entropy pools
 *
 * lrng_hash_pool_init(), _init_builtin(), _update(), _final(),
 * _final_zero(), _switch(), _digest_bits(): a pool is guarded by the lock
 * of its owner.
 ******************************************************************/

static struct shash_desc *lrng_pool_desc(struct lrng_hash_pool *pool)
{
	return (struct shash_desc *)pool->state;
}

/* Start @pool on the hash of @inst; the caller keeps @inst alive. */
static void lrng_hash_pool_start(struct lrng_hash_pool *pool,
				 const struct lrng_hash_inst *inst)
{
	pool->cb = inst->cb;
	pool->hash = inst->hash;
	WARN_ON_ONCE(pool->cb->lrng_hash_init(lrng_pool_desc(pool), pool->hash));
}

/**
 * lrng_hash_pool_init() - start a pool with the current hash
 * @pool: the pool, whose previous state is dropped
 */
void lrng_hash_pool_init(struct lrng_hash_pool *pool)
{
	rcu_read_lock();
	lrng_hash_pool_start(pool, rcu_dereference(lrng_hash_current));
	rcu_read_unlock();
}

/**
 * lrng_hash_pool_init_builtin() - start a pool with the built-in SHA-256
 * @pool: the pool, whose previous state is dropped
 *
 * For known-answer tests (lrng_selftest_irq.c): they expect SHA-256
 * whatever hash is current, and the pool never reads the current hash.
 */
void lrng_hash_pool_init_builtin(struct lrng_hash_pool *pool)
{
	lrng_hash_pool_start(pool, &lrng_hash_builtin);
}

/**
 * lrng_hash_pool_update() - hash data into a pool
 * @pool: the pool; started with the current hash when it never was
 * @in: the data
 * @len: its length in bytes
 */
void lrng_hash_pool_update(struct lrng_hash_pool *pool, const void *in,
			   u32 len)
{
	if (unlikely(!pool->cb))
		lrng_hash_pool_init(pool);
	WARN_ON_ONCE(pool->cb->lrng_hash_update(lrng_pool_desc(pool), in, len));
}

/* The digest of @pool into @digest, the hash state wiped; its size. */
static u32 lrng_hash_pool_digest(struct lrng_hash_pool *pool, u8 *digest)
{
	struct shash_desc *desc = lrng_pool_desc(pool);
	u32 size;

	if (unlikely(!pool->cb))
		lrng_hash_pool_init(pool);
	size = pool->cb->lrng_hash_digestsize(pool->hash);
	if (WARN_ON_ONCE(pool->cb->lrng_hash_final(desc, digest)))
		memset(digest, 0, size);
	pool->cb->lrng_hash_desc_zero(desc);
	return size;
}

/**
 * lrng_hash_pool_final() - take a pool's digest and restart it
 * @pool: the pool; it restarts empty, with the current hash
 * @digest: room for HASH_MAX_DIGESTSIZE bytes
 *
 * Return: the digest size in bytes.
 */
u32 lrng_hash_pool_final(struct lrng_hash_pool *pool, u8 *digest)
{
	u32 size = lrng_hash_pool_digest(pool, digest);

	lrng_hash_pool_init(pool);
	return size;
}

/**
 * lrng_hash_pool_read() - take a per-CPU pool's digest and chain the pool
 * @pool: the pool; it restarts from the digest, so that what it collects
 *	  next depends on all it held
 * @digest: room for HASH_MAX_DIGESTSIZE bytes
 *
 * The digest goes in twice, one whole block of SHA-256 and of SHA-512, so
 * that it is compressed at once and never kept in the pool's buffer.
 *
 * Return: the digest size in bytes.
 */
u32 lrng_hash_pool_read(struct lrng_hash_pool *pool, u8 *digest)
{
	u32 size = lrng_hash_pool_final(pool, digest);

	lrng_hash_pool_update(pool, digest, size);
	lrng_hash_pool_update(pool, digest, size);
	return size;
}

/**
 * lrng_hash_pool_final_zero() - take the digest of a pool used only once
 * @pool: the pool; it is wiped, not restarted: its next update starts it
 * @digest: room for HASH_MAX_DIGESTSIZE bytes
 *
 * Return: the digest size in bytes.
 */
u32 lrng_hash_pool_final_zero(struct lrng_hash_pool *pool, u8 *digest)
{
	u32 size = lrng_hash_pool_digest(pool, digest);

	pool->cb = NULL;
	pool->hash = NULL;
	return size;
}

/**
 * lrng_hash_pool_switch() - move a pool to the current hash
 * @pool: the pool
 *
 * The pool's digest under its old hash is the first input of its new state,
 * so that nothing it collected is lost.
 *
 * Return: the entropy in bits the pool can still hold: the smaller of the
 * old and the new digest size, since the old digest is all that goes in
 * and the new digest is all that comes out; or U32_MAX when the pool was
 * empty or already on the current hash.
 */
u32 lrng_hash_pool_switch(struct lrng_hash_pool *pool)
{
	u8 digest[HASH_MAX_DIGESTSIZE];
	struct lrng_hash_inst *inst;
	bool current_hash;
	u32 size;

	if (!pool->cb)
		return U32_MAX;
	rcu_read_lock();
	inst = rcu_dereference(lrng_hash_current);
	current_hash = inst->cb == pool->cb && inst->hash == pool->hash;
	rcu_read_unlock();
	if (current_hash)
		return U32_MAX;

	size = lrng_hash_pool_final(pool, digest);
	lrng_hash_pool_update(pool, digest, size);
	memzero_explicit(digest, sizeof(digest));
	return min(size, pool->cb->lrng_hash_digestsize(pool->hash)) * 8;
}

/**
 * lrng_hash_pool_digest_bits() - the most entropy a pool can hold
 * @pool: the pool
 *
 * Return: the digest size in bits of the pool's hash (of the current hash
 * when the pool was never started).
 */
u32 lrng_hash_pool_digest_bits(struct lrng_hash_pool *pool)
{
	if (!pool->cb)
		return lrng_hash_digestsize() * 8;
	return pool->cb->lrng_hash_digestsize(pool->hash) * 8;
}

/******************************************************************
 * 3. The current hash
 *
 * lrng_hash_digestsize(), lrng_hash_state().
 ******************************************************************/

/**
 * lrng_hash_digestsize() - digest size of the current hash
 *
 * Return: the size in bytes.
 */
u32 lrng_hash_digestsize(void)
{
	struct lrng_hash_inst *inst;
	u32 size;

	rcu_read_lock();
	inst = rcu_dereference(lrng_hash_current);
	size = inst->cb->lrng_hash_digestsize(inst->hash);
	rcu_read_unlock();
	return size;
}

/**
 * lrng_hash_state() - a "key: name of the current hash" line
 * @m: seq_file to write to
 * @key: the key, with its indentation
 */
void lrng_hash_state(struct seq_file *m, const char *key)
{
	rcu_read_lock();
	seq_printf(m, "%s: %s\n", key,
		   rcu_dereference(lrng_hash_current)->cb->lrng_hash_name());
	rcu_read_unlock();
}

/******************************************************************
 * 4. Switching
 *
 * The steps lrng_switch.c runs: lrng_hash_inst_alloc(),
 * lrng_hash_publish(), lrng_hash_inst_retire(), lrng_hash_inst_name().
 ******************************************************************/

/**
 * lrng_hash_inst_alloc() - an instance of @cb's hash, for lrng_hash_publish()
 * @cb: callbacks whose hash callbacks are set, or lrng_builtin_cb
 *
 * Process context.
 *
 * Return: the instance, or an ERR_PTR() when it cannot be allocated.
 */
struct lrng_hash_inst *lrng_hash_inst_alloc(const struct lrng_crypto_cb *cb)
{
	struct lrng_hash_inst *new;
	void *hash;

	if (cb == &lrng_builtin_cb)
		return &lrng_hash_builtin;
	hash = cb->lrng_hash_alloc();
	if (IS_ERR(hash))
		return ERR_CAST(hash);
	if (WARN_ON_ONCE(cb->lrng_hash_digestsize(hash) > HASH_MAX_DIGESTSIZE)) {
		cb->lrng_hash_dealloc(hash);
		return ERR_PTR(-EINVAL);
	}
	new = kmalloc(sizeof(*new), GFP_KERNEL);
	if (!new) {
		cb->lrng_hash_dealloc(hash);
		return ERR_PTR(-ENOMEM);
	}
	new->cb = cb;
	new->hash = hash;
	return new;
}

/**
 * lrng_hash_publish() - make @new the conditioning hash
 * @new: an instance of lrng_hash_inst_alloc()
 *
 * Pools that start a hash from now on take @new; the pools on the old hash
 * are converted by their sources (lrng_hash_pool_switch()).  Process
 * context; serialized by the caller (lrng_switch.c).
 *
 * Return: the old instance, for lrng_hash_inst_retire().
 */
struct lrng_hash_inst *lrng_hash_publish(struct lrng_hash_inst *new)
{
	return rcu_replace_pointer(lrng_hash_current, new, true);
}

/**
 * lrng_hash_inst_retire() - free an instance that lrng_hash_publish() replaced
 * @old: the instance
 *
 * Waits for an RCU grace period: code that hashes for a moment may still
 * use @old until then.  Process context.
 */
void lrng_hash_inst_retire(struct lrng_hash_inst *old)
{
	synchronize_rcu();
	if (old != &lrng_hash_builtin) {
		old->cb->lrng_hash_dealloc(old->hash);
		kfree(old);
	}
}

/**
 * lrng_hash_inst_name() - the name of an instance's hash
 * @inst: the instance, published or not yet retired
 *
 * Return: the name, as the hash callbacks give it.
 */
const char *lrng_hash_inst_name(const struct lrng_hash_inst *inst)
{
	return inst->cb->lrng_hash_name();
}
