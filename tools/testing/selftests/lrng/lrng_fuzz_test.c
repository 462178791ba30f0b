// SPDX-License-Identifier: GPL-2.0
/*
 * Bad input to the random.c user ABI of Linux 6.12, from a seeded PRNG.
 *
 * A fixed number of calls, chosen by a splitmix64 stream from a fixed seed
 * (LRNG_FUZZ_SEED overrides it, decimal or 0x hex): random and real RND*
 * ioctl numbers with NULL, unaligned, read-only, unmapped, kernel and
 * random arguments and random struct rand_pool_info sizes; getrandom(2)
 * with random flag words, such buffers and huge or "negative" lengths;
 * read and write on /dev/random and /dev/urandom the same way; garbage
 * written to every file of /proc/sys/kernel/random/ and to every parameter
 * of /sys/module/random/ and /sys/module/lrng_* / (root restores what it
 * changed; a write that runs the power-on self-tests again must leave
 * their status as it was).  The same again as nobody (no capabilities),
 * and root checks that nobody changed none of the values it can read.
 *
 * Every call's result is predicted from the 6.12 code (random.c, fs/ and
 * lib/iov_iter.c): an exact count, a range of counts where a copy may stop
 * short at an unmapped page, and the errnos it may fail with.  Anything
 * else fails the test with the call, its arguments and the errno.  The
 * buffers are in a fixed-address arena of guard pages, so a huge length
 * copies at most 64 KiB and the run is the same for the same seed.  The
 * PRNG, the arena, the expected results and the counts are in
 * lrng_fuzz_lib.c; this file calls each interface and has the tests.
 *
 * The RNG must be ready and the test must run as root.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <linux/random.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * The 6.12 harness itself is not clean with -Wextra, also where TEST()
 * expands: the warning stays off for the whole file.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#include "lrng_common.h"
#include "lrng_fuzz.h"

#define FUZZ_IOCTLS		1500
#define FUZZ_GETRANDOMS		1500
#define FUZZ_RWS		1000
#define FUZZ_FILE_WRITES	400
#define FUZZ_POOL_BITS		256

/* ------------------------------------------------------------ ioctls */

static const char * const fuzz_devices[] = { "/dev/random", "/dev/urandom" };

static const unsigned int fuzz_rnd_cmds[] = {
	RNDGETENTCNT, RNDADDTOENTCNT, RNDGETPOOL, RNDADDENTROPY,
	RNDZAPENTCNT, RNDCLEARPOOL, RNDRESEEDCRNG,
};

/* Commands do_vfs_ioctl() serves itself: they never reach the driver. */
static const unsigned int fuzz_vfs_cmds[] = {
	FIOCLEX, FIONCLEX, FIONBIO, FIOASYNC, FIOQSIZE, FIFREEZE, FITHAW,
	FS_IOC_FIEMAP, FIGETBSZ, FICLONE, FICLONERANGE, FIDEDUPERANGE,
	FS_IOC_GETFLAGS, FS_IOC_SETFLAGS, FS_IOC_FSGETXATTR,
	FS_IOC_FSSETXATTR, FS_IOC_GETFSUUID, FS_IOC_GETFSSYSFSPATH,
};

static bool fuzz_is_vfs_cmd(unsigned int cmd)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fuzz_vfs_cmds); i++)
		if (cmd == fuzz_vfs_cmds[i])
			return true;
	return false;
}

static const char *fuzz_cmd_name(unsigned int cmd)
{
	switch (cmd) {
	case RNDGETENTCNT: return "RNDGETENTCNT";
	case RNDADDTOENTCNT: return "RNDADDTOENTCNT";
	case RNDGETPOOL: return "RNDGETPOOL";
	case RNDADDENTROPY: return "RNDADDENTROPY";
	case RNDZAPENTCNT: return "RNDZAPENTCNT";
	case RNDCLEARPOOL: return "RNDCLEARPOOL";
	case RNDRESEEDCRNG: return "RNDRESEEDCRNG";
	default: return "unknown";
	}
}

/*
 * The command word: a real RND* number, one with other bits in the upper
 * half of the long (the system call takes an unsigned int), an 'R' number
 * with random direction, size and number, or any word.
 */
static unsigned long fuzz_cmd_pick(struct fuzz_rng *rng)
{
	unsigned long cmd;

	switch (fuzz_below(rng, 10)) {
	case 0: case 1: case 2: case 3:
		return fuzz_rnd_cmds[fuzz_below(rng, ARRAY_SIZE(fuzz_rnd_cmds))];
	case 4:
		return fuzz_rnd_cmds[fuzz_below(rng, ARRAY_SIZE(fuzz_rnd_cmds))] |
		       (fuzz_u64(rng) << 32);
	case 5: case 6:
		return _IOC(fuzz_below(rng, 4), 'R', fuzz_below(rng, 16),
			    fuzz_below(rng, 1 << _IOC_SIZEBITS));
	default:
		do {
			cmd = fuzz_u64(rng);
		} while (fuzz_is_vfs_cmd(cmd));
		return cmd;
	}
}

struct fuzz_ctx {
	struct fuzz_rng rng;
	struct fuzz_arena arena;
	struct fuzz_stats *st;
	const char *who;
	bool priv;
	int fds[ARRAY_SIZE(fuzz_devices)];
};

static int fuzz_one_ioctl(struct fuzz_ctx *c, unsigned int i)
{
	struct fuzz_rng *rng = &c->rng;
	unsigned int d = fuzz_below(rng, ARRAY_SIZE(fuzz_devices));
	unsigned long cmd = fuzz_cmd_pick(rng);
	char extra[80] = "";
	struct fuzz_want w;
	struct fuzz_buf b;
	int val[2], sentinel = -12345;
	long ret;
	int err;

	fuzz_buf_pick(rng, &c->arena, &b);
	/* Fill what the command reads, where the test can write it. */
	if ((unsigned int)cmd == RNDADDTOENTCNT ||
	    (unsigned int)cmd == RNDADDENTROPY) {
		val[0] = fuzz_int_pick(rng, -1);
		val[1] = fuzz_int_pick(rng, b.r - (long)sizeof(val));
		if (b.w >= (long)sizeof(val))
			memcpy((void *)b.addr, val, sizeof(val));
		else if (b.w >= (long)sizeof(int))
			memcpy((void *)b.addr, val, sizeof(int));
		if (b.r >= (long)sizeof(val)) {
			memcpy(val, (void *)b.addr, sizeof(val));
			snprintf(extra, sizeof(extra), ", *arg {%d, %d}",
				 val[0], val[1]);
		}
	} else if ((unsigned int)cmd == RNDGETENTCNT &&
		   b.w >= (long)sizeof(int)) {
		memcpy((void *)b.addr, &sentinel, sizeof(int));
	}
	fuzz_want_ioctl(&w, cmd, &b, c->priv);

	errno = 0;
	ret = syscall(SYS_ioctl, c->fds[d], cmd, b.addr);
	err = errno;
	if (fuzz_check(c->st, FUZZ_IOCTL, &w, ret, err,
		       "%s #%u: ioctl(%s, %#lx %s, %#lx %s [w %ld r %ld]%s)",
		       c->who, i, fuzz_devices[d], cmd,
		       fuzz_cmd_name(cmd), b.addr, b.what, b.w, b.r, extra))
		return 1;
	/* RNDGETENTCNT wrote the entropy count: 256 on a ready RNG. */
	if ((unsigned int)cmd == RNDGETENTCNT && !ret &&
	    b.w >= (long)sizeof(int)) {
		memcpy(&val[0], (void *)b.addr, sizeof(int));
		if (val[0] != FUZZ_POOL_BITS) {
			printf("# FAIL %s #%u: RNDGETENTCNT wrote %d, want %d\n",
			       c->who, i, val[0], FUZZ_POOL_BITS);
			c->st->fails++;
			return 1;
		}
	}
	return 0;
}

/* ------------------------------------------------------------ getrandom */

static int fuzz_one_getrandom(struct fuzz_ctx *c, unsigned int i)
{
	struct fuzz_rng *rng = &c->rng;
	unsigned long flags = fuzz_flags_pick(rng), len;
	struct fuzz_want w;
	struct fuzz_buf b;
	long ret;
	int err;

	fuzz_buf_pick(rng, &c->arena, &b);
	len = fuzz_len_pick(rng, b.w);
	fuzz_want_getrandom(&w, flags, &b, len);
	errno = 0;
	ret = syscall(SYS_getrandom, b.addr, len, flags);
	err = errno;
	return fuzz_check(c->st, FUZZ_GETRANDOM, &w, ret, err,
			  "%s #%u: getrandom(%#lx %s [w %ld], %lu, %#lx)",
			  c->who, i, b.addr, b.what, b.w, len, flags);
}

/* ------------------------------------------------------------ read/write */

static int fuzz_one_rw(struct fuzz_ctx *c, unsigned int i)
{
	struct fuzz_rng *rng = &c->rng;
	unsigned int d = fuzz_below(rng, ARRAY_SIZE(fuzz_devices));
	bool out = fuzz_below(rng, 2);
	struct fuzz_want w;
	struct fuzz_buf b;
	unsigned long len;
	long ret;
	int err;

	fuzz_buf_pick(rng, &c->arena, &b);
	len = fuzz_len_pick(rng, out ? b.w : b.r);
	fuzz_want_copy(&w, &b, len, false, out);
	errno = 0;
	ret = syscall(out ? SYS_read : SYS_write, c->fds[d], b.addr, len);
	err = errno;
	return fuzz_check(c->st, out ? FUZZ_READ : FUZZ_WRITE, &w, ret, err,
			  "%s #%u: %s(%s, %#lx %s [w %ld r %ld], %lu)",
			  c->who, i, out ? "read" : "write", fuzz_devices[d],
			  b.addr, b.what, b.w, b.r, len);
}

/* ------------------------------------------------------------ files */

#define FUZZ_MAX_FILES		48

struct fuzz_files {
	struct fuzz_file f[FUZZ_MAX_FILES];
	unsigned int n, params;
};

static void fuzz_file_add(struct fuzz_files *fs, const char *dir,
			  const char *name, bool param)
{
	struct fuzz_file *f;
	struct stat st;

	if (fs->n >= FUZZ_MAX_FILES)
		return;
	f = &fs->f[fs->n];
	snprintf(f->path, sizeof(f->path), "%s/%s", dir, name);
	/*
	 * Not the test kernels' failure injection: its "1" would make the
	 * self-tests fail for the tests after this one (lrng_selftest_test
	 * tests it).
	 */
	if (!strcmp(f->path, LRNG_SELFTEST_CORRUPT))
		return;
	if (stat(f->path, &st) || !S_ISREG(st.st_mode))
		return;
	f->param = param;
	f->writable = st.st_mode & 0222;
	f->fresh = !param && !strcmp(name, "uuid");
	f->action = !strcmp(f->path, LRNG_SELFTEST_STATUS);
	fs->n++;
	fs->params += param;
}

static void fuzz_dir_add(struct fuzz_files *fs, const char *dir, bool param)
{
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((de = readdir(d)))
		if (de->d_name[0] != '.')
			fuzz_file_add(fs, dir, de->d_name, param);
	closedir(d);
}

/*
 * The sysctls, and the parameters of the RNG: /sys/module/random and
 * /sys/module/lrng_* (the LRNG's built-in files).
 */
static void fuzz_files_find(struct fuzz_files *fs)
{
	char dir[288];
	struct dirent *de;
	DIR *d;

	memset(fs, 0, sizeof(*fs));
	fuzz_dir_add(fs, "/proc/sys/kernel/random", false);
	d = opendir("/sys/module");
	if (!d)
		return;
	while ((de = readdir(d))) {
		if (strcmp(de->d_name, "random") &&
		    strncmp(de->d_name, "lrng", 4))
			continue;
		snprintf(dir, sizeof(dir), "/sys/module/%s/parameters",
			 de->d_name);
		fuzz_dir_add(fs, dir, true);
	}
	closedir(d);
}

/* Read every value (not the fresh ones); -1 if one cannot be read. */
static int fuzz_files_read(struct fuzz_files *fs)
{
	unsigned int i;

	for (i = 0; i < fs->n; i++) {
		if (fs->f[i].fresh)
			continue;
		if (lrng_read_file(fs->f[i].path, fs->f[i].value,
				   FUZZ_VALUE_LEN) < 0) {
			printf("# read %s: %s\n", fs->f[i].path,
			       strerror(errno));
			return -1;
		}
	}
	return 0;
}

static ssize_t fuzz_write_file(const char *path, const void *buf, size_t len)
{
	ssize_t ret;
	int fd;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ret = syscall(SYS_write, fd, buf, len);
	if (ret < 0) {
		int err = errno;

		close(fd);
		errno = err;
		return -1;
	}
	close(fd);
	return ret;
}

/* Root changed a parameter: put the value read at the start back. */
static int fuzz_restore(struct fuzz_ctx *c, const struct fuzz_file *f)
{
	char now[FUZZ_VALUE_LEN];
	size_t len = strlen(f->value);

	if (fuzz_write_file(f->path, f->value, len) != (ssize_t)len ||
	    lrng_read_file(f->path, now, sizeof(now)) < 0 ||
	    strcmp(now, f->value)) {
		printf("# FAIL %s: restoring \"%.*s\": %s\n", f->path,
		       (int)strcspn(f->value, "\n"), f->value,
		       strerror(errno));
		c->st->fails++;
		return 1;
	}
	c->st->restored++;
	return 0;
}

/*
 * Garbage to one file: open it for writing (EACCES unless root and the
 * mode has a write bit), write garbage from the arena or from a bad
 * buffer.  Root's successful parameter writes are undone at once; a
 * sysctl's value must not change, nor must the self-tests' status when a
 * write ran them again.
 */
static int fuzz_one_file(struct fuzz_ctx *c, struct fuzz_files *fs,
			 unsigned int i)
{
	struct fuzz_rng *rng = &c->rng;
	struct fuzz_file *f = &fs->f[fuzz_below(rng, fs->n)];
	char now[FUZZ_VALUE_LEN], shown[24], garbage[FUZZ_PAGE + 8];
	unsigned long len;
	struct fuzz_want w;
	struct fuzz_buf b;
	long ret;
	int fd, err, fails;

	if (fuzz_below(rng, 4)) {
		/* Garbage, placed anywhere in the arena it fits. */
		len = fuzz_garbage(rng, garbage);
		b.addr = (unsigned long)c->arena.rw +
			 fuzz_below(rng, FUZZ_RW_LEN - len + 1);
		memcpy((void *)b.addr, garbage, len);
		b.what = "garbage";
		b.w = (unsigned long)c->arena.rw + FUZZ_RW_LEN - b.addr;
		b.r = b.w;
	} else {
		fuzz_buf_pick(rng, &c->arena, &b);
		len = fuzz_len_pick(rng, b.r);
	}
	for (ret = 0; ret < (long)sizeof(shown) - 1 && b.r > ret &&
	     (unsigned long)ret < len; ret++) {
		char ch = ((char *)b.addr)[ret];

		shown[ret] = isprint((unsigned char)ch) ? ch : '.';
	}
	shown[ret] = '\0';

	errno = 0;
	fd = open(f->path, O_WRONLY | O_CLOEXEC);
	err = errno;
	if (!c->priv || !f->writable) {
		fuzz_want_err(&w, FUZZ_BIT(EACCES));
		fails = fuzz_check(c->st, FUZZ_FILE_OPEN, &w, fd < 0 ? -1 : 0,
				   err, "%s #%u: open(%s, O_WRONLY)", c->who,
				   i, f->path);
		if (fd >= 0)
			close(fd);
		return fails;
	}
	fuzz_want_count(&w, 0, INT_MAX);
	if (fuzz_check(c->st, FUZZ_FILE_OPEN, &w, fd < 0 ? -1 : fd, err,
		       "%s #%u: open(%s, O_WRONLY)", c->who, i, f->path))
		return 1;
	fuzz_want_file_write(&w, f, &b, len);
	errno = 0;
	ret = syscall(SYS_write, fd, b.addr, len);
	err = errno;
	close(fd);
	fails = fuzz_check(c->st, FUZZ_FILE_WRITE, &w, ret, err,
			   "%s #%u: write(%s, %#lx %s [r %ld] \"%s\", %lu)",
			   c->who, i, f->path, b.addr, b.what, b.r, shown,
			   len);
	if (ret <= 0)
		return fails;
	if (f->param && !f->action)
		return fails + fuzz_restore(c, f);
	/* A sysctl ignores what is written; the self-tests pass again. */
	if (lrng_read_file(f->path, now, sizeof(now)) < 0 ||
	    strcmp(now, f->value)) {
		printf("# FAIL %s #%u: %s is \"%.*s\" after the write, was \"%.*s\"\n",
		       c->who, i, f->path, (int)strcspn(now, "\n"), now,
		       (int)strcspn(f->value, "\n"), f->value);
		c->st->fails++;
		fails++;
	}
	return fails;
}

/* ------------------------------------------------------------ runs */

enum fuzz_phase {
	FUZZ_PH_IOCTL,
	FUZZ_PH_GETRANDOM,
	FUZZ_PH_RW,
	FUZZ_PH_FILES,
	FUZZ_PHASES,
};

static const unsigned int fuzz_phase_calls[FUZZ_PHASES] = {
	FUZZ_IOCTLS, FUZZ_GETRANDOMS, FUZZ_RWS, FUZZ_FILE_WRITES,
};

static int fuzz_open(struct fuzz_ctx *c, const char *who, bool priv,
		     struct fuzz_stats *st)
{
	size_t d;

	memset(c, 0, sizeof(*c));
	c->who = who;
	c->priv = priv;
	c->st = st;
	for (d = 0; d < ARRAY_SIZE(fuzz_devices); d++)
		c->fds[d] = -1;
	for (d = 0; d < ARRAY_SIZE(fuzz_devices); d++) {
		c->fds[d] = open(fuzz_devices[d], O_RDWR | O_CLOEXEC);
		if (c->fds[d] < 0) {
			printf("# %s: open(%s): %s\n", who, fuzz_devices[d],
			       strerror(errno));
			return -1;
		}
	}
	if (fuzz_arena_map(&c->arena)) {
		printf("# %s: arena at %#lx: %s\n", who, FUZZ_ARENA_ADDR,
		       strerror(errno));
		return -1;
	}
	return 0;
}

static void fuzz_close(struct fuzz_ctx *c)
{
	size_t d;

	for (d = 0; d < ARRAY_SIZE(fuzz_devices); d++)
		if (c->fds[d] >= 0)
			close(c->fds[d]);
	fuzz_arena_unmap(&c->arena);
}

/* Run @phase's calls; returns the number of failed checks. */
static int fuzz_run(struct fuzz_ctx *c, enum fuzz_phase phase,
		    struct fuzz_files *fs)
{
	unsigned int i;
	int fails = 0;

	fuzz_rng_init(&c->rng, phase + (c->priv ? 0 : FUZZ_PHASES));
	for (i = 0; i < fuzz_phase_calls[phase]; i++) {
		switch (phase) {
		case FUZZ_PH_IOCTL:
			fails += fuzz_one_ioctl(c, i);
			break;
		case FUZZ_PH_GETRANDOM:
			fails += fuzz_one_getrandom(c, i);
			break;
		case FUZZ_PH_RW:
			fails += fuzz_one_rw(c, i);
			break;
		default:
			fails += fuzz_one_file(c, fs, i);
			break;
		}
	}
	return fails;
}

static void fuzz_banner(const char *what)
{
	printf("# seed %#llx (LRNG_FUZZ_SEED), %s\n", fuzz_seed, what);
	fflush(stdout);
}

/* The RNG is ready: getrandom(NULL, 0, GRND_NONBLOCK) returns 0. */
static bool fuzz_ready(void)
{
	if (!lrng_getrandom(NULL, 0, GRND_NONBLOCK))
		return true;
	printf("# the RNG is not ready: %s\n", strerror(errno));
	return false;
}

/* One phase as root; prints the counts and expects no failed check. */
static void fuzz_root_phase(struct __test_metadata *_metadata,
			    enum fuzz_phase phase, struct fuzz_files *fs)
{
	struct fuzz_stats *st = fuzz_stats_new();
	struct fuzz_ctx c;
	int fails;

	ASSERT_NE(NULL, st);
	ASSERT_EQ(0U, geteuid());
	ASSERT_TRUE(fuzz_ready());
	ASSERT_EQ(0, fuzz_open(&c, "root", true, st));
	fails = fuzz_run(&c, phase, fs);
	fuzz_close(&c);
	fuzz_stats_print(st, "root");
	EXPECT_EQ(0, fails);
	EXPECT_EQ(0UL, st->fails);
}

TEST(ioctl_root)
{
	fuzz_banner("random and RND* ioctls on both devices as root");
	fuzz_root_phase(_metadata, FUZZ_PH_IOCTL, NULL);
}

TEST(getrandom_root)
{
	fuzz_banner("getrandom(2) flags, buffers and lengths as root");
	fuzz_root_phase(_metadata, FUZZ_PH_GETRANDOM, NULL);
}

TEST(read_write_root)
{
	fuzz_banner("read and write on both devices as root");
	fuzz_root_phase(_metadata, FUZZ_PH_RW, NULL);
}

/* The files, and at least the ones both kernels have. */
static void fuzz_files_get(struct __test_metadata *_metadata,
			   struct fuzz_files *fs)
{
	unsigned int i;

	fuzz_files_find(fs);
	ASSERT_LE(6U, fs->n - fs->params) {
		TH_LOG("only %u files in %s", fs->n - fs->params,
		       LRNG_SYSCTL_DIR);
	}
	ASSERT_LE(1U, fs->params) {
		TH_LOG("no random.* or lrng_* parameters in /sys/module");
	}
	ASSERT_EQ(0, fuzz_files_read(fs));
	for (i = 0; i < fs->n; i++)
		printf("# %s (%s)\n", fs->f[i].path,
		       fs->f[i].writable ? "writable" : "read-only");
}

/*
 * Garbage to every sysctl and parameter as root.  Successful parameter
 * writes are undone; one could have made the LRNG fall back to unseeded
 * (lrng_drng_mgr.max_wo_reseed), so wait until it is ready again.
 */
TEST(files_root)
{
	struct fuzz_files *fs = calloc(1, sizeof(*fs));
	struct fuzz_files *after = calloc(1, sizeof(*after));
	unsigned int i;

	ASSERT_NE(NULL, fs);
	ASSERT_NE(NULL, after);
	fuzz_banner("garbage to the sysctls and RNG parameters as root");
	fuzz_files_get(_metadata, fs);
	fuzz_root_phase(_metadata, FUZZ_PH_FILES, fs);

	printf("# waiting for the RNG to be ready (blocking getrandom)\n");
	fflush(stdout);
	EXPECT_EQ(0, lrng_getrandom(NULL, 0, 0));
	memcpy(after, fs, sizeof(*fs));
	ASSERT_EQ(0, fuzz_files_read(after));
	for (i = 0; i < fs->n; i++)
		EXPECT_STREQ(fs->f[i].value, after->f[i].value) {
			TH_LOG("%s changed", fs->f[i].path);
		}
	free(fs);
	free(after);
}

struct fuzz_nobody_arg {
	struct fuzz_stats *st;
	struct fuzz_files *fs;
};

/* In the child of lrng_run_unprivileged(): every phase as nobody. */
static int fuzz_nobody(void *data)
{
	struct fuzz_nobody_arg *arg = data;
	struct fuzz_ctx c;
	int fails = 0;
	enum fuzz_phase ph;

	if (geteuid() != LRNG_NOBODY_ID)
		return 100;
	if (fuzz_open(&c, "nobody", false, arg->st))
		return 101;
	for (ph = 0; ph < FUZZ_PHASES; ph++)
		fails += fuzz_run(&c, ph, arg->fs);
	fuzz_close(&c);
	return fails ? 1 : 0;
}

/*
 * All of it as nobody: privileged ioctls are EPERM, no file opens for
 * writing, and every value root reads is the same before and after.
 */
TEST(nobody)
{
	struct fuzz_nobody_arg arg = { .st = fuzz_stats_new() };
	struct fuzz_files *fs = calloc(1, sizeof(*fs));
	struct fuzz_files *after = calloc(1, sizeof(*after));
	unsigned int i;
	int cnt = -1, fd;

	ASSERT_NE(NULL, arg.st);
	ASSERT_NE(NULL, fs);
	ASSERT_NE(NULL, after);
	ASSERT_EQ(0U, geteuid());
	ASSERT_TRUE(fuzz_ready());
	fuzz_banner("everything as nobody, without capabilities");
	fuzz_files_get(_metadata, fs);
	arg.fs = fs;

	EXPECT_EQ(0, lrng_run_unprivileged(fuzz_nobody, &arg));
	fuzz_stats_print(arg.st, "nobody");
	EXPECT_EQ(0UL, arg.st->fails);

	memcpy(after, fs, sizeof(*fs));
	ASSERT_EQ(0, fuzz_files_read(after));
	for (i = 0; i < fs->n; i++)
		EXPECT_STREQ(fs->f[i].value, after->f[i].value) {
			TH_LOG("nobody changed %s", fs->f[i].path);
		}
	fd = open("/dev/random", O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, ioctl(fd, RNDGETENTCNT, &cnt));
	EXPECT_EQ(FUZZ_POOL_BITS, cnt);
	close(fd);
	free(fs);
	free(after);
}

/* Afterwards the kernel is up and the RNG works. */
TEST(after)
{
	static unsigned char buf[4096], zero[4096];
	long avail = -1;

	ASSERT_TRUE(fuzz_ready());
	EXPECT_EQ((long)sizeof(buf), lrng_getrandom(buf, sizeof(buf), 0));
	EXPECT_NE(0, memcmp(buf, zero, sizeof(buf)));
	ASSERT_EQ(0, lrng_read_int(LRNG_SYSCTL_DIR "entropy_avail", &avail));
	EXPECT_EQ(FUZZ_POOL_BITS, avail);
}

TEST_HARNESS_MAIN
