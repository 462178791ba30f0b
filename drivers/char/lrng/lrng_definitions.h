/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG constants shared by all parts of the design
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * Every threshold of the seeding and reseeding rules lives here, so that the
 * rules can be read in one place:
 *
 *  - The DRNG has a security strength of 256 bits.  It is never credited with
 *    more entropy than that.
 *  - During boot the DRNG is seeded in three stages: as soon as the entropy
 *    sources together hold LRNG_INIT_ENTROPY_BITS (initially seeded), then
 *    LRNG_MIN_SEED_ENTROPY_BITS (minimally seeded), then
 *    LRNG_FULL_SEED_ENTROPY_BITS (fully seeded).  Only a fully seeded LRNG
 *    serves getrandom(2) without GRND_INSECURE and /dev/random.
 *  - Once fully seeded, a reseed needs LRNG_MIN_SEED_ENTROPY_BITS from the
 *    sources together.  It is due after LRNG_DRNG_RESEED_MAX_TIME seconds,
 *    after LRNG_DRNG_RESEED_THRESH generate calls, or after user data was
 *    injected.
 *  - A DRNG that served LRNG_DRNG_MAX_WITHOUT_RESEED generate calls without
 *    a reseed of full strength (LRNG_DRNG_SECURITY_STRENGTH_BITS) falls
 *    back to unseeded; a reseed with less does not restart that count.
 *  - With the AIS 20/31 NTG.1 strategy (lrng_es_mgr.ntg1=1), a seed makes
 *    the LRNG fully seeded, and a reseed counts as full strength, only when
 *    LRNG_NTG1_SOURCES sources each delivered LRNG_NTG1_ES_BITS into it.
 */

#ifndef _LRNG_DEFINITIONS_H
#define _LRNG_DEFINITIONS_H

#include <crypto/sha2.h>

enum {
	LRNG_DRNG_SECURITY_STRENGTH_BITS = 256,
	LRNG_DRNG_SECURITY_STRENGTH_BYTES = LRNG_DRNG_SECURITY_STRENGTH_BITS / 8,

	LRNG_INIT_ENTROPY_BITS = 32,
	LRNG_MIN_SEED_ENTROPY_BITS = 128,
	LRNG_FULL_SEED_ENTROPY_BITS = LRNG_DRNG_SECURITY_STRENGTH_BITS,

	/* SP800-90C oversampling: extra bits asked of every source... */
	LRNG_OVERSAMPLE_ES_BITS = 64,
	/* ...and extra bits for the first full seed. */
	LRNG_SEED_INIT_ADD_BITS = 128,

	/* Largest output of one DRNG generate call, in bytes. */
	LRNG_DRNG_MAX_REQSIZE = 4096,
	/* Generate calls after which a reseed is due. */
	LRNG_DRNG_RESEED_THRESH = 1 << 20,
	/* Generate calls without full reseed before falling back to unseeded. */
	LRNG_DRNG_MAX_WITHOUT_RESEED = 1 << 30,
	/* Seconds after which a reseed is due. */
	LRNG_DRNG_RESEED_MAX_TIME = 600,

	/* AIS 20/31 NTG.1: credited bits each of two sources must deliver. */
	LRNG_NTG1_ES_BITS = 240,
	LRNG_NTG1_SOURCES = 2,

	/*
	 * Digest size of the built-in conditioning hash (SHA-256).  Each
	 * CPU's interrupt count is capped at it; every other cap follows the
	 * current hash (lrng_hash.c).
	 */
	LRNG_DIGEST_SIZE = SHA256_DIGEST_SIZE,
	LRNG_DIGEST_BITS = SHA256_DIGEST_SIZE * 8,
	/* Largest digest any conditioning hash may have. */
	LRNG_MAX_DIGESTSIZE = 64,
};

#endif /* _LRNG_DEFINITIONS_H */
