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
 *  - health_panic_parameter:
 *    /sys/module/lrng_health/parameters/panic_on_permanent_health_failure
 *    is root's, mode 0444, reads "N" (the harness boots without it), and
 *    root cannot open it for writing (EACCES): a boot-only setting.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/capability.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop

#include "lrng_common.h"

#define LRNG_SELFTEST_PASSED	"LRNG power-on self-tests passed"
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

TEST_HARNESS_MAIN
