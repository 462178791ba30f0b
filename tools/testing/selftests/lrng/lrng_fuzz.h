/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fuzzing engine of lrng_fuzz_test (lrng_fuzz_lib.c): a splitmix64
 * PRNG from a fixed seed, an arena of guard pages at a fixed address,
 * pickers of bad buffers, lengths and values, the result each call of the
 * random.c user ABI of Linux 6.12 may have, and the counts of the results.
 */
#ifndef LRNG_FUZZ_H
#define LRNG_FUZZ_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../kselftest.h"

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

#define FUZZ_BIT(e)		(1ULL << (e))

#define FUZZ_VALUE_LEN		256

/* The seed of every stream: $LRNG_FUZZ_SEED, read at start-up, or fixed. */
extern unsigned long long fuzz_seed;

struct fuzz_rng {
	uint64_t state;
};

/* The arena (see lrng_fuzz_lib.c) and the start of each of its parts. */
struct fuzz_arena {
	unsigned char *base;
	unsigned char *rw;
	unsigned char *ro;
	unsigned char *guard;
	unsigned char *hole;
};

/*
 * A buffer argument: its address, what it is, and how many bytes can be
 * written (@w) and read (@r) from there before a fault, -1 if unknown.
 */
struct fuzz_buf {
	unsigned long addr;
	const char *what;
	long w, r;
};

/* A call may return a count in lo..hi, or fail with an errno in errs. */
struct fuzz_want {
	long lo, hi;
	uint64_t errs;
};

enum fuzz_kind {
	FUZZ_IOCTL,
	FUZZ_GETRANDOM,
	FUZZ_READ,
	FUZZ_WRITE,
	FUZZ_FILE_OPEN,
	FUZZ_FILE_WRITE,
	FUZZ_KINDS,
};

/* Results per kind: [0] successes, [e] failures with errno e (< 64). */
struct fuzz_stats {
	unsigned long count[FUZZ_KINDS][64];
	unsigned long other[FUZZ_KINDS];
	unsigned long restored;
	unsigned long fails;
};

/* A sysctl or module parameter, and its value when the test started. */
struct fuzz_file {
	char path[192];
	bool param;		/* a module parameter, else a sysctl */
	bool writable;		/* a write bit in its mode */
	bool fresh;		/* a new value on every read (uuid) */
	bool action;		/* a write runs something, sets no value */
	char value[FUZZ_VALUE_LEN];
};

/* Start stream @stream of fuzz_seed: the same numbers on every run. */
void fuzz_rng_init(struct fuzz_rng *rng, unsigned int stream);
/* The next 64 bits of the stream. */
uint64_t fuzz_u64(struct fuzz_rng *rng);
/* A number from 0 to @n - 1; @n must not be 0. */
uint64_t fuzz_below(struct fuzz_rng *rng, uint64_t n);

/*
 * Map the arena at FUZZ_ARENA_ADDR; its hole must be unmapped.  Returns 0,
 * or -1 with errno set.
 */
int fuzz_arena_map(struct fuzz_arena *a);
/* Unmap what fuzz_arena_map() mapped, if anything. */
void fuzz_arena_unmap(struct fuzz_arena *a);

/* A buffer in or out of the arena, with the bytes usable from there. */
void fuzz_buf_pick(struct fuzz_rng *rng, const struct fuzz_arena *a,
		   struct fuzz_buf *b);
/* A length: small, near @avail, just past a page, or huge. */
unsigned long fuzz_len_pick(struct fuzz_rng *rng, long avail);
/* An int of every sign and size, or near @avail when that is > 0. */
int fuzz_int_pick(struct fuzz_rng *rng, long avail);
/* A flags word: the valid bits, one bit, bits above 32, or any word. */
unsigned long fuzz_flags_pick(struct fuzz_rng *rng);
/*
 * Garbage for a sysctl or parameter in @buf, which takes FUZZ_PAGE + 2
 * bytes at most.  Returns its length.
 */
size_t fuzz_garbage(struct fuzz_rng *rng, char *buf);

/* Expect a failure with one of the errnos FUZZ_BIT(e) in @errs. */
void fuzz_want_err(struct fuzz_want *w, uint64_t errs);
/* Expect a count from @lo to @hi, and no failure. */
void fuzz_want_count(struct fuzz_want *w, long lo, long hi);
/*
 * Expect a copy of @len bytes to (@out) or from @b: getrandom(2) with
 * @clamp_first, else read(2) or write(2).
 */
void fuzz_want_copy(struct fuzz_want *w, const struct fuzz_buf *b,
		    unsigned long len, bool clamp_first, bool out);
/* Expect ioctl @cmd with argument @b, with CAP_SYS_ADMIN if @priv. */
void fuzz_want_ioctl(struct fuzz_want *w, unsigned int cmd,
		     const struct fuzz_buf *b, bool priv);
/* Expect getrandom(@b, @len, @flags) on a ready RNG. */
void fuzz_want_getrandom(struct fuzz_want *w, unsigned int flags,
			 const struct fuzz_buf *b, unsigned long len);
/* Expect root's write(2) of @len bytes at @b to @f. */
void fuzz_want_file_write(struct fuzz_want *w, const struct fuzz_file *f,
			  const struct fuzz_buf *b, unsigned long len);

/* Zeroed stats in shared memory, which forked children update; or NULL. */
struct fuzz_stats *fuzz_stats_new(void);
/* Print the counts of each kind of call as TAP comments, for @who. */
void fuzz_stats_print(const struct fuzz_stats *st, const char *who);
/*
 * Count one result (@ret, and errno @err when @ret < 0) and compare it
 * with @w; on a mismatch print the call (@fmt...) and what was expected.
 * Returns 1 on a mismatch, else 0.
 */
__printf(6, 7) int fuzz_check(struct fuzz_stats *st, enum fuzz_kind kind,
			      const struct fuzz_want *w, long ret, int err,
			      const char *fmt, ...);

#endif /* LRNG_FUZZ_H */
