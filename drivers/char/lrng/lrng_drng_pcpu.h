/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG per-CPU output: the ChaCha20 DRNGs every random number comes from
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_DRNG_PCPU_H
#define _LRNG_DRNG_PCPU_H

#include <linux/types.h>

#include "lrng_drng_chacha20.h"

struct lrng_drng;

/**
 * enum lrng_drng_origin - what the output of one request came from
 * @LRNG_ORIGIN_CHACHA20: a ChaCha20 DRNG whose state holds seed material
 *			  of the entropy sources
 * @LRNG_ORIGIN_CC20_DRBG: a ChaCha20 DRNG whose state is a key of the DRBG
 *			   that serves from boot (CONFIG_LRNG_DRNG_BOOT_DRBG)
 *			   or of a DRNG keyed so, and nothing else
 * @LRNG_ORIGIN_SWITCHED: the switched DRNG (lrng_switch.c) itself
 * @LRNG_ORIGIN_NR: number of origins
 *
 * Ordered from the weakest claim up: a request served by several DRNGs
 * reports the lowest of their origins.  Only the testing counters
 * (CONFIG_LRNG_TEST_DRNG_ORIGIN) read it.
 */
enum lrng_drng_origin {
	LRNG_ORIGIN_CHACHA20,
	LRNG_ORIGIN_CC20_DRBG,
	LRNG_ORIGIN_SWITCHED,
	LRNG_ORIGIN_NR,
};

/**
 * struct lrng_drng_stream - the output of one read or large request
 * @once: one-time ChaCha20 state keyed from this CPU's DRNG
 * @left: bytes @once may still give: the rest of one generate call of
 *	  LRNG_DRNG_MAX_REQSIZE bytes; 0 before the first key
 * @keyed: @once holds a key, to be wiped by lrng_drng_stream_end()
 * @origin: what the key of @once came from
 *
 * On the reader's stack and owned by it: no lock.  Starts with @left 0 and
 * @keyed false (@once need not be initialised), ends with
 * lrng_drng_stream_end().
 */
struct lrng_drng_stream {
	struct lrng_chacha20 once;
	size_t left;
	bool keyed;
	enum lrng_drng_origin origin;
};

enum lrng_drng_origin lrng_drng_get(void *buf, size_t len);
void lrng_drng_get_sleep(void *buf, size_t len);
void lrng_drng_stream_get(struct lrng_drng_stream *st, void *buf, size_t len);
u64 lrng_drng_pcpu_pending(struct lrng_drng *drng);

/**
 * lrng_drng_stream_end() - wipe a read's stream
 * @st: the stream
 *
 * A stream that never took a key (a small read) holds nothing to wipe.
 * Inline: every read ends with it.
 */
static inline void lrng_drng_stream_end(struct lrng_drng_stream *st)
{
	if (st->keyed)
		lrng_cc20_zero(&st->once);
	st->left = 0;
	st->keyed = false;
}

void lrng_drng_reset_cpu(unsigned int cpu);

#endif /* _LRNG_DRNG_PCPU_H */
