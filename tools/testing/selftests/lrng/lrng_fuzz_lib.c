// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzing engine of lrng_fuzz_test (see lrng_fuzz.h): the seeded PRNG,
 * the arena of guard pages, the pickers of arguments, the results each call
 * may have, predicted from the 6.12 code (random.c, fs/ and
 * lib/iov_iter.c), and the counts of the results.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <limits.h>
#include <linux/random.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "lrng_fuzz.h"

#define FUZZ_SEED_DEFAULT	0x4c524e47f0220009ULL
#define FUZZ_MAX_FAILS_SHOWN	20

/* ------------------------------------------------------------ PRNG */

unsigned long long fuzz_seed = FUZZ_SEED_DEFAULT;

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

/* One stream per test and identity, so they do not depend on each other. */
void fuzz_rng_init(struct fuzz_rng *rng, unsigned int stream)
{
	rng->state = fuzz_seed ^ (0x9e3779b97f4a7c15ULL * (stream + 1));
}

uint64_t fuzz_u64(struct fuzz_rng *rng)
{
	uint64_t z = (rng->state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* 0 ... @n - 1 */
uint64_t fuzz_below(struct fuzz_rng *rng, uint64_t n)
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

int fuzz_arena_map(struct fuzz_arena *a)
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

void fuzz_arena_unmap(struct fuzz_arena *a)
{
	if (a->base && a->base != MAP_FAILED)
		munmap(a->base, FUZZ_PAGES * FUZZ_PAGE);
}

void fuzz_buf_pick(struct fuzz_rng *rng, const struct fuzz_arena *a,
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
unsigned long fuzz_len_pick(struct fuzz_rng *rng, long avail)
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

/* ------------------------------------------------------------ values */

/* An int for entropy_count or buf_size: every sign and size. */
int fuzz_int_pick(struct fuzz_rng *rng, long avail)
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

unsigned long fuzz_flags_pick(struct fuzz_rng *rng)
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

/* Garbage for a sysctl or parameter in @buf (FUZZ_PAGE + 2 bytes at most). */
size_t fuzz_garbage(struct fuzz_rng *rng, char *buf)
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

/* ------------------------------------------------------------ oracle */

void fuzz_want_err(struct fuzz_want *w, uint64_t errs)
{
	w->lo = 1;
	w->hi = 0;
	w->errs = errs;
}

void fuzz_want_count(struct fuzz_want *w, long lo, long hi)
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
void fuzz_want_copy(struct fuzz_want *w, const struct fuzz_buf *b,
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

void fuzz_want_ioctl(struct fuzz_want *w, unsigned int cmd,
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

void fuzz_want_getrandom(struct fuzz_want *w, unsigned int flags,
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

/* include/linux/slab.h: KMALLOC_MAX_SIZE, 4 MiB on x86_64 */
#define FUZZ_KMALLOC_MAX	(4UL << 20)

/*
 * A write(2) of @len bytes at @b to a file root may write: a sysctl
 * (proc_sys_call_handler: ENOMEM from KMALLOC_MAX_SIZE on, EFAULT unless
 * all of it is copied, then the handler, which ignores what it gets) or a
 * parameter (kernfs takes at most a page, then kstrto*() may refuse it).
 */
void fuzz_want_file_write(struct fuzz_want *w, const struct fuzz_file *f,
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

/* ------------------------------------------------------------ counts */

static const char * const fuzz_kind_name[FUZZ_KINDS] = {
	"ioctl", "getrandom", "read", "write", "open for write",
	"write to sysctl/parameter",
};

/* In shared memory, so that a nobody child reports to its parent. */
struct fuzz_stats *fuzz_stats_new(void)
{
	struct fuzz_stats *st;

	st = mmap(NULL, sizeof(*st), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	return st == MAP_FAILED ? NULL : st;
}

void fuzz_stats_print(const struct fuzz_stats *st, const char *who)
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
int fuzz_check(struct fuzz_stats *st, enum fuzz_kind kind,
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
