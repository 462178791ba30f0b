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
 * changed).  The same again as nobody (no capabilities), and root checks
 * that nobody changed none of the values it can read.
 *
 * Every call's result is predicted from the 6.12 code (random.c, fs/ and
 * lib/iov_iter.c): an exact count, a range of counts where a copy may stop
 * short at an unmapped page, and the errnos it may fail with.  Anything
 * else fails the test with the call, its arguments and the errno.  The
 * buffers are in a fixed-address arena of guard pages, so a huge length
 * copies at most 64 KiB and the run is the same for the same seed.
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
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * The 6.12 harness itself is not clean with -Wextra, also where TEST()
 * expands: the warning stays off for the whole file.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#include "lrng_common.h"

#define FUZZ_SEED_DEFAULT	0x4c524e47f0220009ULL
#define FUZZ_IOCTLS		1500
#define FUZZ_GETRANDOMS		1500
#define FUZZ_RWS		1000
#define FUZZ_FILE_WRITES	400
#define FUZZ_MAX_FAILS_SHOWN	20

#define FUZZ_PAGE		4096UL
#define FUZZ_RW_PAGES		16
#define FUZZ_RW_LEN		(FUZZ_RW_PAGES * FUZZ_PAGE)
/* Where the arena goes, so that addresses are the same on every run. */
#define FUZZ_ARENA_ADDR		0x50000000UL
/* include/linux/fs.h: INT_MAX & PAGE_MASK */
#define FUZZ_MAX_RW_COUNT	(INT_MAX & ~(FUZZ_PAGE - 1))
/*
 * access_ok() passes up to TASK_SIZE_MAX - 1: 2^47 - 4096 with four-level
 * page tables, 2^56 - 4096 with five.  Between the two it depends.
 */
#define FUZZ_USER_MAX_4L	((1UL << 47) - FUZZ_PAGE - 1)
#define FUZZ_USER_MAX_5L	((1UL << 56) - FUZZ_PAGE - 1)
#define FUZZ_POOL_BITS		256

#define FUZZ_BIT(e)		(1ULL << (e))

/* ------------------------------------------------------------ PRNG */

static unsigned long long fuzz_seed = FUZZ_SEED_DEFAULT;

static void __attribute__((constructor)) fuzz_read_seed(void)
{
	const char *s = getenv("LRNG_FUZZ_SEED");
	char *end;

	if (!s || !*s)
		return;
	errno = 0;
	fuzz_seed = strtoull(s, &end, 0);
	if (errno || *end) {
		fprintf(stderr, "# LRNG_FUZZ_SEED=%s is not a number\n", s);
		exit(1);
	}
}

struct fuzz_rng {
	uint64_t state;
};

/* One stream per test and identity, so they do not depend on each other. */
static void fuzz_rng_init(struct fuzz_rng *rng, unsigned int stream)
{
	rng->state = fuzz_seed ^ (0x9e3779b97f4a7c15ULL * (stream + 1));
}

static uint64_t fuzz_u64(struct fuzz_rng *rng)
{
	uint64_t z = (rng->state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* 0 ... @n - 1 */
static uint64_t fuzz_below(struct fuzz_rng *rng, uint64_t n)
{
	return fuzz_u64(rng) % n;
}

/* ------------------------------------------------------------ arena */

/*
 * Pages: guard, 16 read-write, guard, read-only, guard, unmapped hole,
 * guard.  The guards are PROT_NONE.
 */
enum {
	FUZZ_PG_RW = 1,
	FUZZ_PG_GUARD1 = FUZZ_PG_RW + FUZZ_RW_PAGES,
	FUZZ_PG_RO,
	FUZZ_PG_GUARD2,
	FUZZ_PG_HOLE,
	FUZZ_PG_GUARD3,
	FUZZ_PAGES,
};

struct fuzz_arena {
	unsigned char *base;
	unsigned char *rw;
	unsigned char *ro;
	unsigned char *guard;
	unsigned char *hole;
};

static int fuzz_arena_map(struct fuzz_arena *a)
{
	unsigned char vec;
	size_t i;

	a->base = mmap((void *)FUZZ_ARENA_ADDR, FUZZ_PAGES * FUZZ_PAGE,
		       PROT_NONE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (a->base == MAP_FAILED)
		return -1;
	a->rw = a->base + FUZZ_PG_RW * FUZZ_PAGE;
	a->ro = a->base + FUZZ_PG_RO * FUZZ_PAGE;
	a->guard = a->base + FUZZ_PG_GUARD1 * FUZZ_PAGE;
	a->hole = a->base + FUZZ_PG_HOLE * FUZZ_PAGE;
	if (mprotect(a->rw, FUZZ_RW_LEN, PROT_READ | PROT_WRITE) ||
	    mprotect(a->ro, FUZZ_PAGE, PROT_READ | PROT_WRITE))
		return -1;
	memset(a->rw, 0x42, FUZZ_RW_LEN);
	/* The read-only page holds ints of every sign and size. */
	for (i = 0; i < FUZZ_PAGE / sizeof(int); i++)
		((int *)a->ro)[i] = (int)(i * 2654435761U) >> (i % 32);
	if (mprotect(a->ro, FUZZ_PAGE, PROT_READ) ||
	    munmap(a->hole, FUZZ_PAGE))
		return -1;
	/* The hole must still be a hole (mincore fails with ENOMEM). */
	if (!mincore(a->hole, FUZZ_PAGE, &vec) || errno != ENOMEM) {
		errno = EEXIST;
		return -1;
	}
	return 0;
}

static void fuzz_arena_unmap(struct fuzz_arena *a)
{
	if (a->base && a->base != MAP_FAILED)
		munmap(a->base, FUZZ_PAGES * FUZZ_PAGE);
}

/*
 * A buffer argument: its address, what it is, and how many bytes can be
 * written (@w) and read (@r) from there before a fault, -1 if unknown.
 */
struct fuzz_buf {
	unsigned long addr;
	const char *what;
	long w, r;
};

static void fuzz_buf_pick(struct fuzz_rng *rng, const struct fuzz_arena *a,
			  struct fuzz_buf *b)
{
	unsigned long off;

	b->w = 0;
	b->r = 0;
	switch (fuzz_below(rng, 12)) {
	case 0:
		b->addr = 0;
		b->what = "NULL";
		break;
	case 1: case 2: case 3:
		/* Unaligned as often as not. */
		off = fuzz_below(rng, FUZZ_RW_LEN);
		b->addr = (unsigned long)a->rw + off;
		b->what = "read-write";
		b->w = FUZZ_RW_LEN - off;
		b->r = b->w;
		break;
	case 4: case 5:
		/* A few bytes before the guard page. */
		off = 1 + fuzz_below(rng, 300);
		b->addr = (unsigned long)a->rw + FUZZ_RW_LEN - off;
		b->what = "read-write end";
		b->w = off;
		b->r = off;
		break;
	case 6:
		off = fuzz_below(rng, FUZZ_PAGE);
		b->addr = (unsigned long)a->ro + off;
		b->what = "read-only";
		b->r = FUZZ_PAGE - off;
		break;
	case 7:
		b->addr = (unsigned long)a->guard + fuzz_below(rng, FUZZ_PAGE);
		b->what = "PROT_NONE";
		break;
	case 8:
		b->addr = (unsigned long)a->hole + fuzz_below(rng, FUZZ_PAGE);
		b->what = "unmapped";
		break;
	case 9:
		b->addr = 0xffffffff81000000UL + fuzz_below(rng, 1UL << 24);
		b->what = "kernel";
		break;
	case 10:
		/* -1 ... -8192: "negative" pointers */
		b->addr = -(1 + fuzz_below(rng, 2 * FUZZ_PAGE));
		b->what = "negative";
		break;
	default:
		b->addr = fuzz_u64(rng);
		if (fuzz_below(rng, 2))
			b->addr &= (1UL << 46) - 1;
		b->what = "random";
		b->w = -1;
		b->r = -1;
		break;
	}
}

/* A length: small, near @avail, just past a page, or huge. */
static unsigned long fuzz_len_pick(struct fuzz_rng *rng, long avail)
{
	static const unsigned long huge[] = {
		FUZZ_MAX_RW_COUNT - 1, FUZZ_MAX_RW_COUNT,
		FUZZ_MAX_RW_COUNT + 1, INT_MAX, 1UL << 31, UINT_MAX,
		1UL << 32, 1UL << 40, 1UL << 46, 1UL << 47, 1UL << 56,
		1UL << 63, ULONG_MAX, ULONG_MAX - FUZZ_PAGE,
		(unsigned long)LONG_MAX, (unsigned long)LONG_MIN,
		(unsigned long)-2, (unsigned long)INT_MIN,
	};

	switch (fuzz_below(rng, 10)) {
	case 0: case 1:
		return fuzz_below(rng, 33);
	case 2: case 3:
		return 33 + fuzz_below(rng, FUZZ_PAGE);
	case 4: case 5:
		if (avail > 0)
			return avail - 1 + fuzz_below(rng, 3);
		return fuzz_below(rng, 64);
	case 6:
		return FUZZ_PAGE + fuzz_below(rng, FUZZ_RW_LEN);
	case 7:
		return fuzz_u64(rng);
	default:
		return huge[fuzz_below(rng, ARRAY_SIZE(huge))];
	}
}

/* ------------------------------------------------------------ oracle */

/* A call may return a count in lo..hi, or fail with an errno in errs. */
struct fuzz_want {
	long lo, hi;
	uint64_t errs;
};

static void fuzz_want_err(struct fuzz_want *w, uint64_t errs)
{
	w->lo = 1;
	w->hi = 0;
	w->errs = errs;
}

static void fuzz_want_count(struct fuzz_want *w, long lo, long hi)
{
	w->lo = lo;
	w->hi = hi;
	w->errs = 0;
}

static bool fuzz_want_ok(const struct fuzz_want *w, long ret, int err)
{
	if (ret >= 0)
		return ret >= w->lo && ret <= w->hi;
	return ret == -1 && err > 0 && err < 64 && (w->errs & FUZZ_BIT(err));
}

static void fuzz_want_text(const struct fuzz_want *w, char *buf, size_t size)
{
	size_t len = 0;
	int e;

	buf[0] = '\0';
	if (w->lo <= w->hi)
		len = snprintf(buf, size, w->lo == w->hi ? "%ld" : "%ld..%ld",
			       w->lo, w->hi);
	for (e = 1; e < 64 && len < size; e++) {
		if (!(w->errs & FUZZ_BIT(e)))
			continue;
		len += snprintf(buf + len, size - len, "%s%s", len ? "|" : "",
				strerrorname_np(e));
	}
}

/* access_ok(@addr, @len): 1 passes, 0 fails, -1 depends on paging. */
static int fuzz_access_ok(unsigned long addr, unsigned long len)
{
	unsigned long end = addr + len;

	if (end < addr || end > FUZZ_USER_MAX_5L)
		return 0;
	return end <= FUZZ_USER_MAX_4L ? 1 : -1;
}

/*
 * A copy of @len bytes to (@out) or from user memory at @b, as
 * getrandom(2) (@clamp_first: the length is cut to MAX_RW_COUNT before
 * access_ok()) or read(2)/write(2) (access_ok() on the length as given).
 * All of them return the bytes copied, -EFAULT when that is none.
 */
static void fuzz_want_copy(struct fuzz_want *w, const struct fuzz_buf *b,
			   unsigned long len, bool clamp_first, bool out)
{
	unsigned long n = len > FUZZ_MAX_RW_COUNT ? FUZZ_MAX_RW_COUNT : len;
	long avail = out ? b->w : b->r;
	int ok = fuzz_access_ok(b->addr, clamp_first ? n : len);

	if (!ok) {
		fuzz_want_err(w, FUZZ_BIT(EFAULT));
		return;
	}
	if (!n)
		fuzz_want_count(w, 0, 0);
	else if (avail < 0 || ok < 0)
		fuzz_want_count(w, 1, n);
	else if (!avail)
		fuzz_want_err(w, FUZZ_BIT(EFAULT));
	else if (n <= (unsigned long)avail)
		fuzz_want_count(w, n, n);
	else
		fuzz_want_count(w, 1, avail);
	/* Unknown memory or paging: a fault is possible too. */
	if (ok < 0 || (n && avail < 0))
		w->errs |= FUZZ_BIT(EFAULT);
}

/* ------------------------------------------------------------ counts */

enum fuzz_kind {
	FUZZ_IOCTL,
	FUZZ_GETRANDOM,
	FUZZ_READ,
	FUZZ_WRITE,
	FUZZ_FILE_OPEN,
	FUZZ_FILE_WRITE,
	FUZZ_KINDS,
};

static const char * const fuzz_kind_name[FUZZ_KINDS] = {
	"ioctl", "getrandom", "read", "write", "open for write",
	"write to sysctl/parameter",
};

/* Results per kind: [0] successes, [e] failures with errno e (< 64). */
struct fuzz_stats {
	unsigned long count[FUZZ_KINDS][64];
	unsigned long other[FUZZ_KINDS];
	unsigned long restored;
	unsigned long fails;
};

/* In shared memory, so that a nobody child reports to its parent. */
static struct fuzz_stats *fuzz_stats_new(void)
{
	struct fuzz_stats *st;

	st = mmap(NULL, sizeof(*st), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	return st == MAP_FAILED ? NULL : st;
}

static void fuzz_stats_print(const struct fuzz_stats *st, const char *who)
{
	char line[512];
	unsigned long total;
	size_t len;
	int k, e;

	for (k = 0; k < FUZZ_KINDS; k++) {
		total = st->other[k];
		for (e = 0; e < 64; e++)
			total += st->count[k][e];
		if (!total)
			continue;
		len = snprintf(line, sizeof(line), "%s: %s: %lu calls: ok %lu",
			       who, fuzz_kind_name[k], total, st->count[k][0]);
		for (e = 1; e < 64 && len < sizeof(line); e++)
			if (st->count[k][e])
				len += snprintf(line + len, sizeof(line) - len,
						", %s %lu", strerrorname_np(e),
						st->count[k][e]);
		if (st->other[k] && len < sizeof(line))
			snprintf(line + len, sizeof(line) - len,
				 ", other errno %lu", st->other[k]);
		printf("# %s\n", line);
	}
	if (st->restored)
		printf("# %s: %lu parameter writes took effect and were undone\n",
		       who, st->restored);
	fflush(stdout);
}

/*
 * Count one result and compare it with @w; on a mismatch print the call
 * (@fmt...) and what was expected.  Returns 1 on a mismatch, else 0.
 */
static int fuzz_check(struct fuzz_stats *st, enum fuzz_kind kind,
		      const struct fuzz_want *w, long ret, int err,
		      const char *fmt, ...)
{
	char what[400], want[128];
	va_list ap;

	if (ret >= 0)
		st->count[kind][0]++;
	else if (err > 0 && err < 64)
		st->count[kind][err]++;
	else
		st->other[kind]++;
	if (fuzz_want_ok(w, ret, err))
		return 0;
	if (st->fails++ >= FUZZ_MAX_FAILS_SHOWN)
		return 1;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	fuzz_want_text(w, want, sizeof(want));
	if (ret >= 0)
		printf("# FAIL %s = %ld, want %s (seed %#llx)\n",
		       what, ret, want, fuzz_seed);
	else
		printf("# FAIL %s = -1 %s, want %s (seed %#llx)\n",
		       what, strerrorname_np(err) ?: "?", want, fuzz_seed);
	fflush(stdout);
	return 1;
}

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

/* An int for entropy_count or buf_size: every sign and size. */
static int fuzz_int_pick(struct fuzz_rng *rng, long avail)
{
	switch (fuzz_below(rng, 8)) {
	case 0:
		return 0;
	case 1:
		return -1 - (int)fuzz_below(rng, 300);
	case 2:
		return fuzz_below(rng, 2) ? INT_MAX : INT_MIN;
	case 3:
		return (int)fuzz_u64(rng);
	case 4:
		if (avail > 0)
			return (int)(avail - 1 + fuzz_below(rng, 3));
		return 1;
	default:
		return (int)fuzz_below(rng, 1025);
	}
}

static void fuzz_want_ioctl(struct fuzz_want *w, unsigned int cmd,
			    const struct fuzz_buf *b, bool priv)
{
	int val[2];

	switch (cmd) {
	case RNDGETENTCNT:
		if (b->w < 0 || b->w >= (long)sizeof(int))
			fuzz_want_count(w, 0, 0);
		if (b->w < (long)sizeof(int))
			w->errs = FUZZ_BIT(EFAULT);
		return;
	case RNDADDTOENTCNT:
	case RNDADDENTROPY:
		if (!priv) {
			fuzz_want_err(w, FUZZ_BIT(EPERM));
			return;
		}
		if (b->r < 0) {
			fuzz_want_count(w, 0, 0);
			w->errs = FUZZ_BIT(EFAULT) | FUZZ_BIT(EINVAL);
			return;
		}
		if (b->r < (long)sizeof(int)) {
			fuzz_want_err(w, FUZZ_BIT(EFAULT));
			return;
		}
		memcpy(&val[0], (void *)b->addr, sizeof(int));
		if (val[0] < 0) {
			fuzz_want_err(w, FUZZ_BIT(EINVAL));
			return;
		}
		if (cmd == RNDADDTOENTCNT) {
			fuzz_want_count(w, 0, 0);
			return;
		}
		if (b->r < (long)sizeof(val)) {
			fuzz_want_err(w, FUZZ_BIT(EFAULT));
			return;
		}
		/* The data must be taken whole, else EFAULT. */
		memcpy(&val[1], (char *)b->addr + sizeof(int), sizeof(int));
		if (val[1] >= 0 && val[1] <= b->r - (long)sizeof(val))
			fuzz_want_count(w, 0, 0);
		else
			fuzz_want_err(w, FUZZ_BIT(EFAULT));
		return;
	case RNDZAPENTCNT:
	case RNDCLEARPOOL:
	case RNDRESEEDCRNG:
		/* The RNG is ready: no ENODATA. */
		if (priv)
			fuzz_want_count(w, 0, 0);
		else
			fuzz_want_err(w, FUZZ_BIT(EPERM));
		return;
	default:
		fuzz_want_err(w, FUZZ_BIT(EINVAL));
		return;
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

static unsigned long fuzz_flags_pick(struct fuzz_rng *rng)
{
	switch (fuzz_below(rng, 6)) {
	case 0: case 1: case 2:
		return fuzz_below(rng, 8);
	case 3:
		return 1UL << fuzz_below(rng, 32);
	case 4:
		/* Bits above the unsigned int the system call takes. */
		return fuzz_below(rng, 8) | (fuzz_u64(rng) << 32);
	default:
		return fuzz_u64(rng);
	}
}

static void fuzz_want_getrandom(struct fuzz_want *w, unsigned int flags,
				const struct fuzz_buf *b, unsigned long len)
{
	if (flags & ~(GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE) ||
	    (flags & (GRND_INSECURE | GRND_RANDOM)) ==
	    (GRND_INSECURE | GRND_RANDOM)) {
		fuzz_want_err(w, FUZZ_BIT(EINVAL));
		return;
	}
	/* Ready: no EAGAIN, no waiting. */
	fuzz_want_copy(w, b, len, true, true);
}

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
#define FUZZ_VALUE_LEN		256

struct fuzz_file {
	char path[192];
	bool param;		/* a module parameter, else a sysctl */
	bool writable;		/* a write bit in its mode */
	bool fresh;		/* a new value on every read (uuid) */
	char value[FUZZ_VALUE_LEN];
};

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
	if (stat(f->path, &st) || !S_ISREG(st.st_mode))
		return;
	f->param = param;
	f->writable = st.st_mode & 0222;
	f->fresh = !param && !strcmp(name, "uuid");
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

/* Garbage for a sysctl or parameter in @buf (FUZZ_PAGE + 2 bytes at most). */
static size_t fuzz_garbage(struct fuzz_rng *rng, char *buf)
{
	static const char * const words[] = {
		"", "\n", "0", "1", "-1", "-0", "+1", " 1", "1 ", "1\n\n",
		"y", "n", "Y", "N", "on", "off", "true", "0x", "0x10", "010",
		"08", "1e3", "4294967295", "4294967296", "2147483647",
		"2147483648", "-2147483648", "-2147483649",
		"18446744073709551615", "18446744073709551616",
		"99999999999999999999999999", "\xff\xfe", "256", "600",
	};
	const char *word;
	size_t len, i;

	switch (fuzz_below(rng, 6)) {
	case 0: case 1:
		len = fuzz_below(rng, 65);
		for (i = 0; i < len; i++)
			buf[i] = fuzz_u64(rng);
		return len;
	case 2: case 3:
		word = words[fuzz_below(rng, ARRAY_SIZE(words))];
		len = strlen(word);
		memcpy(buf, word, len);
		/* Sometimes a NUL and more after it. */
		if (fuzz_below(rng, 4))
			return len;
		memcpy(buf + len, "\0junk", 5);
		return len + 5;
	case 4:
		return snprintf(buf, 32, "%lld%s",
				(long long)fuzz_u64(rng) >> fuzz_below(rng, 64),
				fuzz_below(rng, 2) ? "\n" : "");
	default:
		/* Longer than a page (sysfs takes one) or just at it. */
		len = FUZZ_PAGE - 2 + fuzz_below(rng, 4);
		memset(buf, '1' + fuzz_below(rng, 9), len);
		return len;
	}
}

/* include/linux/slab.h: KMALLOC_MAX_SIZE, 4 MiB on x86_64 */
#define FUZZ_KMALLOC_MAX	(4UL << 20)

/*
 * A write(2) of @len bytes at @b to a file root may write: a sysctl
 * (proc_sys_call_handler: ENOMEM from KMALLOC_MAX_SIZE on, EFAULT unless
 * all of it is copied, then the handler, which ignores what it gets) or a
 * parameter (kernfs takes at most a page, then kstrto*() may refuse it).
 */
static void fuzz_want_file_write(struct fuzz_want *w, const struct fuzz_file *f,
				 const struct fuzz_buf *b, unsigned long len)
{
	unsigned long n = len > FUZZ_MAX_RW_COUNT ? FUZZ_MAX_RW_COUNT : len;
	uint64_t parse = f->param ? FUZZ_BIT(EINVAL) | FUZZ_BIT(ERANGE) : 0;
	int ok = fuzz_access_ok(b->addr, len);

	if (!ok) {
		fuzz_want_err(w, FUZZ_BIT(EFAULT));
		return;
	}
	if (f->param && n > FUZZ_PAGE)
		n = FUZZ_PAGE;
	if (!n) {
		fuzz_want_count(w, 0, 0);
	} else if (!f->param && n >= FUZZ_KMALLOC_MAX) {
		fuzz_want_err(w, FUZZ_BIT(ENOMEM));
	} else if (b->r < 0) {
		fuzz_want_count(w, n, n);
		w->errs = FUZZ_BIT(EFAULT) | FUZZ_BIT(ENOMEM) | parse;
	} else if ((unsigned long)b->r < n) {
		/* kvzalloc() of up to 4 MiB may fail before the copy. */
		fuzz_want_err(w, FUZZ_BIT(EFAULT) | FUZZ_BIT(ENOMEM));
	} else {
		fuzz_want_count(w, n, n);
		w->errs = parse;
	}
	/* access_ok() depends on the paging mode. */
	if (ok < 0)
		w->errs |= FUZZ_BIT(EFAULT);
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
 * sysctl's value must not change.
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
	if (f->param)
		return fails + fuzz_restore(c, f);
	/* A sysctl ignores what is written. */
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
