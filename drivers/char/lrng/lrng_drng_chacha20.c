// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG ChaCha20 DRNG
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The default deterministic random number generator of the LRNG.  Its state
 * is one ChaCha20 input block (RFC 8439 layout: constants, 256-bit key,
 * 32-bit block counter, 96-bit nonce).
 *
 * Generate: the ChaCha20 key stream of the current key, starting at the
 * current block counter, is split into the new key (its first 32 bytes) and
 * the output (the bytes after them).  Replacing the key at every call (fast
 * key erasure) means a compromise of the state never reveals output produced
 * before it (backtracking resistance); taking the key from the first block
 * lets a request of up to 32 bytes cost a single block.  One call produces at most
 * LRNG_DRNG_MAX_REQSIZE bytes; the DRNG manager splits larger requests.
 *
 * Seed: the seed is XORed into the key 32 bytes at a time, and every chunk
 * is followed by a key update as above.  The seed therefore never replaces
 * the existing state, it only adds to it.
 *
 * The code is built on the kernel's ChaCha20 block function
 * (lib/crypto/chacha.c).  With CONFIG_LRNG_CHACHA20_SIMD, whole blocks of
 * a large request go through chacha20_crypt() instead, the architecture's
 * SIMD implementation where there is one (AVX2/AVX-512 on x86_64) and
 * usable in the calling context.  It is meant for hardware: under QEMU's
 * instruction emulation (TCG) 4 KiB reads ran at 0.44 of the generic
 * block's speed (46 against 105 MB/s).
 */

#include <kunit/visibility.h>
#include <linux/bug.h>
#include <linux/export.h>
#include <linux/math.h>
#include <linux/minmax.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "lrng_definitions.h"
#include "lrng_drng_chacha20.h"

enum {
	LRNG_CC20_KEY_WORD = 4,
	LRNG_CC20_KEY_WORDS = CHACHA_KEY_SIZE / sizeof(u32),
};

/* Replace the key with the next block of key stream: fast key erasure. */
static void lrng_cc20_rekey(struct lrng_chacha20 *cc20)
{
	u8 block[CHACHA_BLOCK_SIZE];
	unsigned int i;

	chacha20_block(cc20->state, block);
	for (i = 0; i < LRNG_CC20_KEY_WORDS; i++)
		cc20->state[LRNG_CC20_KEY_WORD + i] =
			get_unaligned_le32(block + i * sizeof(u32));
	memzero_explicit(block, sizeof(block));
}

/**
 * lrng_cc20_init() - set a ChaCha20 DRNG to its initial, all-zero key
 * @cc20: DRNG state
 *
 * The state is unusable for output until it has been seeded; the DRNG
 * manager never generates from a state that was not seeded.
 */
void lrng_cc20_init(struct lrng_chacha20 *cc20)
{
	memset(cc20->state, 0, sizeof(cc20->state));
	chacha_init_consts(cc20->state);
}
EXPORT_SYMBOL_IF_KUNIT(lrng_cc20_init);

/**
 * lrng_cc20_seed() - mix seed data into the key of a ChaCha20 DRNG
 * @cc20: DRNG state
 * @in: seed data
 * @inlen: length of @in in bytes
 */
void lrng_cc20_seed(struct lrng_chacha20 *cc20, const u8 *in, size_t inlen)
{
	u8 chunk[CHACHA_KEY_SIZE];
	unsigned int i;

	while (inlen) {
		size_t todo = min_t(size_t, inlen, sizeof(chunk));

		memset(chunk, 0, sizeof(chunk));
		memcpy(chunk, in, todo);
		for (i = 0; i < LRNG_CC20_KEY_WORDS; i++)
			cc20->state[LRNG_CC20_KEY_WORD + i] ^=
				get_unaligned_le32(chunk + i * sizeof(u32));
		lrng_cc20_rekey(cc20);
		in += todo;
		inlen -= todo;
	}
	memzero_explicit(chunk, sizeof(chunk));
}
EXPORT_SYMBOL_IF_KUNIT(lrng_cc20_seed);

/**
 * lrng_cc20_generate() - produce random bytes and erase the key used
 * @cc20: DRNG state
 * @out: output buffer
 * @outlen: number of bytes, at most LRNG_DRNG_MAX_REQSIZE
 */
void lrng_cc20_generate(struct lrng_chacha20 *cc20, u8 *out, size_t outlen)
{
	u8 block[CHACHA_BLOCK_SIZE];
	unsigned int i;
	size_t first;

	if (WARN_ON_ONCE(outlen > LRNG_DRNG_MAX_REQSIZE))
		outlen = LRNG_DRNG_MAX_REQSIZE;

	/* The first half of the first block is the next key. */
	chacha20_block(cc20->state, block);
	first = min_t(size_t, outlen, CHACHA_BLOCK_SIZE - CHACHA_KEY_SIZE);
	memcpy(out, block + CHACHA_KEY_SIZE, first);
	/* The rest is the key stream after that block, as for a one-time key. */
	if (outlen > first)
		lrng_cc20_blocks(cc20, out + first, outlen - first);

	for (i = 0; i < LRNG_CC20_KEY_WORDS; i++)
		cc20->state[LRNG_CC20_KEY_WORD + i] =
			get_unaligned_le32(block + i * sizeof(u32));
	memzero_explicit(block, sizeof(block));
}
EXPORT_SYMBOL_IF_KUNIT(lrng_cc20_generate);

/**
 * lrng_cc20_key_once() - key a ChaCha20 state for one-time use
 * @once: the state
 * @key: CHACHA_KEY_SIZE bytes of fresh DRNG output, used for @once only
 *
 * Block counter and nonce start at zero.  The state is never seeded or
 * rekeyed: lrng_cc20_blocks() expands it, lrng_cc20_zero() wipes it.
 */
void lrng_cc20_key_once(struct lrng_chacha20 *once, const u8 *key)
{
	unsigned int i;

	lrng_cc20_init(once);
	for (i = 0; i < LRNG_CC20_KEY_WORDS; i++)
		once->state[LRNG_CC20_KEY_WORD + i] =
			get_unaligned_le32(key + i * sizeof(u32));
}
EXPORT_SYMBOL_IF_KUNIT(lrng_cc20_key_once);

/**
 * lrng_cc20_blocks() - the key stream of a one-time state
 * @once: a state from lrng_cc20_key_once(), or, inside
 *	  lrng_cc20_generate(), the DRNG's state before its key is replaced
 * @out: output buffer
 * @outlen: number of bytes
 *
 * The key stream from @once's block counter on; the counter moves past
 * every block used, also past the rest of a partial last block, so that
 * no key stream byte is ever given twice.  No key is erased: every block
 * is output, as random.c does with the state it copies to the stack.
 */
void lrng_cc20_blocks(struct lrng_chacha20 *once, u8 *out, size_t outlen)
{
	size_t full = round_down(outlen, CHACHA_BLOCK_SIZE);
	u8 tail[CHACHA_BLOCK_SIZE];
	size_t i;

	/* Whole blocks; with CONFIG_LRNG_CHACHA20_SIMD XORed onto zeros. */
	if (IS_ENABLED(CONFIG_LRNG_CHACHA20_SIMD) && full) {
		memset(out, 0, full);
		chacha20_crypt(once->state, out, out, full);
	} else {
		for (i = 0; i < full; i += CHACHA_BLOCK_SIZE)
			chacha20_block(once->state, out + i);
	}
	out += full;
	outlen -= full;
	if (outlen) {
		chacha20_block(once->state, tail);
		memcpy(out, tail, outlen);
		memzero_explicit(tail, sizeof(tail));
	}
}
EXPORT_SYMBOL_IF_KUNIT(lrng_cc20_blocks);

/**
 * lrng_cc20_zero() - wipe a ChaCha20 DRNG state
 * @cc20: DRNG state
 */
void lrng_cc20_zero(struct lrng_chacha20 *cc20)
{
	memzero_explicit(cc20->state, sizeof(cc20->state));
}
EXPORT_SYMBOL_IF_KUNIT(lrng_cc20_zero);
