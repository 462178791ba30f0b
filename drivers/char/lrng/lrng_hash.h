/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG conditioning hash: the hash of the entropy pools, switchable
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_HASH_H
#define _LRNG_HASH_H

#include <crypto/hash.h>
#include <linux/lrng.h>
#include <linux/seq_file.h>
#include <linux/types.h>

/**
 * struct lrng_hash_pool - an entropy pool: the state of a running hash
 * @cb: the hash @state belongs to; NULL until the first update
 * @hash: the instance of that hash
 * @state: struct shash_desc with room for the largest hash state
 *
 * Guarded by the lock of the structure that embeds it; every function below
 * expects that lock held.  A hash switch converts each pool under its lock
 * (lrng_hash_pool_switch()).
 */
struct lrng_hash_pool {
	const struct lrng_crypto_cb *cb;
	void *hash;
	u8 state[sizeof(struct shash_desc) + HASH_MAX_DESCSIZE]
		__aligned(__alignof__(struct shash_desc));
};

extern const struct lrng_crypto_cb lrng_builtin_cb;

void lrng_hash_pool_init(struct lrng_hash_pool *pool);
void lrng_hash_pool_init_builtin(struct lrng_hash_pool *pool);
void lrng_hash_pool_update(struct lrng_hash_pool *pool, const void *in,
			   u32 len);
u32 lrng_hash_pool_final(struct lrng_hash_pool *pool, u8 *digest);
u32 lrng_hash_pool_read(struct lrng_hash_pool *pool, u8 *digest);
u32 lrng_hash_pool_final_zero(struct lrng_hash_pool *pool, u8 *digest);
u32 lrng_hash_pool_switch(struct lrng_hash_pool *pool);
u32 lrng_hash_pool_digest_bits(struct lrng_hash_pool *pool);

u32 lrng_hash_digestsize(void);
void lrng_hash_state(struct seq_file *m, const char *key);

struct lrng_hash_inst;
struct lrng_hash_inst *lrng_hash_inst_alloc(const struct lrng_crypto_cb *cb);
struct lrng_hash_inst *lrng_hash_publish(struct lrng_hash_inst *new);
void lrng_hash_inst_retire(struct lrng_hash_inst *old);
const char *lrng_hash_inst_name(const struct lrng_hash_inst *inst);

#endif /* _LRNG_HASH_H */
