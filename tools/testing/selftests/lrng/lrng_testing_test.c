// SPDX-License-Identifier: GPL-2.0
/*
 * The LRNG's test interfaces: the raw entropy taps and the ACVT hash in
 * /sys/kernel/debug/lrng_testing/.  LRNG only;
 * the test kernel is built with every tap (tools/testing/selftests/lrng/
 * config), so a missing file fails.
 *
 *  - boot_collection (only when booted with
 *    lrng_testing.boot_raw_hires_test=1, else skipped): with serial
 *    traffic the collection of the first 1000 time stamps since boot ends
 *    (the parameter reads 2), the first read of lrng_raw_hires then returns
 *    exactly those 1000, they look like time stamps (see
 *    lrng_check_stamps()), and the tap then works at run time.
 *  - modes: every file is owned by root with mode 0400 (0600 for the ACVT
 *    hash, 0200 for the stuck-noise injection), and a process without
 *    privileges gets EACCES opening any of them.
 *  - acvt_hash: SHA-256 known answers (FIPS 180-2 appendix B and the
 *    empty message) through the ACVT file.
 *  - taps: each raw tap delivers samples while serial traffic makes
 *    interrupts, and they are what the tap says: time stamps, jiffies that
 *    advance no faster than 1000 per second, IRQ numbers of
 *    /proc/interrupts (the serial port's among them), trigger types,
 *    non-zero addresses, varied register words, 8-bit array slots that
 *    vary, and cycle counts.
 *  - nist_hires: getrawentropy reads 10000 samples of lrng_raw_hires into
 *    the NIST tool's formats (one byte per sample, and the 32-bit words);
 *    the byte file holds the low 8 bits of the word file, the words are
 *    time stamps, and the bytes hold at least the entropy the LRNG credits
 *    (see lrng_check_entropy()).
 *  - nist_jent (skipped when the Jitter RNG is not available): the Jitter
 *    RNG's tap in debugfs (the kernel's jitterentropy test interface) is
 *    owned by root with mode 0400, and getrawentropy -j reads 10240 of its
 *    time stamps into the same formats, exactly as large, the bytes the low
 *    8 bits of the words, which vary (see lrng_check_jent()).
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop

#include "lrng_common.h"

#define LRNG_TAP_DIR		"/sys/kernel/debug/lrng_testing/"
#define LRNG_BOOT_HIRES	"/sys/module/lrng_testing/parameters/boot_raw_hires_test"
#define LRNG_BOOT_EVENTS	1000
#define LRNG_TRAFFIC_TTY	"/dev/ttyS0"
#define LRNG_TRAFFIC_LINE	"lrng_testing_test: taps\n"
#define LRNG_NIST_SAMPLES	10000
#define LRNG_NIST_BYTES		"/tmp/lrng_raw_hires.8bit"
#define LRNG_NIST_WORDS		"/tmp/lrng_raw_hires.32bit"
#define LRNG_JENT_TAP	"/sys/kernel/debug/jitterentropy_testing/jent_raw_hires"
#define LRNG_JENT_BYTES		"/tmp/jent_raw_hires.8bit"
#define LRNG_JENT_WORDS		"/tmp/jent_raw_hires.32bit"
/* Stamps the Jitter RNG interface collects at a time (getrawentropy.c). */
#define LRNG_JENT_RUN		256
/* 40 runs. */
#define LRNG_JENT_SAMPLES	10240
#define LRNG_JENT_MIN_STEPS	4
#define LRNG_STR(x)		LRNG_STR2(x)
#define LRNG_STR2(x)		#x
/* Seconds of serial traffic the boot collection may take to end. */
#define LRNG_BOOT_BOUND		30
#define LRNG_TAP_WORDS		64

struct lrng_test_file {
	const char *name;
	mode_t mode;
	int flags;
};

static const struct lrng_test_file lrng_test_files[] = {
	{ "lrng_raw_hires", 0400, O_RDONLY },
	{ "lrng_raw_jiffies", 0400, O_RDONLY },
	{ "lrng_raw_irq", 0400, O_RDONLY },
	{ "lrng_raw_irqflags", 0400, O_RDONLY },
	{ "lrng_raw_retip", 0400, O_RDONLY },
	{ "lrng_raw_regs", 0400, O_RDONLY },
	{ "lrng_raw_array", 0400, O_RDONLY },
	{ "lrng_irq_perf", 0400, O_RDONLY },
	{ "lrng_acvt_hash", 0600, O_RDWR },
	{ "lrng_health_stuck", 0200, O_WRONLY },
};

#define LRNG_NFILES ARRAY_SIZE(lrng_test_files)

static void lrng_path(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s%s", LRNG_TAP_DIR, name);
}

/* One read of up to @len bytes from tap @name; returns what read() did. */
static ssize_t lrng_read_tap_some(const char *name, void *buf, size_t len)
{
	char path[256];
	ssize_t ret;
	int fd;

	lrng_path(path, sizeof(path), name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ret = read(fd, buf, len);
	close(fd);
	return ret;
}

/* Read exactly @len bytes from tap @name; returns 0 or -1. */
static int lrng_read_tap(const char *name, void *buf, size_t len)
{
	return lrng_read_tap_some(name, buf, len) == (ssize_t)len ? 0 : -1;
}

static int lrng_u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * Sort @v and count its distinct values; *@mcv is how often the most
 * common one occurs.
 */
static size_t lrng_distinct(uint32_t *v, size_t n, size_t *mcv)
{
	size_t i, run = 1, distinct = n ? 1 : 0;

	qsort(v, n, sizeof(*v), lrng_u32_cmp);
	*mcv = distinct;
	for (i = 1; i < n; i++) {
		if (v[i] != v[i - 1]) {
			distinct++;
			run = 0;
		}
		if (++run > *mcv)
			*mcv = run;
	}
	return distinct;
}

struct lrng_stamp_stats {
	size_t distinct;	/* distinct words */
	size_t low_distinct;	/* distinct low bytes */
	size_t forward;		/* steps to a later stamp (mod 2^32) */
	size_t step_mcv;	/* occurrences of the most common step */
};

static int lrng_stamp_stats(const uint32_t *w, size_t n,
			    struct lrng_stamp_stats *st)
{
	uint32_t *tmp = malloc(n * sizeof(*tmp));
	size_t i, mcv;

	if (!tmp || n < 2) {
		free(tmp);
		return -1;
	}
	memcpy(tmp, w, n * sizeof(*tmp));
	st->distinct = lrng_distinct(tmp, n, &mcv);
	for (i = 0; i < n; i++)
		tmp[i] = w[i] & 0xff;
	st->low_distinct = lrng_distinct(tmp, n, &mcv);
	st->forward = 0;
	for (i = 1; i < n; i++) {
		tmp[i - 1] = w[i] - w[i - 1];
		if ((int32_t)tmp[i - 1] > 0)
			st->forward++;
	}
	lrng_distinct(tmp, n - 1, &st->step_mcv);
	free(tmp);
	return 0;
}

/*
 * @n time stamps of interrupts (random_get_entropy(), a cycle counter):
 * at least 90 % distinct, at least 90 % of the steps forward (mod 2^32;
 * stamps of two CPUs may be stored a little out of order), low bytes of
 * at least min(n / 4, 64) values, and no step taken by more than a
 * quarter of them.  Zeros, a constant, random words, jiffies or a counter
 * fail.
 */
static void lrng_check_stamps(struct __test_metadata *_metadata,
			      const char *what, const uint32_t *w, size_t n)
{
	size_t low_min = n / 4 < 64 ? n / 4 : 64;
	struct lrng_stamp_stats st;

	ASSERT_EQ(0, lrng_stamp_stats(w, n, &st));
	TH_LOG("%s: %zu stamps, %zu distinct, %zu low bytes, %zu forward, top step %zu times",
	       what, n, st.distinct, st.low_distinct, st.forward, st.step_mcv);
	EXPECT_LE(n - n / 10, st.distinct);
	EXPECT_LE(n - 1 - (n - 1) / 10, st.forward);
	EXPECT_LE(low_min, st.low_distinct);
	EXPECT_GE((n - 1) / 4, st.step_mcv);
}

FIXTURE(testing) {
	int unused;
};

FIXTURE_SETUP(testing)
{
	self->unused = 0;
}

FIXTURE_TEARDOWN(testing)
{
}

/*
 * Read @n words from tap @name while serial traffic makes interrupts;
 * *@secs (unless NULL) is how long the read took.  Returns 0 or -1.
 */
static int lrng_tap_with_traffic(const char *name, uint32_t *words, size_t n,
				 double *secs)
{
	double start;
	pid_t traffic;
	int ret;

	traffic = lrng_traffic_start(LRNG_TRAFFIC_TTY, LRNG_TRAFFIC_LINE);
	if (traffic <= 0)
		return -1;
	start = lrng_uptime();
	ret = lrng_read_tap(name, words, n * sizeof(*words));
	if (secs)
		*secs = lrng_uptime() - start;
	lrng_traffic_stop(traffic);
	return ret;
}

/* Wait until the boot collection ended (2), with serial traffic. */
static long lrng_boot_wait_done(long boot)
{
	pid_t traffic;
	time_t start;

	if (boot != 1)
		return boot;
	traffic = lrng_traffic_start(LRNG_TRAFFIC_TTY, LRNG_TRAFFIC_LINE);
	start = time(NULL);
	while (boot == 1 && time(NULL) - start < LRNG_BOOT_BOUND) {
		usleep(10 * 1000);
		if (lrng_read_int(LRNG_BOOT_HIRES, &boot))
			boot = -1;
	}
	lrng_traffic_stop(traffic);
	return boot;
}

TEST_F_TIMEOUT(testing, boot_collection, LRNG_BOOT_BOUND + 30)
{
	uint32_t words[LRNG_BOOT_EVENTS + 24];
	long boot, after;
	ssize_t ret;

	ASSERT_EQ(0, lrng_read_int(LRNG_BOOT_HIRES, &boot));
	if (!boot)
		SKIP(return, "booted without lrng_testing.boot_raw_hires_test=1");
	boot = lrng_boot_wait_done(boot);
	ASSERT_EQ(2, boot) {
		TH_LOG("boot collection not done after %d s of serial traffic",
		       LRNG_BOOT_BOUND);
	}
	ret = lrng_read_tap_some("lrng_raw_hires", words, sizeof(words));
	ASSERT_LT(0, ret) {
		TH_LOG("lrng_raw_hires: %s", strerror(errno));
	}
	ASSERT_EQ(0, ret % 4);
	ASSERT_EQ(LRNG_BOOT_EVENTS, ret / 4) {
		TH_LOG("the boot collection returned %zd time stamps", ret / 4);
	}
	lrng_check_stamps(_metadata, "boot collection", words,
			  LRNG_BOOT_EVENTS);
	ASSERT_EQ(0, lrng_read_int(LRNG_BOOT_HIRES, &after));
	EXPECT_EQ(0, after);
	/* The tap works at run time again. */
	ASSERT_EQ(0, lrng_tap_with_traffic("lrng_raw_hires", words,
					   LRNG_TAP_WORDS, NULL));
	lrng_check_stamps(_metadata, "after the boot collection", words,
			  LRNG_TAP_WORDS);
}

static int lrng_open_all_unprivileged(void *arg)
{
	char path[256];
	unsigned int i;
	int fails = 0, fd;

	(void)arg;
	for (i = 0; i < LRNG_NFILES; i++) {
		lrng_path(path, sizeof(path), lrng_test_files[i].name);
		errno = 0;
		fd = open(path, lrng_test_files[i].flags | O_CLOEXEC);
		if (fd >= 0)
			close(fd);
		if (fd >= 0 || errno != EACCES)
			fprintf(stderr, "# %s: opened or errno %d, not EACCES\n",
				path, errno);
		fails += LRNG_CHECK(fd < 0 && errno == EACCES);
	}
	return fails;
}

TEST_F(testing, modes)
{
	char path[256];
	struct stat st;
	unsigned int i;

	for (i = 0; i < LRNG_NFILES; i++) {
		lrng_path(path, sizeof(path), lrng_test_files[i].name);
		ASSERT_EQ(0, stat(path, &st)) {
			TH_LOG("%s: %s", path, strerror(errno));
		}
		EXPECT_EQ(0U, st.st_uid);
		EXPECT_EQ(lrng_test_files[i].mode, st.st_mode & 07777) {
			TH_LOG("%s: mode %o", path, st.st_mode & 07777);
		}
	}
	ASSERT_EQ(0, lrng_run_unprivileged(lrng_open_all_unprivileged, NULL));
}

/* Open the ACVT file, write @len bytes of @msg @reps times, read the digest. */
static int lrng_acvt(const void *msg, size_t len, unsigned int reps,
		     uint8_t digest[32])
{
	char path[256];
	unsigned int i;
	int fd, ret = -1;

	lrng_path(path, sizeof(path), "lrng_acvt_hash");
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -1;
	for (i = 0; i < reps; i++)
		if (len && write(fd, msg, len) != (ssize_t)len)
			goto out;
	if (pread(fd, digest, 32, 0) == 32)
		ret = 0;
out:
	close(fd);
	return ret;
}

static void lrng_hex(const uint8_t *d, char *out)
{
	int i;

	for (i = 0; i < 32; i++)
		sprintf(out + 2 * i, "%02x", d[i]);
}

TEST_F(testing, acvt_hash)
{
	static const struct {
		const char *msg;
		unsigned int reps;
		const char *digest;
	} kats[] = {
		{ "", 1,
		  "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
		{ "abc", 1,
		  "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
		{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
		  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
		/* One million times 'a', written 1000 bytes at a time. */
		{ NULL, 1000,
		  "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
	};
	char thousand_a[1000], hex[65];
	uint8_t digest[32];
	unsigned int i;

	memset(thousand_a, 'a', sizeof(thousand_a));
	for (i = 0; i < ARRAY_SIZE(kats); i++) {
		const char *msg = kats[i].msg ? kats[i].msg : thousand_a;
		size_t len = kats[i].msg ? strlen(msg) : sizeof(thousand_a);

		ASSERT_EQ(0, lrng_acvt(msg, len, kats[i].reps, digest)) {
			TH_LOG("lrng_acvt_hash: %s", strerror(errno));
		}
		lrng_hex(digest, hex);
		EXPECT_STREQ(kats[i].digest, hex) {
			TH_LOG("known answer %u", i);
		}
	}
}

/*
 * Fault injection (failslab with its stack filter on lrng_acvt_open(), the
 * only allocation of the debugfs files): the open fails with ENOMEM, and
 * the next open works and gives the same digest as before.
 */
TEST_F(testing, acvt_open_without_memory)
{
	unsigned char before[32], after[32];
	char path[256];
	int fd, err;

	if (access(LRNG_FAILSLAB "require-start", W_OK))
		SKIP(return, "no %srequire-start: no failslab stack filter",
		     LRNG_FAILSLAB);
	ASSERT_EQ(0, lrng_acvt("abc", 3, 1, before));
	ASSERT_EQ(0, lrng_failslab_arm("lrng_acvt_open", true));
	ASSERT_EQ(0, lrng_failslab("times", 1));

	lrng_path(path, sizeof(path), "lrng_acvt_hash");
	ASSERT_EQ(0, lrng_write_str("/proc/self/make-it-fail", "1"));
	fd = open(path, O_RDWR | O_CLOEXEC);
	err = errno;
	ASSERT_EQ(0, lrng_write_str("/proc/self/make-it-fail", "0"));
	lrng_failslab_disarm();
	EXPECT_EQ(-1, fd);
	EXPECT_EQ(ENOMEM, err);
	if (fd >= 0)
		close(fd);

	ASSERT_EQ(0, lrng_acvt("abc", 3, 1, after));
	EXPECT_EQ(0, memcmp(before, after, sizeof(before)));
}

static bool lrng_all_zero(const uint32_t *w, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (w[i])
			return false;
	return true;
}

static size_t lrng_distinct_of(const uint32_t *w, size_t n)
{
	uint32_t tmp[LRNG_TAP_WORDS];
	size_t mcv;

	memcpy(tmp, w, n * sizeof(*w));
	return lrng_distinct(tmp, n, &mcv);
}

static void lrng_min_max(const uint32_t *w, size_t n, uint32_t *min,
			 uint32_t *max)
{
	size_t i;

	*min = UINT32_MAX;
	*max = 0;
	for (i = 0; i < n; i++) {
		*min = w[i] < *min ? w[i] : *min;
		*max = w[i] > *max ? w[i] : *max;
	}
}

/* What a read of a tap gave: @n samples @w, in @secs seconds. */
struct lrng_tap_read {
	const uint32_t *w;
	size_t n;
	double secs;
};

/* Checks the samples of a tap. */
#define LRNG_TAP_CHECK(fn) \
	static void fn(struct __test_metadata *_metadata, \
		       const struct lrng_tap_read *r)

LRNG_TAP_CHECK(lrng_tap_hires)
{
	lrng_check_stamps(_metadata, "lrng_raw_hires", r->w, r->n);
}

/* Jiffies: within -2 .. 1000 per second (HZ <= 1000) of the first one. */
LRNG_TAP_CHECK(lrng_tap_jiffies)
{
	int32_t lo = 0, hi = 0, d;
	size_t i;

	for (i = 0; i < r->n; i++) {
		d = (int32_t)(r->w[i] - r->w[0]);
		lo = d < lo ? d : lo;
		hi = d > hi ? d : hi;
	}
	EXPECT_FALSE(lrng_all_zero(r->w, r->n));
	EXPECT_LE(-2, lo);
	EXPECT_GE((int32_t)(r->secs * 1000) + 2, hi) {
		TH_LOG("jiffies up to %d after the first in %.3f s", hi,
		       r->secs);
	}
}

#define LRNG_NR_IRQS	4096

/*
 * Mark the interrupt numbers of /proc/interrupts in @irqs; returns the
 * serial port's (the line that ends in "ttyS0"), or -1.
 */
static int lrng_proc_irqs(bool *irqs)
{
	char line[1024], *end;
	unsigned long irq;
	int serial = -1;
	FILE *f;

	f = fopen("/proc/interrupts", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		irq = strtoul(line, &end, 10);
		if (end == line || *end != ':' || irq >= LRNG_NR_IRQS)
			continue;
		irqs[irq] = true;
		if (strstr(line, " ttyS0\n"))
			serial = irq;
	}
	fclose(f);
	return serial;
}

/* IRQ numbers of /proc/interrupts, the serial port's among them. */
LRNG_TAP_CHECK(lrng_tap_irq)
{
	static bool irqs[LRNG_NR_IRQS];
	size_t i, unknown = 0, serial_seen = 0;
	int serial;

	memset(irqs, 0, sizeof(irqs));
	serial = lrng_proc_irqs(irqs);
	for (i = 0; i < r->n; i++) {
		if (r->w[i] >= LRNG_NR_IRQS || !irqs[r->w[i]])
			unknown++;
		if ((int)r->w[i] == serial)
			serial_seen++;
	}
	EXPECT_EQ(0U, unknown) {
		TH_LOG("%zu IRQ numbers not in /proc/interrupts", unknown);
	}
	if (serial >= 0)
		EXPECT_LT(0U, serial_seen) {
			TH_LOG("no interrupt of ttyS0 (IRQ %d)", serial);
		}
}

/* Trigger types: IRQ_TYPE_SENSE_MASK at most. */
LRNG_TAP_CHECK(lrng_tap_irqflags)
{
	uint32_t min, max;

	lrng_min_max(r->w, r->n, &min, &max);
	EXPECT_GE(0xfU, max);
}

/* Interrupted addresses: not all zero. */
LRNG_TAP_CHECK(lrng_tap_retip)
{
	EXPECT_FALSE(lrng_all_zero(r->w, r->n));
}

/* A different word of the registers each time: several values. */
LRNG_TAP_CHECK(lrng_tap_regs)
{
	EXPECT_LE(4U, lrng_distinct_of(r->w, r->n));
}

/* 8-bit slots of time stamps: below 256 and varied. */
LRNG_TAP_CHECK(lrng_tap_array)
{
	uint32_t min, max;

	lrng_min_max(r->w, r->n, &min, &max);
	EXPECT_GT(256U, max);
	EXPECT_LE(8U, lrng_distinct_of(r->w, r->n));
}

/* Cycles of the interrupt source: not zero, below 2^31, varied. */
LRNG_TAP_CHECK(lrng_tap_perf)
{
	uint32_t min, max;

	lrng_min_max(r->w, r->n, &min, &max);
	EXPECT_LT(0U, min);
	EXPECT_GT(0x80000000U, max);
	EXPECT_LE(2U, lrng_distinct_of(r->w, r->n));
}

TEST_F(testing, taps)
{
	static const struct {
		const char *name;
		void (*check)(struct __test_metadata *_metadata,
			      const struct lrng_tap_read *r);
	} taps[] = {
		{ "lrng_raw_hires", lrng_tap_hires },
		{ "lrng_raw_jiffies", lrng_tap_jiffies },
		{ "lrng_raw_irq", lrng_tap_irq },
		{ "lrng_raw_irqflags", lrng_tap_irqflags },
		{ "lrng_raw_retip", lrng_tap_retip },
		{ "lrng_raw_regs", lrng_tap_regs },
		{ "lrng_raw_array", lrng_tap_array },
		{ "lrng_irq_perf", lrng_tap_perf },
	};
	uint32_t words[LRNG_TAP_WORDS];
	struct lrng_tap_read r = { .w = words, .n = LRNG_TAP_WORDS };
	unsigned int i;
	int failed;

	for (i = 0; i < ARRAY_SIZE(taps); i++) {
		memset(words, 0xff, sizeof(words));
		ASSERT_EQ(0, lrng_tap_with_traffic(taps[i].name, words,
						   LRNG_TAP_WORDS, &r.secs)) {
			TH_LOG("%s: %s", taps[i].name, strerror(errno));
		}
		failed = _metadata->exit_code;
		taps[i].check(_metadata, &r);
		if (_metadata->exit_code != failed)
			TH_LOG("%s: %08x %08x %08x %08x ...", taps[i].name,
			       words[0], words[1], words[2], words[3]);
	}

	/* A read shorter than one word is refused. */
	EXPECT_EQ(-1, lrng_read_tap("lrng_raw_hires", words, 3));
}

static long lrng_file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) ? -1 : st.st_size;
}

/*
 * SP800-90B 6.3.1, the most common value estimate, for @mcv of @n
 * samples: whether its upper bound p_u = p + 2.576 * sqrt(p (1 - p) /
 * (n - 1)) is at most 1/2, i.e. the min-entropy estimate is at least one
 * bit per sample.
 */
static bool lrng_mcv_one_bit(size_t mcv, size_t n)
{
	double p = (double)mcv / n, room = 0.5 - p;

	return room >= 0 && 2.576 * 2.576 * p * (1 - p) / (n - 1) <= room * room;
}

/* The longest run of equal bytes in @b. */
static size_t lrng_longest_run(const uint8_t *b, size_t n)
{
	size_t i, run = 1, longest = 1;

	for (i = 1; i < n; i++) {
		run = b[i] == b[i - 1] ? run + 1 : 1;
		longest = run > longest ? run : longest;
	}
	return longest;
}

/* SP800-90B 4.4.1: the repetition count cutoff for H = 1, alpha 2^-20. */
#define LRNG_RCT_CUTOFF		21

/*
 * The 8-bit samples of the NIST file hold what the LRNG credits an
 * interrupt with by default (CONFIG_LRNG_IRQ_ENTROPY_RATE 256: one bit):
 * the most common value estimate of the samples and of their steps (mod
 * 256) is at least one bit, no run of equal samples reaches the
 * repetition count cutoff for one bit, and the low byte of a cycle counter
 * at 10000 interrupts takes at least 128 values (a uniform byte misses
 * one of them with probability 256 * (255/256)^10000, below 1e-14).  A
 * stuck, constant or counting tap fails.
 */
static void lrng_check_entropy(struct __test_metadata *_metadata,
			       const uint8_t *b, size_t n)
{
	uint32_t *tmp = malloc(n * sizeof(*tmp));
	size_t i, distinct, mcv, step_mcv, run;

	ASSERT_NE(NULL, tmp);
	for (i = 0; i < n; i++)
		tmp[i] = b[i];
	distinct = lrng_distinct(tmp, n, &mcv);
	for (i = 1; i < n; i++)
		tmp[i - 1] = (uint8_t)(b[i] - b[i - 1]);
	lrng_distinct(tmp, n - 1, &step_mcv);
	free(tmp);
	run = lrng_longest_run(b, n);
	TH_LOG("%zu samples: %zu bytes, top %zu times, top step %zu times, longest run %zu",
	       n, distinct, mcv, step_mcv, run);
	EXPECT_LE(128U, distinct);
	EXPECT_TRUE(lrng_mcv_one_bit(mcv, n));
	EXPECT_TRUE(lrng_mcv_one_bit(step_mcv, n - 1));
	EXPECT_GT((size_t)LRNG_RCT_CUTOFF, run);
}

/* Run ./getrawentropy with @argv; its exit status, 128 + signal if killed. */
static int lrng_getrawentropy(char *const argv[])
{
	pid_t tool;
	int status;

	tool = fork();
	if (tool < 0)
		return -1;
	if (!tool) {
		execv("./getrawentropy", argv);
		_exit(127);
	}
	if (waitpid(tool, &status, 0) != tool)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) :
				   128 + WTERMSIG(status);
}

/*
 * Read back the NIST files of @n samples: their sizes are exact, and the
 * byte file holds the low 8 bits of the word file.
 */
static void lrng_nist_read(struct __test_metadata *_metadata,
			   const char *bpath, const char *wpath, uint8_t *bytes,
			   uint32_t *words, size_t n)
{
	size_t i;
	int fd;

	ASSERT_EQ((long)n, lrng_file_size(bpath));
	ASSERT_EQ((long)n * 4, lrng_file_size(wpath));
	fd = open(bpath, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ((ssize_t)n, read(fd, bytes, n));
	close(fd);
	fd = open(wpath, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ((ssize_t)n * 4, read(fd, words, n * 4));
	close(fd);

	for (i = 0; i < n; i++) {
		ASSERT_EQ(words[i] & 0xff, bytes[i]) {
			TH_LOG("sample %zu: byte 0x%02x, word 0x%08x", i,
			       bytes[i], words[i]);
		}
	}
}

/* Room for a slow machine: a debug kernel (KASAN, lockdep) under emulation. */
TEST_F_TIMEOUT(testing, nist_hires, 90)
{
	static char *const argv[] = {
		"getrawentropy", "-t", "lrng_raw_hires", "-n", "10000",
		"-s", LRNG_NIST_BYTES, "-w", LRNG_NIST_WORDS, NULL
	};
	static uint8_t bytes[LRNG_NIST_SAMPLES];
	static uint32_t words[LRNG_NIST_SAMPLES];
	pid_t traffic;
	int status;

	unlink(LRNG_NIST_BYTES);
	unlink(LRNG_NIST_WORDS);
	traffic = lrng_traffic_start(LRNG_TRAFFIC_TTY, LRNG_TRAFFIC_LINE);
	ASSERT_GT(traffic, 0);
	status = lrng_getrawentropy(argv);
	lrng_traffic_stop(traffic);
	ASSERT_EQ(0, status);

	lrng_nist_read(_metadata, LRNG_NIST_BYTES, LRNG_NIST_WORDS, bytes,
		       words, LRNG_NIST_SAMPLES);
	lrng_check_stamps(_metadata, "lrng_raw_hires", words,
			  LRNG_NIST_SAMPLES);
	lrng_check_entropy(_metadata, bytes, LRNG_NIST_SAMPLES);
	unlink(LRNG_NIST_BYTES);
	unlink(LRNG_NIST_WORDS);
}

/*
 * The 8-bit samples of the Jitter RNG vary: in each run of LRNG_JENT_RUN
 * consecutive stamps, the steps between neighbours, mod 256 (the low byte
 * is all the 8-bit file keeps), take at least LRNG_JENT_MIN_STEPS values.
 * A constant source gives at most three: one for a stuck timer, a counter
 * with a constant step or a low byte that does not move, two for a clock
 * whose two intervals per measurement are constant (the interface stores
 * two stamps per measurement: the one that sets the memory access loop
 * count, then the measurement), and one more for the gap between two
 * Jitter RNG blocks, of which a run holds at most one (a block takes over
 * 256 stamps).
 */
static void lrng_check_jent(struct __test_metadata *_metadata,
			    const uint8_t *b, size_t n)
{
	size_t run, i, j, distinct, fewest = LRNG_JENT_RUN, weak = 0;
	bool seen[256];

	for (run = 0; run < n; run += LRNG_JENT_RUN) {
		memset(seen, 0, sizeof(seen));
		distinct = 0;
		for (i = run + 1; i < run + LRNG_JENT_RUN && i < n; i++) {
			j = (uint8_t)(b[i] - b[i - 1]);
			distinct += !seen[j];
			seen[j] = true;
		}
		fewest = distinct < fewest ? distinct : fewest;
		weak += distinct < LRNG_JENT_MIN_STEPS;
	}
	TH_LOG("%zu Jitter RNG samples: at least %zu steps in each run of %d",
	       n, fewest, LRNG_JENT_RUN);
	EXPECT_EQ(0U, weak) {
		TH_LOG("%zu runs with fewer than %d steps", weak,
		       LRNG_JENT_MIN_STEPS);
	}
}

/*
 * The Jitter RNG's time stamps through the kernel's own test interface:
 * getrawentropy -j writes LRNG_JENT_SAMPLES of them in the NIST formats,
 * which vary (lrng_check_jent()).  -T bounds each read of a run well
 * within this case's timeout.
 */
TEST_F_TIMEOUT(testing, nist_jent, 60)
{
	static char *const argv[] = {
		"getrawentropy", "-j", "-n", LRNG_STR(LRNG_JENT_SAMPLES),
		"-s", LRNG_JENT_BYTES, "-w", LRNG_JENT_WORDS, "-T", "20", NULL
	};
	static uint8_t bytes[LRNG_JENT_SAMPLES];
	static uint32_t words[LRNG_JENT_SAMPLES];
	char avail[16];
	struct stat st;

	ASSERT_EQ(0, lrng_type_text("JitterRNG", "Available", avail,
				    sizeof(avail))) {
		TH_LOG("/proc/lrng_type has no JitterRNG \"Available\" line");
	}
	if (strcmp(avail, "true"))
		SKIP(return, "the Jitter RNG is not available on this machine");
	ASSERT_EQ(0, stat(LRNG_JENT_TAP, &st)) {
		TH_LOG("%s: %s", LRNG_JENT_TAP, strerror(errno));
	}
	EXPECT_EQ(0U, st.st_uid);
	EXPECT_EQ(0400U, st.st_mode & 07777);

	unlink(LRNG_JENT_BYTES);
	unlink(LRNG_JENT_WORDS);
	ASSERT_EQ(0, lrng_getrawentropy(argv));
	lrng_nist_read(_metadata, LRNG_JENT_BYTES, LRNG_JENT_WORDS, bytes,
		       words, LRNG_JENT_SAMPLES);
	lrng_check_jent(_metadata, bytes, LRNG_JENT_SAMPLES);
	unlink(LRNG_JENT_BYTES);
	unlink(LRNG_JENT_WORDS);
}

TEST_HARNESS_MAIN
