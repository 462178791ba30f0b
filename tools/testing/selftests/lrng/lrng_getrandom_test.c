// SPDX-License-Identifier: GPL-2.0
/*
 * getrandom(2) user ABI tests.
 *
 * They test the ABI of Linux 6.12 as provided by drivers/char/random.c, so
 * they must pass both with random.c and with the LRNG.  The RNG is expected
 * to be ready (fully initialised) when they run.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <linux/random.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The 6.12 harness itself is not clean with -Wextra. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop
#include "lrng_common.h"

#define GUARD_LEN	64
#define GUARD_BYTE	0x5a
#define BIG_LEN		LRNG_MIB

static const size_t test_sizes[] = {
	0, 1, 16, 32, 33, 64, 512, 4096, 65536, LRNG_MIB
};

/* True if all @len bytes at @buf equal @c. */
static bool all_bytes_are(const unsigned char *buf, size_t len, int c)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (buf[i] != (unsigned char)c)
			return false;
	return true;
}

/* Every flag combination that getrandom(2) accepts. */
FIXTURE(grnd) {
	unsigned char *buf;
	size_t buf_len;
};

FIXTURE_VARIANT(grnd) {
	unsigned int flags;
};

FIXTURE_VARIANT_ADD(grnd, none) {
	.flags = 0,
};

FIXTURE_VARIANT_ADD(grnd, nonblock) {
	.flags = GRND_NONBLOCK,
};

FIXTURE_VARIANT_ADD(grnd, random) {
	.flags = GRND_RANDOM,
};

FIXTURE_VARIANT_ADD(grnd, insecure) {
	.flags = GRND_INSECURE,
};

FIXTURE_VARIANT_ADD(grnd, nonblock_random) {
	.flags = GRND_NONBLOCK | GRND_RANDOM,
};

FIXTURE_VARIANT_ADD(grnd, nonblock_insecure) {
	.flags = GRND_NONBLOCK | GRND_INSECURE,
};

FIXTURE_SETUP(grnd)
{
	self->buf_len = BIG_LEN + GUARD_LEN;
	self->buf = mmap(NULL, self->buf_len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, self->buf);
}

FIXTURE_TEARDOWN(grnd)
{
	if (self->buf && self->buf != MAP_FAILED)
		munmap(self->buf, self->buf_len);
}

/*
 * Requests up to MAX_RW_COUNT are never short unless a signal arrives, so
 * every size must be returned in full, without touching the bytes behind
 * the requested range.
 */
TEST_F(grnd, full_count)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(test_sizes); i++) {
		size_t len = test_sizes[i];
		long ret;

		memset(self->buf, GUARD_BYTE, len + GUARD_LEN);
		ret = lrng_getrandom(self->buf, len, variant->flags);
		ASSERT_EQ((long)len, ret) {
			TH_LOG("getrandom(%zu, %#x): %ld (errno %d)",
			       len, variant->flags, ret, errno);
		}
		ASSERT_TRUE(all_bytes_are(self->buf + len, GUARD_LEN,
					  GUARD_BYTE)) {
			TH_LOG("getrandom(%zu) wrote past the buffer", len);
		}
		if (len >= 16) {
			ASSERT_FALSE(all_bytes_are(self->buf, len, GUARD_BYTE)) {
				TH_LOG("getrandom(%zu) did not fill the buffer",
				       len);
			}
		}
	}
}

TEST_F(grnd, null_buffer_efault)
{
	static const size_t lens[] = { 1, 16, 32, 64, 4096 };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		errno = 0;
		EXPECT_EQ(-1, lrng_getrandom(NULL, lens[i], variant->flags));
		EXPECT_EQ(EFAULT, errno) {
			TH_LOG("getrandom(NULL, %zu)", lens[i]);
		}
	}
}

TEST_F(grnd, unmapped_buffer_efault)
{
	long page = sysconf(_SC_PAGESIZE);
	unsigned char *p;

	p = mmap(NULL, page, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, p);
	ASSERT_EQ(0, munmap(p, page));

	errno = 0;
	EXPECT_EQ(-1, lrng_getrandom(p, 16, variant->flags));
	EXPECT_EQ(EFAULT, errno);
	errno = 0;
	EXPECT_EQ(-1, lrng_getrandom(p, page, variant->flags));
	EXPECT_EQ(EFAULT, errno);

	/* A read-only page cannot be written either. */
	p = mmap(NULL, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, p);
	errno = 0;
	EXPECT_EQ(-1, lrng_getrandom(p, 64, variant->flags));
	EXPECT_EQ(EFAULT, errno);
	munmap(p, page);

	/* A kernel address is rejected as well. */
	errno = 0;
	EXPECT_EQ(-1, lrng_getrandom((void *)(~0UL - page + 1), 16,
				     variant->flags));
	EXPECT_EQ(EFAULT, errno);
}

/*
 * If only the start of the buffer can be written, getrandom() returns the
 * number of bytes it copied instead of failing.
 */
TEST_F(grnd, partially_unmapped_short)
{
	long page = sysconf(_SC_PAGESIZE);
	unsigned char *p;
	long ret;

	p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, p);
	ASSERT_EQ(0, munmap(p + page, page));

	ret = lrng_getrandom(p, 2 * page, variant->flags);
	EXPECT_GT(ret, 0) {
		TH_LOG("getrandom(%ld) into 1 mapped page: %ld (errno %d)",
		       2 * page, ret, errno);
	}
	EXPECT_LE(ret, page);

	ret = lrng_getrandom(p + page - 128, 2 * page, variant->flags);
	EXPECT_GT(ret, 0) {
		TH_LOG("getrandom(%ld) into 128 mapped bytes: %ld (errno %d)",
		       2 * page, ret, errno);
	}
	EXPECT_LE(ret, 128);

	/* A short read, which the LRNG serves from its per-CPU batch. */
	ret = lrng_getrandom(p + page - 16, 48, variant->flags);
	EXPECT_GT(ret, 0) {
		TH_LOG("getrandom(48) into 16 mapped bytes: %ld (errno %d)",
		       ret, errno);
	}
	EXPECT_LE(ret, 16);

	munmap(p, page);
}

TEST_F(grnd, successive_reads_differ)
{
	enum { ROUNDS = 100, LEN = 32 };
	unsigned char (*out)[LEN] = (void *)self->buf;
	int i, j;

	for (i = 0; i < ROUNDS; i++)
		ASSERT_EQ(LEN, lrng_getrandom(out[i], LEN, variant->flags));

	for (i = 0; i < ROUNDS; i++)
		for (j = i + 1; j < ROUNDS; j++)
			ASSERT_NE(0, memcmp(out[i], out[j], LEN)) {
				TH_LOG("reads %d and %d are equal", i, j);
			}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/*
 * Reads of every length from 1 to 64 bytes, four times over, written one
 * after the other: the LRNG serves them from a per-CPU batch, so the
 * stream crosses many refills at every offset.  Its 8-byte words must all
 * differ (a repeat by chance: below 2^-44) and none may be zero: a byte
 * handed out twice or a wiped byte handed out shows here.
 */
TEST_F(grnd, short_reads_stream)
{
	enum { ROUNDS = 4, MAXLEN = 64 };
	uint64_t *words = (void *)self->buf;
	size_t off = 0, n, i;
	int r, len;

	for (r = 0; r < ROUNDS; r++)
		for (len = 1; len <= MAXLEN; len++) {
			ASSERT_EQ(len, lrng_getrandom(self->buf + off, len,
						      variant->flags));
			off += len;
		}

	n = off / sizeof(*words);
	qsort(words, n, sizeof(*words), cmp_u64);
	for (i = 0; i < n; i++) {
		ASSERT_NE(0, words[i]) {
			TH_LOG("a zero word in %zu bytes of short reads", off);
		}
		if (i)
			ASSERT_NE(words[i - 1], words[i]) {
				TH_LOG("a repeated word in %zu bytes of short reads",
				       off);
			}
	}
}

/*
 * Plain fixture for the tests that do not depend on the flags.  The 6.12
 * harness' TEST() is not -Wextra clean, TEST_F() is.
 */
FIXTURE(rng) {
	unsigned char buf[4096];
};

FIXTURE_SETUP(rng)
{
	memset(self->buf, 0, sizeof(self->buf));
}

FIXTURE_TEARDOWN(rng)
{
}

TEST_F(rng, insecure_random_einval)
{
	unsigned char buf[16];

	errno = 0;
	EXPECT_EQ(-1, lrng_getrandom(buf, sizeof(buf),
				     GRND_INSECURE | GRND_RANDOM));
	EXPECT_EQ(EINVAL, errno);

	errno = 0;
	EXPECT_EQ(-1, lrng_getrandom(buf, sizeof(buf),
				     GRND_NONBLOCK | GRND_INSECURE | GRND_RANDOM));
	EXPECT_EQ(EINVAL, errno);

	/* The flags are checked before the buffer. */
	errno = 0;
	EXPECT_EQ(-1, lrng_getrandom(NULL, 0, GRND_INSECURE | GRND_RANDOM));
	EXPECT_EQ(EINVAL, errno);
	errno = 0;
	EXPECT_EQ(-1, lrng_getrandom(NULL, 16, GRND_INSECURE | GRND_RANDOM));
	EXPECT_EQ(EINVAL, errno);
}

TEST_F(rng, unknown_flags_einval)
{
	static const unsigned int bad[] = {
		0x8, 0x10, 0x100, 0x80000000, 0xffffffff,
		GRND_NONBLOCK | 0x8, GRND_INSECURE | 0x40000000,
	};
	unsigned char buf[16];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		errno = 0;
		EXPECT_EQ(-1, lrng_getrandom(buf, sizeof(buf), bad[i]));
		EXPECT_EQ(EINVAL, errno) {
			TH_LOG("flags %#x", bad[i]);
		}
		errno = 0;
		EXPECT_EQ(-1, lrng_getrandom(NULL, 0, bad[i]));
		EXPECT_EQ(EINVAL, errno) {
			TH_LOG("flags %#x, NULL buffer", bad[i]);
		}
	}
}

/* The standard readiness probe: 0 on a ready RNG, EAGAIN otherwise. */
TEST_F(rng, readiness_probe)
{
	errno = 0;
	ASSERT_EQ(0, lrng_getrandom(NULL, 0, GRND_NONBLOCK)) {
		TH_LOG("getrandom(NULL, 0, GRND_NONBLOCK): errno %d", errno);
	}
	EXPECT_EQ(0, lrng_getrandom(NULL, 0, 0));
	EXPECT_EQ(0, lrng_getrandom(NULL, 0, GRND_RANDOM));
	EXPECT_EQ(0, lrng_getrandom(NULL, 0, GRND_INSECURE));
	EXPECT_EQ(0, lrng_getrandom(NULL, 0, GRND_NONBLOCK | GRND_INSECURE));
}

TEST_F(rng, not_all_zero)
{
	static const size_t lens[] = { 16, 32, 33, 64, 4096 };
	unsigned char buf[4096];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		memset(buf, 0, sizeof(buf));
		ASSERT_EQ((long)lens[i], lrng_getrandom(buf, lens[i], 0));
		EXPECT_FALSE(all_bytes_are(buf, lens[i], 0)) {
			TH_LOG("%zu bytes of zeros", lens[i]);
		}
		EXPECT_FALSE(all_bytes_are(buf, lens[i], 0xff)) {
			TH_LOG("%zu bytes of 0xff", lens[i]);
		}
	}
}

/*
 * Output statistics over 1 MiB (8 Mibit, 2^20 bytes, 2^19 byte pairs).
 * Each bound below is passed by a uniform random source except with the
 * probability given, so a run fails falsely with probability below 1e-6
 * (the sum, 1.3e-7):
 *  - one bits: within 6 standard deviations (sqrt(2^23) / 2 = 1448.2,
 *    bound 8690) of 2^22; two-sided normal tail 2.0e-9;
 *  - byte histogram, chi-square with 255 degrees of freedom (expected 4096
 *    per byte): 150 < chi2 < 400; chi-square tails 2.2e-8 below 150 and
 *    1.7e-8 above 400 (a counter or any pattern that fills the bins evenly
 *    gives 0);
 *  - histogram of the 2^19 non-overlapping byte pairs, chi-square with
 *    65535 degrees of freedom (expected 8 per pair): 63400 < chi2 < 68000;
 *    Chernoff bounds of the Pearson sum with Poisson(8) bins give 5.0e-8
 *    below and 6.5e-10 above (a byte counter fills 1/512 of the pairs);
 *  - serial correlation of successive bytes (as in ent): |r| < 6 /
 *    sqrt(2^20) = 0.00586, six standard deviations, 2.0e-9 (a counter
 *    gives r near 1).
 */
#define LRNG_ONES_DEV		8690
#define LRNG_CHI2_BYTE_MIN	150.0
#define LRNG_CHI2_BYTE_MAX	400.0
#define LRNG_CHI2_PAIR_MIN	63400.0
#define LRNG_CHI2_PAIR_MAX	68000.0
#define LRNG_SERIAL_MAX		0.00586

struct lrng_stats {
	long long ones_dev;	/* one bits minus half the bits */
	double chi2_byte;
	double chi2_pair;
	double serial;		/* serial correlation coefficient */
};

static double lrng_chi2(const unsigned int *counts, size_t bins, double expected)
{
	double chi2 = 0;
	size_t i;

	for (i = 0; i < bins; i++)
		chi2 += (counts[i] - expected) * (counts[i] - expected) /
			expected;
	return chi2;
}

/* Serial correlation of successive bytes, the last one next to the first. */
static double lrng_serial(const unsigned char *b, size_t n)
{
	double sum = 0, sq = 0, cross = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		sum += b[i];
		sq += (double)b[i] * b[i];
		cross += (double)b[i] * b[(i + 1) % n];
	}
	sq = n * sq - sum * sum;
	return sq ? (n * cross - sum * sum) / sq : 1;
}

static int lrng_stats_of(const unsigned char *b, size_t n,
			 struct lrng_stats *st)
{
	unsigned int bytes[256] = { 0 }, *pairs;
	long long ones = 0;
	size_t i;

	pairs = calloc(65536, sizeof(*pairs));
	if (!pairs)
		return -1;
	for (i = 0; i < n; i++) {
		ones += __builtin_popcount(b[i]);
		bytes[b[i]]++;
	}
	for (i = 0; i + 1 < n; i += 2)
		pairs[b[i] << 8 | b[i + 1]]++;
	st->ones_dev = ones - (long long)n * 4;
	st->chi2_byte = lrng_chi2(bytes, 256, n / 256.0);
	st->chi2_pair = lrng_chi2(pairs, 65536, n / 2 / 65536.0);
	st->serial = lrng_serial(b, n);
	free(pairs);
	return 0;
}

TEST_F(rng, bit_balance)
{
	struct lrng_stats st;
	unsigned char *bytes;

	bytes = mmap(NULL, BIG_LEN, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, bytes);
	ASSERT_EQ((long)BIG_LEN, lrng_getrandom(bytes, BIG_LEN, 0));
	ASSERT_EQ(0, lrng_stats_of(bytes, BIG_LEN, &st));
	munmap(bytes, BIG_LEN);

	TH_LOG("one bits %+lld from half, byte chi2 %.1f, pair chi2 %.1f, serial correlation %.5f",
	       st.ones_dev, st.chi2_byte, st.chi2_pair, st.serial);
	EXPECT_GE(LRNG_ONES_DEV, llabs(st.ones_dev));
	EXPECT_TRUE(st.chi2_byte > LRNG_CHI2_BYTE_MIN &&
		    st.chi2_byte < LRNG_CHI2_BYTE_MAX);
	EXPECT_TRUE(st.chi2_pair > LRNG_CHI2_PAIR_MIN &&
		    st.chi2_pair < LRNG_CHI2_PAIR_MAX);
	EXPECT_TRUE(st.serial > -LRNG_SERIAL_MAX && st.serial < LRNG_SERIAL_MAX);
}

TEST_HARNESS_MAIN
