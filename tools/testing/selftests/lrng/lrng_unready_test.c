// SPDX-License-Identifier: GPL-2.0
/*
 * The user ABI before the RNG is ready, and the transition to ready, as
 * random.c in Linux 6.12 has it (random-api-6.12.md sections 2.1 to 2.3).
 *
 * This test needs a kernel booted with every credited entropy source off,
 * so that the RNG is not ready when it starts; the harness boots both
 * kernels for it:
 *   stock:  random.trust_cpu=off
 *   LRNG:   random.trust_cpu=off lrng_es_jent.jitterrng=0
 *           lrng_es_irq.irq_entropy=4294967295
 *           lrng_es_sched.sched_entropy=0
 * A ready RNG at the start is a failure, so the test must not be run by a
 * normal boot (the harness skips it there).
 *
 * The cases run in the order below and share the kernel's state:
 *  1. getrandom(NULL, 0, GRND_NONBLOCK) is EAGAIN, no "crng init done" yet;
 *  2. GRND_NONBLOCK with a buffer is EAGAIN and leaves the buffer alone;
 *  3. GRND_INSECURE returns the full count without blocking;
 *  4. /dev/random with O_NONBLOCK is EAGAIN, even for a 0-byte read;
 *  5. preadv2(RWF_NOWAIT) on a blocking /dev/random fd is EAGAIN;
 *  6. poll on /dev/random reports POLLOUT|POLLWRNORM, never POLLIN;
 *  7. RNDRESEEDCRNG is ENODATA;
 *  8. a /dev/urandom read returns data and logs "random: COMM:
 *     uninitialized urandom read (N bytes read)";
 *  9. the transition: a poll() waiter on /dev/random and a SIGIO (fasync)
 *     listener wait, a blocking getrandom(buf, 32, 0) in a child blocks;
 *     then 256 bits are credited with RNDADDENTROPY (64 bytes).  The RNG
 *     is ready when the ioctl returns (random.c's credit_init_bits()
 *     reseeds in its caller): GRND_NONBLOCK succeeds at once, the entropy
 *     count is 256 and "random: crng init done" is logged; within
 *     LRNG_WAKE_BOUND seconds the reader gets 32 bytes, the poller POLLIN
 *     and the listener SIGIO with POLL_IN;
 * 10. LRNG only (random.c never falls back): with max_wo_reseed lowered,
 *     generate calls make the LRNG fall back to unseeded, and with no
 *     credited source nothing reseeds it.  getrandom(2) is EAGAIN again,
 *     and so is the vDSO's getrandom() with GRND_NONBLOCK, for a thread
 *     whose vDSO state was keyed before the fallback and for a new one;
 *     GRND_INSECURE through the vDSO returns bytes at once, flags 0
 *     blocks.  A credit of 256 bits makes it ready again before the ioctl
 *     returns, wakes the vDSO reader and logs "crng fully seeded again".
 *
 * random.c generates entropy by itself in two of these paths: a
 * /dev/urandom read and a blocking getrandom() first run
 * try_to_generate_entropy(), which on a machine with a fine-grained
 * cycle counter (QEMU's TSC is one) credits one bit per timer tick until
 * the RNG is ready or a signal is pending.  At HZ=250 that makes the stock
 * kernel ready about 1.03 s into such a call, without any credit from us.
 * The test is built around that, the same way on both kernels:
 *  - case 8 reads /dev/urandom while an interval timer sends SIGALRM every
 *    20 ms: random.c stops the jitter loop at the signal, finds the RNG
 *    still not ready and prints the notice (the documented path), and a
 *    read of at most 32 bytes still returns the full count.  A kernel
 *    without that loop just returns; the timer then does nothing.
 *  - in case 9 everything that does not run the jitter loop is set up
 *    first and shown to wait for a full second (the poll waiter, SIGIO);
 *    the blocking reader is started last and shown to be still blocked
 *    after LRNG_READER_BLOCK_MS (250 ms, a quarter of the time the stock
 *    jitter needs), and the RNG is checked to be still not ready right
 *    before the RNDADDENTROPY credit, so every wake-up is the credit's.
 * Every child has a parent-death signal and its own alarm, every wait a
 * timeout, so the test cannot hang.
 */

#define _GNU_SOURCE
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop

#include <linux/random.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/auxv.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <time.h>

#include "lrng_common.h"
#include "lrng_vgetrandom.h"

#define LRNG_RANDOM		"/dev/random"
#define LRNG_URANDOM		"/dev/urandom"
#define LRNG_KMSG		"/dev/kmsg"
#define LRNG_COMM		"lrng-unready"
#define LRNG_URANDOM_LEN	16
#define LRNG_WAIT_MS		1000
#define LRNG_READER_BLOCK_MS	250
#define LRNG_WAKE_BOUND		10
#define LRNG_CHILD_ALARM	30
#define LRNG_INIT_DONE		"random: crng init done"
#define LRNG_SEEDED_AGAIN	"random: crng fully seeded again"
#define LRNG_FALLBACK		"LRNG not reseeded for too long"

/* What a waiting child reports through its pipe. */
struct lrng_child_result {
	long ret;
	int err;
	short revents;
	unsigned char buf[32];
};

struct lrng_child {
	pid_t pid;
	int rfd;
};

static atomic_int lrng_alarms;
static atomic_int lrng_sigio_count;
static atomic_int lrng_sigio_code;
static atomic_int lrng_sigio_fd;
static atomic_int lrng_sigio_band;

static void lrng_on_alarm(int sig)
{
	(void)sig;
	lrng_alarms++;
}

static void lrng_on_sigio(int sig, siginfo_t *si, void *ctx)
{
	(void)sig;
	(void)ctx;
	lrng_sigio_code = si->si_code;
	lrng_sigio_fd = si->si_fd;
	lrng_sigio_band = si->si_band;
	lrng_sigio_count++;
}

static long lrng_ms_since(const struct timespec *t0)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - t0->tv_sec) * 1000 +
	       (now.tv_nsec - t0->tv_nsec) / 1000000;
}

static bool lrng_unready(void)
{
	return lrng_getrandom(NULL, 0, GRND_NONBLOCK) == -1 && errno == EAGAIN;
}

/* Whether a record of the kernel log contains @needle. */
static bool lrng_kmsg_has(const char *needle)
{
	char rec[8192];
	bool found = false;
	ssize_t n;
	int fd;

	fd = open(LRNG_KMSG, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return false;
	for (;;) {
		n = read(fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;	/* overwritten records: go on */
		if (n <= 0)
			break;
		rec[n] = '\0';
		if (strstr(rec, needle)) {
			found = true;
			break;
		}
	}
	close(fd);
	return found;
}

/* Wait up to @ms for @needle in the kernel log. */
static bool lrng_kmsg_wait(const char *needle, long ms)
{
	const struct timespec pause = { .tv_nsec = 20 * 1000 * 1000 };
	struct timespec t0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (!lrng_kmsg_has(needle)) {
		if (lrng_ms_since(&t0) > ms)
			return false;
		nanosleep(&pause, NULL);
	}
	return true;
}

/* The state letter of /proc/PID/stat, or '?'. */
static char lrng_task_state(pid_t pid)
{
	char path[64], buf[512], *p;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if (lrng_read_file(path, buf, sizeof(buf)) < 0)
		return '?';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : '?';
}

/*
 * Run @fn in a child that dies with the test and after LRNG_CHILD_ALARM
 * seconds at the latest; it writes a struct lrng_child_result to a pipe.
 */
static int lrng_child_start(struct lrng_child *c,
			    void (*fn)(struct lrng_child_result *r))
{
	struct lrng_child_result r;
	int p[2];

	if (pipe(p))
		return -1;
	fflush(stdout);
	fflush(stderr);
	c->pid = fork();
	if (c->pid < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (!c->pid) {
		close(p[0]);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		alarm(LRNG_CHILD_ALARM);
		memset(&r, 0, sizeof(r));
		fn(&r);
		_exit(write(p[1], &r, sizeof(r)) == sizeof(r) ? 0 : 1);
	}
	close(p[1]);
	c->rfd = p[0];
	return 0;
}

/*
 * Wait up to @ms for the child's result: 1 with @r filled, 0 when it has
 * not reported yet, -1 on error.
 */
static int lrng_child_result(struct lrng_child *c, int ms,
			     struct lrng_child_result *r)
{
	struct pollfd pfd = { .fd = c->rfd, .events = POLLIN };
	int n;

	do {
		n = poll(&pfd, 1, ms);
	} while (n < 0 && errno == EINTR);
	if (n <= 0)
		return n;
	return read(c->rfd, r, sizeof(*r)) == sizeof(*r) ? 1 : -1;
}

static void lrng_child_end(struct lrng_child *c)
{
	if (c->pid > 0) {
		kill(c->pid, SIGKILL);
		waitpid(c->pid, NULL, 0);
		c->pid = 0;
	}
	if (c->rfd >= 0)
		close(c->rfd);
	c->rfd = -1;
}

static void lrng_blocking_reader(struct lrng_child_result *r)
{
	r->ret = lrng_getrandom(r->buf, sizeof(r->buf), 0);
	r->err = errno;
}

static void lrng_poll_waiter(struct lrng_child_result *r)
{
	struct pollfd pfd = { .events = POLLIN };

	pfd.fd = open(LRNG_RANDOM, O_RDONLY | O_CLOEXEC);
	if (pfd.fd < 0) {
		r->ret = -2;
		r->err = errno;
		return;
	}
	r->ret = poll(&pfd, 1, LRNG_WAKE_BOUND * 2 * 1000);
	r->err = errno;
	r->revents = pfd.revents;
	close(pfd.fd);
}

static void lrng_vdso_nonblock(struct lrng_child_result *r)
{
	r->ret = lrng_vgetrandom(r->buf, sizeof(r->buf), GRND_NONBLOCK);
}

static void lrng_vdso_insecure(struct lrng_child_result *r)
{
	r->ret = lrng_vgetrandom(r->buf, sizeof(r->buf), GRND_INSECURE);
}

static void lrng_vdso_blocking(struct lrng_child_result *r)
{
	r->ret = lrng_vgetrandom(r->buf, sizeof(r->buf), 0);
}

/*
 * Key this child's vDSO state while the RNG is ready, tell the parent
 * (lrng_keyed_pipe), wait for its word (lrng_go_pipe), then try
 * GRND_NONBLOCK: ret is the vDSO's result, err the keying call's.
 */
static int lrng_keyed_pipe[2], lrng_go_pipe[2];

static void lrng_vdso_keyed_nonblock(struct lrng_child_result *r)
{
	char c = 0;

	r->err = lrng_vgetrandom(r->buf, sizeof(r->buf), 0);
	if (write(lrng_keyed_pipe[1], &c, 1) != 1 ||
	    read(lrng_go_pipe[0], &c, 1) != 1) {
		r->ret = -1000;
		return;
	}
	r->ret = lrng_vgetrandom(r->buf, sizeof(r->buf), GRND_NONBLOCK);
}

/* The cases share no state but the kernel's; the fixture is empty. */
FIXTURE(unready) {
	int unused;
};

FIXTURE_SETUP(unready)
{
	self->unused = 0;
}

FIXTURE_TEARDOWN(unready)
{
}

/* 1: the RNG must not be ready when the test starts. */
TEST_F(unready, unready_at_start)
{
	ASSERT_EQ(-1, lrng_getrandom(NULL, 0, GRND_NONBLOCK)) {
		TH_LOG("the RNG is ready: boot with every credited source off (see the header)");
	}
	ASSERT_EQ(EAGAIN, errno);
	EXPECT_EQ(-1, lrng_getrandom(NULL, 0, GRND_NONBLOCK | GRND_RANDOM));
	EXPECT_EQ(EAGAIN, errno);
	EXPECT_FALSE(lrng_kmsg_has(LRNG_INIT_DONE));
}

/* 2: GRND_NONBLOCK with a buffer fails and copies nothing. */
TEST_F(unready, nonblock_buffer_eagain)
{
	unsigned char buf[64], ref[64];

	memset(buf, 0xa5, sizeof(buf));
	memcpy(ref, buf, sizeof(ref));
	EXPECT_EQ(-1, lrng_getrandom(buf, sizeof(buf), GRND_NONBLOCK));
	EXPECT_EQ(EAGAIN, errno);
	EXPECT_EQ(-1, lrng_getrandom(buf, 1, GRND_NONBLOCK | GRND_RANDOM));
	EXPECT_EQ(EAGAIN, errno);
	EXPECT_EQ(0, memcmp(buf, ref, sizeof(buf)));
}

/* 3: GRND_INSECURE never blocks and fills the whole buffer. */
TEST_F(unready, insecure_returns_data)
{
	static unsigned char big[8192];
	unsigned char a[32], b[32], zero[32] = { 0 };

	EXPECT_EQ((long)sizeof(a), lrng_getrandom(a, sizeof(a), GRND_INSECURE));
	EXPECT_EQ((long)sizeof(b),
		  lrng_getrandom(b, sizeof(b), GRND_INSECURE | GRND_NONBLOCK));
	EXPECT_NE(0, memcmp(a, b, sizeof(a)));
	EXPECT_NE(0, memcmp(a, zero, sizeof(a)));
	EXPECT_EQ((long)sizeof(big), lrng_getrandom(big, sizeof(big), GRND_INSECURE));
	EXPECT_TRUE(lrng_unready());
}

/* 4: /dev/random with O_NONBLOCK, also for a 0-byte read(2). */
TEST_F(unready, dev_random_nonblock_eagain)
{
	unsigned char buf[32];
	int fd;

	fd = open(LRNG_RANDOM, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(-1, read(fd, buf, sizeof(buf)));
	EXPECT_EQ(EAGAIN, errno);
	EXPECT_EQ(-1, read(fd, buf, 0));
	EXPECT_EQ(EAGAIN, errno);
	close(fd);
}

/* 5: preadv2(RWF_NOWAIT) on a blocking /dev/random fd. */
TEST_F(unready, rwf_nowait_eagain)
{
	unsigned char buf[32];
	struct iovec iov = { .iov_base = buf, .iov_len = sizeof(buf) };
	int fd;

	fd = open(LRNG_RANDOM, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(-1, preadv2(fd, &iov, 1, -1, RWF_NOWAIT));
	EXPECT_EQ(EAGAIN, errno);
	close(fd);
}

/* 6: poll: writable, not readable. */
TEST_F(unready, poll_before)
{
	struct pollfd pfd = {
		.events = POLLIN | POLLRDNORM | POLLOUT | POLLWRNORM,
	};

	pfd.fd = open(LRNG_RANDOM, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, pfd.fd);
	EXPECT_EQ(1, poll(&pfd, 1, 0));
	EXPECT_EQ(POLLOUT | POLLWRNORM, pfd.revents);
	pfd.events = POLLIN;
	EXPECT_EQ(0, poll(&pfd, 1, 100));
	EXPECT_EQ(0, pfd.revents);
	close(pfd.fd);
}

/* 7: RNDRESEEDCRNG needs a ready RNG. */
TEST_F(unready, reseedcrng_enodata)
{
	int fd;

	ASSERT_EQ(0U, geteuid()) {
		TH_LOG("must run as root");
	}
	fd = open(LRNG_RANDOM, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(-1, ioctl(fd, RNDRESEEDCRNG));
	EXPECT_EQ(ENODATA, errno);
	close(fd);
	EXPECT_TRUE(lrng_unready());
}

/* 8: /dev/urandom returns data and logs the notice (see the header). */
TEST_F(unready, urandom_unready_notice)
{
	const struct itimerval tick = {
		.it_interval = { .tv_usec = 20000 },
		.it_value = { .tv_usec = 20000 },
	};
	const struct itimerval off = { };
	struct sigaction sa = { .sa_handler = lrng_on_alarm };
	unsigned char buf[LRNG_URANDOM_LEN], zero[LRNG_URANDOM_LEN] = { 0 };
	char notice[128];
	ssize_t ret;
	int fd, err;

	ASSERT_EQ(0, prctl(PR_SET_NAME, LRNG_COMM));
	snprintf(notice, sizeof(notice),
		 "random: %s: uninitialized urandom read (%d bytes read)",
		 LRNG_COMM, LRNG_URANDOM_LEN);
	EXPECT_FALSE(lrng_kmsg_has(notice));

	fd = open(LRNG_URANDOM, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, sigaction(SIGALRM, &sa, NULL));
	ASSERT_EQ(0, setitimer(ITIMER_REAL, &tick, NULL));
	ret = read(fd, buf, sizeof(buf));
	err = errno;
	setitimer(ITIMER_REAL, &off, NULL);
	close(fd);
	EXPECT_EQ(LRNG_URANDOM_LEN, ret) {
		TH_LOG("read: %zd, errno %d (%s)", ret, err, strerror(err));
	}
	EXPECT_NE(0, memcmp(buf, zero, sizeof(buf)));
	TH_LOG("%s read: %zd bytes, %d SIGALRM during it", LRNG_URANDOM, ret,
	       atomic_load(&lrng_alarms));
	EXPECT_TRUE(lrng_kmsg_wait(notice, 2000)) {
		TH_LOG("no \"%s\" in the kernel log", notice);
	}
	EXPECT_TRUE(lrng_unready()) {
		TH_LOG("the /dev/urandom read made the RNG ready (%d SIGALRM)",
		       atomic_load(&lrng_alarms));
	}
}

/* 9: waiters wait until RNDADDENTROPY makes the RNG ready. */
TEST_F(unready, credit_wakes_waiters)
{
	struct lrng_child reader = { .rfd = -1 }, poller = { .rfd = -1 };
	struct pollfd pfd = {
		.events = POLLIN | POLLRDNORM | POLLOUT | POLLWRNORM,
	};
	struct sigaction sa = {
		.sa_sigaction = lrng_on_sigio,
		.sa_flags = SA_SIGINFO | SA_RESTART,
	};
	const struct timespec pause = { .tv_nsec = 10 * 1000 * 1000 };
	struct lrng_child_result res;
	struct rand_pool_info *info;
	unsigned char out[32];
	struct timespec t0;
	int fd, afd, ent;
	long ms;

	ASSERT_EQ(0U, geteuid());
	ASSERT_TRUE(lrng_unready());
	info = calloc(1, sizeof(*info) + 64);
	ASSERT_NE(NULL, info);
	info->entropy_count = 256;
	info->buf_size = 64;
	ASSERT_EQ(64, lrng_getrandom(info->buf, 64, GRND_INSECURE));

	/* The SIGIO listener. */
	ASSERT_EQ(0, sigaction(SIGIO, &sa, NULL));
	afd = open(LRNG_RANDOM, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, afd);
	ASSERT_EQ(0, fcntl(afd, F_SETOWN, getpid()));
	ASSERT_EQ(0, fcntl(afd, F_SETSIG, SIGIO));
	ASSERT_EQ(0, fcntl(afd, F_SETFL, fcntl(afd, F_GETFL) | O_ASYNC));

	/* The poll() waiter; it and the listener must wait a full second. */
	ASSERT_EQ(0, lrng_child_start(&poller, lrng_poll_waiter));
	EXPECT_EQ(0, lrng_child_result(&poller, LRNG_WAIT_MS, &res)) {
		TH_LOG("poll on %s returned %ld (errno %d) revents %#x before readiness",
		       LRNG_RANDOM, res.ret, res.err, res.revents);
	}
	EXPECT_EQ('S', lrng_task_state(poller.pid));
	EXPECT_EQ(0, atomic_load(&lrng_sigio_count));

	/* The blocking reader, started last (see the header). */
	ASSERT_EQ(0, lrng_child_start(&reader, lrng_blocking_reader));
	EXPECT_EQ(0, lrng_child_result(&reader, LRNG_READER_BLOCK_MS, &res)) {
		TH_LOG("getrandom(buf, 32, 0) returned %ld (errno %d) before readiness",
		       res.ret, res.err);
	}
	TH_LOG("blocked reader after %d ms: state %c", LRNG_READER_BLOCK_MS,
	       lrng_task_state(reader.pid));
	ASSERT_TRUE(lrng_unready()) {
		TH_LOG("the RNG became ready before the credit");
	}
	ASSERT_EQ(0, atomic_load(&lrng_sigio_count));
	ASSERT_FALSE(lrng_kmsg_has(LRNG_INIT_DONE));

	/* Credit 256 bits. */
	fd = open(LRNG_RANDOM, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, ioctl(fd, RNDGETENTCNT, &ent));
	TH_LOG("entropy count before the credit: %d", ent);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ASSERT_EQ(0, ioctl(fd, RNDADDENTROPY, info)) {
		TH_LOG("RNDADDENTROPY: %s", strerror(errno));
	}
	free(info);

	/* Ready when the ioctl returns, as random.c (see the header). */
	EXPECT_EQ(0, lrng_getrandom(NULL, 0, GRND_NONBLOCK)) {
		TH_LOG("GRND_NONBLOCK right after the credit: %s",
		       strerror(errno));
	}
	EXPECT_EQ(0, ioctl(fd, RNDGETENTCNT, &ent));
	EXPECT_EQ(256, ent);
	EXPECT_TRUE(lrng_kmsg_has(LRNG_INIT_DONE));

	/* The blocked reader gets its 32 bytes. */
	ASSERT_EQ(1, lrng_child_result(&reader, LRNG_WAKE_BOUND * 1000, &res)) {
		TH_LOG("getrandom(buf, 32, 0) still blocked %d s after the credit",
		       LRNG_WAKE_BOUND);
	}
	ms = lrng_ms_since(&t0);
	EXPECT_EQ(32, res.ret) {
		TH_LOG("getrandom(buf, 32, 0) after the credit: errno %d",
		       res.err);
	}
	TH_LOG("blocked getrandom returned %ld after %ld ms", res.ret, ms);

	/* The poll() waiter sees POLLIN. */
	ASSERT_EQ(1, lrng_child_result(&poller, LRNG_WAKE_BOUND * 1000, &res));
	EXPECT_EQ(1, res.ret);
	EXPECT_EQ(POLLIN, res.revents);

	/* SIGIO with POLL_IN on the listener's fd. */
	while (!atomic_load(&lrng_sigio_count) && lrng_ms_since(&t0) < LRNG_WAKE_BOUND * 1000)
		nanosleep(&pause, NULL);
	EXPECT_EQ(1, atomic_load(&lrng_sigio_count));
	EXPECT_EQ(POLL_IN, atomic_load(&lrng_sigio_code));
	EXPECT_EQ(afd, atomic_load(&lrng_sigio_fd));
	EXPECT_TRUE(atomic_load(&lrng_sigio_band) & POLLIN);
	TH_LOG("SIGIO %d, si_code %d, si_band %#x", atomic_load(&lrng_sigio_count),
	       atomic_load(&lrng_sigio_code), atomic_load(&lrng_sigio_band));

	/* Ready now: the non-blocking interfaces work, poll is readable. */
	EXPECT_EQ(0, lrng_getrandom(NULL, 0, GRND_NONBLOCK));
	EXPECT_EQ((long)sizeof(out), lrng_getrandom(out, sizeof(out), GRND_NONBLOCK));
	pfd.fd = fd;
	EXPECT_EQ(1, poll(&pfd, 1, 0));
	EXPECT_EQ(POLLIN | POLLRDNORM, pfd.revents);
	EXPECT_EQ(0, ioctl(fd, RNDRESEEDCRNG));
	EXPECT_TRUE(lrng_kmsg_wait(LRNG_INIT_DONE, LRNG_WAKE_BOUND * 1000));

	close(fd);
	close(afd);
	lrng_child_end(&reader);
	lrng_child_end(&poller);
}

/* 10: the fallback to unseeded, also through the vDSO (LRNG only). */
TEST_F_TIMEOUT(unready, fallback_vdso, 120)
{
	struct lrng_child keyed = { .rfd = -1 }, fresh = { .rfd = -1 };
	struct lrng_child reader = { .rfd = -1 };
	struct lrng_child_result res;
	unsigned char buf[32];
	int i, ent, falls, fd;
	char c = 0;

	if (!lrng_param_writable(LRNG_MAX_WO_PARAM))
		SKIP(return, "no %s: random.c never falls back to unseeded",
		     LRNG_MAX_WO_PARAM);
	if (lrng_vdso_setup())
		SKIP(return, "no vDSO getrandom()");
	ASSERT_FALSE(lrng_unready());
	falls = lrng_kmsg_count(LRNG_FALLBACK);

	/* A thread's vDSO state keyed while the RNG is ready. */
	ASSERT_EQ(0, pipe(lrng_keyed_pipe));
	ASSERT_EQ(0, pipe(lrng_go_pipe));
	ASSERT_EQ(0, lrng_child_start(&keyed, lrng_vdso_keyed_nonblock));
	ASSERT_EQ(1, read(lrng_keyed_pipe[0], &c, 1));

	/* Fall back: more generate calls than max_wo_reseed. */
	ASSERT_EQ(0, lrng_force_fallback());
	ASSERT_LT(falls, lrng_kmsg_count(LRNG_FALLBACK));
	ASSERT_TRUE(lrng_unready()) {
		TH_LOG("getrandom(2) does not block after the fallback");
	}

	/* The keyed thread's GRND_NONBLOCK: EAGAIN, not its old state. */
	ASSERT_EQ(1, write(lrng_go_pipe[1], &c, 1));
	ASSERT_EQ(1, lrng_child_result(&keyed, 5000, &res)) {
		TH_LOG("vDSO GRND_NONBLOCK blocked after the fallback");
	}
	EXPECT_EQ(32, res.err);
	EXPECT_EQ(-EAGAIN, res.ret) {
		TH_LOG("vDSO GRND_NONBLOCK of a keyed state after the fallback: %ld",
		       res.ret);
	}
	lrng_child_end(&keyed);

	/* New states: GRND_NONBLOCK is EAGAIN, GRND_INSECURE bytes. */
	ASSERT_EQ(0, lrng_child_start(&fresh, lrng_vdso_nonblock));
	ASSERT_EQ(1, lrng_child_result(&fresh, 5000, &res)) {
		TH_LOG("vDSO GRND_NONBLOCK of a new state blocked");
	}
	EXPECT_EQ(-EAGAIN, res.ret);
	lrng_child_end(&fresh);
	ASSERT_EQ(0, lrng_child_start(&fresh, lrng_vdso_insecure));
	ASSERT_EQ(1, lrng_child_result(&fresh, 5000, &res)) {
		TH_LOG("vDSO GRND_INSECURE blocked");
	}
	EXPECT_EQ(32, res.ret);
	lrng_child_end(&fresh);

	/* Flags 0 blocks until the credit, which makes it ready at once. */
	ASSERT_EQ(0, lrng_child_start(&reader, lrng_vdso_blocking));
	EXPECT_EQ(0, lrng_child_result(&reader, LRNG_READER_BLOCK_MS, &res)) {
		TH_LOG("vDSO getrandom(buf, 32, 0) returned %ld while unseeded",
		       res.ret);
	}
	ASSERT_TRUE(lrng_unready());
	ASSERT_EQ(0, lrng_credit(256));
	EXPECT_FALSE(lrng_unready()) {
		TH_LOG("not ready right after RNDADDENTROPY of 256 bits");
	}
	fd = open(LRNG_RANDOM, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, ioctl(fd, RNDGETENTCNT, &ent));
	EXPECT_EQ(256, ent);
	close(fd);
	EXPECT_TRUE(lrng_kmsg_has(LRNG_SEEDED_AGAIN));
	ASSERT_EQ(1, lrng_child_result(&reader, LRNG_WAKE_BOUND * 1000, &res));
	EXPECT_EQ(32, res.ret);
	lrng_child_end(&reader);
	EXPECT_EQ(32, lrng_vgetrandom(buf, sizeof(buf), GRND_NONBLOCK));
	for (i = 0; i < 2; i++) {
		close(lrng_keyed_pipe[i]);
		close(lrng_go_pipe[i]);
	}
}

TEST_HARNESS_MAIN
