/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The transcript and the checks of lrng_abi_test (lrng_abi_lib.c).
 *
 * Each check writes one line "operation: result" to the transcript: the
 * file named by $LRNG_ABI_TRANSCRIPT, opened at start-up, or stderr as TAP
 * comments when that is not set.  A result is a return value, an errno
 * name or ABI_PARTIAL, written "partial".
 */
#ifndef LRNG_ABI_H
#define LRNG_ABI_H

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "../kselftest.h"

/* A result that is a count of bytes, more than 0 and less than asked. */
#define ABI_PARTIAL	LONG_MIN

/* Clear errno, so a stale value is never reported. */
#define ABI_CALL(call)	abi_ret((errno = 0, (long)(call)))

/* Who runs the ioctls: the permission check is capable(CAP_SYS_ADMIN). */
struct abi_identity {
	const char *who;
	uid_t uid;
	bool cap;	/* CAP_SYS_ADMIN only, else no capabilities */
};

/* Append one line to the transcript, in a single write(2). */
__printf(1, 2) void abi_note(const char *fmt, ...);
/*
 * Write "@fmt...: @got" to the transcript and compare @got with @want (a
 * value, -errno or ABI_PARTIAL).  Returns 1 on a mismatch, which is also
 * reported on stderr, else 0.
 */
__printf(3, 4) int abi_check(long want, long got, const char *fmt, ...);
/* -errno for a failed call (one that returned < 0), else its result. */
long abi_ret(long ret);
/* Like abi_ret(), with ABI_PARTIAL for 0 < @ret < @asked. */
long abi_count(long ret, size_t asked);
/* 0 for a call that gave a file descriptor, else -errno. */
long abi_fd(int fd);

/*
 * Two pages at a fixed address of which the second is unmapped, the first
 * filled with 0x42.  Returns the first page, or NULL.
 */
unsigned char *abi_edge_pages(void);
/* The entropy_avail sysctl, or -1 if it cannot be read. */
long abi_entropy_avail(void);
/* Whether CAP_SYS_ADMIN is in the effective set: 1, 0, or -errno. */
long abi_cap_sys_admin(void);
/*
 * For lrng_run_child(): become @arg, a struct abi_identity.  Returns 0, or
 * -1 with errno set.
 */
int abi_become(void *arg);
/*
 * Record and check the type and permissions (@want_mode) of @path, its
 * owner root and, for a character device, its major and minor numbers.
 * Returns the number of mismatches.
 */
int abi_stat(const char *path, unsigned int want_mode,
	     unsigned int major_nr, unsigned int minor_nr);
/*
 * Read the UUID sysctl @path twice: -1 if a read is not a v4 UUID and a
 * newline, else 1 if both reads are the same and 0 if not.
 */
long abi_uuid_same(const char *path);

#endif /* LRNG_ABI_H */
