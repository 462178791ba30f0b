// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG ChaCha20 DRNG
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: ChaCha20 DRNG
 *
 * The default deterministic random number generator of the LRNG.  Its state
 * is one ChaCha20 input block (RFC 8439 layout: constants, 256-bit key,
 * 32-bit block counter, 96-bit nonce), starting from the all-zero key.  It
 * is built on the kernel's ChaCha20 library (lib/crypto/chacha.c).
 *
 * Generate: the ChaCha20 key stream of the current key, starting at the
 * current block counter, is split into the new key (its first 32 bytes) and
 * the output (the bytes after them).  Replacing the key at every call (fast
 * key erasure) means a compromise of the state never reveals output
 * produced before it (backtracking resistance); taking the key from the
 * first block lets a request of up to 32 bytes cost a single block.  One
 * call produces at most LRNG_DRNG_MAX_REQSIZE (4096) bytes; the DRNG
 * manager splits larger requests.  A one-time key of the DRNG manager
 * (lrng_cc20_key_once(), lrng_cc20_blocks()) is expanded into its plain key
 * stream instead, every block of it: that key is wiped after the call, so
 * there is no next key to keep.
 *
 * Seed: the seed is XORed into the key 32 bytes at a time, and every chunk
 * is followed by a key update as above.  The seed therefore never replaces
 * the existing state, it only adds to it.
 *
 * Bulk output: the whole blocks of a request come either from the generic
 * block function, one block at a time as in random.c, or, with
 * CONFIG_LRNG_CHACHA20_SIMD, from one chacha20_crypt() call over zeros:
 * the architecture's SIMD code (SSSE3/AVX2/AVX-512 on x86_64, NEON on
 * arm64) where there is one.  Both produce the same key stream.  Which is
 * faster depends on the machine: SIMD on hardware, the generic function
 * under an emulator that emulates the SIMD instructions.  So at
 * late_initcall the LRNG times both on LRNG_CC20_BULK_BYTES (512) bytes,
 * LRNG_CC20_BULK_RUNS (8) times each, and keeps the SIMD code only when it
 * is at least an eighth faster; the boot parameter lrng_drng_chacha20.simd
 * (on or off) overrides the timing.  The choice is logged ("random:
 * ChaCha20 bulk output: ...") and shown in /proc/lrng_type.
 *
 * The SIMD code serves only requests of more than one block, and only with
 * interrupts enabled (lrng_cc20_bulk_simd()): saving the FPU or NEON state
 * would lengthen an interrupts-off section, and arm64 refuses NEON there.
 * The DRNG's own generate calls, made under a lock with interrupts off,
 * and the per-CPU batch refills therefore always take the generic block
 * function; the key streams of large requests, expanded with no lock held,
 * take the choice made at boot.
 */

/*
 * Sections: 1. bulk output selection, 2. the DRNG, 3. one-time keys
 * (streams), 4. the boot-time measurement.
 */

#include <kunit/visibility.h>
#include <linux/bug.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/jump_label.h>
#include <linux/math.h>
#include <linux/minmax.h>
#include <linux/moduleparam.h>
#include <linux/preempt.h>
#include <linux/random.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/unaligned.h>

#include "lrng_definitions.h"
#include "lrng_drng_chacha20.h"

enum {
	LRNG_CC20_KEY_WORD = 4,
	LRNG_CC20_KEY_WORDS = CHACHA_KEY_SIZE / sizeof(u32),
	/* lrng_cc20_bulk_init(): the read path's chunk, timed this often. */
	LRNG_CC20_BULK_BYTES = 512,
	LRNG_CC20_BULK_RUNS = 8,
};

/* lrng_drng_chacha20.simd: what picks the bulk output code. */
enum lrng_cc20_simd_mode {
	LRNG_CC20_SIMD_AUTO,
	LRNG_CC20_SIMD_ON,
	LRNG_CC20_SIMD_OFF,
};

static const char * const lrng_cc20_simd_names[] = {
	[LRNG_CC20_SIMD_AUTO] = "auto",
	[LRNG_CC20_SIMD_ON] = "on",
	[LRNG_CC20_SIMD_OFF] = "off",
};

/* Set on the command line only; read once, by lrng_cc20_bulk_init(). */
static int lrng_cc20_simd_mode;

/*
 * Whether the whole blocks of bulk output take chacha20_crypt(); switched
 * on at most once, by lrng_cc20_bulk_init(), before any large request of
 * user space.  A static key: the generate path reads it without a load.
 */
/******************************************************************
 * 1. Bulk output selection
 *
 * The simd parameter and lrng_cc20_bulk_name(); the static key is set
 * once, by lrng_cc20_bulk_init() or the parameter.
 ******************************************************************/

static DEFINE_STATIC_KEY_FALSE(lrng_cc20_simd);

static int lrng_cc20_simd_set(const char *val, const struct kernel_param *kp)
{
	int i = sysfs_match_string(lrng_cc20_simd_names, val);

	if (i < 0) {
		pr_err("lrng_drng_chacha20.simd=%s: use auto, on or off\n", val);
		return -EINVAL;
	}
	*(int *)kp->arg = i;
	return 0;
}

static int lrng_cc20_simd_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n", lrng_cc20_simd_names[*(int *)kp->arg]);
}

static const struct kernel_param_ops lrng_cc20_simd_ops = {
	.set = lrng_cc20_simd_set,
	.get = lrng_cc20_simd_get,
};
module_param_cb(simd, &lrng_cc20_simd_ops, &lrng_cc20_simd_mode, 0444);
MODULE_PARM_DESC(simd,
		 "Bulk output with the SIMD ChaCha20 library: auto (the faster at boot), on, off");

/* Whether lrng_cc20_bulk_init() chose chacha20_crypt() for bulk output. */
static bool lrng_cc20_simd_active(void)
{
	return IS_ENABLED(CONFIG_LRNG_CHACHA20_SIMD) &&
	       static_branch_unlikely(&lrng_cc20_simd);
}

/**
 * lrng_cc20_bulk_simd() - whether whole blocks take the SIMD library
 * @full: bytes of whole blocks in one request
 *
 * Only for more than one block (the library does a single block with the
 * generic code anyway), when lrng_cc20_bulk_init() chose it, and only with
 * interrupts enabled: the FPU or NEON state is saved and restored around
 * the library call, which would lengthen an interrupts-off section, and
 * arm64 refuses NEON there and in hard interrupts.  So the DRNG's own
 * generate calls (lrng_cc20_generate()), made under the per-CPU local lock
 * or an instance's spinlock with interrupts off, and the batch refills that
 * come through them, always take the generic block function; the key
 * streams of large requests, expanded with no lock held, take the library
 * in task and soft interrupt context, where the library's own check
 * (crypto_simd_usable()) has the last word.
 *
 * Return: true for the SIMD library, false for chacha20_block().
 */
VISIBLE_IF_KUNIT bool lrng_cc20_bulk_simd(size_t full)
{
	return full > CHACHA_BLOCK_SIZE && lrng_cc20_simd_active() &&
	       !irqs_disabled();
}
EXPORT_SYMBOL_IF_KUNIT(lrng_cc20_bulk_simd);

/**
 * lrng_cc20_bulk_name() - the code that produces bulk output
 *
 * Return: its name, for the log and /proc/lrng_type.
 */
const char *lrng_cc20_bulk_name(void)
{
	return lrng_cc20_simd_active() ? "SIMD library" :
					 "generic block function";
}

/******************************************************************
 * 2. The DRNG
 *
 * lrng_cc20_init(), lrng_cc20_seed(), lrng_cc20_generate(): the caller
 * guards the state.
 ******************************************************************/

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

/******************************************************************
 * 3. One-time keys
 *
 * lrng_cc20_key_once(), lrng_cc20_fill(), lrng_cc20_blocks() for the
 * streams of large requests, and lrng_cc20_zero().
 ******************************************************************/

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
 * lrng_cc20_fill() - whole blocks of key stream, with the code asked for
 * @once: the state; its block counter moves past the blocks
 * @out: output buffer
 * @full: number of bytes, a multiple of CHACHA_BLOCK_SIZE
 * @simd: one chacha20_crypt() call over zeros (the SIMD library where
 *	  there is one) instead of one chacha20_block() call per block; only
 *	  with CONFIG_LRNG_CHACHA20_SIMD
 *
 * Both give the same bytes.  lrng_cc20_blocks() asks for the code that
 * lrng_cc20_bulk_init() chose; the boot measurement and the KUnit tests
 * ask for each.
 */
void lrng_cc20_fill(struct lrng_chacha20 *once, u8 *out, size_t full,
		    bool simd)
{
	size_t i;

	if (IS_ENABLED(CONFIG_LRNG_CHACHA20_SIMD) && simd) {
		memset(out, 0, full);
		chacha20_crypt(once->state, out, out, full);
		return;
	}
	for (i = 0; i < full; i += CHACHA_BLOCK_SIZE)
		chacha20_block(once->state, out + i);
}
EXPORT_SYMBOL_IF_KUNIT(lrng_cc20_fill);

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

	lrng_cc20_fill(once, out, full, lrng_cc20_bulk_simd(full));
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

/*
 * Whether the SIMD library expands LRNG_CC20_BULK_BYTES at least an eighth
 * faster than the generic block function: the fewest counter ticks (into
 * @ticks, generic first) of LRNG_CC20_BULK_RUNS runs of each, in turn, from
 * one state of the all-zero key (no DRNG output).  Without a cycle counter
 * both may time as 0: a tie keeps the generic code.
 */
/******************************************************************
 * 4. The boot-time measurement
 *
 * lrng_cc20_bulk_init() times both bulk functions at late_initcall.
 ******************************************************************/

static bool __init lrng_cc20_simd_faster(u64 ticks[2])
{
	u8 buf[LRNG_CC20_BULK_BYTES];
	struct lrng_chacha20 once;
	unsigned int run, simd;
	u64 t;

	ticks[0] = U64_MAX;
	ticks[1] = U64_MAX;
	lrng_cc20_init(&once);
	for (run = 0; run < LRNG_CC20_BULK_RUNS; run++) {
		for (simd = 0; simd < 2; simd++) {
			preempt_disable();
			t = random_get_entropy();
			lrng_cc20_fill(&once, buf, sizeof(buf), simd);
			t = random_get_entropy() - t;
			preempt_enable();
			ticks[simd] = min(ticks[simd], t);
		}
	}
	lrng_cc20_zero(&once);
	return ticks[1] < ticks[0] - ticks[0] / 8;
}

/* Choose the bulk output code (see the top of this file) and log it. */
static int __init lrng_cc20_bulk_init(void)
{
	bool timed = lrng_cc20_simd_mode == LRNG_CC20_SIMD_AUTO;
	u64 ticks[2];
	bool simd;

	if (!IS_ENABLED(CONFIG_LRNG_CHACHA20_SIMD))
		return 0;

	if (timed)
		simd = lrng_cc20_simd_faster(ticks);
	else
		simd = lrng_cc20_simd_mode == LRNG_CC20_SIMD_ON;
	if (simd)
		static_branch_enable(&lrng_cc20_simd);

	if (timed)
		pr_info("ChaCha20 bulk output: %s (faster at boot; %u bytes in %llu ticks generic, %llu SIMD library)\n",
			lrng_cc20_bulk_name(), LRNG_CC20_BULK_BYTES, ticks[0],
			ticks[1]);
	else
		pr_info("ChaCha20 bulk output: %s (lrng_drng_chacha20.simd=%s)\n",
			lrng_cc20_bulk_name(),
			lrng_cc20_simd_names[lrng_cc20_simd_mode]);
	return 0;
}
late_initcall(lrng_cc20_bulk_init);
