// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG auxiliary entropy pool
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: Auxiliary pool
 *
 * The auxiliary pool takes every input that is not an interrupt time stamp:
 * writes to /dev/random and /dev/urandom, the RNDADDENTROPY and
 * RNDADDTOENTCNT ioctls, add_device_randomness(),
 * add_hwgenerator_randomness(), add_bootloader_randomness(),
 * add_vmfork_randomness(), and every seed buffer after it was used (for
 * backtracking resistance).
 *
 * The pool is the running state of the conditioning hash, SHA-256 unless
 * an extension switched it: input is hashed into it, and reading it
 * finalises the hash, hands out the digest and starts a new hash; the full
 * digest goes into the seed even when less entropy was credited.  The
 * entropy credited to the pool is capped at the digest size (SP800-90B
 * section 3.1.5.1) and each input at 8 bits per byte.  The pool has no
 * fixed rate ("Entropy rate: 0" in /proc/lrng_type); each input is
 * credited as random.c credits it:
 *
 * - add_bootloader_randomness() (EFI, device tree, x86 setup_data,
 *   Hyper-V, UML): its full length, unless random.trust_bootloader=off.
 * - add_hwgenerator_randomness() (hw_random drivers): what the driver
 *   states.
 * - RNDADDENTROPY and RNDADDTOENTCNT (CAP_SYS_ADMIN): what the caller
 *   states.
 * - Nothing for writes to the devices, add_device_randomness(), the VM
 *   generation ID, PM events, the command line, utsname and used seeds.
 *
 * The pool works from the first instructions of start_kernel(): it starts
 * its hash at the first input and only takes a spinlock.  At a hash switch
 * it carries its state into the new hash and keeps at most the old digest
 * size of its entropy.
 */

#include <linux/spinlock.h>
#include <linux/string.h>

#include "lrng_es_aux.h"
#include "lrng_es_mgr.h"
#include "lrng_hash.h"

/**
 * struct lrng_aux_pool - the auxiliary pool
 * @pool: hash state holding all input since the last read
 * @entropy_bits: entropy credited to @pool, at most its digest size
 * @lock: guards @pool and the writes to @entropy_bits; taken in any context
 */
struct lrng_aux_pool {
	struct lrng_hash_pool pool;
	u32 entropy_bits;
	spinlock_t lock; /* guards @pool, see @lock above */
};

static struct lrng_aux_pool lrng_aux = {
	.lock = __SPIN_LOCK_UNLOCKED(lrng_aux.lock),
};

static void lrng_aux_credit_locked(u32 entropy_bits)
{
	u32 max = lrng_hash_pool_digest_bits(&lrng_aux.pool);
	u32 bits = min(entropy_bits, max);

	lockdep_assert_held(&lrng_aux.lock);
	WRITE_ONCE(lrng_aux.entropy_bits,
		   min(lrng_aux.entropy_bits + bits, max));
}

/* Hash @buf in and credit it; returns the bits credited (before the cap). */
static u32 lrng_aux_mix(const void *buf, size_t len, u32 entropy_bits)
{
	unsigned long flags;

	if (len > U32_MAX / 8)
		len = U32_MAX / 8;
	entropy_bits = min_t(u32, entropy_bits, len * 8);

	spin_lock_irqsave(&lrng_aux.lock, flags);
	lrng_hash_pool_update(&lrng_aux.pool, buf, len);
	lrng_aux_credit_locked(entropy_bits);
	spin_unlock_irqrestore(&lrng_aux.lock, flags);
	return entropy_bits;
}

/**
 * lrng_aux_insert() - hash data into the auxiliary pool
 * @buf: data
 * @len: length of @buf in bytes
 * @entropy_bits: entropy to credit, capped at 8 bits per byte of @buf
 *
 * Callable in any context, also before the per-CPU areas exist.
 */
void lrng_aux_insert(const void *buf, size_t len, u32 entropy_bits)
{
	if (lrng_aux_mix(buf, len, entropy_bits))
		lrng_es_add_entropy();
}

/**
 * lrng_aux_insert_sync() - lrng_aux_insert() in process context
 * @buf: data
 * @len: length of @buf in bytes
 * @entropy_bits: entropy to credit, capped at 8 bits per byte of @buf
 *
 * The hardware RNGs' input: a stage the credit reaches is reached when
 * this returns (lrng_es_add_entropy_sync()), as with random.c.
 */
void lrng_aux_insert_sync(const void *buf, size_t len, u32 entropy_bits)
{
	if (lrng_aux_mix(buf, len, entropy_bits))
		lrng_es_add_entropy_sync();
}

/**
 * lrng_aux_credit() - credit entropy to the pool without new data
 * @entropy_bits: entropy in bits
 *
 * This is the RNDADDTOENTCNT and RNDADDENTROPY ioctls' credit: the caller
 * vouches for data it wrote.  Process context: a stage the credit reaches
 * is reached when this returns (lrng_es_add_entropy_sync()).
 */
void lrng_aux_credit(u32 entropy_bits)
{
	unsigned long flags;

	spin_lock_irqsave(&lrng_aux.lock, flags);
	lrng_aux_credit_locked(entropy_bits);
	spin_unlock_irqrestore(&lrng_aux.lock, flags);

	if (entropy_bits)
		lrng_es_add_entropy_sync();
}

static u32 lrng_aux_curr_entropy(void)
{
	return READ_ONCE(lrng_aux.entropy_bits);
}

/*
 * Finalise the hash into the slot and start a new one.  The whole digest is
 * handed out even when less entropy was credited: uncredited data still
 * stirs the DRNG.  The credit never exceeds the digest handed out; entropy
 * beyond the request stays credited to the pool.
 */
static u32 lrng_aux_get_ent(u8 *slot, u32 requested_bits)
{
	u8 digest[HASH_MAX_DIGESTSIZE];
	unsigned long flags;
	u32 bits, size;

	spin_lock_irqsave(&lrng_aux.lock, flags);
	size = lrng_hash_pool_final(&lrng_aux.pool, digest);
	bits = min3(lrng_aux.entropy_bits, requested_bits, size * 8);
	WRITE_ONCE(lrng_aux.entropy_bits, lrng_aux.entropy_bits - bits);
	spin_unlock_irqrestore(&lrng_aux.lock, flags);

	memcpy(slot, digest, size);
	memzero_explicit(digest, sizeof(digest));
	return bits;
}

/* Carry the pool into the current hash, keeping what both digests hold. */
static void lrng_aux_switch_hash(void)
{
	unsigned long flags;
	u32 max;

	spin_lock_irqsave(&lrng_aux.lock, flags);
	max = lrng_hash_pool_switch(&lrng_aux.pool);
	WRITE_ONCE(lrng_aux.entropy_bits, min(lrng_aux.entropy_bits, max));
	spin_unlock_irqrestore(&lrng_aux.lock, flags);
}

static void lrng_aux_state(struct seq_file *m)
{
	lrng_hash_state(m, " Hash for operating entropy pool");
	seq_printf(m, " Entropy rate: %u\n", 0);
	seq_printf(m, " Available entropy: %u\n", lrng_aux_curr_entropy());
}

const struct lrng_es_cb lrng_es_aux = {
	.name = "Auxiliary",
	.curr_entropy = lrng_aux_curr_entropy,
	.get_ent = lrng_aux_get_ent,
	.state = lrng_aux_state,
	.switch_hash = lrng_aux_switch_hash,
};
