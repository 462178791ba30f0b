// SPDX-License-Identifier: GPL-2.0
/*
 * The LRNG's test interfaces: power-on self-test status, the raw entropy
 * taps and the ACVT hash in /sys/kernel/debug/lrng_testing/.  LRNG only;
 * the test kernel is built with every tap (tools/testing/selftests/lrng/
 * config), so a missing file fails.
 *
 *  - boot_collection (only when booted with
 *    lrng_testing.boot_raw_hires_test=1, else skipped): the first read of
 *    lrng_raw_hires returns the stamps collected since boot, at most 1000
 *    (exactly 1000 once the collection is done), and the tap then works at
 *    run time.
 *  - selftest_status: /sys/module/lrng_selftest/parameters/selftest_status
 *    is 0 (every power-on self-test passed).
 *  - modes: every file is owned by root with mode 0400 (0600 for the ACVT
 *    hash, 0200 for the stuck-noise injection), and a process without
 *    privileges gets EACCES opening any of them.
 *  - acvt_hash: SHA-256 known answers (FIPS 180-2 appendix B and the
 *    empty message) through the ACVT file.
 *  - taps: each raw tap delivers samples while serial traffic makes
 *    interrupts; the array tap holds 8-bit slots.
 *  - nist_hires: getrawentropy reads 10000 samples of lrng_raw_hires into
 *    the NIST tool's formats (one byte per sample, and the 32-bit words);
 *    the byte file holds the low 8 bits of the word file, and the samples
 *    are not all alike.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
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
#define LRNG_SELFTEST_STATUS	"/sys/module/lrng_selftest/parameters/selftest_status"
#define LRNG_TRAFFIC_TTY	"/dev/ttyS0"
#define LRNG_TRAFFIC_LINE	"lrng_testing_test: taps\n"
#define LRNG_NIST_SAMPLES	10000
#define LRNG_NIST_BYTES		"/tmp/lrng_raw_hires.8bit"
#define LRNG_NIST_WORDS		"/tmp/lrng_raw_hires.32bit"

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

TEST_F(testing, boot_collection)
{
	uint32_t words[LRNG_BOOT_EVENTS + 24];
	long boot, after;
	ssize_t ret;

	ASSERT_EQ(0, lrng_read_int(LRNG_BOOT_HIRES, &boot));
	if (!boot)
		SKIP(return, "booted without lrng_testing.boot_raw_hires_test=1");
	ret = lrng_read_tap_some("lrng_raw_hires", words, sizeof(words));
	ASSERT_LT(0, ret) {
		TH_LOG("lrng_raw_hires: %s", strerror(errno));
	}
	ASSERT_EQ(0, ret % 4);
	EXPECT_GE(LRNG_BOOT_EVENTS, ret / 4);
	if (boot == 2)
		EXPECT_EQ(LRNG_BOOT_EVENTS, ret / 4);
	TH_LOG("boot collection %s: %zd time stamps", boot == 2 ? "done" :
	       "running", ret / 4);
	ASSERT_EQ(0, lrng_read_int(LRNG_BOOT_HIRES, &after));
	EXPECT_EQ(0, after);
}

TEST_F(testing, selftest_status)
{
	long status;

	ASSERT_EQ(0, lrng_read_int(LRNG_SELFTEST_STATUS, &status)) {
		TH_LOG("%s: %s", LRNG_SELFTEST_STATUS, strerror(errno));
	}
	ASSERT_EQ(0, status) {
		TH_LOG("power-on self-tests failed: 0x%lx", status);
	}
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

TEST_F(testing, taps)
{
	static const char *const taps[] = {
		"lrng_raw_hires", "lrng_raw_jiffies", "lrng_raw_irq",
		"lrng_raw_irqflags", "lrng_raw_retip", "lrng_raw_regs",
		"lrng_raw_array", "lrng_irq_perf",
	};
	uint32_t words[64], max;
	unsigned int i, j;
	pid_t traffic;

	traffic = lrng_traffic_start(LRNG_TRAFFIC_TTY, LRNG_TRAFFIC_LINE);
	ASSERT_GT(traffic, 0);
	for (i = 0; i < ARRAY_SIZE(taps); i++) {
		memset(words, 0xff, sizeof(words));
		EXPECT_EQ(0, lrng_read_tap(taps[i], words, sizeof(words))) {
			TH_LOG("%s: %s", taps[i], strerror(errno));
		}
		if (strcmp(taps[i], "lrng_raw_array"))
			continue;
		for (j = 0, max = 0; j < ARRAY_SIZE(words); j++)
			if (words[j] > max)
				max = words[j];
		EXPECT_GT(256U, max);
	}
	lrng_traffic_stop(traffic);

	/* A read shorter than one word is refused. */
	EXPECT_EQ(-1, lrng_read_tap("lrng_raw_hires", words, 3));
}

static long lrng_file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) ? -1 : st.st_size;
}

/* Under a debug kernel (KASAN, lockdep) in TCG this took over 30 s. */
TEST_F_TIMEOUT(testing, nist_hires, 90)
{
	static uint8_t bytes[LRNG_NIST_SAMPLES];
	static uint32_t words[LRNG_NIST_SAMPLES];
	unsigned int i, distinct = 0;
	uint8_t seen[256] = { 0 };
	pid_t traffic, tool;
	int status, fd;

	unlink(LRNG_NIST_BYTES);
	unlink(LRNG_NIST_WORDS);
	traffic = lrng_traffic_start(LRNG_TRAFFIC_TTY, LRNG_TRAFFIC_LINE);
	ASSERT_GT(traffic, 0);
	tool = fork();
	ASSERT_LE(0, tool);
	if (!tool) {
		execl("./getrawentropy", "getrawentropy", "-t", "lrng_raw_hires",
		      "-n", "10000", "-s", LRNG_NIST_BYTES, "-w",
		      LRNG_NIST_WORDS, (char *)NULL);
		_exit(127);
	}
	ASSERT_EQ(tool, waitpid(tool, &status, 0));
	lrng_traffic_stop(traffic);
	ASSERT_TRUE(WIFEXITED(status));
	ASSERT_EQ(0, WEXITSTATUS(status));

	ASSERT_EQ(LRNG_NIST_SAMPLES, lrng_file_size(LRNG_NIST_BYTES));
	ASSERT_EQ(LRNG_NIST_SAMPLES * 4, lrng_file_size(LRNG_NIST_WORDS));
	fd = open(LRNG_NIST_BYTES, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ((ssize_t)sizeof(bytes), read(fd, bytes, sizeof(bytes)));
	close(fd);
	fd = open(LRNG_NIST_WORDS, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ((ssize_t)sizeof(words), read(fd, words, sizeof(words)));
	close(fd);

	for (i = 0; i < LRNG_NIST_SAMPLES; i++) {
		ASSERT_EQ(words[i] & 0xff, bytes[i]) {
			TH_LOG("sample %u: byte 0x%02x, word 0x%08x", i,
			       bytes[i], words[i]);
		}
		if (!seen[bytes[i]]++)
			distinct++;
	}
	/* Time stamps: a stuck or constant tap shows one value. */
	EXPECT_LT(1U, distinct);
	TH_LOG("10000 samples, %u distinct low bytes", distinct);
	unlink(LRNG_NIST_BYTES);
	unlink(LRNG_NIST_WORDS);
}

TEST_HARNESS_MAIN
