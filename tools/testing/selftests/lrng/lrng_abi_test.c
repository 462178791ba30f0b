// SPDX-License-Identifier: GPL-2.0
/*
 * The random.c user ABI of Linux 6.12, checked and written down.
 *
 * Every RND* ioctl (and unknown ones) on /dev/random and /dev/urandom, as
 * root, as nobody without capabilities, as root without CAP_SYS_ADMIN and
 * as nobody with only CAP_SYS_ADMIN; getrandom(2) flags and buffers;
 * read, write, lseek, mmap, poll, select, epoll, fasync and splice on both
 * devices; the names, modes, values and writes of the random sysctls; the
 * random.ratelimit_disable parameter.
 *
 * Each operation is checked against its documented result, and one line
 * "operation: result" goes to the transcript: the file named by
 * $LRNG_ABI_TRANSCRIPT, or stderr as TAP comments when that is not set.
 * A result is a return value, an errno name, a file mode or, where the
 * value may vary, its class ("partial": 0 < count < requested).  Nothing
 * that may differ between random.c and the LRNG is written (the LRNG's
 * urandom_min_reseed_secs value is left out), so the transcripts of both
 * kernels must be the same; the harness compares them.  The transcript
 * writer and the check helpers are in lrng_abi_lib.c.
 *
 * The RNG must be ready (fully seeded) and the test must run as root.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/random.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

/* The 6.12 harness itself is not clean with -Wextra. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop
#include "lrng_common.h"
#include "lrng_abi.h"

#define ABI_PARAM	"/sys/module/random/parameters/ratelimit_disable"
#define ABI_POOL_BITS	256
#define ABI_BIG_LEN	LRNG_MIB

/* A user address the kernel must refuse (the start of the kernel map). */
#define ABI_KERNEL_PTR	((void *)0xffffffff81000000UL)

static const char * const abi_devices[] = { "/dev/random", "/dev/urandom" };

/* ------------------------------------------------------------ ioctls */

enum abi_arg {
	ABI_ARG_NONE,	/* the argument 0 */
	ABI_ARG_NULL,	/* a NULL pointer */
	ABI_ARG_INT,	/* a pointer to an int holding .count */
	ABI_ARG_POOL,	/* rand_pool_info {.count, .size} and 16 data bytes */
	ABI_ARG_EDGE,	/* the same, its 16 data bytes before an unmapped page */
};

struct abi_ioctl {
	const char *name;
	unsigned long cmd;
	enum abi_arg arg;
	int count;
	int size;
	int root;	/* the result with CAP_SYS_ADMIN: 0 or -errno */
	int user;	/* the result without */
};

/* random.c:1485-1546, include/uapi/linux/random.h. */
static const struct abi_ioctl abi_ioctls[] = {
	{ "RNDGETENTCNT(&int)", RNDGETENTCNT, ABI_ARG_INT, 0, 0, 0, 0 },
	{ "RNDGETENTCNT(NULL)", RNDGETENTCNT, ABI_ARG_NULL, 0, 0,
	  -EFAULT, -EFAULT },
	{ "RNDADDTOENTCNT(0)", RNDADDTOENTCNT, ABI_ARG_INT, 0, 0, 0, -EPERM },
	{ "RNDADDTOENTCNT(8)", RNDADDTOENTCNT, ABI_ARG_INT, 8, 0, 0, -EPERM },
	{ "RNDADDTOENTCNT(INT_MAX)", RNDADDTOENTCNT, ABI_ARG_INT, INT_MAX, 0,
	  0, -EPERM },
	{ "RNDADDTOENTCNT(-1)", RNDADDTOENTCNT, ABI_ARG_INT, -1, 0,
	  -EINVAL, -EPERM },
	{ "RNDADDTOENTCNT(NULL)", RNDADDTOENTCNT, ABI_ARG_NULL, 0, 0,
	  -EFAULT, -EPERM },
	{ "RNDGETPOOL", RNDGETPOOL, ABI_ARG_POOL, 0, 16, -EINVAL, -EINVAL },
	{ "RNDADDENTROPY(count 0, size 16)", RNDADDENTROPY, ABI_ARG_POOL,
	  0, 16, 0, -EPERM },
	{ "RNDADDENTROPY(count 128, size 16)", RNDADDENTROPY, ABI_ARG_POOL,
	  128, 16, 0, -EPERM },
	{ "RNDADDENTROPY(count INT_MAX, size 16)", RNDADDENTROPY,
	  ABI_ARG_POOL, INT_MAX, 16, 0, -EPERM },
	{ "RNDADDENTROPY(count 0, size 0)", RNDADDENTROPY, ABI_ARG_POOL,
	  0, 0, 0, -EPERM },
	{ "RNDADDENTROPY(count -1, size 16)", RNDADDENTROPY, ABI_ARG_POOL,
	  -1, 16, -EINVAL, -EPERM },
	{ "RNDADDENTROPY(count 0, size 17, 16 mapped)", RNDADDENTROPY,
	  ABI_ARG_EDGE, 0, 17, -EFAULT, -EPERM },
	{ "RNDADDENTROPY(count 0, size INT_MAX, 16 mapped)", RNDADDENTROPY,
	  ABI_ARG_EDGE, 0, INT_MAX, -EFAULT, -EPERM },
	{ "RNDADDENTROPY(count 0, size -1, 16 mapped)", RNDADDENTROPY,
	  ABI_ARG_EDGE, 0, -1, -EFAULT, -EPERM },
	{ "RNDADDENTROPY(NULL)", RNDADDENTROPY, ABI_ARG_NULL, 0, 0,
	  -EFAULT, -EPERM },
	{ "RNDZAPENTCNT", RNDZAPENTCNT, ABI_ARG_NONE, 0, 0, 0, -EPERM },
	{ "RNDCLEARPOOL", RNDCLEARPOOL, ABI_ARG_NONE, 0, 0, 0, -EPERM },
	{ "RNDRESEEDCRNG", RNDRESEEDCRNG, ABI_ARG_NONE, 0, 0, 0, -EPERM },
	{ "_IO('R', 5)", _IO('R', 5), ABI_ARG_NONE, 0, 0, -EINVAL, -EINVAL },
	{ "_IO('R', 8)", _IO('R', 8), ABI_ARG_NONE, 0, 0, -EINVAL, -EINVAL },
	{ "_IOR('R', 0x42, int)", _IOR('R', 0x42, int), ABI_ARG_INT, 0, 0,
	  -EINVAL, -EINVAL },
	{ "_IOW('R', 0, int)", _IOW('R', 0, int), ABI_ARG_INT, 0, 0,
	  -EINVAL, -EINVAL },
	{ "_IO('R', 1)", _IO('R', 1), ABI_ARG_NONE, 0, 0, -EINVAL, -EINVAL },
	{ "FIONREAD", FIONREAD, ABI_ARG_INT, 0, 0, -EINVAL, -EINVAL },
	{ "0", 0, ABI_ARG_NONE, 0, 0, -EINVAL, -EINVAL },
	/* Handled by the VFS; FIOASYNC calls the driver's fasync. */
	{ "FIONBIO(0)", FIONBIO, ABI_ARG_INT, 0, 0, 0, 0 },
	{ "FIOASYNC(1)", FIOASYNC, ABI_ARG_INT, 1, 0, 0, 0 },
	{ "FIOASYNC(0)", FIOASYNC, ABI_ARG_INT, 0, 0, 0, 0 },
};

/* Storage for one argument: an int, or a pool header with 16 data bytes. */
struct abi_pool {
	struct rand_pool_info info;
	unsigned char data[16];
};

/* Issue @io on @fd; returns 0 or -errno. */
static long abi_do_ioctl(int fd, const struct abi_ioctl *io,
			 unsigned char *edge)
{
	long page = sysconf(_SC_PAGESIZE);
	struct rand_pool_info *info;
	struct abi_pool pool;
	void *arg = NULL;
	int val = io->count;

	switch (io->arg) {
	case ABI_ARG_NONE:
	case ABI_ARG_NULL:
		break;
	case ABI_ARG_INT:
		arg = &val;
		break;
	case ABI_ARG_POOL:
	case ABI_ARG_EDGE:
		info = &pool.info;
		if (io->arg == ABI_ARG_EDGE)
			info = (void *)(edge + page - sizeof(pool));
		info->entropy_count = io->count;
		info->buf_size = io->size;
		memset(info->buf, 0x42, sizeof(pool.data));
		arg = info;
		break;
	}
	return ABI_CALL(ioctl(fd, io->cmd, arg));
}

/*
 * Every ioctl of abi_ioctls on @path opened with @flags, as @who, with or
 * without CAP_SYS_ADMIN.  Then RNDGETENTCNT must still equal entropy_avail,
 * 256 on a ready RNG.  Returns the number of mismatches.
 */
static int abi_ioctl_matrix(const char *who, bool priv, const char *path,
			    int flags, const char *mode)
{
	unsigned char *edge = abi_edge_pages();
	int fails = 0, fd, val = -1;
	size_t i;

	if (!edge)
		return abi_check(0, -errno, "%s mmap", who);
	fd = open(path, flags | O_CLOEXEC);
	fails += abi_check(0, abi_fd(fd), "%s open %s %s", who, path, mode);
	if (fd < 0)
		goto out;

	for (i = 0; i < ARRAY_SIZE(abi_ioctls); i++) {
		const struct abi_ioctl *io = &abi_ioctls[i];

		fails += abi_check(priv ? io->root : io->user,
				   abi_do_ioctl(fd, io, edge),
				   "%s %s %s ioctl %s", who, path, mode,
				   io->name);
	}

	fails += abi_check(0, ABI_CALL(ioctl(fd, RNDGETENTCNT, &val)),
			   "%s %s RNDGETENTCNT after all", who, path);
	fails += abi_check(ABI_POOL_BITS, val, "%s %s RNDGETENTCNT value",
			   who, path);
	fails += abi_check(val, abi_entropy_avail(),
			   "%s %s entropy_avail = RNDGETENTCNT", who, path);
	close(fd);
out:
	munmap(edge, sysconf(_SC_PAGESIZE));
	return fails;
}

static int abi_all_ioctls(const char *who, bool priv)
{
	int fails = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(abi_devices); i++) {
		fails += abi_ioctl_matrix(who, priv, abi_devices[i],
					  O_RDONLY, "O_RDONLY");
		fails += abi_ioctl_matrix(who, priv, abi_devices[i],
					  O_WRONLY, "O_WRONLY");
	}
	return fails;
}

/* In a child of abi_run_as(): check the identity, then every ioctl. */
static int abi_identity_ioctls(void *arg)
{
	const struct abi_identity *id = arg;

	if (abi_check(id->uid, geteuid(), "%s: euid", id->who) ||
	    abi_check(id->cap, abi_cap_sys_admin(),
		      "%s: CAP_SYS_ADMIN effective", id->who))
		return 1;
	return abi_all_ioctls(id->who, id->cap) ? 1 : 0;
}

/* In the child of lrng_run_unprivileged(): nobody, no capabilities. */
static int abi_unprivileged_ioctls(void *arg)
{
	const char *who = arg;
	unsigned char buf[64];
	int fails = 0, fd;
	size_t i;

	fails += abi_check(1, geteuid() != 0, "%s: euid != 0", who);
	fails += abi_check(0, abi_cap_sys_admin(),
			   "%s: CAP_SYS_ADMIN effective", who);
	if (fails)
		return 1;	/* never run the matrix with privileges */

	fails += abi_all_ioctls(who, false);
	/* Reading and writing need no privileges. */
	for (i = 0; i < ARRAY_SIZE(abi_devices); i++) {
		fd = open(abi_devices[i], O_RDWR | O_CLOEXEC);
		fails += abi_check(0, abi_fd(fd), "%s open %s O_RDWR", who,
				   abi_devices[i]);
		if (fd < 0)
			continue;
		memset(buf, 0x42, sizeof(buf));
		fails += abi_check(64, ABI_CALL(write(fd, buf, 64)),
				   "%s %s write 64", who, abi_devices[i]);
		fails += abi_check(64, ABI_CALL(read(fd, buf, 64)),
				   "%s %s read 64", who, abi_devices[i]);
		close(fd);
	}
	fails += abi_check(ABI_POOL_BITS, abi_entropy_avail(),
			   "%s entropy_avail", who);
	return fails ? 1 : 0;
}

FIXTURE(lrng_abi) {
	int unused;
};

FIXTURE_SETUP(lrng_abi)
{
	ASSERT_EQ(0U, geteuid()) {
		TH_LOG("the ABI test must run as root");
	}
	ASSERT_EQ(ABI_POOL_BITS, abi_entropy_avail()) {
		TH_LOG("the RNG is not ready");
	}
}

FIXTURE_TEARDOWN(lrng_abi)
{
}

TEST_F(lrng_abi, ioctls_root)
{
	EXPECT_EQ(0, abi_check(1, abi_cap_sys_admin(),
			       "root: CAP_SYS_ADMIN effective"));
	EXPECT_EQ(0, abi_all_ioctls("root", true));
}

/* The same ioctls as nobody: every privileged one is EPERM. */
TEST_F(lrng_abi, ioctls_unprivileged)
{
	EXPECT_EQ(0, lrng_run_unprivileged(abi_unprivileged_ioctls, "nobody"));
}

/* The check is the capability, not the uid. */
TEST_F(lrng_abi, ioctls_capability_not_uid)
{
	static const struct abi_identity ids[] = {
		{ "root without CAP_SYS_ADMIN", 0, false },
		{ "nobody with CAP_SYS_ADMIN", LRNG_NOBODY_ID, true },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		EXPECT_EQ(0, lrng_run_child(abi_become, abi_identity_ioctls,
					    (void *)&ids[i])) {
			TH_LOG("as %s", ids[i].who);
		}
	}
}

/* ------------------------------------------------------------ reseed */

#if defined(__x86_64__) || defined(__aarch64__)
/*
 * struct vdso_rng_data in the first page of [vvar] (root time namespace):
 * at offset 640 on x86_64 (arch/x86/include/asm/vvar.h,
 * vdso-layout.lds.S), at 480 on arm64 (__VDSO_RND_DATA_OFFSET,
 * arch/arm64/include/asm/vdso/vsyscall.h).
 */
#ifdef __x86_64__
#define ABI_VDSO_RNG_OFFSET	640
#else
#define ABI_VDSO_RNG_OFFSET	480
#endif

/* The address of the vDSO's rng data in this process, or NULL. */
static const unsigned char *abi_vdso_rng_data(void)
{
	unsigned long start = 0;
	char line[256];
	FILE *maps;

	maps = fopen("/proc/self/maps", "r");
	if (!maps)
		return NULL;
	while (fgets(line, sizeof(line), maps)) {
		if (strstr(line, "[vvar]")) {
			start = strtoul(line, NULL, 16);
			break;
		}
	}
	fclose(maps);
	return start ? (const unsigned char *)start + ABI_VDSO_RNG_OFFSET :
		       NULL;
}

/*
 * RNDRESEEDCRNG reseeds at once: a new vDSO generation, so that vDSO
 * getrandom() states are re-keyed.  (random.c:1536-1542, crng_reseed().)
 */
TEST_F(lrng_abi, reseed_vdso_generation)
{
	const unsigned char *rng = abi_vdso_rng_data();
	const __u64 *gen = (const __u64 *)rng;
	__u64 before, after;
	int fails = 0, fd;

	ASSERT_NE(NULL, rng) {
		TH_LOG("no [vvar] mapping");
	}
	fails += abi_check(1, __atomic_load_n(rng + 8, __ATOMIC_ACQUIRE),
			   "vDSO rng is_ready");
	fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	before = __atomic_load_n(gen, __ATOMIC_ACQUIRE);
	fails += abi_check(1, before != 0, "vDSO generation is set");
	fails += abi_check(0, ABI_CALL(ioctl(fd, RNDRESEEDCRNG, 0)),
			   "RNDRESEEDCRNG");
	after = __atomic_load_n(gen, __ATOMIC_ACQUIRE);
	fails += abi_check(1, after != before && after != 0,
			   "vDSO generation changed by RNDRESEEDCRNG");
	close(fd);
	EXPECT_EQ(0, fails);
}
#endif

/* ------------------------------------------------------------ getrandom */

/* random.c:1378-1405: flags first, then the buffer. */
TEST_F(lrng_abi, getrandom)
{
	static const unsigned int bad_flags[] = {
		GRND_RANDOM | GRND_INSECURE,
		GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE,
		0x8, 0x10, 0x100, 0x80000000U, ~0U,
	};
	unsigned char buf[64], *edge, *big;
	long page = sysconf(_SC_PAGESIZE);
	unsigned int flags;
	int fails = 0;
	size_t i;

	for (flags = 0; flags <= 7; flags++) {
		bool bad = (flags & (GRND_RANDOM | GRND_INSECURE)) ==
			   (GRND_RANDOM | GRND_INSECURE);

		fails += abi_check(bad ? -EINVAL : 16,
				   ABI_CALL(lrng_getrandom(buf, 16, flags)),
				   "getrandom(buf, 16, %#x)", flags);
		fails += abi_check(bad ? -EINVAL : 0,
				   ABI_CALL(lrng_getrandom(NULL, 0, flags)),
				   "getrandom(NULL, 0, %#x)", flags);
		fails += abi_check(bad ? -EINVAL : -EFAULT,
				   ABI_CALL(lrng_getrandom(NULL, 16, flags)),
				   "getrandom(NULL, 16, %#x)", flags);
		fails += abi_check(bad ? -EINVAL : -EFAULT,
				   ABI_CALL(lrng_getrandom(ABI_KERNEL_PTR, 16,
							   flags)),
				   "getrandom(kernel address, 16, %#x)", flags);
	}
	for (i = 0; i < ARRAY_SIZE(bad_flags); i++)
		fails += abi_check(-EINVAL,
				   ABI_CALL(lrng_getrandom(buf, 16,
							   bad_flags[i])),
				   "getrandom(buf, 16, %#x)", bad_flags[i]);

	big = mmap(NULL, ABI_BIG_LEN, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, big);
	fails += abi_check(ABI_BIG_LEN,
			   ABI_CALL(lrng_getrandom(big, ABI_BIG_LEN, 0)),
			   "getrandom(buf, 1 MiB, 0)");
	munmap(big, ABI_BIG_LEN);

	/* Huge lengths are clamped to MAX_RW_COUNT: a short copy, no error. */
	edge = abi_edge_pages();
	ASSERT_NE(NULL, edge);
	fails += abi_check(ABI_PARTIAL,
			   abi_count(lrng_getrandom(edge, 2 * page, 0),
				     2 * page),
			   "getrandom(2 pages, 1 mapped, 0)");
	fails += abi_check(ABI_PARTIAL,
			   abi_count(lrng_getrandom(edge, (size_t)INT_MAX + 1,
						    GRND_NONBLOCK),
				     (size_t)INT_MAX + 1),
			   "getrandom(1 page mapped, INT_MAX + 1, GRND_NONBLOCK)");
	fails += abi_check(ABI_PARTIAL,
			   abi_count(lrng_getrandom(edge, SIZE_MAX,
						    GRND_INSECURE),
				     SIZE_MAX),
			   "getrandom(1 page mapped, SIZE_MAX, GRND_INSECURE)");
	fails += abi_check(-EFAULT,
			   ABI_CALL(lrng_getrandom(edge + page, 16, 0)),
			   "getrandom(unmapped page, 16, 0)");
	munmap(edge, page);
	EXPECT_EQ(0, fails);
}

/* ------------------------------------------------------------ devices */

static atomic_int abi_sigio_count;

static void abi_on_sigio(int sig)
{
	if (sig == SIGIO)
		atomic_fetch_add(&abi_sigio_count, 1);
}

/*
 * read(2) or write(2) (@wr) of @path with bad buffers: NULL, a kernel
 * address, a partly mapped and an unmapped one; on @wrong_fd, opened
 * without that access mode; and pread/pwrite at an offset.
 */
static int abi_dev_bad_buffers(const char *path, int fd, int wrong_fd,
			       bool wr, unsigned char *edge)
{
	long page = sysconf(_SC_PAGESIZE);
	const char *op = wr ? "write" : "read";
	long nr = wr ? SYS_write : SYS_read;
	int fails = 0;

	fails += abi_check(-EFAULT, ABI_CALL(syscall(nr, fd, NULL, 16)),
			   "%s %s(NULL, 16)", path, op);
	fails += abi_check(-EFAULT,
			   ABI_CALL(syscall(nr, fd, ABI_KERNEL_PTR, 16)),
			   "%s %s(kernel address, 16)", path, op);
	fails += abi_check(ABI_PARTIAL,
			   abi_count(syscall(nr, fd, edge, 2 * page), 2 * page),
			   "%s %s(2 pages, 1 mapped)", path, op);
	fails += abi_check(-EFAULT,
			   ABI_CALL(syscall(nr, fd, edge + page, 16)),
			   "%s %s(unmapped, 16)", path, op);
	fails += abi_check(-EBADF, ABI_CALL(syscall(nr, wrong_fd, edge, 16)),
			   "%s %s on O_%sONLY", path, op, wr ? "RD" : "WR");
	fails += abi_check(64, ABI_CALL(syscall(wr ? SYS_pwrite64 :
						SYS_pread64, fd, edge, 64,
						4096)),
			   "%s p%s 64 at 4096", path, op);
	return fails;
}

/* Reads and writes of @path: counts, EFAULT, EBADF, partial copies. */
static int abi_dev_read_write(const char *path, unsigned char *big,
			      unsigned char *edge)
{
	static const size_t lens[] = { 0, 1, 32, 33, 4096, 65536, LRNG_MIB };
	struct iovec iov[2] = {
		{ .iov_base = big, .iov_len = 100 },
		{ .iov_base = big + 4096, .iov_len = 4096 },
	};
	int fails = 0, fd, rfd, wfd;
	size_t i;

	fd = open(path, O_RDWR | O_CLOEXEC);
	rfd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	wfd = open(path, O_WRONLY | O_CLOEXEC);
	fails += abi_check(0, abi_fd(fd), "%s open O_RDWR", path);
	fails += abi_check(0, abi_fd(rfd), "%s open O_RDONLY|O_NONBLOCK", path);
	fails += abi_check(0, abi_fd(wfd), "%s open O_WRONLY", path);
	if (fd < 0 || rfd < 0 || wfd < 0)
		goto out;

	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		fails += abi_check(lens[i], ABI_CALL(read(fd, big, lens[i])),
				   "%s read %zu", path, lens[i]);
		fails += abi_check(lens[i], ABI_CALL(read(rfd, big, lens[i])),
				   "%s O_NONBLOCK read %zu", path, lens[i]);
		fails += abi_check(lens[i], ABI_CALL(write(fd, big, lens[i])),
				   "%s write %zu", path, lens[i]);
	}
	fails += abi_check(0, ABI_CALL(syscall(SYS_read, fd, NULL, 0)),
			   "%s read(NULL, 0)", path);
	fails += abi_dev_bad_buffers(path, fd, wfd, false, edge);
	fails += abi_check(4196, ABI_CALL(preadv2(fd, iov, 2, -1,
						  RWF_NOWAIT)),
			   "%s preadv2(100 + 4096, RWF_NOWAIT)", path);
	iov[0].iov_len = 0;
	fails += abi_check(0, ABI_CALL(readv(fd, iov, 1)),
			   "%s readv(0 bytes)", path);
	fails += abi_dev_bad_buffers(path, fd, rfd, true, edge);
	fails += abi_check(ABI_POOL_BITS, abi_entropy_avail(),
			   "%s entropy_avail after writes", path);
out:
	if (fd >= 0)
		close(fd);
	if (rfd >= 0)
		close(rfd);
	if (wfd >= 0)
		close(wfd);
	return fails;
}

/* lseek (noop_llseek), mmap, splice. */
static int abi_dev_misc(const char *path, int fd, unsigned char *big)
{
	int fails = 0, pfd[2];
	void *map;

	fails += abi_check(0, ABI_CALL(lseek(fd, 4096, SEEK_SET)),
			   "%s lseek(4096, SEEK_SET)", path);
	fails += abi_check(0, ABI_CALL(lseek(fd, 0, SEEK_END)),
			   "%s lseek(0, SEEK_END)", path);
	fails += abi_check(0, ABI_CALL(lseek(fd, -1, SEEK_CUR)),
			   "%s lseek(-1, SEEK_CUR)", path);
	fails += abi_check(-EINVAL, ABI_CALL(lseek(fd, 0, 99)),
			   "%s lseek(0, 99)", path);

	errno = 0;
	map = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
	fails += abi_check(-ENODEV, map == MAP_FAILED ? -errno : 0,
			   "%s mmap MAP_SHARED", path);
	errno = 0;
	map = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	fails += abi_check(-ENODEV, map == MAP_FAILED ? -errno : 0,
			   "%s mmap MAP_PRIVATE", path);

	if (pipe2(pfd, O_CLOEXEC))
		return fails + abi_check(0, -errno, "pipe2");
	fails += abi_check(4096, ABI_CALL(splice(fd, NULL, pfd[1], NULL, 4096,
						 0)),
			   "%s splice to pipe 4096", path);
	fails += abi_check(4096, ABI_CALL(read(pfd[0], big, 4096)),
			   "%s read 4096 from the pipe", path);
	fails += abi_check(4096, ABI_CALL(write(pfd[1], big, 4096)),
			   "%s write 4096 to the pipe", path);
	fails += abi_check(4096, ABI_CALL(splice(pfd[0], NULL, fd, NULL, 4096,
						 0)),
			   "%s splice from pipe 4096", path);
	close(pfd[0]);
	close(pfd[1]);
	return fails;
}

/*
 * poll, select and epoll.  Once ready /dev/random is readable, never
 * writable; /dev/urandom has no .poll: the default mask, and no epoll.
 */
static int abi_dev_poll(const char *path, int fd, bool has_poll)
{
	struct pollfd pfd = {
		.fd = fd,
		.events = POLLIN | POLLPRI | POLLOUT | POLLRDNORM | POLLWRNORM,
	};
	struct epoll_event ev = { .events = EPOLLIN | EPOLLOUT | EPOLLRDNORM };
	struct epoll_event out = { 0 };
	struct timeval tv = { 0 };
	fd_set rset, wset;
	int fails = 0, epfd;

	fails += abi_check(1, ABI_CALL(poll(&pfd, 1, 0)), "%s poll", path);
	fails += abi_check(has_poll ? POLLIN | POLLRDNORM :
			   POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM,
			   pfd.revents, "%s poll revents", path);

	FD_ZERO(&rset);
	FD_ZERO(&wset);
	FD_SET(fd, &rset);
	FD_SET(fd, &wset);
	fails += abi_check(has_poll ? 1 : 2,
			   ABI_CALL(select(fd + 1, &rset, &wset, NULL, &tv)),
			   "%s select", path);
	fails += abi_check(1, FD_ISSET(fd, &rset), "%s select readable", path);
	fails += abi_check(!has_poll, FD_ISSET(fd, &wset),
			   "%s select writable", path);

	epfd = epoll_create1(EPOLL_CLOEXEC);
	if (epfd < 0)
		return fails + abi_check(0, -errno, "epoll_create1");
	fails += abi_check(has_poll ? 0 : -EPERM,
			   ABI_CALL(epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev)),
			   "%s epoll_ctl ADD", path);
	if (has_poll) {
		fails += abi_check(1, ABI_CALL(epoll_wait(epfd, &out, 1, 0)),
				   "%s epoll_wait", path);
		fails += abi_check(EPOLLIN | EPOLLRDNORM, out.events,
				   "%s epoll events", path);
	}
	close(epfd);
	return fails;
}

/*
 * fasync: F_SETOWN and O_ASYNC are accepted on both devices.  SIGIO comes
 * only at the transition to ready, so on a ready RNG reads, writes and the
 * ioctls send none.
 */
static int abi_dev_fasync(const char *path, int fd, unsigned char *big)
{
	struct abi_pool pool = {
		.info = { .entropy_count = 8, .buf_size = 16 },
	};
	struct sigaction sa = { .sa_handler = abi_on_sigio };
	int fails = 0;

	if (sigaction(SIGIO, &sa, NULL))
		return abi_check(0, -errno, "sigaction");
	atomic_store(&abi_sigio_count, 0);
	fails += abi_check(0, ABI_CALL(fcntl(fd, F_SETOWN, getpid())),
			   "%s fcntl F_SETOWN", path);
	fails += abi_check(0, ABI_CALL(fcntl(fd, F_SETFL, O_ASYNC)),
			   "%s fcntl F_SETFL O_ASYNC", path);
	fails += abi_check(O_ASYNC, ABI_CALL(fcntl(fd, F_GETFL)) & O_ASYNC,
			   "%s fcntl F_GETFL & O_ASYNC", path);
	fails += abi_check(64, ABI_CALL(read(fd, big, 64)),
			   "%s O_ASYNC read 64", path);
	fails += abi_check(64, ABI_CALL(write(fd, big, 64)),
			   "%s O_ASYNC write 64", path);
	fails += abi_check(0, ABI_CALL(ioctl(fd, RNDADDENTROPY, &pool)),
			   "%s O_ASYNC RNDADDENTROPY", path);
	fails += abi_check(0, ABI_CALL(ioctl(fd, RNDRESEEDCRNG, 0)),
			   "%s O_ASYNC RNDRESEEDCRNG", path);
	fails += abi_check(0, atomic_load(&abi_sigio_count), "%s SIGIO count",
			   path);
	fails += abi_check(0, ABI_CALL(fcntl(fd, F_SETFL, 0)),
			   "%s fcntl F_SETFL 0", path);
	fails += abi_check(0, ABI_CALL(fcntl(fd, F_GETFL)) & O_ASYNC,
			   "%s fcntl F_GETFL & O_ASYNC after clear", path);
	signal(SIGIO, SIG_DFL);
	return fails;
}

TEST_F(lrng_abi, devices)
{
	long page = sysconf(_SC_PAGESIZE);
	unsigned char *big, *edge;
	int fails = 0, fd;
	size_t i;

	big = mmap(NULL, ABI_BIG_LEN, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, big);
	edge = abi_edge_pages();
	ASSERT_NE(NULL, edge);

	for (i = 0; i < ARRAY_SIZE(abi_devices); i++) {
		const char *path = abi_devices[i];
		bool has_poll = !strcmp(path, "/dev/random");

		fails += abi_dev_read_write(path, big, edge);
		fd = open(path, O_RDWR | O_CLOEXEC);
		ASSERT_LE(0, fd);
		fails += abi_dev_misc(path, fd, big);
		fails += abi_dev_poll(path, fd, has_poll);
		fails += abi_dev_fasync(path, fd, big);
		close(fd);
	}
	munmap(edge, page);
	munmap(big, ABI_BIG_LEN);
	EXPECT_EQ(0, fails);
}

/* ------------------------------------------------------------ files */

TEST_F(lrng_abi, nodes)
{
	int fails = 0;

	fails += abi_stat("/dev/random", S_IFCHR | 0666, 1, 8);
	fails += abi_stat("/dev/urandom", S_IFCHR | 0666, 1, 9);
	fails += abi_stat(ABI_PARAM, S_IFREG | 0644, 0, 0);
	EXPECT_EQ(0, fails);
}

/* ------------------------------------------------------------ sysctls */

enum abi_sysctl_kind {
	ABI_INT,	/* an integer, always .value */
	ABI_INT_ANY,	/* an integer whose value is not in the ABI */
	ABI_UUID_SAME,	/* a UUID that stays the same (boot_id) */
	ABI_UUID_NEW,	/* a new UUID at every read (uuid) */
};

struct abi_sysctl {
	const char *name;
	unsigned int mode;
	enum abi_sysctl_kind kind;
	long value;
};

/* Sorted by name, as readdir() of the directory is compared to it. */
static const struct abi_sysctl abi_sysctls[] = {
	{ "boot_id", 0444, ABI_UUID_SAME, 0 },
	{ "entropy_avail", 0444, ABI_INT, ABI_POOL_BITS },
	{ "poolsize", 0444, ABI_INT, ABI_POOL_BITS },
	/* random.c: 60; the LRNG: its own reseed interval. */
	{ "urandom_min_reseed_secs", 0644, ABI_INT_ANY, 0 },
	{ "uuid", 0444, ABI_UUID_NEW, 0 },
	{ "write_wakeup_threshold", 0644, ABI_INT, ABI_POOL_BITS },
};

/* Written by root to the 0644 ones: accepted, and ignored. */
static const char * const abi_sysctl_writes[] = {
	"1024\n", "0\n", "-1\n", "99999999999999999999\n", "abc\n", "",
};

static int abi_strcmp(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

/* The directory holds exactly the six sysctls of random.c. */
static int abi_sysctl_names(void)
{
	char *names[16], list[256] = "", want[256] = "";
	struct dirent *de;
	int fails, n = 0, i;
	DIR *dir;

	dir = opendir(LRNG_SYSCTL_DIR);
	if (!dir)
		return abi_check(0, -errno, "opendir %s", LRNG_SYSCTL_DIR);
	while ((de = readdir(dir)) && n < (int)ARRAY_SIZE(names)) {
		if (de->d_name[0] != '.')
			names[n++] = strdup(de->d_name);
	}
	closedir(dir);
	qsort(names, n, sizeof(names[0]), abi_strcmp);
	for (i = 0; i < n; i++) {
		strncat(list, " ", sizeof(list) - strlen(list) - 1);
		strncat(list, names[i], sizeof(list) - strlen(list) - 1);
		free(names[i]);
	}
	for (i = 0; i < (int)ARRAY_SIZE(abi_sysctls); i++) {
		strncat(want, " ", sizeof(want) - strlen(want) - 1);
		strncat(want, abi_sysctls[i].name,
			sizeof(want) - strlen(want) - 1);
	}
	abi_note("sysctl names:%s", list);
	fails = strcmp(list, want) != 0;
	if (fails)
		fprintf(stderr, "# MISMATCH sysctl names:%s, want%s\n", list,
			want);
	return fails;
}

/* The value of one sysctl, as its kind allows it to be recorded. */
static int abi_sysctl_value(const char *who, const struct abi_sysctl *s,
			    const char *path)
{
	char buf[64];
	long val = -1;
	int fails = 0;

	switch (s->kind) {
	case ABI_INT:
	case ABI_INT_ANY:
		fails += abi_check(0, lrng_read_int(path, &val) ? -errno : 0,
				   "%s read %s as integer", who, s->name);
		if (s->kind == ABI_INT)
			fails += abi_check(s->value, val, "%s %s value", who,
					   s->name);
		/* proc_dointvec: a read at an offset > 0 is at EOF. */
		fails += abi_check(1, lrng_read_file_chunked(path, buf,
							     sizeof(buf), 1),
				   "%s read %s in 1-byte reads: bytes", who,
				   s->name);
		break;
	case ABI_UUID_SAME:
	case ABI_UUID_NEW:
		fails += abi_check(s->kind == ABI_UUID_SAME, abi_uuid_same(path),
				   "%s %s: v4 UUID, same at the next read",
				   who, s->name);
		/* proc_dostring: a read at an offset goes on. */
		fails += abi_check(37, lrng_read_file_chunked(path, buf,
							      sizeof(buf), 5),
				   "%s read %s in 5-byte reads: bytes", who,
				   s->name);
		break;
	}
	return fails;
}

/* Root writes: the 0644 ones accept anything and keep their value. */
static int abi_sysctl_root_writes(const struct abi_sysctl *s,
				  const char *path)
{
	int fails = 0, fd;
	long before = -1, after = -2;
	size_t i;

	if (!(s->mode & 0200)) {
		fails += abi_check(-EACCES,
				   abi_fd(open(path, O_WRONLY | O_CLOEXEC)),
				   "root open %s O_WRONLY", s->name);
		fails += abi_check(-EACCES,
				   abi_fd(open(path, O_RDWR | O_CLOEXEC)),
				   "root open %s O_RDWR", s->name);
		return fails;
	}

	lrng_read_int(path, &before);
	for (i = 0; i < ARRAY_SIZE(abi_sysctl_writes); i++) {
		const char *text = abi_sysctl_writes[i];

		fd = open(path, O_WRONLY | O_CLOEXEC);
		fails += abi_check(0, abi_fd(fd), "root open %s O_WRONLY",
				   s->name);
		if (fd < 0)
			continue;
		fails += abi_check(strlen(text),
				   ABI_CALL(write(fd, text, strlen(text))),
				   "root write %s \"%.*s\"", s->name,
				   (int)strcspn(text, "\n"), text);
		close(fd);
	}
	lrng_read_int(path, &after);
	fails += abi_check(1, before == after, "root %s unchanged by writes",
			   s->name);
	return fails;
}

static int abi_sysctls_as(const char *who, bool root)
{
	char path[128];
	int fails = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(abi_sysctls); i++) {
		const struct abi_sysctl *s = &abi_sysctls[i];

		snprintf(path, sizeof(path), "%s%s", LRNG_SYSCTL_DIR, s->name);
		fails += abi_sysctl_value(who, s, path);
		if (root)
			fails += abi_sysctl_root_writes(s, path);
		else
			fails += abi_check(-EACCES,
					   abi_fd(open(path,
						       O_WRONLY | O_CLOEXEC)),
					   "%s open %s O_WRONLY", who,
					   s->name);
	}
	return fails;
}

static int abi_unprivileged_sysctls(void *arg)
{
	const char *who = arg;

	if (abi_check(1, geteuid() != 0, "%s: euid != 0", who))
		return 1;
	return abi_sysctls_as(who, false) ? 1 : 0;
}

TEST_F(lrng_abi, sysctls)
{
	char path[128];
	int fails = 0;
	size_t i;

	fails += abi_sysctl_names();
	for (i = 0; i < ARRAY_SIZE(abi_sysctls); i++) {
		snprintf(path, sizeof(path), "%s%s", LRNG_SYSCTL_DIR,
			 abi_sysctls[i].name);
		fails += abi_stat(path, S_IFREG | abi_sysctls[i].mode, 0, 0);
	}
	fails += abi_sysctls_as("root", true);
	EXPECT_EQ(0, fails);
	EXPECT_EQ(0, lrng_run_unprivileged(abi_unprivileged_sysctls, "nobody"));
}

TEST_HARNESS_MAIN
