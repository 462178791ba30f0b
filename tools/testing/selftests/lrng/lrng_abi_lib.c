// SPDX-License-Identifier: GPL-2.0
/*
 * The transcript writer and the check helpers of lrng_abi_test (see
 * lrng_abi.h): the transcript must be the same on a kernel with random.c
 * and on one with the LRNG, so nothing here writes a value that may differ
 * between the two.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "lrng_common.h"
#include "lrng_abi.h"

/*
 * Where the edge pages go: low, so that MAX_RW_COUNT bytes from there are
 * below TASK_SIZE and access_ok() passes; only the copy is short.
 */
#define ABI_EDGE_ADDR	((void *)0x40000000UL)

/* ------------------------------------------------------------ transcript */

static int abi_out = STDERR_FILENO;
static const char *abi_prefix = "# abi: ";

/* Runs before the harness forks any test: all tests append to one file. */
static void __attribute__((constructor)) abi_open_transcript(void)
{
	const char *path = getenv("LRNG_ABI_TRANSCRIPT");
	int fd;

	if (!path || !*path)
		return;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC,
		  0644);
	if (fd < 0) {
		fprintf(stderr, "# %s: %s\n", path, strerror(errno));
		return;
	}
	abi_out = fd;
	abi_prefix = "";
}

/* Append one line to the transcript, in a single write(2). */
void abi_note(const char *fmt, ...)
{
	char line[320];
	va_list ap;
	int len;

	len = snprintf(line, sizeof(line) - 1, "%s", abi_prefix);
	va_start(ap, fmt);
	len += vsnprintf(line + len, sizeof(line) - 1 - len, fmt, ap);
	va_end(ap);
	if (len > (int)sizeof(line) - 2)
		len = sizeof(line) - 2;
	line[len++] = '\n';
	if (write(abi_out, line, len) != len)
		fprintf(stderr, "# transcript write failed: %s\n",
			strerror(errno));
}

/* A result as text: a number, "partial" or an errno name. */
static void abi_result_text(long res, char *buf, size_t size)
{
	const char *name;

	if (res == ABI_PARTIAL) {
		snprintf(buf, size, "partial");
	} else if (res < 0) {
		name = strerrorname_np(-res);
		if (name)
			snprintf(buf, size, "%s", name);
		else
			snprintf(buf, size, "errno %ld", -res);
	} else {
		snprintf(buf, size, "%ld", res);
	}
}

/*
 * Write "@fmt...: @got" to the transcript and compare @got with @want (a
 * value, -errno or ABI_PARTIAL).  Returns 1 on a mismatch, which is also
 * reported on stderr, else 0: forked children sum these up.
 */
int abi_check(long want, long got, const char *fmt, ...)
{
	char what[256], gtext[64], wtext[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	abi_result_text(got, gtext, sizeof(gtext));
	abi_note("%s: %s", what, gtext);
	if (got == want)
		return 0;
	abi_result_text(want, wtext, sizeof(wtext));
	fprintf(stderr, "# MISMATCH %s: got %s, want %s\n", what, gtext,
		wtext);
	return 1;
}

/* -errno for a failed call (one that returned < 0), else its result. */
long abi_ret(long ret)
{
	return ret < 0 ? -errno : ret;
}

/* Like abi_ret(), with ABI_PARTIAL for 0 < @ret < @asked. */
long abi_count(long ret, size_t asked)
{
	if (ret > 0 && (size_t)ret < asked)
		return ABI_PARTIAL;
	return abi_ret(ret);
}

/* 0 for a call that gave a file descriptor, else -errno. */
long abi_fd(int fd)
{
	return fd < 0 ? -errno : 0;
}

/* ------------------------------------------------------------ memory */

/*
 * Two pages of which the second is unmapped: a buffer that ends at an
 * unmapped page, for partial copies.  Returns the first page.
 */
unsigned char *abi_edge_pages(void)
{
	long page = sysconf(_SC_PAGESIZE);
	unsigned char *p;

	p = mmap(ABI_EDGE_ADDR, 2 * page, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	if (munmap(p + page, page)) {
		munmap(p, 2 * page);
		return NULL;
	}
	memset(p, 0x42, page);
	return p;
}

long abi_entropy_avail(void)
{
	long val;

	if (lrng_read_int(LRNG_SYSCTL_DIR "entropy_avail", &val))
		return -1;
	return val;
}

/* Whether CAP_SYS_ADMIN is in the effective set: 1, 0, or -errno. */
long abi_cap_sys_admin(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];

	memset(data, 0, sizeof(data));
	if (syscall(SYS_capget, &hdr, data))
		return -errno;
	return !!(data[CAP_TO_INDEX(CAP_SYS_ADMIN)].effective &
		  CAP_TO_MASK(CAP_SYS_ADMIN));
}

/*
 * Make CAP_SYS_ADMIN the only capability (@on) or drop every capability,
 * in all of the effective, permitted and inheritable sets.
 */
static int abi_set_caps(bool on)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];

	memset(data, 0, sizeof(data));
	if (on) {
		data[CAP_TO_INDEX(CAP_SYS_ADMIN)].effective =
			CAP_TO_MASK(CAP_SYS_ADMIN);
		data[CAP_TO_INDEX(CAP_SYS_ADMIN)].permitted =
			CAP_TO_MASK(CAP_SYS_ADMIN);
	}
	return syscall(SYS_capset, &hdr, data);
}

/*
 * For lrng_run_child(): become @arg, a struct abi_identity: uid and gids
 * ->uid, no supplementary groups, the capabilities ->cap says.
 */
int abi_become(void *arg)
{
	const struct abi_identity *id = arg;

	if (prctl(PR_SET_KEEPCAPS, 1L, 0L, 0L, 0L) ||
	    setgroups(0, NULL) ||
	    setresgid(id->uid, id->uid, id->uid) ||
	    setresuid(id->uid, id->uid, id->uid))
		return -1;
	return abi_set_caps(id->cap);
}

/* ------------------------------------------------------------ files */

/* Record and check the type, permissions and owner of @path. */
int abi_stat(const char *path, unsigned int want_mode,
	     unsigned int major_nr, unsigned int minor_nr)
{
	char what[160];
	struct stat st;
	int fails;

	if (stat(path, &st))
		return abi_check(0, -errno, "stat %s", path);
	snprintf(what, sizeof(what), "stat %s mode=%#o uid=%u gid=%u", path,
		 st.st_mode, st.st_uid, st.st_gid);
	fails = abi_check(1, st.st_mode == want_mode, "%s: mode is %#o", what,
			  want_mode);
	fails += abi_check(0, st.st_uid, "%s owner", path);
	if (S_ISCHR(st.st_mode)) {
		fails += abi_check(major_nr, major(st.st_rdev), "%s major",
				   path);
		fails += abi_check(minor_nr, minor(st.st_rdev), "%s minor",
				   path);
	}
	return fails;
}

/* Read a UUID sysctl twice: -1 if it is not a UUID, else 1 if both same. */
long abi_uuid_same(const char *path)
{
	char a[64], b[64];

	if (lrng_read_file(path, a, sizeof(a)) != 37 ||
	    lrng_read_file(path, b, sizeof(b)) != 37 ||
	    !lrng_is_uuid_v4(a) || !lrng_is_uuid_v4(b) ||
	    a[36] != '\n' || b[36] != '\n')
		return -1;
	return !strcmp(a, b);
}
