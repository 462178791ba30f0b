// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG status file: /proc/lrng_type
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: Keys of /proc/lrng_type
 *
 * Tools rely on the keys, so keys may be added but never renamed or
 * removed.  Top-level lines:
 *
 * - "DRNG name" is the DRNG serving user space: ChaCha20, or the DRNG of an
 *   extension or of the DRBG from boot.  "DRNG for in-kernel callers" is
 *   ChaCha20, or "ChaCha20 keyed from the DRBG" once the DRBG from boot
 *   serves.
 * - "Number of DRNG instances" counts the ChaCha20 DRNG instances (one per
 *   NUMA node once fully seeded), not the per-CPU DRNGs keyed from them.
 *   Each has a line "DRNG instance of NUMA node N: generation G, generate
 *   calls C": C counts the generate calls it served since boot (each at
 *   most 4096 bytes), G advances at each of its seeds.
 * - "DRNG generation" advances at every seed.
 * - "Seeding stage" is one of "unseeded", "initially seeded", "minimally
 *   seeded" or "fully seeded".
 * - "SP800-90C compliant" and the three lines after it show whether the
 *   oversampling rules apply and the amounts in effect.  "SP800-90B
 *   compliant" is true in FIPS mode with CONFIG_LRNG_HEALTH_TESTS, when
 *   the health tests gate the interrupt and scheduler sources' credit
 *   from their start-up tests on; else false.
 * - "Entropy level in bits" is the value of entropy_avail.
 * - "NTG.1 compliant", only when booted with lrng_es_mgr.ntg1=1, is true
 *   while the LRNG is fully seeded under that strategy.
 *
 * Lines of the sources ("Entropy rate" is in bits per 256 bits of data,
 * "Available entropy" is what the source could credit to a seed now):
 *
 * - CPU: "Available" tells whether the CPU has random instructions;
 *   "Available entropy" is the rate when it has, else 0; "Data multiplier"
 *   is how many times the requested data a seed draws and compresses.
 * - IRQ: the collection size, whether a high-resolution timer was found,
 *   whether continuous compression is on, the time stamp GCD (0 until the
 *   first 100 interrupts were seen), the interrupts credited with 256
 *   bits, the bits credited to 256 interrupts ("Entropy rate") and the
 *   entropy of the interrupts counted so far, at most 256 (0 while the
 *   health tests stop the credit).  With CONFIG_LRNG_HEALTH_TESTS: "Health
 *   test state" is "start-up" (no CPU passed its start-up test yet), "ok",
 *   "intermittent failure" (a CPU recovers, nothing is credited) or
 *   "permanent failure"; "Health test passed on CPUs" lists the CPUs whose
 *   stream is past its start-up test (or "none"); then the two cut-offs
 *   and the number of failures of each test since boot.
 * - JitterRNG: "Available" tells whether the Jitter RNG could be
 *   allocated; "Available entropy" is the credit of its pool.
 * - Scheduler (with CONFIG_LRNG_SCHED): the hash, the time stamp GCD (0
 *   until the first 100 context switches were seen), the "Context
 *   switches for 256 bits" (0: not credited), the bits credited to 256
 *   switches ("Entropy rate") and the entropy of the switches counted so
 *   far, then the health test lines as for the IRQ source, of the
 *   scheduler source's own tests.
 */

#include <linux/init.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>

#include "lrng_drng_mgr.h"
#include "lrng_es_mgr.h"
#include "lrng_hash.h"
#include "lrng_health.h"

static int lrng_proc_type_show(struct seq_file *m, void *v)
{
	lrng_drng_mgr_state(m);
	lrng_hash_state(m, "Hash for conditioning");
	seq_printf(m, "SP800-90B compliant: %s\n",
		   lrng_sp80090b_compliant() ? "true" : "false");
	lrng_es_mgr_state(m);
	return 0;
}

static int __init lrng_proc_init(void)
{
	proc_create_single("lrng_type", 0444, NULL, lrng_proc_type_show);
	return 0;
}
device_initcall(lrng_proc_init);
