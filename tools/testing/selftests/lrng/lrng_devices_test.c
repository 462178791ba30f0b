// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/random and /dev/urandom user ABI tests: read, write, lseek, mmap,
 * poll, epoll, RWF_NOWAIT, splice and the RND* ioctls.
 *
 * They test the ABI of Linux 6.12 as provided by drivers/char/random.c, so
 * they must pass both with random.c and with the LRNG.  The RNG is expected
 * to be ready (fully initialised) when they run.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <linux/random.h>
#include <poll.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
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
#define POOL_BITS	256
#define ENTROPY_AVAIL	LRNG_SYSCTL_DIR "entropy_avail"

/* Not defined by the uapi headers: an ioctl number random.c does not know. */
#define RND_UNKNOWN_IOCTL	_IO('R', 0x42)
#define RND_UNKNOWN_IOR		_IOR('R', 0x42, int)

static const size_t test_sizes[] = {
	0, 1, 16, 32, 33, 64, 512, 4096, 65536, LRNG_MIB
};

static bool all_bytes_are(const unsigned char *buf, size_t len, int c)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (buf[i] != (unsigned char)c)
			return false;
	return true;
}

static long entropy_avail(void)
{
	long val;

	if (lrng_read_int(ENTROPY_AVAIL, &val))
		return -1;
	return val;
}

FIXTURE(dev) {
	int fd;
	unsigned char *buf;
	size_t buf_len;
};

FIXTURE_VARIANT(dev) {
	const char *path;
	unsigned int minor;
	bool has_poll;
};

FIXTURE_VARIANT_ADD(dev, random) {
	.path = "/dev/random",
	.minor = 8,
	.has_poll = true,
};

FIXTURE_VARIANT_ADD(dev, urandom) {
	.path = "/dev/urandom",
	.minor = 9,
	.has_poll = false,
};

FIXTURE_SETUP(dev)
{
	self->buf = MAP_FAILED;
	self->fd = open(variant->path, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, self->fd) {
		TH_LOG("open(%s): %s", variant->path, strerror(errno));
	}
	self->buf_len = BIG_LEN + GUARD_LEN;
	self->buf = mmap(NULL, self->buf_len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, self->buf);
}

FIXTURE_TEARDOWN(dev)
{
	if (self->buf != MAP_FAILED)
		munmap(self->buf, self->buf_len);
	if (self->fd >= 0)
		close(self->fd);
}

TEST_F(dev, node)
{
	struct stat st;

	ASSERT_EQ(0, stat(variant->path, &st));
	EXPECT_TRUE(S_ISCHR(st.st_mode));
	EXPECT_EQ(0666U, st.st_mode & 07777);
	EXPECT_EQ(1U, major(st.st_rdev));
	EXPECT_EQ(variant->minor, minor(st.st_rdev));
}

/*
 * read(2) is only allowed to be short for more than MAX_RW_COUNT bytes (or
 * when a signal arrives), so up to 1 MiB every read returns the full count.
 */
TEST_F(dev, read_full_count)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(test_sizes); i++) {
		size_t len = test_sizes[i];
		ssize_t ret;

		memset(self->buf, GUARD_BYTE, len + GUARD_LEN);
		ret = read(self->fd, self->buf, len);
		ASSERT_EQ((ssize_t)len, ret) {
			TH_LOG("read(%s, %zu): %zd (errno %d)",
			       variant->path, len, ret, errno);
		}
		ASSERT_TRUE(all_bytes_are(self->buf + len, GUARD_LEN,
					  GUARD_BYTE));
		if (len >= 16) {
			ASSERT_FALSE(all_bytes_are(self->buf, len, GUARD_BYTE)) {
				TH_LOG("read(%zu) did not fill the buffer",
				       len);
			}
		}
	}
}

TEST_F(dev, reads_differ)
{
	enum { ROUNDS = 100, LEN = 32 };
	unsigned char (*out)[LEN] = (void *)self->buf;
	int i, j;

	for (i = 0; i < ROUNDS; i++)
		ASSERT_EQ(LEN, read(self->fd, out[i], LEN));

	for (i = 0; i < ROUNDS; i++)
		for (j = i + 1; j < ROUNDS; j++)
			ASSERT_NE(0, memcmp(out[i], out[j], LEN)) {
				TH_LOG("reads %d and %d are equal", i, j);
			}
}

TEST_F(dev, read_efault)
{
	long page = sysconf(_SC_PAGESIZE);
	unsigned char *p;

	errno = 0;
	/* syscall() because glibc declares read()'s buffer non-NULL. */
	EXPECT_EQ(-1, syscall(SYS_read, self->fd, NULL, 16));
	EXPECT_EQ(EFAULT, errno);

	p = mmap(NULL, page, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, p);
	ASSERT_EQ(0, munmap(p, page));
	errno = 0;
	EXPECT_EQ(-1, read(self->fd, p, 64));
	EXPECT_EQ(EFAULT, errno);
}

TEST_F(dev, read_partially_unmapped_short)
{
	long page = sysconf(_SC_PAGESIZE);
	unsigned char *p;
	ssize_t ret;

	p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, p);
	ASSERT_EQ(0, munmap(p + page, page));

	ret = read(self->fd, p, 2 * page);
	EXPECT_GT(ret, 0) {
		TH_LOG("read(%ld) into 1 mapped page: %zd (errno %d)",
		       2 * page, ret, errno);
	}
	EXPECT_LE(ret, page);
	munmap(p, page);
}

/*
 * Anybody may write to the devices; the data is mixed in but never
 * credited.  On a ready RNG entropy_avail is 256 and stays there.
 */
TEST_F(dev, write_not_credited)
{
	static const size_t lens[] = { 1, 64, 4096, 65536 };
	int cnt = -1;
	size_t i;

	ASSERT_EQ(POOL_BITS, entropy_avail());
	ASSERT_EQ(0, ioctl(self->fd, RNDGETENTCNT, &cnt));
	ASSERT_EQ(POOL_BITS, cnt);

	memset(self->buf, 0x42, 65536);
	EXPECT_EQ(0, write(self->fd, self->buf, 0));
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		EXPECT_EQ((ssize_t)lens[i], write(self->fd, self->buf, lens[i])) {
			TH_LOG("write(%s, %zu): errno %d", variant->path,
			       lens[i], errno);
		}
	}

	EXPECT_EQ(POOL_BITS, entropy_avail());
	EXPECT_EQ(0, ioctl(self->fd, RNDGETENTCNT, &cnt));
	EXPECT_EQ(POOL_BITS, cnt);
}

TEST_F(dev, write_efault)
{
	errno = 0;
	EXPECT_EQ(-1, syscall(SYS_write, self->fd, NULL, 16));
	EXPECT_EQ(EFAULT, errno);
}

/* llseek is noop_llseek: it succeeds and the position stays at 0. */
TEST_F(dev, lseek)
{
	unsigned char buf[64];

	EXPECT_EQ(0, lseek(self->fd, 0, SEEK_SET));
	ASSERT_EQ((ssize_t)sizeof(buf), read(self->fd, buf, sizeof(buf)));
	EXPECT_EQ(0, lseek(self->fd, 0, SEEK_CUR));
	EXPECT_NE(-1, lseek(self->fd, 4096, SEEK_SET)) {
		TH_LOG("lseek(SEEK_SET 4096): %s", strerror(errno));
	}
	EXPECT_NE(-1, lseek(self->fd, 0, SEEK_END)) {
		TH_LOG("lseek(SEEK_END): %s", strerror(errno));
	}
	EXPECT_EQ((ssize_t)sizeof(buf), read(self->fd, buf, sizeof(buf)));
}

TEST_F(dev, mmap_enodev)
{
	void *p;

	errno = 0;
	p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, self->fd, 0);
	EXPECT_EQ(MAP_FAILED, p);
	EXPECT_EQ(ENODEV, errno);

	errno = 0;
	p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, self->fd, 0);
	EXPECT_EQ(MAP_FAILED, p);
	EXPECT_EQ(ENODEV, errno);
}

/*
 * /dev/random polls readable (and never writable) once the RNG is ready.
 * /dev/urandom has no poll method, so it reports the default mask.
 */
TEST_F(dev, poll)
{
	struct pollfd pfd = {
		.fd = self->fd,
		.events = POLLIN | POLLRDNORM | POLLOUT | POLLWRNORM,
	};

	ASSERT_EQ(1, poll(&pfd, 1, 0));
	EXPECT_TRUE(pfd.revents & POLLIN) {
		TH_LOG("revents %#x", pfd.revents);
	}
	if (variant->has_poll) {
		EXPECT_FALSE(pfd.revents & (POLLOUT | POLLWRNORM)) {
			TH_LOG("revents %#x", pfd.revents);
		}
	} else {
		EXPECT_TRUE(pfd.revents & POLLOUT) {
			TH_LOG("revents %#x", pfd.revents);
		}
	}
	EXPECT_FALSE(pfd.revents & (POLLERR | POLLHUP | POLLNVAL));
}

/* Without a poll method /dev/urandom cannot be added to an epoll set. */
TEST_F(dev, epoll)
{
	struct epoll_event ev = { .events = EPOLLIN | EPOLLOUT };
	struct epoll_event out;
	int epfd, ret;

	epfd = epoll_create1(EPOLL_CLOEXEC);
	ASSERT_LE(0, epfd);

	errno = 0;
	ret = epoll_ctl(epfd, EPOLL_CTL_ADD, self->fd, &ev);
	if (variant->has_poll) {
		ASSERT_EQ(0, ret) {
			TH_LOG("epoll_ctl(ADD %s): %s", variant->path,
			       strerror(errno));
		}
		ASSERT_EQ(1, epoll_wait(epfd, &out, 1, 0));
		EXPECT_TRUE(!!(out.events & EPOLLIN));
		EXPECT_FALSE(!!(out.events & EPOLLOUT));
	} else {
		EXPECT_EQ(-1, ret);
		EXPECT_EQ(EPERM, errno);
	}
	close(epfd);
}

TEST_F(dev, nonblock_read)
{
	ssize_t ret1, ret2;
	int fd;

	fd = open(variant->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ret1 = read(fd, self->buf, 64);
	ret2 = read(fd, self->buf, 65536);
	close(fd);
	EXPECT_EQ(64, ret1);
	EXPECT_EQ(65536, ret2);
}

TEST_F(dev, preadv2_nowait)
{
	struct iovec iov[2] = {
		{ .iov_base = self->buf, .iov_len = 100 },
		{ .iov_base = self->buf + 4096, .iov_len = 4096 },
	};
	ssize_t ret;

	ret = preadv2(self->fd, iov, 2, -1, RWF_NOWAIT);
	EXPECT_EQ(4196, ret) {
		TH_LOG("preadv2(RWF_NOWAIT): %zd (errno %d)", ret, errno);
	}
	ret = preadv2(self->fd, iov, 1, -1, RWF_NOWAIT);
	EXPECT_EQ(100, ret);
	/* A zero-length vector returns 0 before reaching the driver. */
	iov[0].iov_len = 0;
	EXPECT_EQ(0, preadv2(self->fd, iov, 1, -1, RWF_NOWAIT));
}

TEST_F(dev, splice_read)
{
	int pfd[2];
	ssize_t ret;

	ASSERT_EQ(0, pipe2(pfd, O_CLOEXEC));
	ret = splice(self->fd, NULL, pfd[1], NULL, 4096, 0);
	EXPECT_EQ(4096, ret) {
		TH_LOG("splice(%s -> pipe): %zd (errno %d)", variant->path,
		       ret, errno);
	}
	memset(self->buf, 0, 4096);
	EXPECT_EQ(4096, read(pfd[0], self->buf, 4096));
	EXPECT_FALSE(all_bytes_are(self->buf, 4096, 0));
	close(pfd[0]);
	close(pfd[1]);
}

TEST_F(dev, splice_write)
{
	int pfd[2];
	ssize_t ret;

	ASSERT_EQ(0, pipe2(pfd, O_CLOEXEC));
	memset(self->buf, 0x42, 4096);
	ASSERT_EQ(4096, write(pfd[1], self->buf, 4096));
	ret = splice(pfd[0], NULL, self->fd, NULL, 4096, 0);
	EXPECT_EQ(4096, ret) {
		TH_LOG("splice(pipe -> %s): %zd (errno %d)", variant->path,
		       ret, errno);
	}
	close(pfd[0]);
	close(pfd[1]);
	EXPECT_EQ(POOL_BITS, entropy_avail());
}

TEST_F(dev, ioctl_getentcnt)
{
	long avail;
	int cnt = -1;

	ASSERT_EQ(0, ioctl(self->fd, RNDGETENTCNT, &cnt));
	avail = entropy_avail();
	EXPECT_EQ(avail, cnt);
	EXPECT_LE(0, cnt);
	EXPECT_GE(POOL_BITS, cnt);

	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd, RNDGETENTCNT, NULL));
	EXPECT_EQ(EFAULT, errno);
}

/* Unknown commands fail with EINVAL, not ENOTTY. */
TEST_F(dev, ioctl_unknown_einval)
{
	int arg[2] = { 0, 0 };

	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd, RND_UNKNOWN_IOCTL, 0));
	EXPECT_EQ(EINVAL, errno);

	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd, RND_UNKNOWN_IOR, arg));
	EXPECT_EQ(EINVAL, errno);

	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd, FIONREAD, arg));
	EXPECT_EQ(EINVAL, errno);

	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd, RNDGETPOOL, arg));
	EXPECT_EQ(EINVAL, errno);
}

/* RNDZAPENTCNT and RNDCLEARPOOL are accepted but have no effect. */
TEST_F(dev, ioctl_zap_clear)
{
	long before;

	if (geteuid())
		SKIP(return, "needs root (CAP_SYS_ADMIN)");

	before = entropy_avail();
	EXPECT_EQ(0, ioctl(self->fd, RNDZAPENTCNT, 0)) {
		TH_LOG("RNDZAPENTCNT: %s", strerror(errno));
	}
	EXPECT_EQ(0, ioctl(self->fd, RNDCLEARPOOL, 0)) {
		TH_LOG("RNDCLEARPOOL: %s", strerror(errno));
	}
	EXPECT_EQ(before, entropy_avail());
	EXPECT_EQ(0, lrng_getrandom(NULL, 0, GRND_NONBLOCK));
}

TEST_F(dev, ioctl_reseed)
{
	if (geteuid())
		SKIP(return, "needs root (CAP_SYS_ADMIN)");

	EXPECT_EQ(0, ioctl(self->fd, RNDRESEEDCRNG, 0)) {
		TH_LOG("RNDRESEEDCRNG: %s", strerror(errno));
	}
	EXPECT_EQ(64, read(self->fd, self->buf, 64));
}

TEST_F(dev, ioctl_addtoentcnt)
{
	int val;

	if (geteuid())
		SKIP(return, "needs root (CAP_SYS_ADMIN)");

	val = -1;
	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd, RNDADDTOENTCNT, &val));
	EXPECT_EQ(EINVAL, errno);

	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd, RNDADDTOENTCNT, NULL));
	EXPECT_EQ(EFAULT, errno);

	val = 0;
	EXPECT_EQ(0, ioctl(self->fd, RNDADDTOENTCNT, &val)) {
		TH_LOG("RNDADDTOENTCNT(0): %s", strerror(errno));
	}
	EXPECT_EQ(POOL_BITS, entropy_avail());
}

TEST_F(dev, ioctl_addentropy)
{
	long page = sysconf(_SC_PAGESIZE);
	struct rand_pool_info *info;
	unsigned char *p;

	if (geteuid())
		SKIP(return, "needs root (CAP_SYS_ADMIN)");

	info = (struct rand_pool_info *)self->buf;
	info->entropy_count = -1;
	info->buf_size = 16;
	memset(info->buf, 0x42, 16);
	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd, RNDADDENTROPY, info));
	EXPECT_EQ(EINVAL, errno);

	info->entropy_count = 0;
	EXPECT_EQ(0, ioctl(self->fd, RNDADDENTROPY, info)) {
		TH_LOG("RNDADDENTROPY: %s", strerror(errno));
	}

	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd, RNDADDENTROPY, NULL));
	EXPECT_EQ(EFAULT, errno);

	/* Only 16 of the 64 announced data bytes are mapped. */
	p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, p);
	ASSERT_EQ(0, munmap(p + page, page));
	info = (struct rand_pool_info *)(p + page - sizeof(*info) - 16);
	info->entropy_count = 0;
	info->buf_size = 64;
	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd, RNDADDENTROPY, info));
	EXPECT_EQ(EFAULT, errno);
	munmap(p, page);

	EXPECT_EQ(POOL_BITS, entropy_avail());
}

struct unpriv_ctx {
	const char *path;
	long entropy;
};

static int unprivileged_ioctls(void *arg)
{
	struct unpriv_ctx *ctx = arg;
	struct {
		struct rand_pool_info info;
		unsigned char data[16];
	} pool = { .info = { .entropy_count = 0, .buf_size = 16 } };
	unsigned char data[64];
	int fails = 0, fd, val;

	fd = open(ctx->path, O_RDWR | O_CLOEXEC);
	if (LRNG_CHECK(fd >= 0))
		return 1;

	val = -1;
	fails += LRNG_CHECK(!ioctl(fd, RNDGETENTCNT, &val));
	fails += LRNG_CHECK(val == ctx->entropy);

	val = 0;
	errno = 0;
	fails += LRNG_CHECK(ioctl(fd, RNDADDTOENTCNT, &val) == -1 &&
			    errno == EPERM);
	errno = 0;
	fails += LRNG_CHECK(ioctl(fd, RNDADDENTROPY, &pool) == -1 &&
			    errno == EPERM);
	errno = 0;
	fails += LRNG_CHECK(ioctl(fd, RNDZAPENTCNT, 0) == -1 &&
			    errno == EPERM);
	errno = 0;
	fails += LRNG_CHECK(ioctl(fd, RNDCLEARPOOL, 0) == -1 &&
			    errno == EPERM);
	errno = 0;
	fails += LRNG_CHECK(ioctl(fd, RNDRESEEDCRNG, 0) == -1 &&
			    errno == EPERM);
	/* Unknown commands are still EINVAL, not EPERM. */
	errno = 0;
	fails += LRNG_CHECK(ioctl(fd, RND_UNKNOWN_IOCTL, 0) == -1 &&
			    errno == EINVAL);

	/* Writing is allowed, and still not credited. */
	memset(data, 0x42, sizeof(data));
	fails += LRNG_CHECK(write(fd, data, sizeof(data)) == sizeof(data));
	fails += LRNG_CHECK(read(fd, data, sizeof(data)) == sizeof(data));
	fails += LRNG_CHECK(entropy_avail() == ctx->entropy);

	val = -1;
	fails += LRNG_CHECK(!ioctl(fd, RNDGETENTCNT, &val));
	fails += LRNG_CHECK(val == ctx->entropy);

	close(fd);
	return fails ? 1 : 0;
}

/* Without CAP_SYS_ADMIN only RNDGETENTCNT works. */
TEST_F(dev, ioctl_unprivileged_eperm)
{
	struct unpriv_ctx ctx = { .path = variant->path };

	if (geteuid())
		SKIP(return, "needs root to switch to an unprivileged uid");

	ctx.entropy = entropy_avail();
	ASSERT_EQ(POOL_BITS, ctx.entropy);
	EXPECT_EQ(0, lrng_run_unprivileged(unprivileged_ioctls, &ctx));
}

TEST_HARNESS_MAIN
