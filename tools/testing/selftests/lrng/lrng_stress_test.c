// SPDX-License-Identifier: GPL-2.0
/*
 * Time-bounded stress of the random device interfaces.
 *
 * For a fixed time (LRNG_STRESS_SECONDS, default 8 s, at most 3000) these
 * threads run at once:
 *  - readers of random sizes (1 B .. 64 KiB, sizes from a fixed-seed PRNG)
 *    through getrandom(2) (flags 0, GRND_NONBLOCK, GRND_INSECURE),
 *    /dev/urandom and /dev/random, hopping between CPU 0, CPU 1 and both;
 *  - a writer of random data to /dev/urandom;
 *  - an ioctl caller: RNDGETENTCNT, and as root RNDADDENTROPY and
 *    RNDRESEEDCRNG;
 *  - a reader of the random sysctls and, where present, /proc/lrng_type;
 *  - as root, with /sys/devices/system/cpu/cpu1/online: CPU 1, 2, ... in
 *    turn taken offline and online again in a loop (always left online;
 *    LRNG_STRESS_HOTPLUG=0 leaves this out, e.g. when run outside a test
 *    VM);
 *  - as root, on an LRNG kernel with the extension modules (lrng_moddir()):
 *    the DRNG and the conditioning hash switched by loading lrng_drbg.ko
 *    and removing it again in a loop (every load and removal must succeed;
 *    ChaCha20 and SHA-256 serve at the end).
 *
 * Two cases: "run" is the stress (with the switches where the module is);
 * "drbg_switch" reports on the switches of the stress "run" made before it
 * in the same process (or runs the stress itself when "run" did not), and
 * is skipped, with the reason, without root, without the LRNG or without
 * lrng_drbg.ko.  So a harness can require it to pass where the module is
 * installed: a switch that fails, or none made, fails it.
 *
 * Every read and write must transfer its full count (no signals are sent,
 * so no short count is allowed), every ioctl must succeed, and no 16-byte
 * block of output (blocks counted from the start of each read) may occur
 * twice over everything that was read. The total read is capped at
 * LRNG_STRESS_MIB (default 32 MiB) and spread over the run, so every byte
 * read is kept and checked.
 *
 * The pass does not depend on timing: it passes on random.c and on the
 * LRNG; with fewer than two CPUs or without root the hotplug and
 * privileged parts are left out (and reported).
 */

#define _GNU_SOURCE
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop

#include <linux/random.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>

#include "lrng_common.h"

#define STRESS_CPU1_ONLINE	"/sys/devices/system/cpu/cpu1/online"
#define STRESS_SEED		0x4c524e47ULL	/* "LRNG" */
#define STRESS_MAX_READ		65536
#define STRESS_BLOCK		16

enum stress_kind {
	STRESS_GETRANDOM,
	STRESS_GETRANDOM_FLAGS,
	STRESS_URANDOM,
	STRESS_RANDOM,
	STRESS_NR_READERS,
};

static const char * const stress_kind_name[] = {
	"getrandom(0)", "getrandom(flags)", "/dev/urandom", "/dev/random",
};

struct stress_stats {
	unsigned long reads;
	unsigned long bytes;
};

struct stress {
	double secs;
	size_t cap;			/* bytes of output kept and checked */
	bool root;
	bool hotplug;
	struct timespec start;

	unsigned char *arena;		/* every byte read, 16-byte aligned */
	unsigned char *valid;		/* per 16-byte block: fully read */
	size_t reserved;		/* bytes of the arena handed out */

	struct stress_stats rd[STRESS_NR_READERS];
	unsigned long writes, write_bytes;
	unsigned long addentropy, reseed, getentcnt;
	unsigned long sysctl_reads;
	unsigned long offline_cycles, affinity_moves;
	bool switching;
	char moddir[400];
	unsigned long switches;
	unsigned long switch_errors;
	char switch_error[128];
	size_t checked;			/* 16-byte blocks compared */

	unsigned long errors;
	pthread_mutex_t lock;
	char first_error[256];
};

static struct stress S;

/*
 * What "run" did with the DRBG, for "drbg_switch": in memory shared by the
 * harness' forked test processes.
 */
struct stress_drbg_record {
	bool ran;
	unsigned long switches;
	unsigned long errors;
	char first_error[256];
	char drng[64];
	char hash[64];
};

static struct stress_drbg_record *stress_drbg;

static void __attribute__((constructor)) stress_drbg_shared(void)
{
	void *p = mmap(NULL, sizeof(*stress_drbg), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	stress_drbg = p == MAP_FAILED ? NULL : p;
}

static __u64 stress_rand(__u64 *s)
{
	/* splitmix64: only the sizes and written data come from here. */
	__u64 z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double stress_elapsed(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - S.start.tv_sec) +
	       (now.tv_nsec - S.start.tv_nsec) / 1e9;
}

static bool stress_running(void)
{
	return stress_elapsed() < S.secs;
}

static void stress_error(const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&S.lock);
	if (!S.errors++) {
		va_start(ap, fmt);
		vsnprintf(S.first_error, sizeof(S.first_error), fmt, ap);
		va_end(ap);
	}
	pthread_mutex_unlock(&S.lock);
}

/*
 * A random size from 1 B to 64 KiB, spread over the powers of two so that
 * small requests are as common as large ones.
 */
static size_t stress_size(__u64 *s)
{
	unsigned int bits = stress_rand(s) % 17;
	size_t n = (1UL << bits) + stress_rand(s) % (1UL << bits);

	return n > STRESS_MAX_READ ? STRESS_MAX_READ : n;
}

/*
 * Reserve room for @n bytes of output. The budget is released in step with
 * the clock, so reads go on over the whole run. Returns the arena offset,
 * or -1 when the budget is spent or the time is up.
 */
static long stress_reserve(size_t n)
{
	size_t need = (n + STRESS_BLOCK - 1) & ~(size_t)(STRESS_BLOCK - 1);

	for (;;) {
		size_t cur = __atomic_load_n(&S.reserved, __ATOMIC_RELAXED);
		double t = stress_elapsed(), allowed;

		if (t >= S.secs || cur + need > S.cap)
			return -1;
		allowed = S.cap * ((t + 0.25) / S.secs);
		if (cur + need > allowed) {
			usleep(1000);
			continue;
		}
		if (__atomic_compare_exchange_n(&S.reserved, &cur, cur + need,
						false, __ATOMIC_RELAXED,
						__ATOMIC_RELAXED))
			return cur;
	}
}

static void stress_pin(__u64 *s)
{
	cpu_set_t set;
	unsigned int r = stress_rand(s) % 3;

	CPU_ZERO(&set);
	if (r != 1)
		CPU_SET(0, &set);
	if (r != 0)
		CPU_SET(1, &set);
	/* CPU 1 may be offline just now: EINVAL is fine. */
	if (!sched_setaffinity(0, sizeof(set), &set))
		__atomic_add_fetch(&S.affinity_moves, 1, __ATOMIC_RELAXED);
}

static void *stress_reader(void *arg)
{
	enum stress_kind kind = (enum stress_kind)(long)arg;
	static const unsigned int flags[] = { 0, GRND_NONBLOCK, GRND_INSECURE };
	__u64 s = STRESS_SEED + kind;
	int fd = -1;

	if (kind == STRESS_URANDOM || kind == STRESS_RANDOM) {
		fd = open(kind == STRESS_URANDOM ? "/dev/urandom" : "/dev/random",
			  O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			stress_error("%s: open: %s", stress_kind_name[kind],
				     strerror(errno));
			return NULL;
		}
	}

	for (;;) {
		size_t n = stress_size(&s), i;
		unsigned int fl = 0;
		long off;
		ssize_t ret;

		if (!(stress_rand(&s) % 8))
			stress_pin(&s);
		off = stress_reserve(n);
		if (off < 0)
			break;
		if (kind == STRESS_GETRANDOM_FLAGS)
			fl = flags[stress_rand(&s) % 3];
		if (fd < 0)
			ret = lrng_getrandom(S.arena + off, n, fl);
		else
			ret = read(fd, S.arena + off, n);
		if (ret != (ssize_t)n) {
			stress_error("%s (flags %#x) of %zu bytes returned %zd (%s)",
				     stress_kind_name[kind], fl, n, ret,
				     ret < 0 ? strerror(errno) : "short");
			if (ret <= 0)
				continue;
		}
		for (i = 0; i < (size_t)ret / STRESS_BLOCK; i++)
			S.valid[off / STRESS_BLOCK + i] = 1;
		__atomic_add_fetch(&S.rd[kind].reads, 1, __ATOMIC_RELAXED);
		__atomic_add_fetch(&S.rd[kind].bytes, ret, __ATOMIC_RELAXED);
	}
	if (fd >= 0)
		close(fd);
	return NULL;
}

static void *stress_writer(void *arg)
{
	static unsigned char buf[4096];
	__u64 s = STRESS_SEED + 100;
	int fd;

	(void)arg;

	fd = open("/dev/urandom", O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		stress_error("/dev/urandom: open for writing: %s", strerror(errno));
		return NULL;
	}
	while (stress_running()) {
		size_t n = 1 + stress_rand(&s) % sizeof(buf), i;
		ssize_t ret;

		for (i = 0; i < n; i += 8) {
			__u64 v = stress_rand(&s);

			memcpy(buf + i, &v, n - i < 8 ? n - i : 8);
		}
		ret = write(fd, buf, n);
		if (ret != (ssize_t)n)
			stress_error("write of %zu bytes to /dev/urandom returned %zd (%s)",
				     n, ret, ret < 0 ? strerror(errno) : "short");
		S.writes++;
		S.write_bytes += n;
	}
	close(fd);
	return NULL;
}

static void *stress_ioctl(void *arg)
{
	struct {
		struct rand_pool_info info;
		__u32 data[16];
	} pool;
	__u64 s = STRESS_SEED + 200;
	int fd, cnt;

	(void)arg;

	fd = open("/dev/urandom", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		stress_error("/dev/urandom: open: %s", strerror(errno));
		return NULL;
	}
	while (stress_running()) {
		unsigned int i, r = stress_rand(&s) % 4;

		if (ioctl(fd, RNDGETENTCNT, &cnt) || cnt < 0)
			stress_error("RNDGETENTCNT: %d (%s)", cnt, strerror(errno));
		S.getentcnt++;
		if (!S.root)
			continue;
		if (r < 3) {
			pool.info.buf_size = 4 + stress_rand(&s) % 60;
			pool.info.entropy_count = stress_rand(&s) %
						  (pool.info.buf_size * 8 + 1);
			for (i = 0; i < 16; i++)
				pool.data[i] = stress_rand(&s);
			if (ioctl(fd, RNDADDENTROPY, &pool))
				stress_error("RNDADDENTROPY (%d bytes, %d bits): %s",
					     pool.info.buf_size,
					     pool.info.entropy_count,
					     strerror(errno));
			S.addentropy++;
		} else {
			/* The RNG is ready (main waited for it). */
			if (ioctl(fd, RNDRESEEDCRNG))
				stress_error("RNDRESEEDCRNG: %s", strerror(errno));
			S.reseed++;
		}
	}
	close(fd);
	return NULL;
}

static void *stress_sysctl(void *arg)
{
	static const char * const files[] = {
		LRNG_SYSCTL_DIR "entropy_avail", LRNG_SYSCTL_DIR "uuid",
		LRNG_SYSCTL_DIR "boot_id", LRNG_SYSCTL_DIR "poolsize",
		"/proc/lrng_type",
	};
	char buf[8192];
	unsigned int i = 0;

	(void)arg;

	while (stress_running()) {
		const char *f = files[i++ % ARRAY_SIZE(files)];

		if (lrng_read_file(f, buf, sizeof(buf)) <= 0 &&
		    !(errno == ENOENT && !strcmp(f, "/proc/lrng_type")))
			stress_error("reading %s: %s", f, strerror(errno));
		S.sysctl_reads++;
		usleep(1000);
	}
	return NULL;
}

/* Bring @cpu back, retrying for a while if hotplug is busy. */
static int stress_restore_online(int cpu)
{
	int i, ret = 0;

	for (i = 0; i < 100; i++) {
		ret = lrng_cpu_set_online(cpu, 1);
		if (!ret || ret == -ENOENT || ret == -EACCES)
			return ret;
		usleep(50000);
	}
	return ret;
}

/* Every CPU but CPU 0 back online; the first error, or 0. */
static int stress_restore_all(void)
{
	int cpu, ret, first = 0;

	for (cpu = 1; cpu < sysconf(_SC_NPROCESSORS_CONF); cpu++) {
		ret = stress_restore_online(cpu);
		if (ret && ret != -ENOENT && !first)
			first = ret;
	}
	return first;
}

/* CPUs 1, 2, ... in turn: offline, then online again. */
static void *stress_hotplug(void *arg)
{
	long ncpus = sysconf(_SC_NPROCESSORS_CONF);
	__u64 s = STRESS_SEED + 300;
	int cpu = 0, ret;

	(void)arg;

	while (stress_running()) {
		cpu = cpu % (ncpus - 1) + 1;
		ret = lrng_cpu_set_online(cpu, 0);
		if (ret == -ENOENT)
			continue;
		if (ret) {
			stress_error("CPU %d offline: %s", cpu, strerror(-ret));
			break;
		}
		usleep(50000 + stress_rand(&s) % 200000);
		ret = stress_restore_online(cpu);
		if (ret) {
			stress_error("CPU %d online: %s", cpu, strerror(-ret));
			break;
		}
		S.offline_cycles++;
		usleep(50000 + stress_rand(&s) % 200000);
	}
	return NULL;
}

/* A failed load or removal: an error of the run and of the switching. */
static void stress_switch_error(const char *what, int err)
{
	if (!S.switch_errors++)
		snprintf(S.switch_error, sizeof(S.switch_error),
			 "%s lrng_drbg: %s", what, strerror(-err));
	stress_error("%s lrng_drbg: %s", what, strerror(-err));
}

/* Load and remove the DRBG extension: two DRNG and hash switches. */
static void *stress_switch(void *arg)
{
	__u64 s = STRESS_SEED + 400;
	int ret;

	(void)arg;

	while (stress_running()) {
		ret = lrng_load(S.moddir, "lrng_drbg", "");
		if (ret) {
			stress_switch_error("loading", ret);
			break;
		}
		usleep(20000 + stress_rand(&s) % 200000);
		ret = lrng_unload("lrng_drbg");
		if (ret) {
			stress_switch_error("removing", ret);
			break;
		}
		S.switches++;
		usleep(20000 + stress_rand(&s) % 200000);
	}
	return NULL;
}

static int stress_block_cmp(const void *a, const void *b)
{
	const __u32 *x = a, *y = b;

	return memcmp(S.arena + (size_t)*x * STRESS_BLOCK,
		      S.arena + (size_t)*y * STRESS_BLOCK, STRESS_BLOCK);
}

/* Two blocks equal? Plain loads: memcmp's vector code is slow under TCG. */
static bool stress_block_eq(__u32 a, __u32 b)
{
	const __u64 *x = (const __u64 *)(S.arena + (size_t)a * STRESS_BLOCK);
	const __u64 *y = (const __u64 *)(S.arena + (size_t)b * STRESS_BLOCK);

	return x[0] == y[0] && x[1] == y[1];
}

#define STRESS_BUCKETS		0x100000U	/* 2^20 */

/* The bucket of a block: its first 20 bits. */
static unsigned int stress_bucket(size_t block)
{
	const unsigned char *p = S.arena + block * STRESS_BLOCK;

	return (p[0] << 12 | p[1] << 4 | p[2] >> 4) & (STRESS_BUCKETS - 1);
}

static void stress_repeat(unsigned long *repeats, __u32 a, __u32 b)
{
	if (!(*repeats)++)
		stress_error("16-byte block repeated at arena offsets %zu and %zu",
			     (size_t)a * STRESS_BLOCK, (size_t)b * STRESS_BLOCK);
}

/*
 * Every fully read 16-byte block against every other: the blocks are
 * counting-sorted into 2^20 buckets by their first 20 bits, and the few
 * blocks of a bucket are compared pairwise (a large bucket, which only
 * poor output makes, is sorted first). Returns the number of repeats.
 */
static unsigned long stress_find_repeats(size_t *checked)
{
	size_t nblocks = S.cap / STRESS_BLOCK, i, lo, hi, j, k;
	unsigned long repeats = 0;
	__u32 *idx, *pos, *key;
	unsigned int b;

	/* One more counter, for the blocks not read (key STRESS_BUCKETS). */
	pos = calloc(STRESS_BUCKETS + 2, sizeof(*pos));
	idx = malloc(nblocks * sizeof(*idx));
	key = malloc(nblocks * sizeof(*key));
	if (!pos || !idx || !key) {
		free(pos);
		free(idx);
		free(key);
		stress_error("out of memory for the repeat check");
		return 0;
	}
	for (i = 0; i < nblocks; i++) {
		key[i] = S.valid[i] ? stress_bucket(i) : STRESS_BUCKETS;
		pos[key[i] + 1]++;
	}
	for (b = 1; b <= STRESS_BUCKETS; b++)
		pos[b] += pos[b - 1];
	*checked = pos[STRESS_BUCKETS];
	for (i = 0; i < nblocks; i++)
		if (key[i] < STRESS_BUCKETS)
			idx[pos[key[i]]++] = i;
	free(key);
	/* pos[b] is now the end of bucket b. */
	for (b = 0, lo = 0; b < STRESS_BUCKETS; b++, lo = hi) {
		hi = pos[b];
		if (hi - lo > 64) {
			qsort(idx + lo, hi - lo, sizeof(*idx), stress_block_cmp);
			for (j = lo + 1; j < hi; j++)
				if (!stress_block_cmp(&idx[j - 1], &idx[j]))
					stress_repeat(&repeats, idx[j - 1], idx[j]);
			continue;
		}
		for (j = lo; j < hi; j++)
			for (k = j + 1; k < hi; k++)
				if (stress_block_eq(idx[j], idx[k]))
					stress_repeat(&repeats, idx[j], idx[k]);
	}
	free(idx);
	free(pos);
	return repeats;
}

FIXTURE(stress) {
	bool hotplug;
};

FIXTURE_SETUP(stress)
{
	char path[512];
	const char *e;

	self->hotplug = false;
	memset(&S, 0, sizeof(S));
	pthread_mutex_init(&S.lock, NULL);
	S.secs = 8;
	e = getenv("LRNG_STRESS_SECONDS");
	if (e && atof(e) > 0)
		S.secs = atof(e) > 3000 ? 3000 : atof(e);
	S.cap = 32 * LRNG_MIB;
	e = getenv("LRNG_STRESS_MIB");
	if (e && atol(e) > 0 && atol(e) <= 1024)
		S.cap = atol(e) * LRNG_MIB;
	S.root = geteuid() == 0;
	e = getenv("LRNG_STRESS_HOTPLUG");
	S.hotplug = S.root && !access(STRESS_CPU1_ONLINE, W_OK) &&
		    sysconf(_SC_NPROCESSORS_CONF) > 1 && !(e && !strcmp(e, "0"));
	/* The parent restores the CPUs whatever happens to the test process. */
	self->hotplug = S.hotplug;
	lrng_moddir(S.moddir, sizeof(S.moddir));
	snprintf(path, sizeof(path), "%s/lrng_drbg.ko", S.moddir);
	S.switching = S.root && !access("/proc/lrng_type", R_OK) &&
		      !access(path, R_OK);
	/* A leftover of an earlier run. */
	if (S.switching)
		lrng_unload("lrng_drbg");
}

FIXTURE_TEARDOWN_PARENT(stress)
{
	if (self->hotplug)
		stress_restore_all();
}

/* Record the switches of this run for "drbg_switch". */
static void stress_drbg_note(void)
{
	if (!stress_drbg || !S.switching)
		return;
	stress_drbg->ran = true;
	stress_drbg->switches = S.switches;
	stress_drbg->errors = S.switch_errors;
	snprintf(stress_drbg->first_error, sizeof(stress_drbg->first_error),
		 "%s", S.switch_error);
	lrng_type_text(NULL, "DRNG name", stress_drbg->drng,
		       sizeof(stress_drbg->drng));
	lrng_type_text(NULL, "Hash for conditioning", stress_drbg->hash,
		       sizeof(stress_drbg->hash));
}

static void stress_body(struct __test_metadata *_metadata)
{
	pthread_t rd[STRESS_NR_READERS], wr, io, sc, hp, sw;
	unsigned char first[16];
	unsigned long repeats;
	size_t total = 0;
	double took;
	int i;

	TH_LOG("%.0f s, up to %zu MiB kept, seed %#llx, root %d, hotplug %d",
	       S.secs, S.cap / LRNG_MIB, STRESS_SEED, S.root, S.hotplug);
	if (!S.hotplug)
		TH_LOG("CPU hotplug left out (needs root, two CPUs, %s)",
		       STRESS_CPU1_ONLINE);
	if (!S.root)
		TH_LOG("RNDADDENTROPY and RNDRESEEDCRNG left out (not root)");
	if (!S.switching)
		TH_LOG("DRNG switches left out (need root, an LRNG kernel, %s/lrng_drbg.ko)",
		       S.moddir);

	/* Wait for the RNG once: afterwards nothing may block or fail. */
	ASSERT_EQ((long)sizeof(first), lrng_getrandom(first, sizeof(first), 0));

	S.arena = mmap(NULL, S.cap, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, S.arena);
	S.valid = calloc(S.cap / STRESS_BLOCK, 1);
	ASSERT_NE(NULL, S.valid);

	clock_gettime(CLOCK_MONOTONIC, &S.start);
	for (i = 0; i < STRESS_NR_READERS; i++)
		ASSERT_EQ(0, pthread_create(&rd[i], NULL, stress_reader,
					    (void *)(long)i));
	ASSERT_EQ(0, pthread_create(&wr, NULL, stress_writer, NULL));
	ASSERT_EQ(0, pthread_create(&io, NULL, stress_ioctl, NULL));
	ASSERT_EQ(0, pthread_create(&sc, NULL, stress_sysctl, NULL));
	if (S.hotplug)
		ASSERT_EQ(0, pthread_create(&hp, NULL, stress_hotplug, NULL));
	if (S.switching)
		ASSERT_EQ(0, pthread_create(&sw, NULL, stress_switch, NULL));

	for (i = 0; i < STRESS_NR_READERS; i++)
		pthread_join(rd[i], NULL);
	pthread_join(wr, NULL);
	pthread_join(io, NULL);
	pthread_join(sc, NULL);
	if (S.hotplug) {
		pthread_join(hp, NULL);
		EXPECT_EQ(0, stress_restore_all());
	}
	if (S.switching)
		pthread_join(sw, NULL);
	took = stress_elapsed();
	stress_drbg_note();

	for (i = 0; i < STRESS_NR_READERS; i++) {
		TH_LOG("%-17s %6lu reads %9lu bytes", stress_kind_name[i],
		       S.rd[i].reads, S.rd[i].bytes);
		total += S.rd[i].bytes;
		EXPECT_NE(0UL, S.rd[i].reads);
	}
	TH_LOG("writes %lu (%lu bytes), sysctl reads %lu",
	       S.writes, S.write_bytes, S.sysctl_reads);
	TH_LOG("RNDADDENTROPY %lu, RNDRESEEDCRNG %lu, RNDGETENTCNT %lu",
	       S.addentropy, S.reseed, S.getentcnt);
	TH_LOG("CPU offline/online cycles %lu, affinity moves %lu, load ran %.1f s",
	       S.offline_cycles, S.affinity_moves, took);
	TH_LOG("DRBG loaded and removed %lu times", S.switches);

	repeats = stress_find_repeats(&S.checked);
	TH_LOG("%zu bytes read, %zu 16-byte blocks checked, %lu repeated (check %.1f s)",
	       total, S.checked, repeats, stress_elapsed() - took);

	if (S.errors)
		TH_LOG("%lu error(s), first: %s", S.errors, S.first_error);
	EXPECT_EQ(0UL, S.errors);
	EXPECT_EQ(0UL, repeats);
	EXPECT_NE(0UL, S.writes);
	EXPECT_NE(0UL, S.checked);
	if (S.root) {
		EXPECT_NE(0UL, S.addentropy);
		EXPECT_NE(0UL, S.reseed);
	}
	if (S.hotplug)
		EXPECT_NE(0UL, S.offline_cycles);
	if (S.switching) {
		static char type[16384];

		EXPECT_NE(0UL, S.switches);
		/* Removed at the end of every cycle: the built-in DRNG serves. */
		ASSERT_LT(0, lrng_read_file("/proc/lrng_type", type,
					    sizeof(type)));
		EXPECT_NE(NULL, strstr(type, "DRNG name: ChaCha20\n"));
		EXPECT_NE(NULL, strstr(type, "Hash for conditioning: SHA-256\n"));
	}
}

TEST_F_TIMEOUT(stress, run, 3600)
{
	stress_body(_metadata);
}

/* See the top of the file. */
TEST_F_TIMEOUT(stress, drbg_switch, 3600)
{
	if (!S.root)
		SKIP(return, "needs root to load lrng_drbg.ko");
	if (access("/proc/lrng_type", R_OK))
		SKIP(return, "not an LRNG kernel (no /proc/lrng_type)");
	if (!S.switching)
		SKIP(return, "no %s/lrng_drbg.ko: a kernel without the extension modules",
		     S.moddir);
	ASSERT_NE(NULL, stress_drbg);
	if (!stress_drbg->ran) {
		TH_LOG("the stress with the DRBG switches did not run before: running it");
		stress_body(_metadata);
	}
	ASSERT_TRUE(stress_drbg->ran);
	TH_LOG("DRBG loaded and removed %lu times under the stress, %lu failures%s%s",
	       stress_drbg->switches, stress_drbg->errors,
	       stress_drbg->errors ? ", first: " : "",
	       stress_drbg->first_error);
	EXPECT_EQ(0UL, stress_drbg->errors);
	EXPECT_LT(0UL, stress_drbg->switches);
	EXPECT_STREQ("ChaCha20", stress_drbg->drng);
	EXPECT_STREQ("SHA-256", stress_drbg->hash);
}

TEST_HARNESS_MAIN
