// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG test interface: the DRNG origin counters in debugfs
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * DRNG origin (CONFIG_LRNG_TEST_DRNG_ORIGIN): per output path (user: the
 * reads of getrandom(2), /dev/random and /dev/urandom; bytes:
 * get_random_bytes(); uN: get_random_u8() .. get_random_u64()) the bytes
 * handed out since boot that came from the switched DRNG ("drbg"), from a
 * ChaCha20 DRNG keyed only from the DRBG from boot ("chacha20_drbg") and
 * from a ChaCha20 DRNG that holds seed material of the entropy sources
 * ("chacha20"), one line per path:
 *
 *   user: drbg N chacha20_drbg N chacha20 N
 *
 * The counts are taken where the bytes are handed out (lrng_batch.c,
 * lrng_drng_pcpu.c), from what the serving DRNG's state came from, so
 * that a ChaCha20 DRNG seeded from the entropy sources shows as
 * "chacha20" whatever the configuration says.  Writing N (1 to
 * LRNG_ORIGIN_RUNS_MAX) runs N rounds of get_random_bytes() of 16 and of
 * 512 bytes and get_random_u8() .. get_random_u64() on the writing CPU, so
 * that a test sees the in-kernel paths used.
 *
 * The counters are per-CPU and only ever added to; a read sums them
 * without a lock.  lrng_testing_init() (lrng_testing.c) creates their
 * debugfs file, lrng_testing/lrng_drng_origin, with the other test
 * interfaces.
 */

#include <linux/bug.h>
#include <linux/fs.h>
#include <linux/kstrtox.h>
#include <linux/percpu.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "lrng_testing.h"

/* Rounds a write to lrng_drng_origin may ask for. */
#define LRNG_ORIGIN_RUNS_MAX	1024

/**
 * struct lrng_origin_counts - one CPU's bytes per output path and origin
 * @bytes: bytes handed out, indexed by enum lrng_drng_path and
 *	   enum lrng_drng_origin
 *
 * Per CPU, written only with this_cpu_add() by its CPU (any context but
 * NMI), read by lrng_origin_show() without a lock.
 */
struct lrng_origin_counts {
	u64 bytes[LRNG_PATH_NR][LRNG_ORIGIN_NR];
};

static DEFINE_PER_CPU(struct lrng_origin_counts, lrng_origin_counts);

static const char *const lrng_origin_paths[LRNG_PATH_NR] = {
	[LRNG_PATH_USER] = "user",
	[LRNG_PATH_BYTES] = "bytes",
	[LRNG_PATH_UN] = "uN",
};

/**
 * lrng_testing_drng_add() - count bytes of an output path by origin
 * @path: the output path
 * @origin: what the bytes came from
 * @len: how many bytes
 *
 * Called through lrng_testing_drng_count(), in any context but NMI.
 */
void lrng_testing_drng_add(enum lrng_drng_path path,
			   enum lrng_drng_origin origin, size_t len)
{
	if (!len || WARN_ON_ONCE(path >= LRNG_PATH_NR ||
				 origin >= LRNG_ORIGIN_NR))
		return;
	this_cpu_add(lrng_origin_counts.bytes[path][origin], len);
}

static int lrng_origin_show(struct seq_file *m, void *v)
{
	struct lrng_origin_counts *counts;
	u64 sum[LRNG_ORIGIN_NR];
	unsigned int path, origin;
	int cpu;

	for (path = 0; path < LRNG_PATH_NR; path++) {
		memset(sum, 0, sizeof(sum));
		for_each_possible_cpu(cpu) {
			counts = per_cpu_ptr(&lrng_origin_counts, cpu);
			for (origin = 0; origin < LRNG_ORIGIN_NR; origin++)
				sum[origin] +=
					READ_ONCE(counts->bytes[path][origin]);
		}
		seq_printf(m, "%s: drbg %llu chacha20_drbg %llu chacha20 %llu\n",
			   lrng_origin_paths[path], sum[LRNG_ORIGIN_SWITCHED],
			   sum[LRNG_ORIGIN_CC20_DRBG], sum[LRNG_ORIGIN_CHACHA20]);
	}
	return 0;
}

static int lrng_origin_open(struct inode *inode, struct file *file)
{
	return single_open(file, lrng_origin_show, NULL);
}

/* N rounds of the in-kernel output paths; bad input changes nothing. */
static ssize_t lrng_origin_write(struct file *file, const char __user *buf,
				 size_t count, loff_t *ppos)
{
	u8 out[512];
	unsigned int n, i;
	int ret;

	ret = kstrtouint_from_user(buf, count, 0, &n);
	if (ret)
		return ret;
	if (!n || n > LRNG_ORIGIN_RUNS_MAX)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		get_random_bytes(out, 16);
		get_random_bytes(out, sizeof(out));
		/* The values only have to be drawn. */
		(void)get_random_u8();
		(void)get_random_u16();
		(void)get_random_u32();
		(void)get_random_u64();
		cond_resched();
	}
	memzero_explicit(out, sizeof(out));
	return count;
}

const struct file_operations lrng_origin_fops = {
	.owner = THIS_MODULE,
	.open = lrng_origin_open,
	.read = seq_read,
	.write = lrng_origin_write,
	.llseek = seq_lseek,
	.release = single_release,
};
