// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG CPU entropy source
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: CPU entropy source
 *
 * The CPU's own noise source, through the architecture helpers:
 * arch_get_random_seed_longs() (RDSEED on x86, RNDRRS on arm64) and, where
 * that gives nothing, arch_get_random_longs() (RDRAND, RNDR).  UML's helpers
 * read the host's getrandom().  The source is probed once in
 * random_init_early(); when the CPU has no such instruction it is inactive
 * and credits nothing, and a seed for which the instructions fail gets no
 * credit from it.
 *
 * Entropy rate: CONFIG_LRNG_CPU_ENTROPY_RATE bits per 256 bits of data
 * (default 256, which matches random.c's default trust in the CPU),
 * changeable with the parameter lrng_es_cpu.cpu_entropy (at run time with
 * CONFIG_LRNG_RUNTIME_ES_CONFIG); values above 256 count as 256.  As in
 * random.c, the boot parameter random.trust_cpu decides whether the source
 * is credited at all: random.trust_cpu=off sets the rate to 0 at boot,
 * whatever lrng_es_cpu.cpu_entropy says, and the data is still mixed into
 * every seed.
 *
 * Compression: when the rate is below 256 bits per 256 bits, a seed draws
 * ceil(256 / rate) times the requested data (the data multiplier, at most
 * LRNG_CPU_MAX_MULTIPLIER) and hashes it with the conditioning hash into
 * its slot, so that the slot can carry the requested entropy.  The credit
 * is the rate times the data drawn, capped at the request and the digest
 * size: at 128 bits per 256 bits a seed draws 512 bits and credits 256.
 * At the full rate the data goes into the slot unhashed.
 * CONFIG_LRNG_TEST_CPU_ES_COMPRESSION forces a multiplier of 2 even at the
 * full rate, to test this path.
 */

#include <crypto/sha2.h>
#include <linux/init.h>
#include <linux/kstrtox.h>
#include <linux/moduleparam.h>
#include <linux/rcupdate.h>
#include <linux/string.h>
#include <asm/archrandom.h>

#include "lrng_es_cpu.h"
#include "lrng_hash.h"

static bool lrng_trust_cpu __initdata = true;
static bool lrng_cpu_available __read_mostly;
static u32 lrng_cpu_rate __read_mostly = CONFIG_LRNG_CPU_ENTROPY_RATE;
module_param_named(cpu_entropy, lrng_cpu_rate, uint,
		   IS_ENABLED(CONFIG_LRNG_RUNTIME_ES_CONFIG) ? 0644 : 0444);
MODULE_PARM_DESC(cpu_entropy,
		 "Entropy in bits credited per 256 bits of CPU RNG data");

enum {
	LRNG_CPU_MAX_MULTIPLIER = 32,
};

static u32 lrng_cpu_rate_now(void)
{
	return min_t(u32, READ_ONCE(lrng_cpu_rate),
		     LRNG_DRNG_SECURITY_STRENGTH_BITS);
}

/* How many times the requested data a seed draws and compresses. */
static u32 lrng_cpu_multiplier(u32 rate)
{
	u32 mult = 1;

	if (rate && rate < LRNG_DRNG_SECURITY_STRENGTH_BITS)
		mult = min_t(u32, DIV_ROUND_UP(LRNG_DRNG_SECURITY_STRENGTH_BITS,
					       rate), LRNG_CPU_MAX_MULTIPLIER);
	if (IS_ENABLED(CONFIG_LRNG_TEST_CPU_ES_COMPRESSION) && mult == 1)
		mult = 2;
	return mult;
}

static int __init lrng_parse_trust_cpu(char *arg)
{
	return kstrtobool(arg, &lrng_trust_cpu);
}
early_param("random.trust_cpu", lrng_parse_trust_cpu);

/* Fill @buf with CPU random data; returns the number of longs obtained. */
static size_t lrng_cpu_fill(unsigned long *buf, size_t longs)
{
	size_t i = 0, got;

	while (i < longs) {
		got = arch_get_random_seed_longs(buf + i, longs - i);
		if (!got)
			got = arch_get_random_longs(buf + i, longs - i);
		if (!got)
			break;
		i += got;
	}
	return i;
}

/**
 * lrng_cpu_init_early() - probe the CPU source and apply random.trust_cpu
 *
 * Called from random_init_early(), after the early parameters were parsed.
 */
void __init lrng_cpu_init_early(void)
{
	unsigned long probe;

	lrng_cpu_available = lrng_cpu_fill(&probe, 1) == 1;
	memzero_explicit(&probe, sizeof(probe));
	if (!lrng_trust_cpu)
		lrng_cpu_rate = 0;
}

static u32 lrng_cpu_curr_entropy(void)
{
	return lrng_cpu_available ? lrng_cpu_rate_now() : 0;
}

static u32 lrng_cpu_get_ent(u8 *slot, u32 requested_bits)
{
	unsigned long buf[LRNG_MAX_DIGESTSIZE / sizeof(unsigned long)];
	size_t longs = DIV_ROUND_UP(requested_bits, BITS_PER_LONG);
	u32 rate = lrng_cpu_rate_now(), mult = lrng_cpu_multiplier(rate);
	struct lrng_hash_pool pool = { };
	bool complete = true;
	u64 credit;
	u32 i;

	longs = min_t(size_t, longs, ARRAY_SIZE(buf));
	if (mult == 1) {
		complete = lrng_cpu_fill(buf, longs) == longs;
		memcpy(slot, buf, longs * sizeof(unsigned long));
	} else {
		rcu_read_lock();
		lrng_hash_pool_init(&pool);
		for (i = 0; i < mult; i++) {
			if (lrng_cpu_fill(buf, longs) != longs)
				complete = false;
			lrng_hash_pool_update(&pool, buf,
					      longs * sizeof(unsigned long));
		}
		requested_bits = min(requested_bits,
				     lrng_hash_pool_final_zero(&pool, slot) * 8);
		rcu_read_unlock();
	}
	memzero_explicit(buf, sizeof(buf));
	if (!complete || !lrng_cpu_available)
		return 0;

	credit = (u64)rate * mult * requested_bits /
		 LRNG_DRNG_SECURITY_STRENGTH_BITS;
	return min_t(u64, credit, requested_bits);
}

static void lrng_cpu_state(struct seq_file *m)
{
	seq_printf(m, " Available: %s\n",
		   lrng_cpu_available ? "true" : "false");
	seq_printf(m, " Entropy rate: %u\n", lrng_cpu_rate_now());
	seq_printf(m, " Data multiplier: %u\n",
		   lrng_cpu_multiplier(lrng_cpu_rate_now()));
	seq_printf(m, " Available entropy: %u\n", lrng_cpu_curr_entropy());
}

const struct lrng_es_cb lrng_es_cpu = {
	.name = "CPU",
	.curr_entropy = lrng_cpu_curr_entropy,
	.get_ent = lrng_cpu_get_ent,
	.state = lrng_cpu_state,
};
