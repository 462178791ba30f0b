// SPDX-License-Identifier: GPL-2.0
/*
 * Switching the LRNG's DRNG and conditioning hash at run time
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * Loads and removes the LRNG extension modules (lrng_drbg.ko, lrng_kcapi.ko)
 * and checks what /proc/lrng_type and the kernel log say:
 *
 *  - a hash switch to SHA-512 and back carries the collected entropy over
 *    (all of it into the larger digest, at most the old digest back), and
 *    a switch to a smaller digest keeps at most what that digest carries;
 *  - the power-on self-tests, run again while SHA-512 conditions the
 *    pools, still pass: they test with SHA-256 whatever hash is current;
 *  - the DRBG extension switches the DRNG while readers run, and every read
 *    completes;
 *  - the DRBG generates 4096 bytes per call, for large and small reads;
 *  - only one extension at a time, bad module parameters refused with the
 *    old DRNG and hash kept;
 *  - the SP800-90C state follows FIPS mode and the digest size;
 *  - with failslab, a load that fails at any allocation leaves the old DRNG
 *    and hash serving.
 *
 * Modules come from $LRNG_MODDIR, by default
 * /lib/modules/$(uname -r)/kernel/drivers/char/lrng.  Without
 * /proc/lrng_type or the modules, every case is skipped: the harness
 * requires this test to pass on the kernel that has them.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <linux/random.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop

#include "lrng_common.h"

#define LRNG_READERS	4
#define LRNG_READ_MAX	70000
/* Bytes of one generate call of the switched DRNG (LRNG_DRNG_MAX_REQSIZE). */
#define LRNG_GEN_BYTES	4096
/* Generate calls others may make meanwhile (kernel users, the ChaCha20 rekey). */
#define LRNG_GEN_SLACK	24

/* "conditioning hash A -> B: X of Y bits ..." from the last switch to B. */
static bool lrng_carried(const char *from, const char *to, unsigned int *x,
			 unsigned int *y)
{
	char needle[128], msg[512];
	const char *p;

	snprintf(needle, sizeof(needle), "conditioning hash %s -> %s: ",
		 from, to);
	if (lrng_kmsg_scan(needle, msg, sizeof(msg)) <= 0)
		return false;
	p = strstr(msg, needle);
	return p && sscanf(p + strlen(needle), "%u of %u bits", x, y) == 2;
}

struct lrng_reader {
	pthread_t thread;
	unsigned int id;
	bool *stop;
	unsigned long reads;
	unsigned long failures;
	char first_failure[160];
};

static void lrng_reader_fail(struct lrng_reader *r, const char *what,
			     long got, size_t want)
{
	if (!r->failures++)
		snprintf(r->first_failure, sizeof(r->first_failure),
			 "%s: %ld of %zu bytes (errno %d)", what, got, want,
			 errno);
}

/* Random sizes through getrandom(2) and /dev/urandom until told to stop. */
static void *lrng_reader_fn(void *arg)
{
	struct lrng_reader *r = arg;
	unsigned int seed = 0x5eed + r->id;
	unsigned char *buf;
	size_t len;
	long got;
	int fd;

	buf = malloc(LRNG_READ_MAX);
	fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (!buf || fd < 0) {
		lrng_reader_fail(r, "setup", -1, 0);
		goto out;
	}
	while (!__atomic_load_n(r->stop, __ATOMIC_ACQUIRE)) {
		len = 1 + rand_r(&seed) % LRNG_READ_MAX;
		got = lrng_getrandom(buf, len, 0);
		if (got != (long)len)
			lrng_reader_fail(r, "getrandom", got, len);
		len = 1 + rand_r(&seed) % LRNG_READ_MAX;
		got = read(fd, buf, len);
		if (got != (long)len)
			lrng_reader_fail(r, "read /dev/urandom", got, len);
		r->reads += 2;
	}
out:
	if (fd >= 0)
		close(fd);
	free(buf);
	return NULL;
}

FIXTURE(lrng_switch) {
	char moddir[400];
};

FIXTURE_SETUP(lrng_switch)
{
	char path[512];

	if (access(LRNG_TYPE, R_OK))
		SKIP(return, "no %s: not an LRNG kernel", LRNG_TYPE);
	lrng_moddir(self->moddir, sizeof(self->moddir));
	snprintf(path, sizeof(path), "%s/lrng_drbg.ko", self->moddir);
	if (access(path, R_OK))
		SKIP(return, "no %s: kernel without the extension modules",
		     path);
	/* Leftovers of an earlier run. */
	lrng_unload("lrng_drbg");
	lrng_unload("lrng_kcapi");
}

FIXTURE_TEARDOWN(lrng_switch)
{
	lrng_unload("lrng_drbg");
	lrng_unload("lrng_kcapi");
}

/* The auxiliary pool's entropy in /proc/lrng_type, or -1. */
static long lrng_aux_bits(void)
{
	return lrng_type_num("Auxiliary", "Available entropy");
}

/* The initial DRNG instance's generation: every reseed advances it. */
static long lrng_generation(void)
{
	return lrng_type_num(NULL, "DRNG generation");
}

/*
 * RNDRESEEDCRNG, then @bits credited to the auxiliary pool with
 * RNDADDTOENTCNT.  After it no reseed is due for the reseed interval or
 * 2^20 generate calls, and, unlike RNDADDENTROPY's data, the credit asks
 * for none: until a switch, only the sources' credit changes the pools.
 */
static int lrng_quiet_credit(unsigned int bits)
{
	int fd, ret, count = bits;

	fd = open("/dev/urandom", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ret = ioctl(fd, RNDRESEEDCRNG, 0);
	if (!ret)
		ret = ioctl(fd, RNDADDTOENTCNT, &count);
	close(fd);
	return ret;
}

/*
 * SHA-256 -> SHA-512 keeps all entropy; back keeps at most what fits.  The
 * log line's "X of Y bits" must be the real amount: Y is the sum over all
 * sources, so at least what the auxiliary pool held before the switch
 * (the 128 bits credited just before, and any earlier credit still
 * there), and X, what the sources hold after it, at least as much of that
 * as the new digest holds.  Interrupts are credited while the pools move,
 * so X is no bound on Y in either direction.  "0 of 0 bits" fails.  A hash-only switch
 * leaves the ChaCha20 DRNGs as they are and asks for no reseed: the
 * generation does not move, not even when a read follows.
 */
TEST_F(lrng_switch, hash_switch_carries_entropy)
{
	unsigned int x, y;
	long aux, aux_after, gen;
	char val[64];

	lrng_type_text(NULL, "Hash for conditioning", val, sizeof(val));
	ASSERT_STREQ("SHA-256", val);
	ASSERT_EQ(0, lrng_quiet_credit(128));
	gen = lrng_generation();
	aux = lrng_aux_bits();
	ASSERT_LE(128, aux);

	ASSERT_EQ(0, lrng_load(self->moddir, "lrng_kcapi", "hash_name=sha512"));
	aux_after = lrng_aux_bits();
	lrng_type_text(NULL, "Hash for conditioning", val, sizeof(val));
	EXPECT_STREQ("sha512", val);
	lrng_type_text(NULL, "DRNG name", val, sizeof(val));
	EXPECT_STREQ("ChaCha20", val);
	ASSERT_TRUE(lrng_carried("SHA-256", "sha512", &x, &y));
	TH_LOG("SHA-256 -> sha512: %u of %u bits carried over; aux pool %ld bits, then %ld",
	       x, y, aux, aux_after);
	EXPECT_LE(aux, (long)y);
	/* Interrupts go on arriving while the pools move: X may grow. */
	EXPECT_LE(y, x);
	EXPECT_EQ(aux, aux_after);
	ASSERT_EQ(32, lrng_getrandom(val, 32, 0));
	usleep(500000);
	EXPECT_EQ(gen, lrng_generation());

	ASSERT_EQ(0, lrng_quiet_credit(128));
	gen = lrng_generation();
	aux = lrng_aux_bits();
	ASSERT_LE(128, aux);
	ASSERT_EQ(0, lrng_unload("lrng_kcapi"));
	aux_after = lrng_aux_bits();
	lrng_type_text(NULL, "Hash for conditioning", val, sizeof(val));
	EXPECT_STREQ("SHA-256", val);
	ASSERT_TRUE(lrng_carried("sha512", "SHA-256", &x, &y));
	TH_LOG("sha512 -> SHA-256: %u of %u bits carried over; aux pool %ld bits, then %ld",
	       x, y, aux, aux_after);
	EXPECT_EQ(gen, lrng_generation());
	EXPECT_LE(aux, (long)y);
	EXPECT_LE(aux > 256 ? 256 : aux, (long)x);
	EXPECT_LE(aux > 256 ? 256 : aux, aux_after);
	/* Interrupts may raise X here too; the auxiliary pool gains nothing. */
	EXPECT_LE(aux_after, aux);
}

/*
 * A pool moved to a hash with a smaller digest keeps at most what the new
 * digest can carry: sha512 -> SHA-256 with more than 256 bits in the
 * auxiliary pool, SHA-256 -> sha224 with a full pool, and nothing is gained
 * on the way back.
 */
TEST_F(lrng_switch, hash_switch_caps_at_the_smaller_digest)
{
	long aux, gen;

	ASSERT_EQ(0, lrng_load(self->moddir, "lrng_kcapi", "hash_name=sha512"));
	ASSERT_EQ(0, lrng_quiet_credit(512));
	gen = lrng_generation();
	aux = lrng_aux_bits();
	ASSERT_LT(256, aux);
	ASSERT_EQ(0, lrng_unload("lrng_kcapi"));
	TH_LOG("sha512 -> SHA-256: aux pool %ld bits, then %ld", aux,
	       lrng_aux_bits());
	EXPECT_GE(256, lrng_aux_bits());
	EXPECT_EQ(gen, lrng_generation());

	ASSERT_EQ(0, lrng_quiet_credit(256));
	aux = lrng_aux_bits();
	ASSERT_LT(224, aux);
	ASSERT_EQ(0, lrng_load(self->moddir, "lrng_kcapi", "hash_name=sha224"));
	TH_LOG("SHA-256 -> sha224: aux pool %ld bits, then %ld", aux,
	       lrng_aux_bits());
	EXPECT_GE(224, lrng_aux_bits());
	ASSERT_EQ(0, lrng_unload("lrng_kcapi"));
	EXPECT_GE(224, lrng_aux_bits());
}

/*
 * Root runs the power-on self-tests again while the conditioning hash is
 * SHA-512: the collection array's test hashes with the built-in SHA-256
 * whatever hash is current, so the run passes (in FIPS mode a failure
 * would panic) and user space still gets random numbers.
 */
TEST_F(lrng_switch, selftests_pass_on_a_switched_hash)
{
	char val[64];
	long status;

	ASSERT_EQ(0, lrng_load(self->moddir, "lrng_kcapi", "hash_name=sha512"));
	lrng_type_text(NULL, "Hash for conditioning", val, sizeof(val));
	ASSERT_STREQ("sha512", val);
	ASSERT_EQ(0, lrng_write_str(LRNG_SELFTEST_STATUS, "1")) {
		TH_LOG("%s: %s", LRNG_SELFTEST_STATUS, strerror(errno));
	}
	ASSERT_EQ(0, lrng_read_int(LRNG_SELFTEST_STATUS, &status));
	EXPECT_EQ(0, status) {
		TH_LOG("the self-tests failed on sha512: 0x%lx", status);
	}
	EXPECT_EQ(32, lrng_getrandom(val, 32, 0));
	EXPECT_EQ(0, lrng_unload("lrng_kcapi"));
}

/* The DRBG comes and goes three times while readers run. */
TEST_F(lrng_switch, drbg_switch_under_readers)
{
	struct lrng_reader readers[LRNG_READERS] = { };
	bool stop = false;
	unsigned long reads = 0;
	char val[64];
	int i, round;

	for (i = 0; i < LRNG_READERS; i++) {
		readers[i].id = i;
		readers[i].stop = &stop;
		ASSERT_EQ(0, pthread_create(&readers[i].thread, NULL,
					    lrng_reader_fn, &readers[i]));
	}
	for (round = 0; round < 3; round++) {
		EXPECT_EQ(0, lrng_load(self->moddir, "lrng_drbg", ""));
		lrng_type_text(NULL, "DRNG name", val, sizeof(val));
		EXPECT_STREQ("drbg_nopr_hmac_sha512", val);
		lrng_type_text(NULL, "Hash for conditioning", val, sizeof(val));
		EXPECT_STREQ("sha512", val);
		usleep(300000);
		EXPECT_EQ(0, lrng_unload("lrng_drbg"));
		lrng_type_text(NULL, "DRNG name", val, sizeof(val));
		EXPECT_STREQ("ChaCha20", val);
		lrng_type_text(NULL, "Hash for conditioning", val, sizeof(val));
		EXPECT_STREQ("SHA-256", val);
		usleep(100000);
	}
	__atomic_store_n(&stop, true, __ATOMIC_RELEASE);
	for (i = 0; i < LRNG_READERS; i++) {
		pthread_join(readers[i].thread, NULL);
		reads += readers[i].reads;
		EXPECT_EQ(0UL, readers[i].failures)
			TH_LOG("reader %d: %s", i, readers[i].first_failure);
	}
	TH_LOG("%lu reads, all complete", reads);
	EXPECT_GT(reads, 0UL);
}

/*
 * The generate calls counted on NUMA node 0's DRNG instance, the initial
 * one, on which the switched DRNG counts its calls; -1 without that line.
 */
static long long lrng_generate_calls(void)
{
	long long gen, calls;
	char val[128];

	lrng_type_text(NULL, "DRNG instance of NUMA node 0", val, sizeof(val));
	if (sscanf(val, "generation %lld, generate calls %lld", &gen,
		   &calls) != 2)
		return -1;
	return calls;
}

/* Generate calls for 64 KiB from @fd in @size-byte reads, or -1. */
static long long lrng_calls_for_reads(int fd, size_t size)
{
	unsigned char buf[LRNG_GEN_BYTES];
	long long before = lrng_generate_calls();
	size_t n;

	for (n = 0; n < 16 * LRNG_GEN_BYTES; n += size)
		if (read(fd, buf, size) != (ssize_t)size)
			return -1;
	return lrng_generate_calls() - before;
}

/*
 * Reads of 64 KiB in 4 KiB pieces and in 16-byte pieces each take about
 * 16 generate calls of the DRBG: not one per 512-byte piece of the read
 * path, nor one per read.
 */
TEST_F(lrng_switch, drbg_generates_whole_requests)
{
	long long large, small;
	int fd;

	if (lrng_generate_calls() < 0)
		SKIP(return, "no DRNG instance of NUMA node 0 to count calls on");
	ASSERT_EQ(0, lrng_load(self->moddir, "lrng_drbg", ""));
	fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	large = lrng_calls_for_reads(fd, LRNG_GEN_BYTES);
	small = lrng_calls_for_reads(fd, 16);
	close(fd);
	EXPECT_EQ(0, lrng_unload("lrng_drbg"));
	TH_LOG("generate calls for 64 KiB: %lld in 4 KiB reads, %lld in 16-byte reads",
	       large, small);
	EXPECT_LE(16, large);
	EXPECT_GE(16 + LRNG_GEN_SLACK, large);
	EXPECT_LE(16, small);
	EXPECT_GE(16 + LRNG_GEN_SLACK, small);
}

/* A second extension is refused while the first is active. */
TEST_F(lrng_switch, one_extension_at_a_time)
{
	char val[64];

	ASSERT_EQ(0, lrng_load(self->moddir, "lrng_drbg", "drbg_type=2"));
	lrng_type_text(NULL, "DRNG name", val, sizeof(val));
	EXPECT_STREQ("drbg_nopr_sha512", val);
	EXPECT_EQ(-EBUSY, lrng_load(self->moddir, "lrng_kcapi", ""));
	lrng_type_text(NULL, "DRNG name", val, sizeof(val));
	EXPECT_STREQ("drbg_nopr_sha512", val);
	EXPECT_EQ(0, lrng_unload("lrng_drbg"));
	lrng_type_text(NULL, "DRNG name", val, sizeof(val));
	EXPECT_STREQ("ChaCha20", val);
}

/* Bad parameters fail the load and change nothing. */
TEST_F(lrng_switch, bad_parameters_change_nothing)
{
	char val[64];

	EXPECT_EQ(-EINVAL, lrng_load(self->moddir, "lrng_drbg", "drbg_type=7"));
	EXPECT_GT(0, lrng_load(self->moddir, "lrng_kcapi",
			       "hash_name=no_such_hash"));
	EXPECT_GT(0, lrng_load(self->moddir, "lrng_kcapi",
			       "drng_name=no_such_rng"));
	lrng_type_text(NULL, "DRNG name", val, sizeof(val));
	EXPECT_STREQ("ChaCha20", val);
	lrng_type_text(NULL, "Hash for conditioning", val, sizeof(val));
	EXPECT_STREQ("SHA-256", val);
	EXPECT_EQ(0, lrng_credit(8));
}

/* Slab bytes the loads may take before the injected failure, in steps. */
#define LRNG_FAIL_SPACE_STEP	128
#define LRNG_FAIL_SPACE_MAX	(400 * LRNG_FAIL_SPACE_STEP)

/*
 * Fault injection (failslab with its stack trace filter): each slab
 * allocation made under lrng_set_drng_cb() while the DRBG module loads
 * fails in turn, those of the crypto API for the new DRBG and hash included.  Every failed load
 * leaves ChaCha20 and SHA-256 serving; every successful one switched
 * completely.  The LRNG's own failures are logged ("not usable").
 */
TEST_F(lrng_switch, failed_allocations_keep_the_old_drng)
{
	int before, failed = 0, loaded = 0, ret;
	unsigned char buf[64];
	char val[64];
	long space;
	char times[16];

	if (access(LRNG_FAILSLAB "require-start", W_OK))
		SKIP(return, "no %srequire-start: no failslab stack filter",
		     LRNG_FAILSLAB);
	/* Only allocations made under lrng_set_drng_cb() may fail. */
	ASSERT_EQ(0, lrng_failslab_arm("lrng_set_drng_cb", true));
	before = lrng_kmsg_count("not usable (-12)");

	/* The first allocation past @space bytes fails, once. */
	for (space = 0; space < LRNG_FAIL_SPACE_MAX;
	     space += LRNG_FAIL_SPACE_STEP) {
		ASSERT_EQ(0, lrng_failslab("times", 1));
		ASSERT_EQ(0, lrng_failslab("space", space));
		ASSERT_EQ(0, lrng_write_str("/proc/self/make-it-fail", "1"));
		ret = lrng_load(self->moddir, "lrng_drbg", "");
		ASSERT_EQ(0, lrng_write_str("/proc/self/make-it-fail", "0"));
		lrng_read_file(LRNG_FAILSLAB "times", times, sizeof(times));

		lrng_type_text(NULL, "DRNG name", val, sizeof(val));
		if (ret) {
			failed++;
			EXPECT_STREQ("ChaCha20", val);
			lrng_type_text(NULL, "Hash for conditioning", val, sizeof(val));
			EXPECT_STREQ("SHA-256", val);
		} else {
			loaded++;
			EXPECT_STREQ("drbg_nopr_hmac_sha512", val);
			lrng_type_text(NULL, "Hash for conditioning", val, sizeof(val));
			EXPECT_STREQ("sha512", val);
			EXPECT_EQ(0, lrng_unload("lrng_drbg"));
		}
		EXPECT_EQ(64, lrng_getrandom(buf, sizeof(buf), 0));
		/* No failure was injected: every allocation fitted. */
		if (times[0] == '1')
			break;
	}
	lrng_failslab_disarm();
	TH_LOG("%d loads failed, %d loaded, last space %ld", failed, loaded,
	       space);
	EXPECT_GT(failed, 0);
	EXPECT_GT(lrng_kmsg_count("not usable (-12)"), before);
	EXPECT_EQ(0, lrng_load(self->moddir, "lrng_drbg", ""));
	EXPECT_EQ(0, lrng_unload("lrng_drbg"));
}

/*
 * SP800-90C oversampling needs FIPS mode and a digest of at least 384 bits:
 * off with SHA-256, on with the DRBG's SHA-512 when booted with fips=1.
 */
TEST_F(lrng_switch, sp80090c_follows_fips_and_digest)
{
	long fips = 0;
	char val[64], msg[512];
	int fd;

	lrng_read_int("/proc/sys/crypto/fips_enabled", &fips);
	lrng_type_text(NULL, "SP800-90C compliant", val, sizeof(val));
	EXPECT_STREQ("false", val);
	EXPECT_EQ(256, lrng_type_num(NULL, "Entropy for full seed in bits"));

	ASSERT_EQ(0, lrng_load(self->moddir, "lrng_drbg", ""));
	lrng_type_text(NULL, "SP800-90C compliant", val, sizeof(val));
	EXPECT_STREQ(fips ? "true" : "false", val);
	EXPECT_EQ(fips ? 384 : 256,
		  lrng_type_num(NULL, "Entropy for full seed in bits"));
	EXPECT_EQ(fips ? 256 : 128, lrng_type_num(NULL, "Entropy for reseed in bits"));
	EXPECT_EQ(fips ? 64 : 0,
		  lrng_type_num(NULL, "Entropy source oversampling in bits"));
	EXPECT_LT(0, lrng_kmsg_scan(fips ?
		"SP800-90C seeding with oversampled entropy sources" :
		"seeding without SP800-90C oversampling", msg, sizeof(msg)));
	TH_LOG("fips_enabled=%ld: %s", fips, msg);

	/* A reseed with the oversampled request. */
	fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, ioctl(fd, RNDRESEEDCRNG));
	close(fd);
	EXPECT_EQ(0, lrng_unload("lrng_drbg"));
	lrng_type_text(NULL, "SP800-90C compliant", val, sizeof(val));
	EXPECT_STREQ("false", val);
}

TEST_HARNESS_MAIN
