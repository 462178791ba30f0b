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

#include <errno.h>
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

/* Whether this boot says that the DRBG serves from boot. */
static bool lrng_drbg_boot(void)
{
	const char *env = getenv("LRNG_DRBG_BOOT");

	return env && !strcmp(env, "1");
}

#define LRNG_SKIP_WHY "not the DRBG-from-boot boot (LRNG_DRBG_BOOT=1)"

/* The bytes each origin gave on one path between two reads. */
static struct lrng_origin lrng_origin_delta(const struct lrng_origin *before,
					    const struct lrng_origin *after)
{
	struct lrng_origin d = {
		.drbg = after->drbg - before->drbg,
		.cc20_drbg = after->cc20_drbg - before->cc20_drbg,
		.cc20 = after->cc20 - before->cc20,
	};

	return d;
}

TEST(lrng_type_names_the_drbg)
{
	struct lrng_origin o[ORIG_PATHS];
	char val[128];

	if (!lrng_drbg_boot())
		SKIP(return, LRNG_SKIP_WHY);
	ASSERT_EQ(0, lrng_origin_read(o));
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

	if (!lrng_drbg_boot())
		SKIP(return, LRNG_SKIP_WHY);
	ASSERT_EQ(0, lrng_origin_read(o));
	EXPECT_LT(0ULL, o[ORIG_BYTES].cc20 + o[ORIG_UN].cc20)
		TH_LOG("no in-kernel byte counted before the takeover");
	EXPECT_EQ(0ULL, o[ORIG_USER].cc20) TH_LOG("user space read ChaCha20");
}

TEST(getrandom_from_drbg)
{
	struct lrng_origin b[ORIG_PATHS], a[ORIG_PATHS], d;
	static char buf[5000];

	if (!lrng_drbg_boot())
		SKIP(return, LRNG_SKIP_WHY);
	ASSERT_EQ(0, lrng_origin_read(b));
	ASSERT_EQ(16, lrng_getrandom(buf, 16, 0));
	ASSERT_EQ((long)sizeof(buf), lrng_getrandom(buf, sizeof(buf), 0));
	ASSERT_EQ(16, lrng_getrandom(buf, 16, GRND_INSECURE));
	ASSERT_EQ(0, lrng_origin_read(a));
	d = lrng_origin_delta(&b[ORIG_USER], &a[ORIG_USER]);
	EXPECT_LE((unsigned long long)(sizeof(buf) + 32), d.drbg);
	EXPECT_EQ(0ULL, d.cc20_drbg);
	EXPECT_EQ(0ULL, d.cc20);
}

/* Short and long reads of a device, all from the DRBG. */
static void lrng_read_device(struct __test_metadata *_metadata,
			     const char *dev)
{
	struct lrng_origin b[ORIG_PATHS], a[ORIG_PATHS], d;
	static char buf[5000];
	int fd;

	if (!lrng_drbg_boot())
		SKIP(return, LRNG_SKIP_WHY);
	ASSERT_EQ(0, lrng_origin_read(b));
	fd = open(dev, O_RDONLY);
	ASSERT_LE(0, fd);
	ASSERT_EQ(16, read(fd, buf, 16));
	ASSERT_EQ((ssize_t)sizeof(buf), read(fd, buf, sizeof(buf)));
	close(fd);
	ASSERT_EQ(0, lrng_origin_read(a));
	d = lrng_origin_delta(&b[ORIG_USER], &a[ORIG_USER]);
	EXPECT_LE((unsigned long long)(sizeof(buf) + 16), d.drbg);
	EXPECT_EQ(0ULL, d.cc20_drbg);
	EXPECT_EQ(0ULL, d.cc20);
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
	struct lrng_origin b[ORIG_PATHS], a[ORIG_PATHS], d;
	unsigned long ehdr = getauxval(AT_SYSINFO_EHDR);
	struct vgetrandom_opaque_params params;
	long page = sysconf(_SC_PAGESIZE);
	lrng_vgetrandom_t fn;
	char buf[64];
	void *state;

	if (!lrng_drbg_boot())
		SKIP(return, LRNG_SKIP_WHY);
	ASSERT_EQ(0, lrng_origin_read(b));
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
	d = lrng_origin_delta(&b[ORIG_USER], &a[ORIG_USER]);
	EXPECT_LE((unsigned long long)(32), d.drbg);
	EXPECT_EQ(0ULL, d.cc20_drbg);
	EXPECT_EQ(0ULL, d.cc20);
}

/*
 * get_random_bytes() and get_random_u32()/u64() through the batch, made to
 * run by the write; forks add the kernel's own requests (canaries, ASLR).
 */
TEST(in_kernel_from_chacha20_keyed_by_drbg)
{
	struct lrng_origin b[ORIG_PATHS], a[ORIG_PATHS], d;
	char rounds[16];
	pid_t pid;
	int i;

	if (!lrng_drbg_boot())
		SKIP(return, LRNG_SKIP_WHY);
	ASSERT_EQ(0, lrng_origin_read(b));
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
	d = lrng_origin_delta(&b[ORIG_BYTES], &a[ORIG_BYTES]);
	EXPECT_LE((unsigned long long)(LRNG_ORIGIN_ROUNDS * (16 + 512)), d.cc20_drbg);
	EXPECT_EQ(0ULL, d.drbg);
	EXPECT_EQ(0ULL, d.cc20);
	d = lrng_origin_delta(&b[ORIG_UN], &a[ORIG_UN]);
	EXPECT_LE((unsigned long long)(LRNG_ORIGIN_ROUNDS * (1 + 2 + 4 + 8)),
		  d.cc20_drbg);
	EXPECT_EQ(0ULL, d.drbg);
	EXPECT_EQ(0ULL, d.cc20);
}

/*
 * Refused writes give EINVAL and run nothing: the kernel's own output
 * meanwhile is far less than the 1025 rounds a write of "1025" would run.
 */
TEST(bad_round_counts_refused)
{
	struct lrng_origin b[ORIG_PATHS], a[ORIG_PATHS], d;

	if (!lrng_drbg_boot())
		SKIP(return, LRNG_SKIP_WHY);
	ASSERT_EQ(0, lrng_origin_read(b));
	EXPECT_EQ(-EINVAL, lrng_write_str(LRNG_ORIGIN_FILE, "0"));
	EXPECT_EQ(-EINVAL, lrng_write_str(LRNG_ORIGIN_FILE, "1025"));
	EXPECT_EQ(-EINVAL, lrng_write_str(LRNG_ORIGIN_FILE, "x"));
	ASSERT_EQ(0, lrng_origin_read(a));
	d = lrng_origin_delta(&b[ORIG_BYTES], &a[ORIG_BYTES]);
	EXPECT_GT((unsigned long long)(1025 * (16 + 512)), d.cc20_drbg);
	EXPECT_EQ(0ULL, d.cc20);
}

TEST_HARNESS_MAIN
