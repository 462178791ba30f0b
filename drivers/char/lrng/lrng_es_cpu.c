// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG CPU entropy source
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The CPU's own noise source, through the architecture helpers:
 * arch_get_random_seed_longs() (RDSEED on x86, RNDRRS on arm64) and, where
 * that gives nothing, arch_get_random_longs() (RDRAND, RNDR).  UML's helpers
 * read the host's getrandom().
 *
 * Entropy rate: CONFIG_LRNG_CPU_ENTROPY_RATE bits per 256 bits of data.  As
 * in random.c, the boot parameter random.trust_cpu decides whether the
 * source is credited at all: random.trust_cpu=off sets the rate to 0, and the
 * data is still mixed into every seed.
 *
 * The source is probed once in random_init_early(); when the CPU has no
 * such instruction it is inactive and credits nothing.
 */

#include <linux/init.h>
#include <linux/kstrtox.h>
#include <linux/string.h>
#include <asm/archrandom.h>

#include "lrng_es_cpu.h"

static bool lrng_trust_cpu __initdata = true;
static bool lrng_cpu_available __read_mostly;
static u32 lrng_cpu_rate __read_mostly = CONFIG_LRNG_CPU_ENTROPY_RATE;

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
	return lrng_cpu_available ? lrng_cpu_rate : 0;
}

static u32 lrng_cpu_max_entropy(void)
{
	return LRNG_DRNG_SECURITY_STRENGTH_BITS;
}

static u32 lrng_cpu_get_ent(u8 *slot, u32 requested_bits)
{
	unsigned long buf[LRNG_MAX_DIGESTSIZE / sizeof(unsigned long)];
	size_t longs = DIV_ROUND_UP(requested_bits, BITS_PER_LONG);
	size_t got;

	longs = min_t(size_t, longs, ARRAY_SIZE(buf));
	got = lrng_cpu_fill(buf, longs);
	memcpy(slot, buf, got * sizeof(unsigned long));
	memzero_explicit(buf, sizeof(buf));
	if (got != longs || !lrng_cpu_available)
		return 0;
	return min_t(u32, requested_bits, lrng_cpu_rate * requested_bits /
				LRNG_DRNG_SECURITY_STRENGTH_BITS);
}

static void lrng_cpu_reset(void)
{
}

static void lrng_cpu_state(struct seq_file *m)
{
	seq_printf(m, " Available: %s\n",
		   lrng_cpu_available ? "true" : "false");
	seq_printf(m, " Entropy rate: %u\n", lrng_cpu_rate);
	seq_printf(m, " Available entropy: %u\n", lrng_cpu_curr_entropy());
}

const struct lrng_es_cb lrng_es_cpu = {
	.name = "CPU",
	.curr_entropy = lrng_cpu_curr_entropy,
	.max_entropy = lrng_cpu_max_entropy,
	.get_ent = lrng_cpu_get_ent,
	.reset = lrng_cpu_reset,
	.state = lrng_cpu_state,
};
