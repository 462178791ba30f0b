// SPDX-License-Identifier: GPL-2.0
/*
 * The LRNG's AIS 20/31 NTG.1 mode (CONFIG_LRNG_AIS2031_NTG1_SEEDING_STRATEGY
 * booted with lrng_es_mgr.ntg1=1): the NTG.1 line of /proc/lrng_type, and
 * the prediction-resistant output of getrandom(2) with GRND_RANDOM and of
 * /dev/random opened with O_SYNC.
 *
 * Every case skips, with the reason, on a kernel without the option
 * (no /sys/module/lrng_es_mgr/parameters/ntg1, the stock kernel too) and on
 * one booted without the parameter: the harness's normal boots.  The
 * harness boots the LRNG kernel ("ntg1") and the debug kernel
 * ("debug-ntg1", with lrng_stress_test after this test) with
 * lrng_es_mgr.ntg1=1 for it.  It runs as root.
 *
 * Entropy: in this mode every block of at most 32 bytes of such a read
 * takes a seed of 240 bits from each of two sources.  In a VM the CPU
 * source is one (trusted by default); the second is the Jitter RNG (the
 * mode keeps its pool full) or the interrupts, which give a few blocks a
 * second.  Cases that read more than a few blocks therefore run a feeder
 * thread, as a hardware RNG daemon would: it credits 256 bits to the
 * auxiliary pool with RNDADDTOENTCNT in a loop, yielding the CPU between
 * credits.  A reader that finds the pool empty sleeps until a credit
 * wakes it (without a wake-up it looks at the sources again only once a
 * second, too slowly for the large reads to end within their timeouts).
 *
 * Cases:
 *  - proc_compliant: once getrandom(2) no longer blocks, /proc/lrng_type
 *    shows "NTG.1 compliant: true" and "Seeding stage: fully seeded";
 *  - own_sources_full_count: GRND_RANDOM reads of 16, 32 and 33 bytes
 *    return their full count from the VM's own sources (no feeder);
 *  - large_full_count: with the feeder, GRND_RANDOM reads of 4096 and
 *    65536 bytes and an O_SYNC /dev/random read of 4096 bytes return their
 *    full count;
 *  - nonblock: GRND_RANDOM | GRND_NONBLOCK (and an O_SYNC | O_NONBLOCK
 *    /dev/random) of 16, 32 and 4096 bytes returns the full count, a short
 *    count (4096 only) or -1 with EAGAIN, nothing else, and each call
 *    returns within NTG1_NONBLOCK_BOUND; repeated without a feeder it
 *    reaches EAGAIN (a call that waited for entropy would have returned
 *    bytes instead: this, not the bound, shows that it never waits), and
 *    after a credit of 256 bits a 32-byte call gets its block;
 *  - signal_ends_read: a 1 MiB GRND_RANDOM read and a 1 MiB O_SYNC
 *    /dev/random read without a feeder are ended by SIGALRM (a handler
 *    without SA_RESTART) after 1 s: -1 with EINTR or the count so far,
 *    within NTG1_SIGNAL_BOUND of the signal;
 *  - vdso_passes_grnd_random: the vDSO's getrandom() passes GRND_RANDOM
 *    to the system call instead of serving it from its own state: into a
 *    buffer that faults, the call returns EFAULT or EAGAIN (the system
 *    call's answers) where the vDSO's own output would kill the caller;
 *  - others_not_pr: getrandom(2) with flags 0, /dev/urandom and
 *    /dev/random without O_SYNC return 1 MiB in one call within
 *    NTG1_BULK_BOUND without a feeder, which prediction-resistant output
 *    (32768 seeds) could not;
 *  - beside_light_work: with the feeder, one thread reads 1 MiB with
 *    GRND_RANDOM in one call while another thread on the same CPU does
 *    light work (a few system calls, then 1 ms of sleep, in a loop); the
 *    read returns 1 MiB, no 16-byte block of it repeats, and the light
 *    thread never went NTG1_GAP_BOUND without a round (a reader that
 *    never yielded would starve it, and the kernel would report an RCU
 *    stall);
 *  - beside_stress: lrng_stress_test (from the test's directory, output to
 *    /tmp/lrng_ntg1_stress.log) runs in a child while this process reads
 *    with GRND_RANDOM, O_SYNC /dev/random and GRND_NONBLOCK, with the
 *    feeder; every blocking read returns its full count and the stress
 *    test passes.
 *
 * The bounds leave room for a debug kernel in an emulator: they catch a
 * read that waits when it must not, or never ends, not a slow one.  The
 * harness fails a boot whose console shows an RCU stall, a soft lockup or
 * a hung task.
 */

#define _GNU_SOURCE
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop

#include <linux/random.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/ioctl.h>
#include <sys/time.h>

#include "lrng_common.h"
#include "lrng_vgetrandom.h"

#define NTG1_PARAM		"/sys/module/lrng_es_mgr/parameters/ntg1"
#define NTG1_STRESS_LOG		"/tmp/lrng_ntg1_stress.log"
#define NTG1_BLOCK		32
#define NTG1_NONBLOCK_BOUND	10.0
#define NTG1_SIGNAL_BOUND	10.0
#define NTG1_BULK_BOUND		60.0
#define NTG1_GAP_BOUND		20.0
#define NTG1_DRAIN_CALLS	20000

static double ntg1_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The feeder: RNDADDTOENTCNT of 256 bits in a loop, as an rngd would. */
struct ntg1_feeder {
	pthread_t thread;
	atomic_bool stop;
	unsigned long credits;
	int err;
	int fd;
};

static void *ntg1_feed(void *arg)
{
	struct ntg1_feeder *f = arg;
	int bits = 256;

	while (!atomic_load(&f->stop)) {
		if (ioctl(f->fd, RNDADDTOENTCNT, &bits)) {
			f->err = errno;
			break;
		}
		f->credits++;
		/* No timer: its granularity would bound the reads' rate. */
		sched_yield();
	}
	return NULL;
}

static int ntg1_feeder_start(struct ntg1_feeder *f)
{
	memset(f, 0, sizeof(*f));
	f->fd = open("/dev/urandom", O_WRONLY | O_CLOEXEC);
	if (f->fd < 0)
		return -1;
	if (pthread_create(&f->thread, NULL, ntg1_feed, f)) {
		close(f->fd);
		return -1;
	}
	return 0;
}

/* Stop the feeder; 0 when every credit worked. */
static int ntg1_feeder_stop(struct ntg1_feeder *f)
{
	atomic_store(&f->stop, true);
	pthread_join(f->thread, NULL);
	close(f->fd);
	printf("# feeder: %lu credits of 256 bits\n", f->credits);
	return f->err;
}

/* Credit @bits to the auxiliary pool once; 0 or -1. */
static int ntg1_credit(int bits)
{
	int fd, ret;

	fd = open("/dev/urandom", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ret = ioctl(fd, RNDADDTOENTCNT, &bits);
	close(fd);
	return ret;
}

/* A full read(2) of @len bytes of @path opened with @flags, in one call. */
static ssize_t ntg1_dev_read(const char *path, int flags, void *buf,
			     size_t len, int *err)
{
	ssize_t ret;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC | flags);
	if (fd < 0) {
		*err = errno;
		return -1;
	}
	ret = read(fd, buf, len);
	*err = errno;
	close(fd);
	return ret;
}

static int ntg1_block_cmp(const void *a, const void *b)
{
	return memcmp(a, b, 16);
}

/* Whether a 16-byte block of @buf (@len a multiple of 16) occurs twice. */
static bool ntg1_repeats(const unsigned char *buf, size_t len)
{
	unsigned char *copy = malloc(len);
	bool rep = false;
	size_t i;

	if (!copy)
		return true;
	memcpy(copy, buf, len);
	qsort(copy, len / 16, 16, ntg1_block_cmp);
	for (i = 16; i < len && !rep; i += 16)
		rep = !memcmp(copy + i - 16, copy + i, 16);
	free(copy);
	return rep;
}

FIXTURE(ntg1) {
	bool root;
};

FIXTURE_SETUP(ntg1)
{
	char val[16];

	if (lrng_read_file(NTG1_PARAM, val, sizeof(val)) < 0)
		SKIP(return,
		     "no %s: not an LRNG kernel with CONFIG_LRNG_AIS2031_NTG1_SEEDING_STRATEGY",
		     NTG1_PARAM);
	if (val[0] != 'Y')
		SKIP(return, "booted without lrng_es_mgr.ntg1=1");
	self->root = geteuid() == 0;
	/* Fully seeded under the strategy: getrandom(2) no longer blocks. */
	ASSERT_EQ(0, lrng_getrandom(NULL, 0, 0));
}

FIXTURE_TEARDOWN(ntg1)
{
}

#define NTG1_ROOT_ONLY	"needs root to credit entropy (RNDADDTOENTCNT)"

TEST_F(ntg1, proc_compliant)
{
	char val[64];

	ASSERT_EQ(0, lrng_type_text(NULL, "NTG.1 compliant", val, sizeof(val)));
	EXPECT_STREQ("true", val);
	ASSERT_EQ(0, lrng_type_text(NULL, "Seeding stage", val, sizeof(val)));
	EXPECT_STREQ("fully seeded", val);
}

/*
 * GRND_RANDOM reads of each of the @n @sizes into @buf: each returns its
 * full count, and no 16-byte block of a read repeats.
 */
static void ntg1_full_reads(struct __test_metadata *_metadata,
			    unsigned char *buf, const size_t *sizes,
			    unsigned int n)
{
	unsigned int i;
	double t0;
	long ret;

	for (i = 0; i < n; i++) {
		t0 = ntg1_now();
		ret = lrng_getrandom(buf, sizes[i], GRND_RANDOM);
		TH_LOG("GRND_RANDOM %zu bytes: %ld in %.2f s", sizes[i], ret,
		       ntg1_now() - t0);
		EXPECT_EQ((long)sizes[i], ret);
		if (ret == (long)sizes[i] && !(sizes[i] % 16))
			EXPECT_FALSE(ntg1_repeats(buf, sizes[i]));
	}
}

TEST_F_TIMEOUT(ntg1, own_sources_full_count, 600)
{
	static const size_t sizes[] = { 16, 32, 33 };
	unsigned char buf[64];

	ntg1_full_reads(_metadata, buf, sizes, ARRAY_SIZE(sizes));
}

TEST_F_TIMEOUT(ntg1, large_full_count, 900)
{
	static const size_t sizes[] = { 4096, 65536 };
	struct ntg1_feeder feeder;
	unsigned char *buf;
	double t0;
	ssize_t ret;
	int err = 0;

	if (!self->root)
		SKIP(return, NTG1_ROOT_ONLY);
	buf = malloc(65536);
	ASSERT_NE(NULL, buf);
	ASSERT_EQ(0, ntg1_feeder_start(&feeder));
	ntg1_full_reads(_metadata, buf, sizes, ARRAY_SIZE(sizes));
	t0 = ntg1_now();
	ret = ntg1_dev_read("/dev/random", O_SYNC, buf, 4096, &err);
	TH_LOG("O_SYNC /dev/random 4096 bytes: %zd in %.2f s", ret,
	       ntg1_now() - t0);
	EXPECT_EQ(4096, ret);
	EXPECT_EQ(0, ntg1_feeder_stop(&feeder));
	free(buf);
}

/*
 * One nonblocking call of @len bytes: the full count, a short count when
 * @len spans blocks, or -1 with EAGAIN; with @timed, within
 * NTG1_NONBLOCK_BOUND.  @dev: /dev/random with O_SYNC | O_NONBLOCK instead
 * of getrandom(2).  Returns the call's result.
 */
static long ntg1_nonblock_once(struct __test_metadata *_metadata,
			       unsigned char *buf, size_t len, bool dev,
			       bool timed)
{
	double t0 = ntg1_now(), took;
	int err = 0;
	long ret;

	if (dev) {
		ret = ntg1_dev_read("/dev/random", O_SYNC | O_NONBLOCK, buf,
				    len, &err);
	} else {
		ret = lrng_getrandom(buf, len, GRND_RANDOM | GRND_NONBLOCK);
		err = errno;
	}
	took = ntg1_now() - t0;
	if (timed && took >= NTG1_NONBLOCK_BOUND) {
		TH_LOG("%s of %zu bytes took %.2f s", dev ?
		       "O_SYNC|O_NONBLOCK read" : "GRND_RANDOM|GRND_NONBLOCK",
		       len, took);
		EXPECT_LT(took, NTG1_NONBLOCK_BOUND);
	}
	/* No else: an EXPECT macro ends in a statement of its own. */
	if (ret < 0)
		EXPECT_EQ(EAGAIN, err);
	if (ret >= 0 && len <= NTG1_BLOCK)
		EXPECT_EQ((long)len, ret);
	/* A count or -1, never 0 or another negative value. */
	EXPECT_NE(0, ret);
	EXPECT_LE(-1, ret);
	EXPECT_GE((long)len, ret);
	return ret;
}

TEST_F_TIMEOUT(ntg1, nonblock, 300)
{
	static const size_t sizes[] = { 16, 32, 4096 };
	unsigned long served = 0, calls = 0;
	unsigned char buf[4096];
	bool eagain = false;
	unsigned int i;
	long ret = -1;

	if (!self->root)
		SKIP(return, NTG1_ROOT_ONLY);
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		ntg1_nonblock_once(_metadata, buf, sizes[i], false, true);
		ntg1_nonblock_once(_metadata, buf, sizes[i], true, true);
	}
	/* Take the blocks the sources hold until there are none. */
	while (!eagain && calls < NTG1_DRAIN_CALLS) {
		ret = ntg1_nonblock_once(_metadata, buf, NTG1_BLOCK,
					 calls & 1, true);
		calls++;
		if (ret < 0)
			eagain = true;
		else
			served++;
	}
	TH_LOG("%lu nonblocking calls served before EAGAIN", served);
	EXPECT_TRUE(eagain);
	/*
	 * A credit makes the auxiliary pool the second source of 240 bits
	 * beside the CPU source, if that one is credited: a block at once
	 * (again, should a reseed of the DRNG take the credit first).
	 */
	if (lrng_type_num("CPU", "Available entropy") < 240)
		SKIP(return, "CPU source credits less than 240 bits: no credit check");
	for (i = 0, ret = -1; i < 3 && ret < 0; i++) {
		ASSERT_EQ(0, ntg1_credit(256));
		ret = ntg1_nonblock_once(_metadata, buf, NTG1_BLOCK, false,
					 true);
	}
	EXPECT_EQ(NTG1_BLOCK, ret);
}

static atomic_int ntg1_alarms;

static void ntg1_on_alarm(int sig)
{
	(void)sig;
	ntg1_alarms++;
}

/* A 1 MiB read ended by SIGALRM after 1 s (no SA_RESTART). */
static void ntg1_interrupted(struct __test_metadata *_metadata,
			     unsigned char *buf, bool dev)
{
	double t0, took;
	int err = 0;
	long ret;

	ntg1_alarms = 0;
	t0 = ntg1_now();
	alarm(1);
	if (dev) {
		ret = ntg1_dev_read("/dev/random", O_SYNC, buf, LRNG_MIB, &err);
	} else {
		ret = lrng_getrandom(buf, LRNG_MIB, GRND_RANDOM);
		err = errno;
	}
	took = ntg1_now() - t0;
	alarm(0);
	TH_LOG("%s of 1 MiB: %ld (%s) after %.2f s, %d SIGALRM",
	       dev ? "O_SYNC /dev/random read" : "GRND_RANDOM", ret,
	       ret < 0 ? strerror(err) : "bytes", took,
	       atomic_load(&ntg1_alarms));
	EXPECT_EQ(1, ntg1_alarms);
	if (ret < 0)
		EXPECT_EQ(EINTR, err);
	EXPECT_NE(0, ret);
	EXPECT_GT((long)LRNG_MIB, ret);
	EXPECT_LT(took, 1 + NTG1_SIGNAL_BOUND);
}

TEST_F_TIMEOUT(ntg1, signal_ends_read, 120)
{
	struct sigaction sa = { .sa_handler = ntg1_on_alarm };
	unsigned char *buf = malloc(LRNG_MIB);

	ASSERT_NE(NULL, buf);
	ASSERT_EQ(0, sigaction(SIGALRM, &sa, NULL));
	ntg1_interrupted(_metadata, buf, false);
	ntg1_interrupted(_metadata, buf, true);
	free(buf);
}

TEST_F_TIMEOUT(ntg1, vdso_passes_grnd_random, 120)
{
	long page = sysconf(_SC_PAGESIZE);
	int status = 0;
	void *bad;
	pid_t pid;

	if (lrng_vdso_setup())
		SKIP(return, "no getrandom() in the vDSO");
	bad = mmap(NULL, page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, bad);
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		ssize_t ret = lrng_vgetrandom(bad, NTG1_BLOCK,
					      GRND_RANDOM | GRND_NONBLOCK);

		_exit(ret == -EFAULT || ret == -EAGAIN ? 0 : 1);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	if (WIFSIGNALED(status))
		TH_LOG("the vDSO served GRND_RANDOM itself (signal %d)",
		       WTERMSIG(status));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
	munmap(bad, page);
}

TEST_F_TIMEOUT(ntg1, others_not_pr, 300)
{
	/* A NULL path is getrandom(2) with flags 0. */
	static const char * const paths[] = {
		NULL, "/dev/urandom", "/dev/random",
	};
	unsigned char *buf = malloc(LRNG_MIB);
	double t0, took;
	unsigned int i;
	int err = 0;
	long ret;

	ASSERT_NE(NULL, buf);
	for (i = 0; i < ARRAY_SIZE(paths); i++) {
		t0 = ntg1_now();
		if (paths[i])
			ret = ntg1_dev_read(paths[i], 0, buf, LRNG_MIB, &err);
		else
			ret = lrng_getrandom(buf, LRNG_MIB, 0);
		took = ntg1_now() - t0;
		TH_LOG("%s of 1 MiB without O_SYNC: %ld in %.2f s",
		       paths[i] ?: "getrandom(0)", ret, took);
		EXPECT_EQ((long)LRNG_MIB, ret);
		EXPECT_LT(took, NTG1_BULK_BOUND);
	}
	free(buf);
}

/* The light work: a few system calls, then 1 ms of sleep, in a loop. */
struct ntg1_light {
	pthread_t thread;
	atomic_bool stop;
	int cpu;
	unsigned long rounds;
	unsigned long sum;
	double max_gap;
};

static void *ntg1_light_work(void *arg)
{
	const struct timespec pause = { .tv_nsec = 1000 * 1000 };
	struct ntg1_light *l = arg;
	double last = ntg1_now(), now;
	int i;

	if (l->cpu >= 0)
		lrng_pin(l->cpu);
	while (!atomic_load(&l->stop)) {
		for (i = 0; i < 1000; i++)
			l->sum = l->sum * 31 + getpid();
		nanosleep(&pause, NULL);
		now = ntg1_now();
		if (now - last > l->max_gap)
			l->max_gap = now - last;
		last = now;
		l->rounds++;
	}
	return NULL;
}

/* The large read, in a thread of its own. */
struct ntg1_reader {
	pthread_t thread;
	int cpu;
	unsigned char *buf;
	size_t len;
	long ret;
	int err;
	double secs;
};

static void *ntg1_read_big(void *arg)
{
	struct ntg1_reader *r = arg;
	double t0;

	if (r->cpu >= 0)
		lrng_pin(r->cpu);
	t0 = ntg1_now();
	r->ret = lrng_getrandom(r->buf, r->len, GRND_RANDOM);
	r->err = errno;
	r->secs = ntg1_now() - t0;
	return NULL;
}

TEST_F_TIMEOUT(ntg1, beside_light_work, 1800)
{
	struct ntg1_reader reader = { .cpu = 0, .len = LRNG_MIB };
	struct ntg1_light light = { .cpu = 0 };
	struct ntg1_feeder feeder;

	if (!self->root)
		SKIP(return, NTG1_ROOT_ONLY);
	reader.buf = malloc(reader.len);
	ASSERT_NE(NULL, reader.buf);
	ASSERT_EQ(0, ntg1_feeder_start(&feeder));
	ASSERT_EQ(0, pthread_create(&light.thread, NULL, ntg1_light_work,
				    &light));
	ASSERT_EQ(0, pthread_create(&reader.thread, NULL, ntg1_read_big,
				    &reader));
	pthread_join(reader.thread, NULL);
	atomic_store(&light.stop, true);
	pthread_join(light.thread, NULL);
	EXPECT_EQ(0, ntg1_feeder_stop(&feeder));

	TH_LOG("GRND_RANDOM of 1 MiB on CPU 0: %ld (%s) in %.1f s",
	       reader.ret, reader.ret < 0 ? strerror(reader.err) : "bytes",
	       reader.secs);
	TH_LOG("light work on CPU 0: %lu rounds, longest gap %.3f s",
	       light.rounds, light.max_gap);
	EXPECT_EQ((long)LRNG_MIB, reader.ret);
	if (reader.ret == (long)LRNG_MIB)
		EXPECT_FALSE(ntg1_repeats(reader.buf, LRNG_MIB));
	EXPECT_LT(0UL, light.rounds);
	EXPECT_LT(light.max_gap, NTG1_GAP_BOUND);
	free(reader.buf);
}

/* Start ./lrng_stress_test with its output to NTG1_STRESS_LOG. */
static pid_t ntg1_stress_start(void)
{
	pid_t pid = fork();
	int fd;

	if (pid)
		return pid;
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	fd = open(NTG1_STRESS_LOG, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
		  0644);
	if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
		_exit(127);
	execl("./lrng_stress_test", "lrng_stress_test", (char *)NULL);
	_exit(127);
}

/* The stress test's failures, from its log, as comment lines. */
static void ntg1_stress_report(void)
{
	char line[512];
	FILE *f = fopen(NTG1_STRESS_LOG, "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (strstr(line, "not ok") || strstr(line, "check failed") ||
		    strstr(line, "error"))
			printf("# stress: %s", line);
	fclose(f);
}

TEST_F_TIMEOUT(ntg1, beside_stress, 1800)
{
	static const size_t sizes[] = { 32, 4096 };
	unsigned long reads = 0, nonblock = 0;
	struct ntg1_feeder feeder;
	unsigned char buf[4096];
	int status = 0, err = 0;
	unsigned int i;
	pid_t pid;
	long ret;

	if (!self->root)
		SKIP(return, NTG1_ROOT_ONLY);
	ASSERT_EQ(0, access("./lrng_stress_test", X_OK));
	ASSERT_EQ(0, ntg1_feeder_start(&feeder));
	pid = ntg1_stress_start();
	ASSERT_LT(0, pid);
	while (waitpid(pid, &status, WNOHANG) == 0) {
		for (i = 0; i < ARRAY_SIZE(sizes); i++) {
			ret = lrng_getrandom(buf, sizes[i], GRND_RANDOM);
			EXPECT_EQ((long)sizes[i], ret);
			ret = ntg1_dev_read("/dev/random", O_SYNC, buf,
					    sizes[i], &err);
			EXPECT_EQ((long)sizes[i], ret);
			reads += 2;
		}
		/* Untimed: CPU hotplug may stop every CPU for a while. */
		if (ntg1_nonblock_once(_metadata, buf, NTG1_BLOCK, false,
				       false) > 0)
			nonblock++;
	}
	EXPECT_EQ(0, ntg1_feeder_stop(&feeder));
	TH_LOG("beside lrng_stress_test (log: %s): %lu blocking reads,",
	       NTG1_STRESS_LOG, reads);
	TH_LOG("%lu nonblocking reads served", nonblock);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		ntg1_stress_report();
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
	EXPECT_LT(0UL, reads);
}

TEST_HARNESS_MAIN
