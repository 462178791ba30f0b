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
 * A crude sanity check, not a statistical test suite: in 1 MiB (8 Mibit)
 * the fraction of one bits must be 0.5 +- 0.01, which is about 58 standard
 * deviations.  Likewise the byte histogram's chi-square statistic (255
 * degrees of freedom, mean 255, standard deviation 22.6) must stay far away
 * from what a stuck or biased generator produces.
 */
TEST_F(rng, bit_balance)
{
	unsigned long long ones = 0, bits = BIG_LEN * 8ULL;
	unsigned long counts[256] = { 0 };
	unsigned long long *words;
	double frac, chi2 = 0, expected = BIG_LEN / 256.0;
	unsigned char *bytes;
	size_t i;

	words = mmap(NULL, BIG_LEN, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, words);
	bytes = (unsigned char *)words;

	ASSERT_EQ((long)BIG_LEN, lrng_getrandom(words, BIG_LEN, 0));
	for (i = 0; i < BIG_LEN / sizeof(*words); i++)
		ones += __builtin_popcountll(words[i]);
	for (i = 0; i < BIG_LEN; i++)
		counts[bytes[i]]++;
	for (i = 0; i < 256; i++)
		chi2 += (counts[i] - expected) * (counts[i] - expected) /
			expected;
	munmap(words, BIG_LEN);

	frac = (double)ones / bits;
	EXPECT_TRUE(frac > 0.49 && frac < 0.51) {
		TH_LOG("fraction of one bits: %f", frac);
	}
	EXPECT_TRUE(chi2 < 500.0) {
		TH_LOG("byte chi-square: %f", chi2);
	}
}

TEST_HARNESS_MAIN
