// SPDX-License-Identifier: GPL-2.0
/*
 * The DRBG from boot (CONFIG_LRNG_DRNG_BOOT_DRBG): every output path is
 * served by the SP800-90A DRBG or by a ChaCha20 DRNG keyed only from it.
 *
 * The evidence is the debugfs file lrng_testing/lrng_drng_origin
 * (CONFIG_LRNG_TEST_DRNG_ORIGIN): per output path, the bytes handed out
 * by the DRBG, by a ChaCha20 DRNG keyed only from it, and by a ChaCha20
 * DRNG seeded from the entropy sources, counted where the bytes leave the
 * LRNG from what the serving state came from.  Each case uses one path and
 * checks the counts before and after: on a kernel where the DRBG does not
 * serve, the bytes show up as "chacha20" and the case fails.
 *
 * The cases run only when the boot says that the DRBG serves from boot
 * (LRNG_DRBG_BOOT=1 on the kernel command line, which the harness's
 * drbg-fips boot gives); elsewhere they skip.
 */

#define _GNU_SOURCE
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop

#include <fcntl.h>
#include <linux/random.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lrng_common.h"
#include "../vDSO/parse_vdso.h"
#include "../vDSO/vdso_config.h"

#define LRNG_ORIGIN_FILE "/sys/kernel/debug/lrng_testing/lrng_drng_origin"
/* Rounds of the in-kernel paths that a write asks for. */
#define LRNG_ORIGIN_ROUNDS 64

enum { ORIG_USER, ORIG_BYTES, ORIG_UN, ORIG_PATHS };

/* One path's line: bytes by origin. */
struct lrng_origin {
	unsigned long long drbg, cc20_drbg, cc20;
};

static const char *const lrng_origin_names[ORIG_PATHS] = {
	"user", "bytes", "uN",
};

/* Read every path's counts; 0 or -1. */
static int lrng_origin_read(struct lrng_origin o[ORIG_PATHS])
{
	char buf[1024], name[16], *line, *save;
	struct lrng_origin v;
	int i, found = 0;

	if (lrng_read_file(LRNG_ORIGIN_FILE, buf, sizeof(buf)) <= 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "%15[^:]: drbg %llu chacha20_drbg %llu chacha20 %llu",
			   name, &v.drbg, &v.cc20_drbg, &v.cc20) != 4)
			return -1;
		for (i = 0; i < ORIG_PATHS; i++) {
			if (!strcmp(name, lrng_origin_names[i])) {
				o[i] = v;
				found |= 1 << i;
			}
		}
	}
	return found == (1 << ORIG_PATHS) - 1 ? 0 : -1;
}

/* Skip unless this boot is the DRBG-from-boot one with the counters. */
#define LRNG_NEED_DRBG_BOOT(o) do {					\
	const char *env = getenv("LRNG_DRBG_BOOT");			\
	if (!env || strcmp(env, "1"))					\
		SKIP(return, "not the DRBG-from-boot boot (LRNG_DRBG_BOOT=1)"); \
	ASSERT_EQ(0, lrng_origin_read(o))				\
		TH_LOG("%s unreadable: CONFIG_LRNG_TEST_DRNG_ORIGIN?",	\
		       LRNG_ORIGIN_FILE);				\
} while (0)

/* @path served @min bytes or more from the DRBG itself, none from ChaCha20. */
#define LRNG_EXPECT_DRBG(b, a, path, min) do {				\
	EXPECT_GE((a)[path].drbg - (b)[path].drbg,		\
		  (unsigned long long)(min));		\
	EXPECT_EQ((a)[path].cc20_drbg, (b)[path].cc20_drbg);		\
	EXPECT_EQ((a)[path].cc20, (b)[path].cc20);			\
} while (0)

/* @path served @min bytes or more from ChaCha20 keyed from the DRBG only. */
#define LRNG_EXPECT_CC20_DRBG(b, a, path, min) do {			\
	EXPECT_GE((a)[path].cc20_drbg - (b)[path].cc20_drbg,	\
		  (unsigned long long)(min));	\
	EXPECT_EQ((a)[path].drbg, (b)[path].drbg);			\
	EXPECT_EQ((a)[path].cc20, (b)[path].cc20);			\
} while (0)

TEST(lrng_type_names_the_drbg)
{
	struct lrng_origin o[ORIG_PATHS];
	char val[128];

	LRNG_NEED_DRBG_BOOT(o);
	ASSERT_EQ(0, lrng_type_text(NULL, "DRNG name", val, sizeof(val)));
	EXPECT_EQ(0, strncmp(val, "drbg_nopr_", 10)) TH_LOG("DRNG name: %s", val);
	ASSERT_EQ(0, lrng_type_text(NULL, "DRNG for in-kernel callers", val,
				    sizeof(val)));
	EXPECT_STREQ("ChaCha20 keyed from the DRBG", val);
}

/* The early boot's requests came before the takeover: ChaCha20's. */
TEST(early_boot_counted_as_chacha20)
{
	struct lrng_origin o[ORIG_PATHS];

	LRNG_NEED_DRBG_BOOT(o);
	EXPECT_LT(0ULL, o[ORIG_BYTES].cc20 + o[ORIG_UN].cc20)
		TH_LOG("no in-kernel byte counted before the takeover");
	EXPECT_EQ(0ULL, o[ORIG_USER].cc20) TH_LOG("user space read ChaCha20");
}

TEST(getrandom_from_drbg)
{
	struct lrng_origin b[ORIG_PATHS], a[ORIG_PATHS];
	static char buf[5000];

	LRNG_NEED_DRBG_BOOT(b);
	ASSERT_EQ(16, lrng_getrandom(buf, 16, 0));
	ASSERT_EQ((long)sizeof(buf), lrng_getrandom(buf, sizeof(buf), 0));
	ASSERT_EQ(16, lrng_getrandom(buf, 16, GRND_INSECURE));
	ASSERT_EQ(0, lrng_origin_read(a));
	LRNG_EXPECT_DRBG(b, a, ORIG_USER, sizeof(buf) + 32);
}

/* Short and long reads of a device, all from the DRBG. */
static void lrng_read_device(struct __test_metadata *_metadata,
			     const char *dev)
{
	struct lrng_origin b[ORIG_PATHS], a[ORIG_PATHS];
	static char buf[5000];
	int fd;

	LRNG_NEED_DRBG_BOOT(b);
	fd = open(dev, O_RDONLY);
	ASSERT_LE(0, fd);
	ASSERT_EQ(16, read(fd, buf, 16));
	ASSERT_EQ((ssize_t)sizeof(buf), read(fd, buf, sizeof(buf)));
	close(fd);
	ASSERT_EQ(0, lrng_origin_read(a));
	LRNG_EXPECT_DRBG(b, a, ORIG_USER, sizeof(buf) + 16);
}

TEST(dev_random_from_drbg)
{
	lrng_read_device(_metadata, "/dev/random");
}

TEST(dev_urandom_from_drbg)
{
	lrng_read_device(_metadata, "/dev/urandom");
}

/* The vDSO keys its state with getrandom(2): the DRBG's output. */
typedef ssize_t (*lrng_vgetrandom_t)(void *buf, size_t len, unsigned int flags,
				     void *state, size_t state_len);

TEST(vdso_key_from_drbg)
{
	struct lrng_origin b[ORIG_PATHS], a[ORIG_PATHS];
	unsigned long ehdr = getauxval(AT_SYSINFO_EHDR);
	struct vgetrandom_opaque_params params;
	long page = sysconf(_SC_PAGESIZE);
	lrng_vgetrandom_t fn;
	char buf[64];
	void *state;

	LRNG_NEED_DRBG_BOOT(b);
	ASSERT_NE(0UL, ehdr);
	vdso_init_from_sysinfo_ehdr(ehdr);
	fn = (lrng_vgetrandom_t)vdso_sym(versions[VDSO_VERSION],
					 names[VDSO_NAMES][6]);
	ASSERT_NE(NULL, fn) TH_LOG("no getrandom() in the vDSO");
	ASSERT_EQ(0, fn(NULL, 0, 0, &params, ~0UL));
	ASSERT_GE((unsigned long)page, params.size_of_opaque_state);
	state = mmap(NULL, page, params.mmap_prot, params.mmap_flags, -1, 0);
	ASSERT_NE(MAP_FAILED, state);
	/* A new state takes its key at the first call. */
	ASSERT_EQ((ssize_t)sizeof(buf), fn(buf, sizeof(buf), 0, state,
					   params.size_of_opaque_state));
	munmap(state, page);
	ASSERT_EQ(0, lrng_origin_read(a));
	LRNG_EXPECT_DRBG(b, a, ORIG_USER, 32);
}

/*
 * get_random_bytes() and get_random_u32()/u64() through the batch, made to
 * run by the write; forks add the kernel's own requests (canaries, ASLR).
 */
TEST(in_kernel_from_chacha20_keyed_by_drbg)
{
	struct lrng_origin b[ORIG_PATHS], a[ORIG_PATHS];
	char rounds[16];
	pid_t pid;
	int i;

	LRNG_NEED_DRBG_BOOT(b);
	for (i = 0; i < 8; i++) {
		pid = fork();
		ASSERT_LE(0, pid);
		if (!pid)
			_exit(0);
		ASSERT_EQ(pid, waitpid(pid, NULL, 0));
	}
	snprintf(rounds, sizeof(rounds), "%d", LRNG_ORIGIN_ROUNDS);
	ASSERT_EQ(0, lrng_write_str(LRNG_ORIGIN_FILE, rounds));
	ASSERT_EQ(0, lrng_origin_read(a));
	LRNG_EXPECT_CC20_DRBG(b, a, ORIG_BYTES, LRNG_ORIGIN_ROUNDS * (16 + 512));
	LRNG_EXPECT_CC20_DRBG(b, a, ORIG_UN, LRNG_ORIGIN_ROUNDS * (4 + 8));
}

TEST(bad_round_counts_refused)
{
	struct lrng_origin b[ORIG_PATHS], a[ORIG_PATHS];

	LRNG_NEED_DRBG_BOOT(b);
	EXPECT_NE(0, lrng_write_str(LRNG_ORIGIN_FILE, "0"));
	EXPECT_NE(0, lrng_write_str(LRNG_ORIGIN_FILE, "1025"));
	EXPECT_NE(0, lrng_write_str(LRNG_ORIGIN_FILE, "x"));
	ASSERT_EQ(0, lrng_origin_read(a));
	EXPECT_EQ(a[ORIG_USER].cc20, b[ORIG_USER].cc20);
}

TEST_HARNESS_MAIN
