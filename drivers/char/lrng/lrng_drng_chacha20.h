/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG ChaCha20 DRNG: the deterministic generator behind every output
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_DRNG_CHACHA20_H
#define _LRNG_DRNG_CHACHA20_H

#include <crypto/chacha.h>
#include <linux/types.h>

/**
 * struct lrng_chacha20 - state of one ChaCha20 DRNG
 * @state: ChaCha20 input block: constants in words 0-3, the 256-bit key in
 *	   words 4-11, the block counter in word 12 and a 96-bit nonce in
 *	   words 13-15.
 *
 * The structure has no lock of its own: the DRNG instance that embeds it
 * serialises every call (struct lrng_drng.lock); a one-time state
 * (lrng_cc20_key_once()) belongs to the stack frame that holds it.
 */
struct lrng_chacha20 {
	u32 state[CHACHA_STATE_WORDS];
};

void lrng_cc20_init(struct lrng_chacha20 *cc20);
void lrng_cc20_seed(struct lrng_chacha20 *cc20, const u8 *in, size_t inlen);
void lrng_cc20_generate(struct lrng_chacha20 *cc20, u8 *out, size_t outlen);
void lrng_cc20_key_once(struct lrng_chacha20 *once, const u8 *key);
void lrng_cc20_blocks(struct lrng_chacha20 *once, u8 *out, size_t outlen);
void lrng_cc20_zero(struct lrng_chacha20 *cc20);
void lrng_cc20_fill(struct lrng_chacha20 *once, u8 *out, size_t full,
		    bool simd);
const char *lrng_cc20_bulk_name(void);
#if IS_ENABLED(CONFIG_KUNIT)
bool lrng_cc20_bulk_simd(size_t full);
#endif

#endif /* _LRNG_DRNG_CHACHA20_H */
