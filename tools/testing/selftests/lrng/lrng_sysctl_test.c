// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/sys/kernel/random/ user ABI tests.
 *
 * They test the ABI of Linux 6.12 as provided by drivers/char/random.c, so
 * they must pass both with random.c and with the LRNG.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The 6.12 harness itself is not clean with -Wextra. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop
#include "lrng_common.h"

#define UUID_LEN	36	/* without the trailing newline */
#define UUID_READS	10

enum sysctl_kind {
	SYSCTL_INT_EXACT,	/* an integer that always has .value */
	SYSCTL_INT_RANGE,	/* an integer in 0...value */
	SYSCTL_UUID_STABLE,	/* a UUID that never changes (boot_id) */
	SYSCTL_UUID_FRESH,	/* a new UUID on every read (uuid) */
};

FIXTURE(sysctl) {
	char path[128];
};

FIXTURE_VARIANT(sysctl) {
	const char *name;
	unsigned int mode;
	enum sysctl_kind kind;
	long value;
	/* Value on an LRNG kernel, where it differs from random.c's. */
	long lrng_value;
};

FIXTURE_VARIANT_ADD(sysctl, poolsize) {
	.name = "poolsize",
	.mode = 0444,
	.kind = SYSCTL_INT_EXACT,
	.value = 256,
};

FIXTURE_VARIANT_ADD(sysctl, entropy_avail) {
	.name = "entropy_avail",
	.mode = 0444,
	.kind = SYSCTL_INT_RANGE,
	.value = 256,
};

FIXTURE_VARIANT_ADD(sysctl, write_wakeup_threshold) {
	.name = "write_wakeup_threshold",
	.mode = 0644,
	.kind = SYSCTL_INT_EXACT,
	.value = 256,
};

FIXTURE_VARIANT_ADD(sysctl, urandom_min_reseed_secs) {
	.name = "urandom_min_reseed_secs",
	.mode = 0644,
	.kind = SYSCTL_INT_EXACT,
	.value = 60,
	/* The LRNG reports its own reseed interval. */
	.lrng_value = 600,
};

FIXTURE_VARIANT_ADD(sysctl, boot_id) {
	.name = "boot_id",
	.mode = 0444,
	.kind = SYSCTL_UUID_STABLE,
};

FIXTURE_VARIANT_ADD(sysctl, uuid) {
	.name = "uuid",
	.mode = 0444,
	.kind = SYSCTL_UUID_FRESH,
};

/* The value to expect on the kernel under test. */
static long expected_value(const struct _fixture_variant_sysctl *variant)
{
	if (variant->lrng_value && access("/proc/lrng_type", F_OK) == 0)
		return variant->lrng_value;
	return variant->value;
}

FIXTURE_SETUP(sysctl)
{
	snprintf(self->path, sizeof(self->path), "%s%s", LRNG_SYSCTL_DIR,
		 variant->name);
}

FIXTURE_TEARDOWN(sysctl)
{
}

/* Read a UUID sysctl; it must be exactly one UUID and a newline. */
static bool read_uuid(const char *path, char *out)
{
	char buf[64];
	ssize_t len;

	len = lrng_read_file(path, buf, sizeof(buf));
	if (len != UUID_LEN + 1 || buf[UUID_LEN] != '\n')
		return false;
	buf[UUID_LEN] = '\0';
	memcpy(out, buf, UUID_LEN + 1);
	return lrng_is_uuid_v4(out);
}

/* Check the value of @path, of type @kind; returns 0 if it is right. */
static int check_value(const char *path, enum sysctl_kind kind, long value)
{
	char uuids[UUID_READS][UUID_LEN + 1];
	int fails = 0, i, j;
	long val = -1;

	switch (kind) {
	case SYSCTL_INT_EXACT:
		fails += LRNG_CHECK(!lrng_read_int(path, &val));
		fails += LRNG_CHECK(val == value);
		break;
	case SYSCTL_INT_RANGE:
		fails += LRNG_CHECK(!lrng_read_int(path, &val));
		fails += LRNG_CHECK(val >= 0 && val <= value);
		break;
	case SYSCTL_UUID_STABLE:
	case SYSCTL_UUID_FRESH:
		for (i = 0; i < UUID_READS; i++) {
			if (LRNG_CHECK(read_uuid(path, uuids[i])))
				return 1;
		}
		for (i = 0; i < UUID_READS; i++) {
			for (j = i + 1; j < UUID_READS; j++) {
				bool same = !strcmp(uuids[i], uuids[j]);

				if (kind == SYSCTL_UUID_STABLE)
					fails += LRNG_CHECK(same);
				else
					fails += LRNG_CHECK(!same);
			}
		}
		break;
	}
	if (fails)
		fprintf(stderr, "# %s: wrong value (last integer read: %ld)\n",
			path, val);
	return fails;
}

TEST_F(sysctl, mode)
{
	struct stat st;

	ASSERT_EQ(0, stat(self->path, &st)) {
		TH_LOG("%s: %s", self->path, strerror(errno));
	}
	EXPECT_TRUE(S_ISREG(st.st_mode));
	EXPECT_EQ(variant->mode, st.st_mode & 07777);
	EXPECT_EQ(0U, st.st_uid);
}

TEST_F(sysctl, value)
{
	EXPECT_EQ(0, check_value(self->path, variant->kind,
				 expected_value(variant)));
}

/*
 * write_wakeup_threshold and urandom_min_reseed_secs accept writes from
 * root, but ignore them.  The read-only ones cannot even be opened for
 * writing, not even by root.
 */
TEST_F(sysctl, write)
{
	static const char text[] = "1024\n";
	ssize_t ret;
	int fd;

	if (!(variant->mode & 0200)) {
		errno = 0;
		EXPECT_EQ(-1, open(self->path, O_WRONLY | O_CLOEXEC));
		EXPECT_EQ(EACCES, errno);
		errno = 0;
		EXPECT_EQ(-1, open(self->path, O_RDWR | O_CLOEXEC));
		EXPECT_EQ(EACCES, errno);
		return;
	}

	if (geteuid())
		SKIP(return, "needs root to write %s", self->path);

	fd = open(self->path, O_WRONLY | O_CLOEXEC);
	ASSERT_LE(0, fd) {
		TH_LOG("open(%s, O_WRONLY): %s", self->path, strerror(errno));
	}
	ret = write(fd, text, strlen(text));
	close(fd);
	EXPECT_EQ((ssize_t)strlen(text), ret) {
		TH_LOG("write(%s): %zd (errno %d)", self->path, ret, errno);
	}
	EXPECT_EQ(0, check_value(self->path, variant->kind,
				 expected_value(variant)));
}

struct unpriv_ctx {
	const char *path;
	enum sysctl_kind kind;
	long value;
};

static int unprivileged_access(void *arg)
{
	struct unpriv_ctx *ctx = arg;
	int fails;

	fails = check_value(ctx->path, ctx->kind, ctx->value);
	errno = 0;
	fails += LRNG_CHECK(open(ctx->path, O_WRONLY | O_CLOEXEC) == -1 &&
			    errno == EACCES);
	return fails ? 1 : 0;
}

/* Everybody can read the values, nobody but root may write. */
TEST_F(sysctl, unprivileged)
{
	struct unpriv_ctx ctx = {
		.path = self->path,
		.kind = variant->kind,
		.value = expected_value(variant),
	};

	if (geteuid())
		SKIP(return, "needs root to switch to an unprivileged uid");

	EXPECT_EQ(0, lrng_run_unprivileged(unprivileged_access, &ctx));
}

TEST_HARNESS_MAIN
