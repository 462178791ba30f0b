// SPDX-License-Identifier: GPL-2.0
/*
 * The LRNG's power-on self-tests on demand and the health tests' panic
 * parameter.  LRNG only.
 *
 *  - selftest_status: /sys/module/lrng_selftest/parameters/selftest_status
 *    is 0 (every power-on self-test passed).
 *  - selftest_rerun: the status file is root's, mode 0644; root writing
 *    "1" or "1\n" succeeds, runs the tests again (one more "LRNG power-on
 *    self-tests passed" in the kernel log) and leaves the status 0.
 *  - selftest_rerun_bad_input: any other write as root ("x", "2", "0",
 *    " 1", "1\n\n", "\n", 4096 bytes, ...) fails with EINVAL, an empty
 *    write returns 0 (sysfs does not pass it on); none runs the tests or
 *    changes the status.
 *  - selftest_rerun_unprivileged: nobody gets EACCES opening the status
 *    file for writing; root without capabilities opens it and gets EPERM
 *    writing "1"; neither runs the tests or changes the status.
 *  - selftest_failure.stops_user_space (test kernels with
 *    CONFIG_LRNG_TEST_SELFTEST_FAIL, not in FIPS mode, where a failure
 *    panics): a run made to fail through
 *    /sys/module/lrng_selftest/parameters/corrupt_next logs "LRNG
 *    power-on self-tests failed", sets the status to 1 (ChaCha20), and
 *    then getrandom(2) with any flags, /dev/urandom and /dev/random fail
 *    with EIO, and the vDSO's getrandom(), keyed before, returns -EIO
 *    (it passes the call to getrandom(2)).  A run that passes brings all
 *    of them back.
 *  - selftest_failure.ends_long_read: a 1 GiB readv() of /dev/urandom
 *    under way when a run fails returns a short count.
 *  After each selftest_failure case the tests run once more (teardown), so
 *  that the status is 0 again for the tests after it.
 *  - health_panic_parameter:
 *    /sys/module/lrng_health/parameters/panic_on_permanent_health_failure
 *    is root's, mode 0444, reads "N" (the harness boots without it), and
 *    root cannot open it for writing (EACCES): a boot-only setting.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>
#include <linux/capability.h>
#include <linux/random.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop

#include "lrng_common.h"
#include "lrng_vgetrandom.h"

#define LRNG_SELFTEST_PASSED	"LRNG power-on self-tests passed"
#define LRNG_SELFTEST_FAILED	"LRNG power-on self-tests failed"
#define LRNG_HEALTH_PANIC \
	"/sys/module/lrng_health/parameters/panic_on_permanent_health_failure"

TEST(selftest_status)
{
	long status;

	ASSERT_EQ(0, lrng_read_int(LRNG_SELFTEST_STATUS, &status)) {
		TH_LOG("%s: %s", LRNG_SELFTEST_STATUS, strerror(errno));
	}
	ASSERT_EQ(0, status) {
		TH_LOG("power-on self-tests failed: 0x%lx", status);
	}
}

/* Root writes 1 (echo's "1\n" too): the tests run again and pass. */
TEST(selftest_rerun)
{
	static const char * const ones[] = { "1", "1\n" };
	struct stat st;
	unsigned int i;
	long status;
	int passed;

	ASSERT_EQ(0, stat(LRNG_SELFTEST_STATUS, &st)) {
		TH_LOG("%s: %s", LRNG_SELFTEST_STATUS, strerror(errno));
	}
	EXPECT_EQ(0U, st.st_uid);
	EXPECT_EQ(0644U, st.st_mode & 07777);
	for (i = 0; i < ARRAY_SIZE(ones); i++) {
		passed = lrng_kmsg_count(LRNG_SELFTEST_PASSED);
		ASSERT_LE(0, passed);
		ASSERT_EQ(0, lrng_write_str(LRNG_SELFTEST_STATUS, ones[i])) {
			TH_LOG("writing \"%.*s\": %s",
			       (int)strcspn(ones[i], "\n"), ones[i],
			       strerror(errno));
		}
		EXPECT_LT(passed, lrng_kmsg_count(LRNG_SELFTEST_PASSED)) {
			TH_LOG("no \"%s\" logged: the tests did not run",
			       LRNG_SELFTEST_PASSED);
		}
		ASSERT_EQ(0, lrng_read_int(LRNG_SELFTEST_STATUS, &status));
		EXPECT_EQ(0, status) {
			TH_LOG("the re-run failed: 0x%lx", status);
		}
	}
}

/* Anything but "1" is refused: EINVAL, no run, the status unchanged. */
TEST(selftest_rerun_bad_input)
{
	static const char * const bad[] = {
		"x", "2", "0", "-1", "01", "+1", "0x1", "11", " 1", "1 ",
		"1\n\n", "\n", "y", "on",
	};
	long before, after;
	unsigned int i;
	char *page;
	int passed;

	ASSERT_EQ(0, lrng_read_int(LRNG_SELFTEST_STATUS, &before));
	passed = lrng_kmsg_count(LRNG_SELFTEST_PASSED);
	ASSERT_LE(0, passed);
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		EXPECT_EQ(-EINVAL, lrng_write_str(LRNG_SELFTEST_STATUS, bad[i])) {
			TH_LOG("writing \"%s\"", bad[i]);
		}
	/* A whole page, what sysfs passes on at most. */
	page = malloc(4097);
	ASSERT_NE(NULL, page);
	memset(page, 'x', 4096);
	page[4096] = '\0';
	EXPECT_EQ(-EINVAL, lrng_write_str(LRNG_SELFTEST_STATUS, page));
	memset(page, '1', 4096);
	EXPECT_EQ(-EINVAL, lrng_write_str(LRNG_SELFTEST_STATUS, page));
	free(page);
	/* sysfs answers an empty write itself, with 0. */
	EXPECT_EQ(0, lrng_write_str(LRNG_SELFTEST_STATUS, ""));

	EXPECT_EQ(passed, lrng_kmsg_count(LRNG_SELFTEST_PASSED)) {
		TH_LOG("a refused write ran the tests");
	}
	ASSERT_EQ(0, lrng_read_int(LRNG_SELFTEST_STATUS, &after));
	EXPECT_EQ(before, after);
}

/* As nobody: the status file does not open for writing. */
static int lrng_selftest_write_nobody(void *arg)
{
	int fd;

	(void)arg;
	errno = 0;
	fd = open(LRNG_SELFTEST_STATUS, O_WRONLY | O_CLOEXEC);
	if (fd >= 0)
		close(fd);
	return LRNG_CHECK(fd < 0 && errno == EACCES);
}

/* For lrng_run_child(): stay root, without any capability. */
static int lrng_become_root_without_caps(void *arg)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];

	(void)arg;
	memset(data, 0, sizeof(data));
	return syscall(SYS_capset, &hdr, data);
}

/* Root's file opens for root without capabilities; the write needs one. */
static int lrng_selftest_write_nocap(void *arg)
{
	(void)arg;
	return LRNG_CHECK(lrng_write_str(LRNG_SELFTEST_STATUS, "1") == -EPERM);
}

TEST(selftest_rerun_unprivileged)
{
	long before, after;
	int passed;

	ASSERT_EQ(0, lrng_read_int(LRNG_SELFTEST_STATUS, &before));
	passed = lrng_kmsg_count(LRNG_SELFTEST_PASSED);
	ASSERT_LE(0, passed);
	EXPECT_EQ(0, lrng_run_unprivileged(lrng_selftest_write_nobody, NULL));
	EXPECT_EQ(0, lrng_run_child(lrng_become_root_without_caps,
				    lrng_selftest_write_nocap, NULL));
	EXPECT_EQ(passed, lrng_kmsg_count(LRNG_SELFTEST_PASSED)) {
		TH_LOG("an unprivileged write ran the tests");
	}
	ASSERT_EQ(0, lrng_read_int(LRNG_SELFTEST_STATUS, &after));
	EXPECT_EQ(before, after);
}

/* Readable, off by default, and set only on the kernel command line. */
TEST(health_panic_parameter)
{
	struct stat st;
	char val[8];
	int fd;

	ASSERT_EQ(0, stat(LRNG_HEALTH_PANIC, &st)) {
		TH_LOG("%s: %s", LRNG_HEALTH_PANIC, strerror(errno));
	}
	EXPECT_EQ(0U, st.st_uid);
	EXPECT_EQ(0444U, st.st_mode & 07777);
	ASSERT_EQ(2, lrng_read_file(LRNG_HEALTH_PANIC, val, sizeof(val)));
	EXPECT_STREQ("N\n", val);
	errno = 0;
	fd = open(LRNG_HEALTH_PANIC, O_WRONLY | O_CLOEXEC);
	if (fd >= 0)
		close(fd);
	EXPECT_EQ(-1, fd);
	EXPECT_EQ(EACCES, errno);
}

/*
 * A run of the power-on self-tests made to fail, and its effects.  The
 * teardown runs them again, so that the status is 0 for later tests.
 */
FIXTURE(selftest_failure) {
	int failed;
};

FIXTURE_SETUP(selftest_failure)
{
	long fips = 0;

	if (access(LRNG_SELFTEST_CORRUPT, F_OK))
		SKIP(return, "no %s: kernel without CONFIG_LRNG_TEST_SELFTEST_FAIL",
		     LRNG_SELFTEST_CORRUPT);
	lrng_read_int("/proc/sys/crypto/fips_enabled", &fips);
	if (fips)
		SKIP(return, "FIPS mode: a failed self-test panics the kernel");
	self->failed = lrng_kmsg_count(LRNG_SELFTEST_FAILED);
	ASSERT_LE(0, self->failed);
}

FIXTURE_TEARDOWN(selftest_failure)
{
	long status = -1;

	if (access(LRNG_SELFTEST_CORRUPT, F_OK))
		return;
	EXPECT_EQ(0, lrng_write_str(LRNG_SELFTEST_STATUS, "1"));
	EXPECT_EQ(0, lrng_read_int(LRNG_SELFTEST_STATUS, &status));
	EXPECT_EQ(0, status) {
		TH_LOG("the tests still fail after the injected failure: 0x%lx",
		       status);
	}
}

/* Make the next run fail its ChaCha20 test, run it, check the status. */
static int lrng_selftest_fail_run(struct __test_metadata *_metadata,
				  int failed_before)
{
	long status = -1;

	if (lrng_write_str(LRNG_SELFTEST_CORRUPT, "1") ||
	    lrng_write_str(LRNG_SELFTEST_STATUS, "1") ||
	    lrng_read_int(LRNG_SELFTEST_STATUS, &status))
		return -1;
	EXPECT_EQ(1, status) {
		TH_LOG("status after the injected failure: 0x%lx", status);
	}
	EXPECT_LT(failed_before, lrng_kmsg_count(LRNG_SELFTEST_FAILED)) {
		TH_LOG("no \"%s\" logged", LRNG_SELFTEST_FAILED);
	}
	return status == 1 ? 0 : -1;
}

/* The errno of reading 16 bytes of @path, 0 when it succeeds. */
static int lrng_read_errno(const char *path)
{
	char buf[16];
	ssize_t ret;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno;
	ret = read(fd, buf, sizeof(buf));
	if (ret < 0)
		ret = -errno;
	close(fd);
	return ret == (ssize_t)sizeof(buf) ? 0 : ret < 0 ? -ret : EIO;
}

TEST_F(selftest_failure, stops_user_space)
{
	static const unsigned int flags[] = {
		0, GRND_NONBLOCK, GRND_INSECURE, GRND_RANDOM,
	};
	unsigned char buf[16];
	unsigned int i;

	/* Keyed before the failure, the vDSO's state must stop serving. */
	ASSERT_EQ(0, lrng_vdso_setup()) {
		TH_LOG("no vDSO getrandom()");
	}
	ASSERT_EQ(16, lrng_vgetrandom(buf, sizeof(buf), 0));

	ASSERT_EQ(0, lrng_selftest_fail_run(_metadata, self->failed));
	for (i = 0; i < ARRAY_SIZE(flags); i++) {
		errno = 0;
		EXPECT_EQ(-1, lrng_getrandom(buf, sizeof(buf), flags[i]));
		EXPECT_EQ(EIO, errno) {
			TH_LOG("getrandom(2) flags 0x%x: %s", flags[i],
			       strerror(errno));
		}
	}
	EXPECT_EQ(EIO, lrng_read_errno("/dev/urandom"));
	EXPECT_EQ(EIO, lrng_read_errno("/dev/random"));
	EXPECT_EQ(-EIO, lrng_vgetrandom(buf, sizeof(buf), 0));

	/* A run that passes brings every path back. */
	ASSERT_EQ(0, lrng_write_str(LRNG_SELFTEST_STATUS, "1"));
	EXPECT_EQ(16, lrng_getrandom(buf, sizeof(buf), 0));
	EXPECT_EQ(0, lrng_read_errno("/dev/urandom"));
	EXPECT_EQ(0, lrng_read_errno("/dev/random"));
	EXPECT_EQ(16, lrng_vgetrandom(buf, sizeof(buf), 0));
}

#define LRNG_LONG_IOVS	1024

struct lrng_long_read {
	int fd;
	void *buf;
	ssize_t ret;
	int err;
	int started;
	int done;
};

/* One readv() of LRNG_LONG_IOVS MiB, all into the same MiB. */
static void *lrng_long_read_fn(void *arg)
{
	struct lrng_long_read *r = arg;
	struct iovec iov[LRNG_LONG_IOVS];
	unsigned int i;

	for (i = 0; i < LRNG_LONG_IOVS; i++) {
		iov[i].iov_base = r->buf;
		iov[i].iov_len = LRNG_MIB;
	}
	__atomic_store_n(&r->started, 1, __ATOMIC_SEQ_CST);
	r->ret = readv(r->fd, iov, LRNG_LONG_IOVS);
	r->err = errno;
	__atomic_store_n(&r->done, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

TEST_F(selftest_failure, ends_long_read)
{
	struct lrng_long_read r = { .ret = -1 };
	pthread_t thread;
	int running;

	r.buf = malloc(LRNG_MIB);
	ASSERT_NE(NULL, r.buf);
	r.fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, r.fd);
	ASSERT_EQ(0, pthread_create(&thread, NULL, lrng_long_read_fn, &r));
	while (!__atomic_load_n(&r.started, __ATOMIC_SEQ_CST))
		usleep(1000);
	usleep(200000);
	running = !__atomic_load_n(&r.done, __ATOMIC_SEQ_CST);

	EXPECT_EQ(0, lrng_selftest_fail_run(_metadata, self->failed));
	pthread_join(thread, NULL);
	close(r.fd);
	free(r.buf);
	ASSERT_TRUE(running) {
		TH_LOG("the %u MiB read ended before the failed run: %zd",
		       LRNG_LONG_IOVS, r.ret);
	}
	EXPECT_LT(0, r.ret) {
		TH_LOG("readv: %s", strerror(r.err));
	}
	EXPECT_GT((ssize_t)(LRNG_LONG_IOVS * LRNG_MIB), r.ret) {
		TH_LOG("the read went on after the failed run");
	}
}

TEST_HARNESS_MAIN
